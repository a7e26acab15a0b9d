// Throwaway: frame rate of a production build of the Devices preview, idle and playing.
// npx tsx test/preview/devices.perf.ts ring64@4 [case@speed …]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';
import { launchChromium } from '../browser/chromium';

const root = fileURLToPath(new URL('../..', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'gradsync-devices-perf-'));
const cases = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['ring64@4'];
await build({ root, logLevel: 'silent', base: './', build: { outDir, emptyOutDir: true, rollupOptions: { input: join(root, 'test/preview/devices.html') } } });
const server = await preview({ root, logLevel: 'silent', build: { outDir }, preview: { port: 0, host: 'localhost' } });
const browser = await launchChromium();
// A string, so the bundler's helpers do not leak into the page.
const measure = (ms: number) => `new Promise((resolve) => {
  let frames = 0, worst = 0, last = performance.now();
  const start = last;
  function tick(now) {
    frames++;
    worst = Math.max(worst, now - last);
    last = now;
    if (now - start < ${ms}) requestAnimationFrame(tick);
    else resolve({ frames, worst: Math.round(worst) });
  }
  requestAnimationFrame(tick);
})`;
try {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 720 });
  for (const request of cases) {
    // case@speed, with a trailing ! for prefers-reduced-motion.
    const [name, speed = '4'] = request.replace('!', '').split('@');
    await page.emulateMedia({ reducedMotion: request.endsWith('!') ? 'reduce' : 'no-preference' });
    await page.goto(`${server.resolvedUrls!.local[0]}test/preview/devices.html?case=${name}&speed=${speed}`);
    await page.waitForSelector('.gs-devices-svg, .gs-devices-canvas');
    await page.waitForTimeout(1000);
    const idle = (await page.evaluate(measure(4000))) as { frames: number; worst: number };
    await page.evaluate(`(() => { const s = window.gradsyncStore.getState(); s.toStart(); s.play(); })()`);
    const playing = (await page.evaluate(measure(4000))) as { frames: number; worst: number };
    console.log(JSON.stringify({ request, idle, playing, ratio: Number((playing.frames / idle.frames).toFixed(3)) }));
  }
} finally {
  await browser.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
  rmSync(outDir, { recursive: true, force: true });
}
