// Lessons on a projector, in real Chromium: at 1366×768 the keyboard alone answers "predict the step"
// (the question the core asks, a key picks, Enter reveals and plays the step, the right option and
// the real transfer light up, the score counts); Page Down moves to the next lesson, its address and
// its picture; at 1024×768 every part lies whole on screen; NCCL 2.4's charts show on the first
// screen, with a cue to what lies below and one Tab to them; the presenter opened over the app asks
// in type of 16 px or more and leaves A to the algorithm; and each lesson prints as one page whose
// questions do not give each other away.

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/core/algorithms';
import { optionRange, predictStep, type StepQuestion } from '../../src/core/lessons';
import { questionSeed } from '../../src/ui/lessons/quizState';
import { browserSession, onCpuEngine, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/lessons.test.ts');

const PROJECTOR = { width: 1366, height: 768 };
/** An A4 page's printable area at 96 px per inch (210 mm and 297 mm less the handout's 12 mm margins). */
const A4_TEXT = { width: 703, height: 1032 };

/** The question the lesson must ask about step `applied` + 1 of an algorithm on `devices` GPUs. */
function questionOf(algorithm: string, devices: number, applied: number): StepQuestion {
  const schedule = buildSchedule({ algorithm, devices });
  const result = predictStep({ schedule, applied, seed: questionSeed(algorithm, devices, applied) });
  if (!result.ok) throw new Error(result.reason);
  return result.question;
}

const fontPx = (locator: Locator) => locator.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));

/** Null where the element lies whole in the viewport, else how it is cut. */
function whereCut(locator: Locator): Promise<string | null> {
  return locator.evaluate((element) => {
    const b = element.getBoundingClientRect();
    if (b.width === 0 || b.height === 0) return 'not drawn';
    return b.left < -0.5 || b.top < -0.5 || b.right > innerWidth + 0.5 || b.bottom > innerHeight + 0.5 ? `off screen: ${JSON.stringify(b)}` : null;
  });
}

/** Pages in a PDF: its page objects, not the tree of pages. */
function pageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

