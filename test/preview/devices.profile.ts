// Throwaway: where a production build of the Devices preview spends its time while playing.
// npx tsx test/preview/devices.profile.ts ring64@4
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';
import { launchChromium } from '../browser/chromium';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'gradsync-devices-profile-'));
const [name, speed = '4'] = (process.argv[2] ?? 'ring64@4').split('@');
await build({
  root,
  logLevel: 'silent',
  base: './',
  build: { outDir, emptyOutDir: true, minify: false, rollupOptions: { input: join(root, 'test/preview/devices.html') } },
});
const server = await preview({ root, logLevel: 'silent', build: { outDir }, preview: { port: 0, host: 'localhost' } });
const browser = await launchChromium();
try {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${server.resolvedUrls!.local[0]}test/preview/devices.html?case=${name}&speed=${speed}`);
  await page.waitForSelector('.gs-devices-svg, .gs-devices-canvas');
  await page.waitForTimeout(1000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const before = await metrics();
  const events: { name: string; ph: string; dur?: number; tid: number; args?: { name?: string } }[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as typeof events)));
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await cdp.send('Profiler.start');
  await page.evaluate(`(() => { const s = window.gradsyncStore.getState(); s.toStart(); s.play(); })()`);
  await page.waitForTimeout(4000);
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Tracing.end');
  await traced;
  const threads = new Map(events.filter((e) => e.name === 'thread_name').map((e) => [e.tid, e.args?.name ?? '?']));
  const totals = new Map<string, number>();
  for (const e of events)
    if (e.ph === 'X' && e.dur)
      totals.set(`${threads.get(e.tid) ?? e.tid} ${e.name}`, (totals.get(`${threads.get(e.tid) ?? e.tid} ${e.name}`) ?? 0) + e.dur / 1000);
  for (const [key, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 24)) console.log(`trace ${ms.toFixed(1)} ms  ${key}`);
  const after = await metrics();
  for (const key of ['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration']) console.log(key, (after[key] - before[key]).toFixed(3), 's');
  const byId = new Map((profile.nodes as ProfileNode[]).map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples!.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas![i] ?? 0) / 1000);
  });
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${ms.toFixed(1)} ms  ${key}`);
} finally {
  await browser.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
  rmSync(outDir, { recursive: true, force: true });
}
