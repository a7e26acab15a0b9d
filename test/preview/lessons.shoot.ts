// Screenshots of the lessons: the ring lesson asking, revealed and working a problem, and the ZeRO and
// NCCL 2.4 lessons, at 1366×768 into test/preview/shots/lesson-*.png; the same at 1024×768 and
// 390×844 into /tmp/lesson-shots. npx tsx test/preview/lessons.shoot.ts [name …]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, startViteServer } from '../browser/chromium';

const SIZES = [
  { width: 1366, height: 768, dir: join(import.meta.dirname, 'shots'), suffix: '' },
  { width: 1024, height: 768, dir: '/tmp/lesson-shots', suffix: '-1024' },
  { width: 390, height: 844, dir: '/tmp/lesson-shots', suffix: '-390' },
];
/** Name, address, and the keys pressed before the shot. */
const SHOTS: [string, string, string[]][] = [
  ['ring', '?lesson=ring&backend=cpu&step=1', []],
  ['ring-revealed', '?lesson=ring&backend=cpu&step=1', ['2', 'Enter']],
  ['ring-problem', '?lesson=ring&backend=cpu&step=1', ['w', 'Enter']],
  ['zero', '?lesson=zero&step=3', []],
  ['nccl', '?lesson=nccl-2-4', ['Enter']],
];

const server = await startViteServer();
const browser = await launchChromium();
try {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  const wanted = process.argv.slice(2);
  for (const { width, height, dir, suffix } of SIZES) {
    mkdirSync(dir, { recursive: true });
    await page.setViewportSize({ width, height });
    for (const [name, search, keys] of SHOTS) {
      if (wanted.length > 0 && !wanted.includes(name)) continue;
      await page.goto(`${server.url}${search}`);
      await page.waitForSelector('.gs-lesson-stage > *');
      await page.waitForTimeout(800);
      for (const key of keys) {
        await page.keyboard.press(key);
        await page.waitForTimeout(key === 'Enter' ? 2200 : 200);
      }
      await page.screenshot({ path: join(dir, `lesson-${name}${suffix}.png`) });
    }
  }
  if (errors.length) console.log('console:', errors.join('\n'));
} finally {
  await browser.close();
  await server.close();
}
