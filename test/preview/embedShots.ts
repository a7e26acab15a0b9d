// Screenshots of the built examples (dist/, served by vite preview): npx tsx test/preview/embedShots.ts
import { preview } from 'vite';
import { launchChromium } from '../browser/chromium';

const server = await preview({ preview: { port: 0, host: 'localhost' }, logLevel: 'silent' });
const base = server.resolvedUrls!.local[0];
const browser = await launchChromium();
const problems: string[] = [];
for (const scheme of ['light', 'dark'] as const) {
  const page = await browser.context.newPage();
  await page.emulateMedia({ colorScheme: scheme });
  await page.setViewportSize({ width: 1280, height: 720 });
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`${scheme}: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`${scheme}: ${e.message}`));
  await page.goto(new URL('examples/blog.html', base).href);
  await page.waitForFunction(() => (document.querySelector('#ring') as unknown as { totalSteps: number })?.totalSteps > 0);
  await page.locator('[data-action=step]').first().click();
  await page.locator('[data-action=step]').first().click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/embed-blog-${scheme}.png`, fullPage: true });
  await page.locator('#ring').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/embed-blog-ring-${scheme}.png` });
  await page.locator('#dtree').scrollIntoViewIfNeeded();
  await page.locator('[data-figure=dtree][data-action=play]').click();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/embed-blog-dtree-${scheme}.png` });
  const state = await page.evaluate(() =>
    ['ring', 'dtree'].map((id) => {
      const e = document.getElementById(id) as unknown as { currentStep: number; totalSteps: number };
      return [id, e.currentStep, e.totalSteps];
    }),
  );
  console.log(scheme, JSON.stringify(state), await page.locator('#ring-status').textContent());
  await page.close();
}
const page = await browser.context.newPage();
await page.setViewportSize({ width: 1280, height: 720 });
page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`iframe: ${m.text()}`));
await page.goto(new URL('examples/iframe.html', base).href);
await page.waitForTimeout(2500);
console.log('iframe height', await page.locator('#figure').evaluate((f) => f.getBoundingClientRect().height));
await page.screenshot({ path: '/tmp/embed-iframe.png', fullPage: true });
console.log('problems', problems);
await browser.close();
server.httpServer.close();
