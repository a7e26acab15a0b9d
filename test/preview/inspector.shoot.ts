// Screenshots of the inspector preview: npx tsx test/preview/inspector.shoot.ts [outDir]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, startViteServer } from '../browser/chromium';

const out = process.argv[2] ?? '/tmp/preview-inspector';
mkdirSync(out, { recursive: true });
const server = await startViteServer();
const browser = await launchChromium();
const errors: string[] = [];
try {
  const page = await browser.context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ]) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark']) {
      for (const scene of ['ring', 'broken', 'big', 'loader', 'notices', 'drop']) {
        await page.goto(`${server.url}test/preview/inspector.html?scene=${scene}&theme=${theme}`);
        await page.waitForTimeout(400);
        if (scene === 'loader') {
          await page.getByRole('button', { name: 'Load schedule…' }).click();
          await page.getByRole('button', { name: 'start from the current schedule' }).click();
        }
        if (scene === 'drop') {
          // A real drag and drop of a hand-written 2-device schedule: the overlay while dragging, then the chip.
          const transfer = await page.evaluateHandle(() => {
            const ring = {
              format: 'gradsync-schedule/1',
              collective: 'allreduce',
              algorithm: 'mine',
              devices: 2,
              chunks: 2,
              steps: [
                {
                  phase: 'reduce-scatter',
                  transfers: [
                    { src: 0, dst: 1, chunk: 0, op: 'reduce' },
                    { src: 1, dst: 0, chunk: 1, op: 'reduce' },
                  ],
                },
                {
                  phase: 'allgather',
                  transfers: [
                    { src: 1, dst: 0, chunk: 0, op: 'copy' },
                    { src: 0, dst: 1, chunk: 1, op: 'copy' },
                  ],
                },
              ],
            };
            const data = new DataTransfer();
            data.items.add(new File([JSON.stringify(ring)], 'two-gpus.json', { type: 'application/json' }));
            return data;
          });
          await page.dispatchEvent('.gs-root', 'dragenter', { dataTransfer: transfer });
          await page.waitForTimeout(100);
          await page.screenshot({ path: join(out, `drop-overlay-${theme}-${width}.png`) });
          await page.dispatchEvent('.gs-root', 'drop', { dataTransfer: transfer });
          await page.getByText('two-gpus.json').waitFor({ timeout: 5000 });
        }
        if (scene === 'big') await page.locator('.gs-verdict:not(.gs-loading)').waitFor({ timeout: 60000 });
        if (scene === 'broken') await page.getByRole('button', { name: /^chunk 0/ }).click();
        await page.waitForTimeout(400);
        await page.screenshot({ path: join(out, `${scene}-${theme}-${width}.png`) });
        if (scene === 'ring' || scene === 'broken') {
          await page.locator('.gs-inspector').evaluate((panel) => panel.scrollTo(0, panel.scrollHeight));
          await page.screenshot({ path: join(out, `${scene}-${theme}-${width}-scrolled.png`) });
        }
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(errors.length ? errors.join('\n') : 'no console errors');
