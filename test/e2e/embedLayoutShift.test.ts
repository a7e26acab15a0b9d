// A post with three figures among its paragraphs, in real Chromium: loading them, drawing their
// pictures and playing moves no text (cumulative layout shift under 0.02, read from the browser's own
// layout-shift entries) in a 760 px column and on a phone; a minimal figure keeps a one-line narration
// of its step; and embed.html, reserved at the element's height, never asks its iframe to grow.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { doubleTree } from '../../src/core/algorithms/doubleTree';
import { narrateStep } from '../../src/core/narration';
import { browserSession, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/embedLayoutShift.test.ts');

const POST = '/test/e2e/embedPages/post.html';
const FIGURES = ['ring', 'dtree', 'train'];
const SIZES = [
  { name: 'a 760 px column', width: 1280, height: 800 },
  { name: 'a phone', width: 390, height: 844 },
];

interface Figure extends HTMLElement {
  step(): void;
  readonly currentStep: number;
}

describe.skipIf(skipReason !== null)('figures that keep their room in Chromium', () => {
  const session = browserSession();
  const problems = session.problems;

  /** A tab of `size` on `path`: the size is set before the page loads, so its first layout is the one measured. */
  async function open(path: string, size: { width: number; height: number }): Promise<Page> {
    const page = await session.browser.context.newPage();
    await page.setViewportSize({ width: size.width, height: size.height });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${path}: ${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${path}: ${error.message}`));
    await page.goto(new URL(path, session.server.url).href);
    return page;
  }

  /** Every layout shift since the page began (no input happens here), summed. */
  const layoutShift = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) total += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
        }),
    );

  for (const size of SIZES) {
    it(`moves no text while three figures load and play, in ${size.name}`, async () => {
      const page = await open(POST, size);
      // Each figure in turn comes on screen, draws its picture and (the sim figures autoplay) steps.
      for (const id of FIGURES) {
        const figure = page.locator(`#${id}`);
        await figure.scrollIntoViewIfNeeded();
        if (id === 'train') await figure.getByRole('region', { name: 'Iteration' }).waitFor();
        else {
          await figure.locator('.gs-devices-svg').waitFor();
          await expect.poll(() => figure.evaluate((el) => (el as Figure).currentStep), { timeout: 20_000 }).toBeGreaterThan(0);
        }
      }
      await page.waitForTimeout(300);
      const shift = await layoutShift(page);
      expect(shift).toBeLessThan(0.02);
      await page.close();
    }, 60_000);
  }

  it('keeps a one-line narration of the step in a minimal figure', async () => {
    const page = await open(POST, SIZES[1]);
    const figure = page.locator('#dtree');
    await figure.evaluate((el) => el.removeAttribute('autoplay'));
    await figure.evaluate((el) => el.setAttribute('step', '0'));
    const line = figure.getByRole('status', { name: 'Narration' });
    await expect.poll(() => line.innerText()).toMatch(/^Each GPU starts with its own gradient/);
    await figure.evaluate((el) => (el as Figure).step());
    // The app's own sentence for the step, one line high however long it is.
    const first = narrateStep(doubleTree.build({ devices: 8 }), 0);
    await expect.poll(() => line.innerText()).toContain(first.sentences[0]);
    expect(await line.innerText()).toContain(first.phaseLabel);
    const box = await line.evaluate((el) => ({ height: el.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(el).lineHeight) }));
    expect(box.height).toBeLessThan(1.5 * box.lineHeight);
    await page.close();
  }, 60_000);

  it('sizes embed.html as the element with the same attributes, and keeps that size while it steps', async () => {
    const page = await open('/test/e2e/embedPages/iframe.html', SIZES[0]);
    const heights = () => page.evaluate(() => (window as unknown as { __heights: number[] }).__heights);
    const frame = page.frameLocator('#figure');
    await frame.locator('.gs-devices-svg').waitFor();
    await expect.poll(async () => (await heights()).length).toBeGreaterThan(0);
    for (let step = 0; step < 6; step++) {
      await frame.locator('.gs-embed').press('ArrowRight');
      await page.waitForTimeout(100);
    }
    await expect.poll(() => frame.getByRole('region', { name: 'Narration' }).innerText()).toMatch(/Done/);
    expect(new Set(await heights()).size).toBe(1);
    const element = await open(POST, SIZES[0]);
    await element.evaluate(() => {
      const same = document.createElement('gradsync-sim');
      same.id = 'same';
      same.setAttribute('algorithm', 'ring');
      same.setAttribute('devices', '4');
      same.style.width = '720px';
      document.body.append(same);
    });
    const expected = await element.locator('#same').evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
    expect((await heights())[0]).toBe(expected);
    await element.close();
    await page.close();
  }, 60_000);

  it('raises no console errors or warnings', () => {
    expect(problems).toEqual([]);
  });
});
