// Lessons on a projector, in real Chromium: at 1366×768 the keyboard alone answers "predict the step"
// (the question the core asks, a key picks, Enter reveals and plays the step, the right option and
// the real transfer light up, the score counts); Page Down moves to the next lesson, its address and
// its picture; at 1024×768 every part lies whole on screen; and each lesson prints as one page.

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/core/algorithms';
import { predictStep, type StepQuestion } from '../../src/core/lessons';
import { questionSeed } from '../../src/ui/lessons/quizState';
import { browserSession, onCpuEngine, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/lessons.test.ts');

const PROJECTOR = { width: 1366, height: 768 };

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
    expect(await page.getByTestId('lesson-where').innerText()).toMatch(/^Start of \d+$/);
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

  it('prints each lesson as one page, A4 and Letter, with and without answers', async () => {
    const page = await lesson('?lesson=ring&step=2');
    await page.locator('.gs-handout-picture').waitFor({ state: 'attached' });
    for (const format of ['A4', 'Letter'] as const) expect(pageCount(await page.pdf({ format })), format).toBe(1);
    // What prints: the handout alone, its title, the still of the step shown, the questions with room to answer.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.gs-lesson-main').isVisible()).toBe(false);
    expect(await page.locator('.gs-handout h1').innerText()).toBe('Ring all-reduce: share-reduce, then share-only');
    expect(await page.locator('.gs-handout-picture').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await page.locator('.gs-handout-prompt').first().innerText()).toBe(questionOf('ring', 4, 2).prompt);
    expect(await page.locator('.gs-handout-blank').count()).toBe(3);
    await page.emulateMedia({ media: 'screen' });
    await page.getByLabel('answers').check();
    expect(pageCount(await page.pdf({ format: 'Letter' }))).toBe(1);
    // The longest: two worked problems of three parts, each answered with its working.
    await page.goto(new URL('?lesson=nccl-2-4', session.server.url).href);
    await page.getByLabel('answers').check();
    await page.locator('.gs-handout-working').first().waitFor({ state: 'attached' });
    for (const format of ['A4', 'Letter'] as const) expect(pageCount(await page.pdf({ format })), format).toBe(1);
    await page.close();
  }, 90_000);
});
