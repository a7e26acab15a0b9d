// A post with three figures among its paragraphs, in real Chromium: loading them, drawing their
// pictures and playing moves no text (cumulative layout shift under 0.02, read from the browser's own
// layout-shift entries) in a 760 px column and on a phone, and in the blog example; inside the room it keeps, a figure's
// narration shows whole sentences (a minimal figure's lines, a phone's pages of a step), starts
// without a box of blank lines, and the training figure's story ends inside it (on a phone, the figure
// fits its room with its words closed, and grows to show them); and embed.html, reserved at the
// element's height, never asks its iframe to grow.

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { doubleTree } from '../../src/core/algorithms/doubleTree';
import { ring } from '../../src/core/algorithms/ring';
import { narrateStep, openingSentence } from '../../src/core/narration';
import { browserSession, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/embedLayoutShift.test.ts');

const POST = '/test/e2e/embedPages/post.html';
const TWO_LINES = '/test/e2e/embedPages/twoLines.html';
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
  const open = (path: string, size: { width: number; height: number }): Promise<Page> => session.open(path, null, size);

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

  for (const [size, path, how] of [
    ...SIZES.map((size) => [size, POST, 'with the stylesheet in its head'] as const),
    // The two lines the share menu gives, and nothing in the head: the loader keeps the room.
    ...SIZES.map((size) => [size, TWO_LINES, 'in two lines each'] as const),
  ]) {
    it(`moves no text while three figures load and play, in ${size.name}, ${how}`, async () => {
      const page = await open(path, size);
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

  for (const size of [...SIZES, { name: 'a 360 px phone', width: 360, height: 780 }]) {
    it(`moves no text while the blog example’s figures load, a parameter server’s training figure among them, in ${size.name}`, async () => {
      const page = await open('/examples/blog.html', size);
      for (const id of FIGURES) {
        const figure = page.locator(`#${id}`);
        await figure.scrollIntoViewIfNeeded();
        if (id === 'train') await figure.getByRole('region', { name: 'Iteration' }).waitFor();
        else await figure.locator('.gs-devices-svg').waitFor();
      }
      await page.waitForTimeout(300);
      expect(await layoutShift(page)).toBeLessThan(0.02);
      await page.close();
    }, 60_000);
  }

  /** Whether `box` (an element of the figure) shows all it holds: nothing scrolled out of it. */
  const whole = (box: Locator) => box.evaluate((el) => el.scrollHeight <= el.clientHeight + 1);
  const height = (figure: Locator) => figure.evaluate((el) => el.getBoundingClientRect().height);
  /** Whether every piece of text in `box` is laid out inside it: nothing cut at its end or its foot. */
  const textInside = (box: Locator) =>
    box.evaluate((el) => {
      const frame = el.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(el);
      return [...range.getClientRects()]
        .filter((r) => r.width > 0)
        .every((r) => r.left >= frame.left - 0.5 && r.right <= frame.right + 0.5 && r.top >= frame.top - 0.5 && r.bottom <= frame.bottom + 0.5);
    });

  it('shows whole sentences in a minimal figure’s lines on a phone, and counts the rest of the step', async () => {
    const page = await open(POST, SIZES[1]);
    const figure = page.locator('#dtree');
    await figure.evaluate((el) => el.removeAttribute('autoplay'));
    await figure.evaluate((el) => el.setAttribute('step', '0'));
    const room = await height(figure);
    const line = figure.getByRole('status', { name: 'Narration' });
    await expect.poll(() => line.innerText()).toBe(openingSentence(8, 8, 4));
    expect([await whole(line), await textInside(line)]).toEqual([true, true]);
    await figure.evaluate((el) => (el as Figure).step());
    // The app's own sentences for the step, each whole, and how many more the step has.
    const first = narrateStep(doubleTree.build({ devices: 8 }), 0);
    await expect.poll(() => line.innerText()).toContain(first.sentences[0]);
    const shown = await line.locator('.gs-narration-line-text').allInnerTexts();
    expect(shown.length).toBeGreaterThanOrEqual(1);
    expect(shown).toEqual(first.sentences.slice(0, shown.length));
    expect(await line.innerText()).toBe(`${first.phaseLabel} ${shown.join(' ')} +${first.sentences.length - shown.length} more ›`);
    expect([await whole(line), await textInside(line)]).toEqual([true, true]);
    expect(await height(figure)).toBe(room);
    // The count turns to the next sentences, in the same lines: each whole, and the figure as tall.
    await line.getByRole('button', { name: /more ›$/ }).click();
    await expect.poll(() => line.locator('.gs-narration-line-text').first().innerText()).toBe(first.sentences[shown.length]);
    const next = await line.locator('.gs-narration-line-text').allInnerTexts();
    expect(next).toEqual(first.sentences.slice(shown.length, shown.length + next.length));
    expect([await whole(line), await textInside(line)]).toEqual([true, true]);
    expect(await height(figure)).toBe(room);
    await page.close();
  }, 60_000);

  it('pages a step’s sentences in a phone’s narration, each whole and each once, in the room the figure keeps', async () => {
    const page = await open(POST, SIZES[1]);
    const figure = page.locator('#ring');
    await figure.evaluate((el) => {
      el.removeAttribute('autoplay');
      el.setAttribute('devices', '8');
      el.setAttribute('step', '3');
    });
    await figure.scrollIntoViewIfNeeded();
    const room = await height(figure);
    const narration = figure.getByRole('region', { name: 'Narration' });
    const sentences = narrateStep(ring.build({ devices: 8 }), 2).sentences;
    await expect.poll(() => narration.locator('li').first().innerText()).toBe(sentences[0]);
    const pager = narration.getByRole('group', { name: /^transfers? / });
    const seen: string[] = [];
    const pages: number[] = [];
    for (let turn = 0; turn < sentences.length; turn++) {
      expect([await whole(narration), await textInside(narration)]).toEqual([true, true]);
      const page = await narration.locator('li').allInnerTexts();
      seen.push(...page);
      pages.push(page.length);
      const more = pager.getByRole('button', { name: 'More transfers' });
      if (await more.isDisabled()) break;
      const label = await pager.getAttribute('aria-label');
      await more.click();
      await expect.poll(() => pager.getAttribute('aria-label')).not.toBe(label);
    }
    expect(seen).toEqual(sentences);
    // Two or more of them to a page at 390 px: pages, not a sentence at a time.
    expect(pages[0]).toBeGreaterThanOrEqual(2);
    expect(await height(figure)).toBe(room);
    await page.close();
  }, 60_000);

  it('starts a phone’s narration without a box of blank lines under its opening', async () => {
    const page = await open(POST, SIZES[1]);
    const figure = page.locator('#ring');
    await figure.evaluate((el) => {
      el.removeAttribute('autoplay');
      el.setAttribute('step', '0');
    });
    const narration = figure.getByRole('region', { name: 'Narration' });
    await narration.getByText(/^Each GPU starts/).waitFor();
    const blankLines = await narration.evaluate((box) => {
      const opening = box.querySelector('[aria-live] > p')!;
      return (box.getBoundingClientRect().bottom - opening.getBoundingClientRect().bottom) / parseFloat(getComputedStyle(opening).lineHeight);
    });
    // Fewer than five of the opening's lines left blank below it (there were eight).
    expect(blankLines).toBeLessThan(5);
    expect(await whole(narration)).toBe(true);
    await page.close();
  }, 60_000);

  for (const size of [...SIZES, { name: 'a 360 px phone', width: 360, height: 780 }]) {
    it(`ends the training figure’s story inside it, in ${size.name}`, async () => {
      const page = await open(POST, size);
      const figure = page.locator('#train');
      await figure.scrollIntoViewIfNeeded();
      const summary = figure.getByRole('region', { name: 'Iteration' });
      await summary.waitFor();
      for (const strategy of ['zero3', 'ps', 'ddp', 'zero1']) {
        await figure.evaluate((el, value) => el.setAttribute('strategy', value), strategy);
        await expect.poll(() => summary.locator('.gs-train-story p').last().textContent()).toMatch(/\.$/);
        // On a phone the figure fits its room closed, down to the link at its foot, and grows for the words.
        const words = figure.locator('summary').filter({ hasText: 'The iteration in words' });
        if (size.width < 560) {
          await expect.poll(() => figure.getAttribute('strategy')).toBe(strategy);
          await expect.poll(() => whole(figure.locator('.gs-train-embed'))).toBe(true);
          await words.click();
          await expect.poll(() => figure.locator('.gs-train-story').isVisible()).toBe(true);
        } else expect(await words.count()).toBe(0);
        await expect.poll(() => whole(summary)).toBe(true);
        const last = (await summary.locator('.gs-train-story p').last().boundingBox())!;
        const frame = (await figure.boundingBox())!;
        expect([strategy, last.y + last.height <= frame.y + frame.height]).toEqual([strategy, true]);
      }
      await page.close();
    }, 60_000);
  }

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
    // Done waits for the last step's messages to land.
    await expect.poll(() => frame.getByRole('region', { name: 'Narration' }).innerText(), { timeout: 10_000 }).toMatch(/Done/);
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
