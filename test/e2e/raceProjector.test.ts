// The race on a classroom projector, in real Chromium: at 1024×768 (and 1280×720, 1366×768, light
// and dark) every header control, the clock bar, an opened menu and the verdict lie whole on screen,
// cut by no box around them; the verdict appears without moving the two sides; the keyboard alone
// picks both algorithms, then steps and plays the race; each side's picture shows the messages of the
// step its label names, as far along as the clock says, playing or standing; and both sides' cards
// write their names and cells legibly.

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSession, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/raceProjector.test.ts');

const PROJECTOR = { width: 1024, height: 768 };
const RACE = 'present.html?race=master,ring&devices=8&elements=1048576';

/** Null where the element lies whole in the viewport and in every box that clips it, else where it is cut. */
function whereCut(locator: Locator): Promise<string | null> {
  return locator.evaluate((element) => {
    const b = element.getBoundingClientRect();
    if (b.width === 0 || b.height === 0) return 'not drawn';
    const outside = (r: { left: number; top: number; right: number; bottom: number }) =>
      b.left < r.left - 0.5 || b.top < r.top - 0.5 || b.right > r.right + 0.5 || b.bottom > r.bottom + 0.5;
    if (outside({ left: 0, top: 0, right: innerWidth, bottom: innerHeight })) return 'off screen';
    for (let box = element.parentElement; box; box = box.parentElement) {
      if (getComputedStyle(box).overflow !== 'visible' && outside(box.getBoundingClientRect())) return `cut by .${box.className}`;
    }
    return null;
  });
}

/** A side's label as it reads: "step 2 / 2 · broadcast", "done · 2 steps". */
function labelOf(lane: Locator): Promise<string> {
  return lane
    .locator('.gs-race-side-head')
    .evaluate((head) => `${head.querySelector('[data-testid="race-step"]')!.textContent} ${head.querySelector('.gs-race-phase')!.textContent}`.trim());
}

/** Where each of a side's messages shown on their way is (their boxes' transforms). */
function pillsOf(lane: Locator): Promise<string[]> {
  return lane
    .locator('.gs-dv-sprite')
    .evaluateAll((sprites) =>
      sprites.filter((sprite) => parseFloat((sprite as HTMLElement).style.opacity || '0') > 0).map((sprite) => (sprite as HTMLElement).style.transform),
    );
}

async function rect(locator: Locator): Promise<number[]> {
  const b = (await locator.boundingBox())!;
  return [b.x, b.y, b.width, b.height].map(Math.round);
}

