// Screenshots of the share menu and what it exports: npx tsx test/preview/share.shoot.ts [outDir]
// Saves the page with the menu open, and the PNG, SVG and GIF the menu downloads (light and dark;
// the detailed picture on 4 and 16 devices, with cells painted on a canvas on 64, the aggregate one
// on 128).
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, startViteServer } from '../browser/chromium';

const out = process.argv[2] ?? '/tmp/preview-share';
mkdirSync(out, { recursive: true });
const server = await startViteServer();
const browser = await launchChromium();
const errors: string[] = [];

async function save(page: Page, entry: string, file: string): Promise<void> {
  const menu = page.getByRole('dialog', { name: 'Share & export' });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: /Share/ }).click();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), menu.getByRole('button', { name: entry }).click()]);
  copyFileSync(await download.path(), join(out, file));
}

try {
  const page = await browser.context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.setViewportSize({ width: 1280, height: 720 });
  for (const theme of ['light', 'dark']) {
    for (const [algorithm, devices] of [
      ['ring', 4],
      ['double-tree', 16],
      ['ring', 64],
      ['ring', 128],
    ] as const) {
      const tag = `${algorithm}${devices}-${theme}`;
      await page.goto(`${server.url}test/preview/share.html?algorithm=${algorithm}&devices=${devices}&step=2&theme=${theme}`);
      await page.waitForTimeout(500);
      await page.getByRole('button', { name: /Share/ }).click();
      await page.screenshot({ path: join(out, `menu-${tag}.png`) });
      await save(page, 'Download PNG', `export-${tag}.png`);
      await save(page, 'Download SVG', `export-${tag}.svg`);
      if (devices === 4) await save(page, 'Record animation (GIF)', `export-${tag}.gif`);
    }
  }
  // The copy fallback where the clipboard refuses.
  await page.goto(`${server.url}test/preview/share.html?algorithm=ring&devices=4&step=2`);
  await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
  await page.getByRole('button', { name: /Share/ }).click();
  await page.getByRole('button', { name: 'Copy embed code' }).click();
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(out, 'fallback.png') });
} finally {
  await browser.close();
  await server.close();
}
console.log(errors.length ? errors.join('\n') : 'no console errors');
