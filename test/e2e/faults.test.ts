// A wrong schedule in real Chromium: the debugging engineer loads ring on 4 without step 2's
// GPU-1 → GPU-2 and is shown the dropped transfer, every chunk that ends wrong, a verdict that looks
// like a failure, and — for a schedule named after no built-in — how a wrong chunk was built.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ring } from '../../src/core/algorithms/ring';
import type { Schedule } from '../../src/core/schedule/ir';
import { browserSession, onCpuEngine, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/faults.test.ts');

/** Ring on 4 with step 2's GPU-1 → GPU-2 ((a₁+b₁) into chunk 0) removed, under `algorithm`. */
function ringWithoutStep2Hop(algorithm = 'ring'): Schedule {
  const broken = ring.build({ devices: 4 });
  broken.steps[1].transfers = broken.steps[1].transfers.filter((t) => !(t.src === 1 && t.dst === 2));
  return { ...broken, algorithm };
}

describe.skipIf(skipReason !== null)('a wrong schedule in Chromium', () => {
  const session = browserSession();

  async function openWith(schedule: Schedule, size = { width: 1400, height: 900 }): Promise<Page> {
    const page = await session.open(onCpuEngine('/?algorithm=ring&devices=4'));
    await page.setViewportSize(size);
    await page.getByRole('region', { name: 'Narration' }).waitFor();
    await page.getByRole('button', { name: /Load schedule/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill(JSON.stringify(schedule));
    await dialog.getByRole('button', { name: /^Load$/ }).click();
    await page.getByRole('region', { name: 'What went wrong' }).waitFor();
    return page;
  }

  // The three ring tests share one loaded page (each sets the step it needs): loading costs seconds.
  let ringPage: Promise<Page> | null = null;
  const brokenRing = () => (ringPage ??= openWith(ringWithoutStep2Hop()));

  const heading = (page: Page) => page.getByRole('region', { name: 'Narration' }).locator('h2').textContent();

  /** Whether the element lies wholly inside the viewport, without scrolling. */
  const onScreen = (page: Page, selector: string) =>
    page.locator(selector).evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
    });

  it('ring on 4 without the step-2 transfer GPU-1 → GPU-2 names it in the diff, and a click jumps to step 2', async () => {
    const page = await brokenRing();
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.keyboard.press('Home');
    const panel = page.getByRole('region', { name: 'What went wrong' });
    const diff = panel.getByRole('list', { name: 'Differences from the built-in ring on 4 GPUs' });
    expect(await diff.getByRole('listitem').allInnerTexts()).toEqual(['step 2: GPU-1 → GPU-2, (a₁+b₁), reduce — missing']);
    expect(await panel.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['Against the built-in ring on 4 GPUs: 1 transfer differs']);
    // The cause comes first, in one sentence naming the step, both GPUs and the chunk.
    expect(await panel.locator('.gs-faults-cause').innerText()).toBe(
      'Most likely: step 2: GPU-1 → GPU-2, chunk 1, reduce is missing; the built-in ring makes it',
    );
    expect(await onScreen(page, '.gs-faults')).toBe(true);
    await diff.getByRole('button').click();
    await expect.poll(() => heading(page)).toMatch(/^Step 2 of 6/);
    expect(await diff.getByRole('button').getAttribute('aria-current')).toBe('step');
    // At 1366×768 the panel is on screen when the end is reached too.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.keyboard.press('End');
    await expect.poll(() => heading(page)).toMatch(/^Step 6 of 6/);
    expect(await onScreen(page, '.gs-faults')).toBe(true);
  }, 60_000);

  it('every wrong chunk is outlined at the end', async () => {
    const page = await brokenRing();
    await page.keyboard.press('End');
    const flagged = () =>
      page
        .locator('.gs-dv-cell--flagged')
        .evaluateAll((cells) => cells.map((cell) => `${cell.closest('[data-device]')!.getAttribute('data-device')}:${cell.getAttribute('data-chunk')}`).sort());
    await expect.poll(flagged).toEqual(['0:0', '1:0', '2:0', '3:0']);
    expect(await page.locator('.gs-dv-cell--flagged title').allTextContents()).toEqual([0, 1, 2, 3].map((d) => `GPU-${d} chunk 1: (c₁+d₁) — lacks a₁, b₁`));
    expect(await page.locator('[data-device="2"]').getAttribute('aria-label')).toContain('wrong: chunk 1 lacks a₁, b₁');
    const rows = page.getByRole('list', { name: 'Chunks that end wrong' }).getByRole('listitem');
    expect((await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
      'GPU-3 chunk 1 lacks a₁, b₁ from step 3',
      'GPU-0 chunk 1 lacks a₁, b₁ from step 4',
      'GPU-1 chunk 1 lacks a₁, b₁ from step 5',
      'GPU-2 chunk 1 lacks a₁, b₁ from step 6',
    ]);
  }, 60_000);

  it('the verdict is styled as a failure', async () => {
    const page = await brokenRing();
    await page.keyboard.press('End');
    const done = page.locator('.gs-done');
    await done.waitFor();
    // The theme's colours, resolved by the browser for comparison.
    const [danger, ok] = await page.locator('.gs-root').evaluate((root) =>
      ['--gs-danger', '--gs-ok'].map((name) => {
        const probe = document.createElement('span');
        probe.style.color = `var(${name})`;
        root.append(probe);
        const color = getComputedStyle(probe).color;
        probe.remove();
        return color;
      }),
    );
    expect(danger).not.toBe(ok);
    const colorOf = (selector: string) => page.locator(selector).evaluate((element) => getComputedStyle(element).color);
    expect(await done.innerText()).toMatch(/^✗ Done: not correct — /);
    expect(await colorOf('.gs-done')).toBe(danger);
    expect(await page.locator('.gs-devices-violation').innerText()).toMatch(/^✗ Not correct: 4 chunks end wrong\. First: /);
    expect(await colorOf('.gs-devices-violation')).toBe(danger);
    expect(await page.locator('.gs-faults-verdict').innerText()).toBe('✗ Not a correct allreduce: 4 chunks end wrong.');
    expect(await colorOf('.gs-faults-verdict')).toBe(danger);
    expect(await page.locator('.gs-custom-verdict').innerText()).toBe('✗ not verified');
  }, 60_000);

  it('a schedule with no built-in counterpart shows the lineage of a wrong chunk', async () => {
    const page = await openWith(ringWithoutStep2Hop('my-ring'), { width: 1366, height: 768 });
    const panel = page.getByRole('region', { name: 'What went wrong' });
    expect(await onScreen(page, '.gs-faults')).toBe(true);
    expect(await panel.getByRole('list', { name: /^Differences/ }).count()).toBe(0);
    const built = (name: string) =>
      panel
        .getByRole('list', { name: `Transfers that built ${name}` })
        .getByRole('listitem')
        .allInnerTexts();
    expect(await built('GPU-3 chunk 1')).toEqual(['step 3: GPU-2 → GPU-3, c₁, reduce ⇒ (c₁+d₁)']);
    expect(await panel.getByRole('list', { name: 'Where what GPU-3 chunk 1 lacks stopped' }).getByRole('listitem').allInnerTexts()).toEqual([
      'a₁ and b₁ last reached GPU-1 at step 1, in (a₁+b₁); no later transfer carried them on.',
    ]);
    // Picking another wrong chunk, by keyboard, shows its lineage and the step that gave it its value.
    await panel.getByRole('button', { name: /^GPU-2 chunk 1/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page)).toMatch(/^Step 6 of 6/);
    expect(await built('GPU-2 chunk 1')).toEqual([
      'step 3: GPU-2 → GPU-3, c₁, reduce ⇒ (c₁+d₁)',
      'step 4: GPU-3 → GPU-0, (c₁+d₁), copy ⇒ (c₁+d₁)',
      'step 5: GPU-0 → GPU-1, (c₁+d₁), copy ⇒ (c₁+d₁)',
      'step 6: GPU-1 → GPU-2, (c₁+d₁), copy ⇒ (c₁+d₁)',
    ]);
    await panel.getByRole('button', { name: /^a₁ and b₁ last reached GPU-1/ }).click();
    await expect.poll(() => heading(page)).toMatch(/^Step 1 of 6/);
    await page.close();
  }, 60_000);

  it('raises no console errors or warnings', () => {
    expect(session.problems).toEqual([]);
  });
});
