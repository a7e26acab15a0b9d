// Screenshots of each user's path at the sizes they use: npx tsx test/preview/paths.shoot.ts [name…]
// Writes PNGs to test/preview/shots/ (or $SHOTS). Uses the dev server and the system's Chromium.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { launchChromium, startViteServer } from '../browser/chromium';
import { ring } from '../../src/core/algorithms/ring';

const out = process.env.SHOTS ?? new URL('./shots/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const server = await startViteServer();
const browser = await launchChromium();
const problems: string[] = [];
const wanted = process.argv.slice(2);

async function shoot(name: string, width: number, height: number, path: string, act?: (page: Page) => Promise<void>, fullPage = false) {
  if (wanted.length && !wanted.some((w) => name.includes(w))) return;
  const page = await browser.context.newPage();
  await page.setViewportSize({ width, height });
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`${name}: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`${name}: ${e.message}`));
  await page.goto(new URL(path, server.url).href);
  await page.waitForTimeout(1500);
  if (act) await act(page);
  await page.waitForTimeout(800);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  if (scrollWidth > width) problems.push(`${name}: page is ${scrollWidth}px wide at ${width}px`);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage });
  await page.close();
}

const press =
  (...keys: string[]) =>
  async (page: Page) => {
    for (const key of keys) {
      await page.keyboard.press(key);
      await page.waitForTimeout(150);
    }
  };

/** Loads ring on 4 without step 2's GPU-1 → GPU-2, named `algorithm`, and shows its end. */
const loadBrokenRing = (algorithm: string) => async (page: Page) => {
  const broken = ring.build({ devices: 4 });
  broken.steps[1].transfers = broken.steps[1].transfers.filter((t) => !(t.src === 1 && t.dst === 2));
  await page.getByRole('button', { name: /Load schedule/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('textbox')
    .fill(JSON.stringify({ ...broken, algorithm }));
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Load$/ })
    .click();
  await page.keyboard.press('End');
};

try {
  // The debugging engineer: the app at 1400×900 and 1366×768.
  await shoot('app-1400-ring4-step2', 1400, 900, '/?algorithm=ring&devices=4&step=2');
  await shoot('app-1366-bad-url', 1366, 768, '/?devices=abc&op=foo&elements=1e12');
  await shoot('app-1400-hring', 1400, 900, '/?algorithm=hierarchical-ring&devices=4');
  await shoot('app-1400-dtree8', 1400, 900, '/?algorithm=double-tree&devices=8&step=3');
  await shoot('app-1400-ring32', 1400, 900, '/?algorithm=ring&devices=32&step=3');
  await shoot('app-1400-hd16', 1400, 900, '/?algorithm=halving-doubling&devices=16&step=2');
  await shoot('app-1400-dtree9', 1400, 900, '/?algorithm=double-tree&devices=9');
  await shoot('app-1400-inspector-step2', 1400, 900, '/?algorithm=ring&devices=4', async (page) => {
    await page.locator('[data-device="1"]').first().click();
    await page.waitForTimeout(400);
    await press('ArrowRight', 'ArrowRight')(page);
  });
  await shoot('app-1366-loader-error', 1366, 768, '/', async (page) => {
    await page.getByRole('button', { name: 'Load schedule…' }).click();
    await page.getByLabel('Or paste JSON').fill('{ "format": "gradsync-schedule/1", "devices": 4, "steps": [ ');
    await page.getByRole('button', { name: 'Load', exact: true }).click();
  });
  await shoot('app-1400-ring64-inspector', 1400, 900, '/?algorithm=ring&devices=64&step=1', async (page) => {
    await page.locator('[data-device="26"]').first().click();
  });
  // Prepared in the background: the whole page once it is ready.
  await shoot(
    'app-1400-ring1024',
    1400,
    900,
    '/?algorithm=ring&devices=1024',
    async (page) => {
      await page.getByText(/^Each GPU starts/).waitFor({ timeout: 60_000 });
    },
    true,
  );
  await shoot('app-1366-wrong-ring-end', 1366, 768, '/?algorithm=ring&devices=4', loadBrokenRing('ring'));
  await shoot('app-1366-wrong-own-end', 1366, 768, '/?algorithm=ring&devices=4', loadBrokenRing('my-ring'));
  // The teacher: present mode and the race at projector sizes.
  for (const [w, h] of [
    [1366, 768],
    [1024, 768],
    [1280, 800],
  ] as const) {
    await shoot(`present-${w}-ring4`, w, h, '/test/e2e/presentPages/presenter.html?algorithm=ring&devices=4&step=2', async (page) => {
      await page.getByRole('button', { name: /Present/ }).click();
      await page.waitForTimeout(800);
    });
  }
  // Mid-step: the messages on their lit links, about 0.9 s into a 2 s step.
  await shoot('present-1366-ring4-moving', 1366, 768, '/test/e2e/presentPages/presenter.html?algorithm=ring&devices=4&step=2', async (page) => {
    await page.getByRole('button', { name: /Present/ }).click();
    await page.waitForTimeout(800);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(100);
  });
  for (const [w, h] of [
    [1024, 768],
    [1280, 800],
    [1366, 768],
    [1400, 900],
  ] as const) {
    await shoot(`present-${w}-ring8`, w, h, '/test/e2e/presentPages/presenter.html?algorithm=ring&devices=8&step=2', async (page) => {
      await page.getByRole('button', { name: /Present/ }).click();
    });
    await shoot(`present-${w}-dtree8`, w, h, '/test/e2e/presentPages/presenter.html?algorithm=double-tree&devices=8&step=3', async (page) => {
      await page.getByRole('button', { name: /Present/ }).click();
    });
  }
  await shoot('present-1366-ring1024', 1366, 768, '/test/e2e/presentPages/presenter.html?algorithm=ring&devices=1024&step=3', async (page) => {
    await page.getByRole('button', { name: /Present/ }).click();
  });
  await shoot('present-1366-dtree16', 1366, 768, '/test/e2e/presentPages/presenter.html?algorithm=double-tree&devices=16&step=3', async (page) => {
    await page.getByRole('button', { name: /Present/ }).click();
  });
  await shoot('race-1366', 1366, 768, '/present.html?race=master,ring&devices=8&elements=1048576', press('ArrowRight', 'ArrowRight'));
  // The blog author: a ~760 px column, and readers on phones.
  await shoot('blog-800', 800, 900, '/examples/blog.html', async (page) => {
    await page.locator('gradsync-sim').first().scrollIntoViewIfNeeded();
  });
  await shoot('blog-760-dtree', 760, 900, '/examples/blog.html', async (page) => {
    await page.locator('gradsync-sim#dtree').scrollIntoViewIfNeeded();
    await page.waitForTimeout(2500);
  });
  await shoot('phone-app', 390, 844, '/?algorithm=ring&devices=4&step=2');
  await shoot('phone-race', 390, 844, '/present.html?race=master,ring&devices=8&elements=1048576');
  await shoot('phone-present', 390, 844, '/test/e2e/presentPages/presenter.html?algorithm=ring&devices=8&step=2', async (page) => {
    await page.getByRole('button', { name: /Present/ }).click();
  });
  await shoot('phone-present-start', 390, 844, '/test/e2e/presentPages/presenter.html?algorithm=double-tree&devices=8', async (page) => {
    await page.getByRole('button', { name: /Present/ }).click();
  });
  await shoot('phone-embed', 390, 844, '/embed.html?algorithm=ring&devices=4&step=2');
  await shoot('phone-blog', 390, 844, '/examples/blog.html', async (page) => {
    await page.locator('gradsync-sim').first().scrollIntoViewIfNeeded();
  });
  if (problems.length) console.log(problems.join('\n'));
} finally {
  await browser.close();
  await server.close();
}
