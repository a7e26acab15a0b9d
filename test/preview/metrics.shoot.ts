// Screenshots of the metrics preview: npx tsx test/preview/metrics.shoot.ts [outDir]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, startViteServer } from '../browser/chromium';

const out = process.argv[2] ?? '/tmp/preview-metrics';
mkdirSync(out, { recursive: true });
const scenes: Record<string, string> = {
  'metrics-master8': 'view=metrics&algorithm=master&devices=8',
  'metrics-ring8': 'view=metrics&algorithm=ring&devices=8',
  'metrics-master8-narrow': 'view=metrics&algorithm=master&devices=8&width=440',
  'metrics-tree128': 'view=metrics&algorithm=tree&devices=128',
  'compare-ring16': 'view=compare&algorithm=ring&devices=16&elements=1048576',
  'timeline-dtree8': 'view=timeline&algorithm=double-tree&devices=8&step=3',
  'timeline-ring128': 'view=timeline&algorithm=ring&devices=128&step=140',
  'timeline-ring1024': 'view=timeline&algorithm=ring&devices=1024&step=1500',
  'compare-tree1024': 'view=compare&algorithm=tree&devices=1024&elements=65536',
  'compare-narrow': 'view=compare&algorithm=double-tree&devices=8&width=560',
};
const only = process.argv[3];
const server = await startViteServer();
const browser = await launchChromium();
const errors: string[] = [];
try {
  const page = await browser.context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.setViewportSize({ width: 1280, height: 720 });
  for (const theme of ['light', 'dark']) {
    for (const [name, query] of Object.entries(scenes)) {
      if (only && !name.includes(only)) continue;
      const started = Date.now();
      await page.goto(`${server.url}test/preview/metrics.html?${query}&theme=${theme}`);
      await page.locator('.gs-panel').first().waitFor();
      const shown = Date.now() - started;
      await page.waitForTimeout(600);
      console.log(`${name}-${theme}: shown after ${shown} ms`);
      await page.screenshot({ path: join(out, `${name}-${theme}.png`) });
    }
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(errors.length ? errors.join('\n') : 'no console errors');
