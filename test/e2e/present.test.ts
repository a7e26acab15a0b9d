// The classroom paths in real Chromium: the race page steps master and ring on one clock of model
// time and ring finishes first; the Present button opens the presenter with large narration that
// the keyboard steps and Escape closes, and whose "Done" takes no room from the sentences; ? lists
// the presenter's keys, in the app and in the presenter.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ring } from '../../src/core/algorithms/ring';
import { narrateStep } from '../../src/core/narration/narration';
import { PRESENTER_KEYS } from '../../src/ui/present/presenterKeys';
import { browserSession, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/present.test.ts');

describe.skipIf(skipReason !== null)('presenting in Chromium', () => {
  const session = browserSession();
  const problems = session.problems;

  const open = (path: string): Promise<Page> => session.open(path);

  /** A side's label as it reads: "step 2 / 2 · broadcast", "done · 14 steps". */
  const labelOf = (page: Page, name: string) =>
    page
      .getByRole('region', { name: `${name} lane` })
      .locator('.gs-race-side-head')
      .evaluate((head) => `${head.querySelector('[data-testid="race-step"]')!.textContent} ${head.querySelector('.gs-race-phase')!.textContent}`.trim());

  it('renders the race of master and ring, both sides moving on one clock', async () => {
    const page = await open('present.html?race=master,ring&devices=8&elements=1048576');
    for (const name of ['master', 'ring'])
      await page
        .getByRole('region', { name: `${name} lane` })
        .locator('.gs-devices-svg')
        .waitFor();
    expect(await page.locator('.gs-race-time').innerText()).toBe('model time 0 µs');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('.gs-race-time').innerText()).toBe('model time 10.2 µs');
    expect([await labelOf(page, 'ring'), await labelOf(page, 'master')]).toEqual(['step 1 / 14 · reduce-scatter', 'step 1 / 2 · reduce']);
    for (let i = 0; i < 14; i++) await page.keyboard.press('ArrowRight');
    // The last press runs the clock on through master's reduce, 2.6 s at 1×, to its end.
    await expect.poll(() => page.locator('.gs-race-time').innerText(), { timeout: 10_000 }).toBe('model time 299 µs');
    expect([await labelOf(page, 'ring'), await labelOf(page, 'master')]).toEqual(['done · 14 steps', 'step 1 / 2 · reduce']);
    await page.close();
  }, 60_000);

  it('plays the clock: ring visibly finishes first, then the verdict says by how much and why', async () => {
    const page = await open('present.html?race=master,ring&devices=8&elements=1048576&speed=2');
    await page.getByRole('region', { name: 'ring lane' }).locator('.gs-devices-svg').waitFor();
    await page.getByRole('button', { name: 'Play (Space)' }).click();
    await expect.poll(() => labelOf(page, 'ring'), { timeout: 10_000 }).toBe('done · 14 steps');
    expect(await labelOf(page, 'master')).toBe('step 1 / 2 · reduce');
    expect(await page.getByRole('region', { name: 'ring lane' }).innerText()).toContain('Finished first');
    await expect.poll(() => labelOf(page, 'master'), { timeout: 10_000 }).toBe('done · 2 steps');
    await expect
      .poll(() => page.locator('.gs-race-verdict').innerText())
      .toMatch(/^ring finishes in 143 µs, 4\.2× faster than master \(597 µs\): master’s GPU-0 receives 7 buffers/);
    await expect.poll(() => new URL(page.url()).search).toBe('?race=master%2Cring&devices=8&elements=1048576&speed=2');
    await page.close();
  }, 60_000);

  it('presents from the Present button: large narration, stepped by the keyboard, closed by Escape', async () => {
    const page = await open('test/e2e/presentPages/presenter.html?algorithm=ring&devices=4&step=2');
    await page.getByRole('button', { name: /^Present/ }).click();
    const presenter = page.getByRole('region', { name: 'Presenter mode' });
    await presenter.locator('.gs-devices-svg').waitFor();
    const narration = presenter.getByRole('region', { name: 'Narration' });
    const schedule = ring.build({ devices: 4 });
    expect(await narration.locator('li').allInnerTexts()).toEqual(narrateStep(schedule, 1).sentences);
    const size = await narration
      .locator('li')
      .first()
      .evaluate((li) => parseFloat(getComputedStyle(li).fontSize));
    expect(size).toBeGreaterThanOrEqual(24);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => narration.locator('li').allInnerTexts()).toEqual(narrateStep(schedule, 2).sentences);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => narration.locator('li').allInnerTexts()).toEqual(narrateStep(schedule, 0).sentences);
    await page.keyboard.press('Escape');
    await expect.poll(() => presenter.count()).toBe(0);
    await page.close();
  }, 60_000);

  it('opens present.html without a race as the presenter of the URL’s state', async () => {
    const page = await open('present.html?algorithm=ring&devices=4&step=2&backend=cpu');
    const narration = page.getByRole('region', { name: 'Presenter mode' }).getByRole('region', { name: 'Narration' });
    await expect.poll(() => narration.locator('li').allInnerTexts()).toContain('GPU-0 sends (d₄+a₄) to GPU-1, where it gets added to b₄.');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('3');
    await page.close();
  }, 60_000);

  it('keeps the presenter within a 1024×768 screen for every layout, the exit button and the narration in view, and says the speed − and + set', async () => {
    for (const search of [
      'algorithm=halving-doubling&devices=8&step=3',
      'algorithm=hierarchical-ring&devices=8&devicesPerNode=4&step=4',
      'algorithm=ring&devices=4&step=2',
    ]) {
      const page = await open(`/present.html?${search}&backend=cpu`);
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.locator('.gs-presenter .gs-devices-svg').waitFor();
      const beyond = await page.evaluate(() =>
        [...document.querySelectorAll('.gs-presenter *')].filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5).map((el) => el.className),
      );
      expect(beyond, search).toEqual([]);
      // − and + show what they did: the key strip says the speed, on one line.
      const speed = page.locator('.gs-presenter-speed');
      const before = await speed.textContent();
      await page.keyboard.press('+');
      await expect.poll(() => speed.textContent()).not.toBe(before);
      expect((await page.locator('.gs-presenter-keys').boundingBox())!.height).toBeLessThan(30);
      await page.close();
    }
  }, 60_000);

  it('opens the presenter with P from the app, as the Present button says, and Escape goes back to the button', async () => {
    const page = await open('test/e2e/presentPages/presenter.html?algorithm=ring&devices=4&step=2');
    const button = page.getByRole('button', { name: /^Present/ });
    expect(await button.getAttribute('aria-keyshortcuts')).toBe('P');
    expect(await button.getAttribute('title')).toMatch(/^Present \(P\)/);
    const presenter = page.getByRole('region', { name: 'Presenter mode' });
    expect(await presenter.count()).toBe(0);
    await page.keyboard.press('p');
    await presenter.locator('.gs-devices-svg').waitFor();
    expect(await presenter.getByRole('region', { name: 'Narration' }).locator('li').allInnerTexts()).toEqual(
      narrateStep(ring.build({ devices: 4 }), 1).sentences,
    );
    // Inside, P turns the narration's pages back and opens nothing more.
    await page.keyboard.press('p');
    expect(await presenter.count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => presenter.count()).toBe(0);
    await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.close();
  }, 60_000);

  it('keeps every GPU name whole and every long value inside the narration column at 1366×768 and 1024×768', async () => {
    for (const size of [
      { width: 1366, height: 768 },
      { width: 1024, height: 768 },
    ]) {
      for (const search of ['algorithm=hierarchical-ring&devices=32&step=8', 'algorithm=ring&devices=1024&step=40']) {
        const label = `${search} at ${size.width}×${size.height}`;
        const page = await open(`/present.html?${search}&backend=cpu`);
        await page.setViewportSize(size);
        const narration = page.getByRole('region', { name: 'Presenter mode' }).getByRole('region', { name: 'Narration' });
        await narration.locator('li').first().waitFor({ timeout: 30_000 });
        const { beyond, broken, names } = await narration.evaluate((column) => {
          const edge = column.getBoundingClientRect();
          const range = document.createRange();
          const out: string[] = [];
          const walker = document.createTreeWalker(column, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            range.selectNodeContents(node);
            for (const rect of range.getClientRects()) if (rect.right > edge.right + 0.5 || rect.left < edge.left - 0.5) out.push(node.textContent!);
          }
          const spans = [...column.querySelectorAll('li .gs-device-name')];
          return { beyond: out, broken: spans.filter((span) => span.getClientRects().length > 1).map((span) => span.textContent), names: spans.length };
        });
        expect([label, beyond, broken]).toEqual([label, [], []]);
        expect(names, label).toBeGreaterThan(0);
        // What a screen reader or a copy gets is the sentence as the narration writes it.
        expect((await narration.locator('li').first().innerText()).startsWith('GPU-0 sends ('), label).toBe(true);
        await page.close();
      }
    }
  }, 120_000);

  it('keeps the last step’s sentences at one size when “Done” arrives, at 1366×768 and 1024×768, none overflowing', async () => {
    const said = '.gs-presenter-done:not(.gs-presenter-done--kept)';
    for (const size of [
      { width: 1366, height: 768 },
      { width: 1024, height: 768 },
    ]) {
      for (const search of ['algorithm=ring&devices=4&step=5', 'algorithm=double-tree&devices=8&step=8', 'algorithm=halving-doubling&devices=8&step=5']) {
        const label = `${search} at ${size.width}×${size.height}`;
        const page = await open(`/present.html?${search}&backend=cpu`);
        await page.setViewportSize(size);
        const narration = page.getByRole('region', { name: 'Presenter mode' }).getByRole('region', { name: 'Narration' });
        await narration.locator('li').first().waitFor();
        const shown = () =>
          narration.evaluate((column) => ({
            size: getComputedStyle(column.querySelector('li')!).fontSize,
            sentences: [...column.querySelectorAll('li')].map((li) => li.textContent),
            overflow: column.querySelector('.gs-presenter-narration-body')!.scrollHeight - column.clientHeight,
          }));
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => narration.locator('.gs-presenter-stepno').innerText()).toMatch(/^Step (6|9)$/);
        expect(await narration.locator(said).count(), label).toBe(0);
        const before = await shown();
        await narration.locator(said).waitFor();
        const after = await shown();
        expect(after, label).toEqual(before);
        expect(after.overflow, label).toBeLessThanOrEqual(1);
        await page.close();
      }
    }
  }, 120_000);

  it('lists the presenter’s keys in the app’s list of keys (?), under “Presenter (P)”, within a 1366×768 screen', async () => {
    const page = await open('/?algorithm=ring&devices=4&backend=cpu');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.locator('.gs-devices-svg').first().waitFor();
    await page.keyboard.press('?');
    const list = page.getByRole('dialog', { name: 'Keys' });
    const heading = list.getByRole('heading', { name: 'Presenter (P)' });
    await heading.waitFor();
    const rows = await heading.evaluate((h) => [...h.nextElementSibling!.children].map((row) => row.textContent));
    expect(rows).toEqual(PRESENTER_KEYS.map(({ keys, does }) => keys.join('') + does));
    expect((await list.boundingBox())!.y + (await list.boundingBox())!.height).toBeLessThanOrEqual(768);
    await page.close();
  }, 60_000);

  it('shows the same keys large on ? inside the presenter; Esc closes them and leaves the presenter open, Esc again exits', async () => {
    const page = await open('test/e2e/presentPages/presenter.html?algorithm=ring&devices=4&step=2');
    await page.getByRole('button', { name: /^Present/ }).click();
    const presenter = page.getByRole('region', { name: 'Presenter mode' });
    await presenter.locator('.gs-devices-svg').waitFor();
    await page.keyboard.press('?');
    const help = presenter.getByRole('dialog', { name: 'Presenter keys' });
    await help.waitFor();
    const rows = await help.locator('dl > div').allInnerTexts();
    expect(rows.map((row) => row.replace(/\s+/g, ''))).toEqual(PRESENTER_KEYS.map(({ keys, does }) => (keys.join('') + does).replace(/\s+/g, '')));
    expect(
      await help
        .locator('dd')
        .first()
        .evaluate((dd) => parseFloat(getComputedStyle(dd).fontSize)),
    ).toBeGreaterThanOrEqual(22);
    const box = (await help.locator('.gs-presenter-help-panel').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(720);
    await page.keyboard.press('ArrowRight');
    expect(await presenter.locator('.gs-presenter-stepno').innerText()).toBe('Step 2');
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);
    expect(await presenter.count()).toBe(1);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => presenter.locator('.gs-presenter-stepno').innerText()).toBe('Step 3');
    await page.keyboard.press('Escape');
    await expect.poll(() => presenter.count()).toBe(0);
    await page.close();
  }, 60_000);

  it('raises no console errors or warnings', () => {
    expect(problems).toEqual([]);
  });
});
