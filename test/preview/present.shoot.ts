// Throwaway: screenshots of the presenter and the race at 1280×720, and of the race at 1024×768 with a
// menu open. npx tsx test/preview/present.shoot.ts
import { mkdirSync } from 'node:fs';
import { launchChromium, startViteServer } from '../browser/chromium';

const out = '/tmp/present-shots';
mkdirSync(out, { recursive: true });
const server = await startViteServer();
const browser = await launchChromium();
try {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 720 });
  const errors: string[] = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  const shots = process.argv.slice(2);
  const want = (name: string) => shots.length === 0 || shots.includes(name);
  for (const [name, search, theme] of [
    ['presenter-ring4-light', '?algorithm=ring&devices=4&step=2', 'light'],
    ['presenter-ring4-dark', '?algorithm=ring&devices=4&step=2', 'dark'],
    ['presenter-dtree8-light', '?algorithm=double-tree&devices=8&step=3', 'light'],
    ['presenter-ring4-start', '?algorithm=ring&devices=4', 'dark'],
  ] as const) {
    if (!want(name)) continue;
    await page.goto(`${server.url}test/e2e/presentPages/presenter.html${search}&theme=${theme}`);
    await page.getByRole('button', { name: /Present/ }).click();
    await page.waitForSelector('.gs-presenter .gs-devices-svg');
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/${name}.png` });
  }
  for (const [name, search, clicks] of [
    ['race-mid', '?race=master,ring&devices=8&elements=1048576', 5],
    ['race-end', '?race=master,ring&devices=8&elements=1048576', 99],
    ['race-dark', '?race=ring,double-tree&devices=8&elements=4096&theme=dark', 6],
  ] as const) {
    if (!want(name)) continue;
    await page.goto(`${server.url}present.html${search}`);
    await page.waitForSelector('.gs-race-side .gs-devices-svg');
    for (let i = 0; i < clicks; i++) await page.keyboard.press(clicks > 50 ? 'End' : 'ArrowRight');
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${out}/${name}.png` });
  }
  // A projector at 1024×768: the verdict on screen and the right algorithm's menu opened over it.
  if (want('race-1024-menu')) {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${server.url}present.html?race=master,ring&devices=8&elements=1048576&theme=dark`);
    await page.waitForSelector('.gs-race-side .gs-devices-svg');
    await page.keyboard.press('End');
    await page.getByRole('combobox', { name: 'Right algorithm' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${out}/race-1024-menu.png` });
  }
  if (errors.length) console.log('console:', errors.join('\n'));
} finally {
  await browser.close();
  await server.close();
}