describe.skipIf(skipReason !== null)('lessons in Chromium', () => {
  const session = browserSession();
  const problems = session.problems;

  async function lesson(path: string, size = PROJECTOR): Promise<Page> {
    const page = await session.open(onCpuEngine(path));
    await page.setViewportSize(size);
    return page;
  }

  it('answers an exercise from the keyboard at 1366×768: question, key, reveal, highlight, score', async () => {
    const page = await lesson('?lesson=ring');
    await page.locator('.gs-devices-svg').waitFor();
    const question = questionOf('ring', 4, 0);
    const panel = page.getByRole('region', { name: 'Predict the step' });
    const prompt = panel.locator('.gs-quiz-prompt');
    await expect.poll(() => prompt.innerText()).toBe(question.prompt);
    const options = panel.locator('.gs-quiz-option');
    expect(await options.locator('.gs-quiz-option-text').allInnerTexts()).toEqual(question.options);
    // Readable from the back of the room.
    expect(await fontPx(prompt)).toBeGreaterThanOrEqual(16);
    for (let i = 0; i < question.options.length; i++) expect(await fontPx(options.nth(i))).toBeGreaterThanOrEqual(16);
    expect(await panel.getByTestId('quiz-score').innerText()).toBe('Score 0 / 0');

    await page.keyboard.press(String(question.answer + 1));
    await expect.poll(() => options.nth(question.answer).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('1');
    expect(await options.nth(question.answer).getAttribute('class')).toContain('gs-quiz-option--right');
    expect(await panel.getByTestId('quiz-score').innerText()).toBe('Score 1 / 1');
    expect(await panel.locator('.gs-quiz-sentence').allInnerTexts()).toEqual(question.sentences);

    // The step's own transfer is marked in the picture, its arrow and the cell it lands in; the others are not.
    const [transfer] = question.transfers;
    const arrows = page.locator('.gs-dv-step-links[data-step="1"] path[data-link]');
    const marked = page.locator(`.gs-dv-step-links[data-step="1"] path[data-link="${transfer.src}-${transfer.dst}"][data-chunk="${transfer.chunk}"]`);
    await marked.waitFor({ state: 'attached' });
    const quiz = await page.locator('.gs-lesson').evaluate((root) => {
      const probe = document.createElement('div');
      probe.style.color = 'var(--gs-quiz)';
      root.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });
    const stroke = (locator: Locator) => locator.evaluate((path) => ({ color: getComputedStyle(path).stroke, width: getComputedStyle(path).strokeWidth }));
    expect(await stroke(marked)).toEqual({ color: quiz, width: '7px' });
    expect(await arrows.count()).toBe(4);
    for (let i = 0; i < 4; i++) {
      const arrow = arrows.nth(i);
      if ((await arrow.getAttribute('data-link')) === `${transfer.src}-${transfer.dst}`) continue;
      expect((await stroke(arrow)).color).not.toBe(quiz);
    }
    const cell = page.locator(`.gs-dv-card[data-device="${question.cell.device}"] .gs-dv-cell[data-chunk="${question.cell.chunk}"] .gs-dv-cell-bg`);
    expect(await stroke(cell)).toEqual({ color: quiz, width: '4px' });

    // The next Enter asks about step 2 without playing it; a wrong pick counts against.
    await page.keyboard.press('Enter');
    const next = questionOf('ring', 4, 1);
    await expect.poll(() => prompt.innerText()).toBe(next.prompt);
    expect(new URL(page.url()).searchParams.get('step')).toBe('1');
    await page.keyboard.press(String(((next.answer + 1) % next.options.length) + 1));
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => panel.getByTestId('quiz-score').innerText()).toBe('Score 1 / 2');
    expect(new URL(page.url()).searchParams.get('step')).toBe('2');
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('moves between lessons with Page Down and Page Up: the address, the title and the picture follow', async () => {
    const page = await lesson('?lesson=ring&step=2');
    await page.locator('.gs-devices-svg').waitFor();
    expect(await page.locator('.gs-dv-card').count()).toBe(4);
    await page.keyboard.press('PageDown');
    await expect.poll(() => new URL(page.url()).searchParams.get('lesson')).toBe('tree');
    expect(new URL(page.url()).searchParams.get('step')).toBeNull();
    await expect.poll(() => page.locator('.gs-dv-card').count()).toBe(8);
    expect(await page.locator('.gs-lesson-title strong').innerText()).toBe('Tree all-reduce: fewer steps');
    expect(await page.getByTestId('lesson-where').innerText()).toMatch(/^Before step 1 of \d+$/);
    // The next lesson's exercise asks about its own picture.
    await expect.poll(() => page.locator('.gs-quiz-prompt').innerText()).toBe(questionOf('tree', 8, 0).prompt);
    await page.keyboard.press('PageUp');
    await page.keyboard.press('PageUp');
    await expect.poll(() => new URL(page.url()).searchParams.get('lesson')).toBe('master');
    await expect.poll(() => page.locator('.gs-dv-card').count()).toBe(4);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('keeps every part whole on a 1024×768 projector, predicting and working a problem', async () => {
    const page = await lesson('?lesson=ring&step=1', { width: 1024, height: 768 });
    await page.locator('.gs-quiz-prompt').waitFor();
    const parts = ['.gs-lesson-bar', '.gs-lesson-framing', '.gs-lesson-stage', '.gs-quiz-prompt', '.gs-quiz-options', '.gs-lesson-keys'];
    for (const part of parts) expect(await whereCut(page.locator(part)), part).toBeNull();
    await page.keyboard.press('w');
    await page.keyboard.press('Enter');
    await page.locator('.gs-cost-working').waitFor();
    for (const part of ['.gs-cost-prompt', '.gs-cost-answer', '.gs-cost-working', '.gs-lesson-keys'])
      expect(await whereCut(page.locator(part)), part).toBeNull();
    expect(await page.locator('.gs-cost-answer').innerText()).toBe('18.9 ms.');
    await page.close();
  }, 60_000);

  it('shows NCCL 2.4’s two charts on the first screen at 1366×768 and 1024×768, says more lies below, and reaches them in one Tab', async () => {
    for (const size of [PROJECTOR, { width: 1024, height: 768 }]) {
      const label = `${size.width}×${size.height}`;
      const page = await lesson('?lesson=nccl-2-4', size);
      const charts = page.locator('.gs-lesson-stage .gs-scaling-chart');
      await expect.poll(() => charts.count(), { timeout: 20_000 }).toBe(2);
      for (let i = 0; i < 2; i++) expect(await whereCut(charts.nth(i)), `chart ${i + 1} at ${label}`).toBeNull();
      // The words under them run below the screen: the cue says so and the key strip names ↓ ↑.
      const more = page.getByTestId('lesson-more');
      await expect.poll(() => more.innerText()).toBe('More below ↓');
      expect(await whereCut(more), label).toBeNull();
      expect(await page.getByTestId('lesson-keys').innerText()).toContain('↓ ↑ scroll the charts');
      // One Tab reaches the link to the charts; Enter puts the focus on them, where ↓ scrolls.
      await page.keyboard.press('Tab');
      const skip = page.getByRole('button', { name: 'Skip to the charts' });
      expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await whereCut(skip), label).toBeNull();
      await page.keyboard.press('Enter');
      const stage = page.getByRole('group', { name: 'The charts' });
      expect(await stage.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => stage.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
      // ↓ from anywhere in the lesson scrolls them too, to the end, where the cue points back up.
      await page.locator('.gs-lesson').focus();
      for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
      await expect.poll(() => more.innerText()).toBe('More above ↑');
      await page.close();
    }
    expect(problems).toEqual([]);
  }, 90_000);

  it('keeps the chart’s notes clear of its gridlines: a box of the panel’s colour under the words and over the grid', async () => {
    const page = await lesson('?lesson=nccl-2-4');
    const latency = page.locator('.gs-lesson-stage .gs-scaling-chart').first();
    await latency.locator('.gs-scaling-measured-note').waitFor({ timeout: 20_000 });
    const layout = await latency.evaluate((svg) => {
      const note = svg.querySelector('.gs-scaling-measured-note')!.closest('text')!;
      const box = svg.querySelector(`use[href="#${note.id}"]`)!;
      const rect = (element: Element) => element.getBoundingClientRect();
      const [n, b] = [rect(note), rect(box)];
      const order = (a: Element, c: Element) => Boolean(a.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING);
      const gridlines = [...svg.querySelectorAll('.gs-axis-tick line')];
      const crossing = gridlines.filter((line) => {
        const l = rect(line);
        return l.right >= n.left && l.left <= n.right && l.bottom >= n.top && l.top <= n.bottom;
      });
      return {
        covers: b.left <= n.left && b.right >= n.right && b.top <= n.top && b.bottom >= n.bottom,
        crossing: crossing.length,
        under: crossing.every((line) => order(line, box)),
        belowLines: order(box, svg.querySelector('.gs-scaling-series')!),
      };
    });
    // Gridlines run where the note stands, and every one of them is painted under its box.
    expect(layout).toEqual({ covers: true, crossing: layout.crossing, under: true, belowLines: true });
    expect(layout.crossing).toBeGreaterThan(0);
    await page.close();
  }, 60_000);

  it('asks in the presenter opened over the app in type of 16 px or more, by number keys, leaving A to the algorithm', async () => {
    for (const size of [PROJECTOR, { width: 1024, height: 768 }]) {
      const label = `${size.width}×${size.height}`;
      const page = await lesson('?algorithm=ring&devices=4', size);
      await page.locator('.gs-devices-svg').first().waitFor();
      await page.keyboard.press('p');
      const presenter = page.getByRole('region', { name: 'Presenter mode' });
      await presenter.locator('.gs-devices-svg').waitFor();
      await page.keyboard.press('q');
      const quiz = presenter.getByRole('region', { name: 'Predict the step' });
      const question = questionOf('ring', 4, 0);
      await expect.poll(() => quiz.locator('.gs-quiz-prompt').innerText()).toBe(question.prompt);
      expect(await fontPx(quiz.locator('.gs-quiz-prompt')), label).toBeGreaterThanOrEqual(16);
      const options = quiz.locator('.gs-quiz-option');
      for (let i = 0; i < question.options.length; i++) expect(await fontPx(options.nth(i).locator('.gs-quiz-option-text')), label).toBeGreaterThanOrEqual(16);
      expect(await quiz.locator('.gs-quiz-hint').innerText()).toBe(
        `Pick ${optionRange(question.options.length)}, then Enter or → to reveal and play the step.`,
      );
      const pressed = () => options.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-pressed')));
      // A changes the algorithm, as the key strip says, and answers nothing.
      const algorithm = presenter.locator('.gs-presenter-title strong');
      await page.keyboard.press('a');
      await expect.poll(() => algorithm.innerText()).not.toBe('ring');
      expect(await pressed()).not.toContain('true');
      await page.keyboard.press('Shift+A');
      await expect.poll(() => algorithm.innerText()).toBe('ring');
      await expect.poll(() => quiz.locator('.gs-quiz-prompt').innerText()).toBe(question.prompt);
      expect(await pressed()).not.toContain('true');
      await page.keyboard.press(String(question.answer + 1));
      await expect.poll(() => options.nth(question.answer).getAttribute('aria-pressed')).toBe('true');
      await page.close();
    }
    expect(problems).toEqual([]);
  }, 90_000);

  it('prints each lesson as one page, A4 and Letter, with and without answers', async () => {
    const page = await lesson('?lesson=ring&step=2');
    await page.locator('.gs-handout-picture').waitFor({ state: 'attached' });
    for (const format of ['A4', 'Letter'] as const) expect(pageCount(await page.pdf({ format })), format).toBe(1);
    // What prints: the handout alone, its title, the still of the step shown, the questions with room to answer.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.gs-lesson-main').isVisible()).toBe(false);
    expect(await page.locator('.gs-handout h1').innerText()).toBe('Ring all-reduce: share-reduce, then share-only');
    expect(await page.locator('.gs-handout-picture').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const first = questionOf('ring', 4, 2);
    expect(await page.locator('.gs-handout-prompt').first().innerText()).toBe(first.prompt);
    expect(await page.locator('.gs-handout-blank').count()).toBe(3);
    // Where the figure stands, in plain words; the options named by the numbers the screen uses.
    expect(await page.locator('.gs-handout-head p').innerText()).toBe('gradsync · Lesson 3 of 10 · After step 2 of 6 · share-reduce');
    const firstOptions = page.locator('.gs-handout-questions > li').first().locator('.gs-handout-options li');
    expect(await firstOptions.allInnerTexts()).toEqual(first.options.map((option, i) => `☐ ${i + 1} ${option}`));
    // The second question neither writes the first's answer nor offers it.
    const second = page.locator('.gs-handout-questions > li').nth(1);
    expect(await second.locator('.gs-handout-prompt').innerText()).not.toContain(first.options[first.answer]);
    expect((await second.locator('.gs-handout-options li').allInnerTexts()).map((text) => text.replace(/^☐ \d+ /, ''))).not.toContain(
      first.options[first.answer],
    );
    await page.emulateMedia({ media: 'screen' });
    await page.getByLabel('answers').check();
    expect(pageCount(await page.pdf({ format: 'Letter' }))).toBe(1);
    // The longest: two worked problems of three parts, each answered with its working, under the charts.
    await page.goto(new URL(onCpuEngine('?lesson=nccl-2-4'), session.server.url).href);
    await page.getByLabel('answers').check();
    await page.locator('.gs-handout-working').first().waitFor({ state: 'attached' });
    await page.locator('.gs-handout .gs-scaling-chart').nth(1).waitFor({ state: 'attached', timeout: 20_000 });
    for (const format of ['A4', 'Letter'] as const) expect(pageCount(await page.pdf({ format })), format).toBe(1);
    // On paper (A4's printable width) the two charts stand side by side, whole, apart.
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize(A4_TEXT);
    const [latency, bandwidth] = await page
      .locator('.gs-handout .gs-scaling-chart')
      .evaluateAll((charts) => charts.map((chart) => chart.getBoundingClientRect().toJSON() as DOMRect));
    expect(latency.right).toBeLessThanOrEqual(bandwidth.left);
    expect(bandwidth.right).toBeLessThanOrEqual(A4_TEXT.width + 0.5);
    await page.close();
  }, 90_000);

  it('prints the double tree across the page’s printable width', async () => {
    const page = await lesson('?lesson=double-tree');
    await page.locator('.gs-handout-picture').waitFor({ state: 'attached' });
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize(A4_TEXT);
    const { drawn, page: across } = await page.locator('.gs-handout-picture').evaluate((image: HTMLImageElement) => {
      const box = image.getBoundingClientRect();
      // object-fit: contain draws the picture as large as fits its box.
      const drawn = Math.min(box.width, (box.height * image.naturalWidth) / image.naturalHeight);
      return { drawn, page: image.closest('.gs-handout')!.getBoundingClientRect().width };
    });
    // As large as the rest of the page leaves room for: nine tenths of the printable width and more.
    expect(drawn).toBeGreaterThan(0.9 * across);
    expect(pageCount(await page.pdf({ format: 'A4' }))).toBe(1);
    await page.close();
  }, 90_000);
});
