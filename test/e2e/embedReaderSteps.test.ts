// A step the reader takes from a button keeps that button on screen, in real Chromium: in the blog
// example, on a phone (390×844) and beside a 760 px column (1366×768), the page's Next step and Play,
// each pressed five times from the middle of the screen under a picture scrolled away, step the figure
// and bring as much of its picture back as the button allows (the page goes up until the button is at
// the screen's foot) and no further; a figure's own step button brings the whole picture back where
// that keeps the button on screen.

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSession, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/embedReaderSteps.test.ts');

const SIZES = [
  { name: 'a phone', width: 390, height: 844 },
  { name: 'a 760 px column', width: 1366, height: 768 },
];
/** What a scroll leaves between the screen's edge and the button it stops at. */
const EDGE = 8;

interface Span {
  top: number;
  bottom: number;
}

const span = (locator: Locator): Promise<Span> =>
  locator.evaluate((el) => {
    const { top, bottom } = el.getBoundingClientRect();
    return { top: Math.round(top), bottom: Math.round(bottom) };
  });
const stepOf = (page: Page, id: string) => page.locator(`#${id}`).evaluate((el) => (el as unknown as { currentStep: number }).currentStep);

/** Where the page comes to rest once a smooth scroll has ended. */
async function rest(page: Page): Promise<void> {
  let last = -1;
  for (;;) {
    const now = await page.evaluate(() => scrollY);
    if (now === last) return;
    last = now;
    await page.waitForTimeout(150);
  }
}

describe.skipIf(skipReason !== null)('steps the reader takes from a button, in Chromium', () => {
  const session = browserSession();
  const problems = session.problems;

  async function open(path: string, size: { width: number; height: number }, figure: string): Promise<Page> {
    const page = await session.open(path, null, size);
    await page.locator(`#${figure} .gs-devices-svg`).waitFor({ timeout: 30_000 });
    return page;
  }

  for (const size of SIZES) {
    for (const [label, button, id] of [
      ['first Next step', '[data-figure=ring][data-action=step] >> nth=0', 'ring'],
      ['second Next step', '[data-figure=ring][data-action=step] >> nth=1', 'ring'],
      ['Play', '[data-figure=dtree][data-action=play]', 'dtree'],
    ] as const) {
      it(`keeps the blog example’s ${label} on screen across five presses in ${size.name}, showing all the picture it can or moving nothing`, async () => {
        const page = await open('examples/blog.html', size, id);
        const pressed = page.locator(button);
        const picture = page.locator(`#${id} .gs-devices`);
        // The reader has read on: the button mid-screen, the picture above the screen.
        await pressed.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - innerHeight / 2));
        await rest(page);
        expect((await span(picture)).bottom).toBeLessThan(size.height / 2);
        const stepsBefore = await stepOf(page, id);
        const scrolledBefore = await page.evaluate(() => scrollY);
        const spans: Span[] = [];
        for (let press = 0; press < 5; press++) {
          const box = (await pressed.boundingBox())!;
          await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
          await rest(page);
          spans.push(await span(pressed));
        }
        // Every press landed on the button, stepped the figure (or started it) and left it on screen.
        expect(spans.every((b) => b.top >= 0 && b.bottom <= size.height)).toBe(true);
        expect(await stepOf(page, id)).toBeGreaterThan(stepsBefore);
        // The picture came as far down as the button allows (the button at the foot, or the picture
        // whole), or, where that would still leave less than half of it in view, nothing moved.
        const shown = await span(picture);
        const whole = shown.top >= 0 && shown.bottom <= size.height;
        const atFoot = Math.abs(spans[4].bottom - (size.height - EDGE)) <= 1;
        const stayed = (await page.evaluate(() => scrollY)) === scrolledBefore;
        expect([label, whole || atFoot || stayed]).toEqual([label, true]);
        if (!stayed)
          expect(Math.min(shown.bottom, size.height) - Math.max(shown.top, 0)).toBeGreaterThanOrEqual(
            0.5 * Math.min(shown.bottom - shown.top, size.height) - 1,
          );
        await page.close();
      }, 60_000);
    }

    it(`brings the whole picture back for a figure’s own step button in ${size.name}, the button still on screen`, async () => {
      const page = await open('test/e2e/embedPages/post.html', size, 'ring');
      await page.locator('#ring').evaluate((el) => el.removeAttribute('autoplay'));
      await page.locator('#ring').evaluate((el) => (el as unknown as { pause(): void }).pause());
      const step = page.locator('#ring').getByRole('button', { name: 'Step forward (→)' });
      await step.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 4));
      await rest(page);
      const picture = page.locator('#ring .gs-devices');
      expect((await span(picture)).bottom).toBeLessThanOrEqual(0);
      for (let press = 0; press < 5; press++) {
        const box = (await step.boundingBox())!;
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        await rest(page);
        const [button, shown] = [await span(step), await span(picture)];
        expect([press, button.top >= 0 && button.bottom <= size.height, shown.top >= 0 && shown.bottom <= size.height]).toEqual([press, true, true]);
      }
      await page.close();
    }, 60_000);
  }

  it('raises no console errors or warnings', () => {
    expect(problems).toEqual([]);
  });
});
