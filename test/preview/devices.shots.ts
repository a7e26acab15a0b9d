// Throwaway: screenshots of the Devices preview at 1280×720. npx tsx test/preview/devices.shots.ts [case[:theme][:w:h] …]
import { mkdirSync } from 'node:fs';
import { launchChromium, startViteServer } from '../browser/chromium';

const out = '/tmp/devices-shots';
mkdirSync(out, { recursive: true });
const requests = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['ring4', 'dtree8', 'hring8', 'master6', 'ring64', 'ring256', 'ring4:dark'];
const server = await startViteServer();
const browser = await launchChromium();
try {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 720 });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  for (const request of requests) {
    // case[@ms]: step forward at speed 0.5 and shoot `ms` into the step.
    const [spec, theme = 'light', w, h] = request.split(':');
    const [name, at] = spec.split('@');
    const size = w ? `&w=${w}&h=${h}` : '';
    await page.goto(`${server.url}test/preview/devices.html?case=${name}&theme=${theme}${size}${at ? '&speed=0.5' : ''}`);
    await page.waitForSelector('.gs-devices-svg, .gs-devices-canvas');
    await page.waitForTimeout(400);
    if (at) {
      await page.evaluate(() => (window as unknown as { gradsyncStore: { getState(): { stepForward(): void } } }).gradsyncStore.getState().stepForward());
      await page.waitForTimeout(Number(at));
    }
    const file = `${out}/${request.replace(/:/g, '-')}.png`;
    await page.screenshot({ path: file });
    console.log(file);
  }
  if (errors.length) console.log('console:', errors.join('\n'));
} finally {
  await browser.close();
  await server.close();
}