describe.skipIf(skipReason !== null)('the race on a projector in Chromium', () => {
  const session = browserSession();
  const problems = session.problems;

  async function race(path: string, size = PROJECTOR): Promise<Page> {
    const page = await session.open(path);
    await page.setViewportSize(size);
    for (const name of ['master', 'ring']) {
      await page
        .getByRole('region', { name: `${name} lane` })
        .locator('.gs-devices-svg')
        .waitFor();
    }
    return page;
  }

  /** The header's and the clock bar's controls, each by its name. */
  const controls = (page: Page): [string, Locator][] => [
    ...['Left algorithm', 'Right algorithm', 'GPUs', 'Per GPU', 'Speed'].map((name): [string, Locator] => [name, page.getByRole('combobox', { name })]),
    ['Open in the app', page.getByRole('link', { name: 'Open in the app' })],
    ...['Reset (Home)', 'Previous step end (←)', 'Play (Space)', 'Next step end (→)', 'To the finish (End)'].map((name): [string, Locator] => [
      name,
      page.getByRole('button', { name }),
    ]),
    ['model time', page.locator('.gs-race-time')],
  ];

  it('lays every header and clock control whole on screen, none over another, at 1024×768, 1280×720 and 1366×768', async () => {
    for (const [size, theme] of [
      [PROJECTOR, 'light'],
      [PROJECTOR, 'dark'],
      [{ width: 1280, height: 720 }, 'dark'],
      [{ width: 1366, height: 768 }, 'light'],
    ] as const) {
      const page = await race(`${RACE}&theme=${theme}`, size);
      const at = `${size.width}×${size.height} ${theme}`;
      const boxes: [string, number[]][] = [];
      for (const [name, control] of controls(page)) {
        expect([at, name, await whereCut(control)]).toEqual([at, name, null]);
        boxes.push([name, await rect(control)]);
      }
      const overlaps = (a: number[], b: number[]) => a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3];
      const overlapping = boxes.flatMap(([name, a], i) => boxes.slice(i + 1).flatMap(([other, b]) => (overlaps(a, b) ? [`${name} over ${other}`] : [])));
      expect([at, overlapping]).toEqual([at, []]);
      await page.close();
    }
  }, 90_000);

  it('opens each menu of the race on screen at 1024×768, every choice in view', async () => {
    const page = await race(`${RACE}&theme=dark`);
    for (const name of ['Left algorithm', 'Right algorithm', 'GPUs', 'Per GPU', 'Speed']) {
      const menu = page.getByRole('combobox', { name });
      await menu.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => menu.evaluate((select) => select.matches(':open'))).toBe(true);
      const choices = await menu.locator('option').all();
      expect(choices.length).toBeGreaterThan(3);
      for (const choice of choices) expect([name, await choice.innerText(), await whereCut(choice)]).toEqual([name, await choice.innerText(), null]);
      await page.keyboard.press('Escape');
      await expect.poll(() => menu.evaluate((select) => select.matches(':open'))).toBe(false);
    }
    await page.close();
  }, 60_000);

  it('shows the verdict at the finish (End) without moving the two sides or their pictures, the verdict whole on screen', async () => {
    const page = await race(RACE);
    const lanes = ['master', 'ring'].map((name) => page.getByRole('region', { name: `${name} lane` }));
    const boxes = async () => Promise.all(lanes.flatMap((lane) => [rect(lane), rect(lane.locator('.gs-devices').first())]));
    const before = await boxes();
    await page.keyboard.press('End');
    const verdict = page.locator('.gs-race-verdict');
    await expect.poll(() => verdict.innerText()).toMatch(/^ring finishes in 143 µs, 4\.2× faster than master/);
    expect(await boxes()).toEqual(before);
    expect(await whereCut(verdict)).toBeNull();
    await page.close();
  }, 60_000);

  it('is driven by the keyboard alone: a pick from each menu, Escape, ? and Esc for its keys, then → steps and Space plays', async () => {
    const page = await race(RACE);
    const left = page.getByRole('combobox', { name: 'Left algorithm' });
    const right = page.getByRole('combobox', { name: 'Right algorithm' });
    const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
    const raceHasKeys = () => page.evaluate(() => document.activeElement?.classList.contains('gs-race'));
    const racing = () => new URL(page.url()).searchParams.get('race');
    /** Opens the focused menu, moves `downs` choices down and picks: the keyboard goes back to the race. */
    const pick = async (downs: number) => {
      await page.keyboard.press('Enter');
      for (let i = 0; i < downs; i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(raceHasKeys).toBe(true);
    };
    // master → ring → tree on the left; then, two tabs on from the race, ring → tree → double-tree on the right.
    await page.keyboard.press('Tab');
    expect(await focused(left)).toBe(true);
    await pick(2);
    await expect.poll(racing).toBe('tree,ring');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused(right)).toBe(true);
    await pick(2);
    await expect.poll(racing).toBe('tree,double-tree');
    // Escape leaves an opened menu as it was and gives the keyboard back too.
    await page.keyboard.press('Tab');
    expect(await focused(left)).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect.poll(raceHasKeys).toBe(true);
    expect(racing()).toBe('tree,double-tree');
    // ? shows the race's keys, large; while shown, → steps nothing; Esc closes them and gives the keys back.
    await page.keyboard.press('?');
    const keys = page.getByRole('dialog', { name: 'Race keys' });
    await expect.poll(() => keys.isVisible()).toBe(true);
    expect(await keys.innerText()).toContain('show or hide these keys');
    expect(
      await keys
        .locator('dd')
        .first()
        .evaluate((dd) => parseFloat(getComputedStyle(dd).fontSize)),
    ).toBeGreaterThanOrEqual(20);
    await page.keyboard.press('ArrowRight');
    expect(await page.locator('.gs-race-time').innerText()).toBe('model time 0 µs');
    await page.keyboard.press('Escape');
    await expect.poll(() => keys.count()).toBe(0);
    await expect.poll(raceHasKeys).toBe(true);
    // + and − step the speed, as in the presenter.
    const speed = page.getByRole('combobox', { name: 'Speed' });
    await page.keyboard.press('+');
    await expect.poll(() => speed.inputValue()).toBe('2');
    await page.keyboard.press('-');
    await expect.poll(() => speed.inputValue()).toBe('1');

    const lanes = ['tree', 'double-tree'].map((name) => page.getByRole('region', { name: `${name} lane`, exact: true }));
    /** The step each label names: 0 before the start, the last once done. */
    const stepsNamed = async () =>
      (await Promise.all(lanes.map(labelOf))).map((label) =>
        Number(/^step (\d+)/.exec(label)?.[1] ?? (label.startsWith('done') ? /(\d+) steps?$/.exec(label)![1] : 0)),
      );
    const time = page.locator('.gs-race-time');
    await lanes[1].locator('.gs-devices-svg').waitFor();
    // → runs the clock to the first step end and stands there, where both sides are in their first step.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('button', { name: 'Play (Space)' }).count(), { timeout: 10_000 }).toBe(1);
    expect(await stepsNamed()).toEqual([1, 1]);
    const stepped = await time.innerText();
    expect(stepped).not.toBe('model time 0 µs');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('button', { name: 'Pause (Space)' }).count()).toBe(1);
    await expect.poll(() => time.innerText()).not.toBe(stepped);
    await expect.poll(async () => (await stepsNamed()).reduce((a, b) => a + b), { timeout: 10_000 }).toBeGreaterThan(2);
    await page.close();
  }, 60_000);

  it('keeps the master’s travelling messages apart in words: no label over another while seven converge or leave GPU-0, every pill drawn, at 1366×768 and 1024×768', async () => {
    for (const size of [{ width: 1366, height: 768 }, PROJECTOR]) {
      const page = await race(RACE, size);
      const master = page.getByRole('region', { name: 'master lane' });
      const masterStep = () => labelOf(master);
      // End, then ← back to the last step end before the finish: master's reduce. → then runs its broadcast.
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(masterStep).toBe('step 1 / 2 · reduce');
      // Every frame of the broadcast: the boxes of the labels shown, and how many pills are.
      await master.evaluate((lane) => {
        const frames: { labels: DOMRect[]; pills: number }[] = [];
        (window as unknown as { raceFrames: typeof frames }).raceFrames = frames;
        const shown = (element: Element) => parseFloat(getComputedStyle(element).opacity) > 0.05;
        const record = () => {
          const sprites = [...lane.querySelectorAll('.gs-dv-sprite--labelled')].filter(shown);
          const labels = sprites.map((sprite) => sprite.querySelector('.gs-dv-pill-label')!).filter(shown);
          frames.push({ labels: labels.map((label) => label.getBoundingClientRect()), pills: sprites.length });
          if (frames.length < 3000) requestAnimationFrame(record);
        };
        requestAnimationFrame(record);
      });
      await page.keyboard.press('ArrowRight');
      // The broadcast lasts 5 s on the clock at 1×; its messages travel through all of it.
      await expect.poll(masterStep).toBe('step 2 / 2 · broadcast');
      await expect.poll(masterStep, { timeout: 15_000 }).toBe('done · 2 steps');
      type Frame = { labels: { left: number; right: number; top: number; bottom: number }[]; pills: number };
      const recorded = () => page.evaluate(() => (window as unknown as { raceFrames: Frame[] }).raceFrames);
      // Until the messages have come and gone.
      await expect
        .poll(
          async () => {
            const frames = await recorded();
            return frames.some((frame) => frame.pills > 0) && frames[frames.length - 1].pills === 0;
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      const frames = await recorded();
      const label = `${size.width}×${size.height}`;
      const overlapping = frames.filter(({ labels }) =>
        labels.some((a, i) => labels.some((b, j) => j > i && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)),
      );
      expect([label, overlapping.length]).toEqual([label, 0]);
      // The test sees the messages: all seven pills at once.
      expect([label, Math.max(...frames.map((frame) => frame.pills))]).toEqual([label, 7]);
      // Words are shown, more than one at a time.
      expect(Math.max(...frames.map((frame) => frame.labels.length)), label).toBeGreaterThan(1);
      await page.close();
    }
  }, 120_000);

  type Side = { named: number | null; done: boolean; picture: number; pills: number };
  type SideReader = { raceSides(): Side[]; sideFrames: { ms: number; sides: Side[] }[] };

  /**
   * Puts `raceSides()` on the page: each side's label and picture read together (the step the label
   * names, or done; the picture's step; its messages shown on their way).
   */
  async function readSides(page: Page): Promise<void> {
    await page.evaluate(() => {
      (window as unknown as SideReader).raceSides = () =>
        [...document.querySelectorAll('.gs-race-side')].map((side) => {
          const label = side.querySelector('[data-testid="race-step"]')!.textContent!;
          const named = /^step (\d+)/.exec(label);
          const picture = Number(/Step (\d+) of/.exec(side.querySelector('.gs-devices-svg')!.getAttribute('aria-label')!)![1]);
          const pills = [...side.querySelectorAll<HTMLElement>('.gs-dv-sprite')].filter((sprite) => parseFloat(sprite.style.opacity || '0') > 0).length;
          return { named: named ? Number(named[1]) : null, done: label.startsWith('done'), picture, pills };
        });
    });
  }

  const sidesNow = (page: Page) => page.evaluate(() => (window as unknown as SideReader).raceSides());

  /** Starts recording, every frame, each side's label and picture. */
  async function recordSides(page: Page): Promise<void> {
    await readSides(page);
    await page.evaluate(() => {
      const reader = window as unknown as SideReader;
      const frames: SideReader['sideFrames'] = (reader.sideFrames = []);
      const record = () => {
        frames.push({ ms: performance.now(), sides: reader.raceSides() });
        requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
  }

  /**
   * For each side and step, how many ms the picture came to it after the label went past it (to the
   * next step, or done; negative: before). While the clock plays, a label names the step under way.
   */
  async function pictureLags(page: Page, steps: number[]): Promise<number[][]> {
    const frames = await page.evaluate(() => (window as unknown as SideReader).sideFrames);
    return steps.map((count, side) => {
      const past = ({ named, done }: Side) => (done ? count : (named ?? 1) - 1);
      const first = (reached: (at: Side) => number, step: number) => frames.find((frame) => reached(frame.sides[side]) >= step)?.ms ?? Infinity;
      return Array.from({ length: count }, (_, i) => Math.round(first((at) => at.picture, i + 1) - first(past, i + 1)));
    });
  }

  /**
   * Where a standing side's picture disagrees with its label: done shows every step and nothing on
   * its way; a step under way shows its messages over the steps before it, or has them landed.
   */
  const standingMismatches = (sides: Side[], steps: number[]) =>
    sides.flatMap((at, i) => {
      const fits = at.done ? at.picture === steps[i] && at.pills === 0 : at.named !== null && at.picture === (at.pills > 0 ? at.named - 1 : at.named);
      return fits ? [] : [JSON.stringify(at)];
    });

  it('shows on each side the messages of the step its label names, played or stepped by →, at 1366×768 and 1024×768', async () => {
    for (const size of [{ width: 1366, height: 768 }, PROJECTOR]) {
      const label = `${size.width}×${size.height}`;
      // Played at 2×: ring's 14 steps in 1.2 s, master's two in 2.5 s each.
      const page = await race(`${RACE}&speed=2`, size);
      await recordSides(page);
      await page.keyboard.press('Space');
      await expect.poll(() => page.locator('.gs-race-verdict').innerText(), { timeout: 15_000 }).toMatch(/^ring finishes in 143 µs/);
      await page.waitForTimeout(200);
      const played = await pictureLags(page, [2, 14]);
      // The label goes on to the next step as the picture shows the last one landed, within a frame or two.
      expect(Math.max(...played.flat().map(Math.abs)), `${label}: ${JSON.stringify(played)}`).toBeLessThanOrEqual(40);
      // Stepped by →: each press runs to the next step end, where the pictures stand as their labels say.
      await page.keyboard.press('Home');
      for (let i = 0; i < 15; i++) {
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => page.getByRole('button', { name: 'Play (Space)' }).count(), { timeout: 10_000 }).toBe(1);
        await expect.poll(async () => [label, i, standingMismatches(await sidesNow(page), [2, 14])]).toEqual([label, i, []]);
      }
      await page.close();
    }
  }, 120_000);

  it('shows master’s messages in flight on 4 GPUs while the race stands in the middle of its step, stepped by → or paused, its label naming that step, at 1366×768 and 1024×768', async () => {
    for (const size of [{ width: 1366, height: 768 }, PROJECTOR]) {
      const at = `${size.width}×${size.height}`;
      const page = await race('present.html?race=master,ring&devices=4&elements=1048576', size);
      const master = page.getByRole('region', { name: 'master lane' });
      const time = page.locator('.gs-race-time');
      const standsStill = async () => {
        const before = [await time.innerText(), await pillsOf(master)];
        await page.waitForTimeout(600);
        expect([at, await time.innerText(), await pillsOf(master)]).toEqual([at, ...before]);
      };
      // → three times: ring's third step end, a third of the way through master's reduce.
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => page.getByRole('button', { name: 'Play (Space)' }).count(), { timeout: 10_000 }).toBe(1);
      }
      await expect.poll(() => labelOf(master)).toBe('step 1 / 2 · reduce');
      await expect.poll(async () => [at, (await pillsOf(master)).length]).toEqual([at, 3]);
      await standsStill();
      // From master's reduce end, → runs its broadcast, and Space pauses it half way.
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => labelOf(master)).toBe('step 1 / 2 · reduce');
      await page.keyboard.press('ArrowRight');
      await page.waitForTimeout(2500);
      await page.keyboard.press('Space');
      await expect.poll(() => page.getByRole('button', { name: 'Play (Space)' }).count()).toBe(1);
      expect([at, await labelOf(master)]).toEqual([at, 'step 2 / 2 · broadcast']);
      await expect.poll(async () => [at, (await pillsOf(master)).length]).toEqual([at, 3]);
      await standsStill();
      await readSides(page);
      expect(await sidesNow(page)).toEqual([
        { named: 2, done: false, picture: 1, pills: 3 },
        { named: null, done: true, picture: 6, pills: 0 },
      ]);
      await page.close();
    }
  }, 90_000);

  it('writes the master’s and the ring’s cards legibly at 1024×768 and 1366×768: names of 12 px or more, cells with notation or a line under them', async () => {
    for (const size of [PROJECTOR, { width: 1366, height: 768 }]) {
      const page = await race(RACE, size);
      for (const key of ['Home', 'End']) {
        await page.keyboard.press(key);
        for (const name of ['master', 'ring']) {
          const cards = await page
            .getByRole('region', { name: `${name} lane` })
            .locator('.gs-dv-cards > *')
            .evaluateAll((groups) =>
              groups.map((card) => {
                const name = card.querySelector('.gs-dv-card-label');
                const written = card.querySelector('.gs-dv-cell-text, .gs-dv-card-summary');
                return {
                  name: name?.textContent ?? '',
                  px: name ? parseFloat(getComputedStyle(name).fontSize) : 0,
                  written: written?.textContent ?? '',
                  writtenPx: written ? parseFloat(getComputedStyle(written).fontSize) : 0,
                };
              }),
            );
          const at = `${size.width}×${size.height} ${key} ${name}`;
          expect([at, cards.length]).toEqual([at, 8]);
          for (const card of cards) {
            expect([at, card.name]).toEqual([at, expect.stringMatching(/^GPU-\d$/)]);
            expect(card.px, `${at} ${card.name}: name px`).toBeGreaterThanOrEqual(12);
            expect([at, card.name, card.written]).toEqual([at, card.name, expect.stringMatching(/[a-h][₁-₈]/)]);
            expect(card.writtenPx, `${at} ${card.name}: ${card.written} px`).toBeGreaterThanOrEqual(12);
          }
        }
      }
      await page.close();
    }
  }, 60_000);

  it('raises no console errors or warnings', () => {
    expect(problems).toEqual([]);
  });
});
