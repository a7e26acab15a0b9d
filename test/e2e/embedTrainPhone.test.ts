// <gradsync-train> on a phone, in real Chromium: the figure keeps to about a screen (the room its
// element keeps, at most 930 px from 360 to 399 px wide), and inside it, on screen together, its
// figures, the lanes with the communication lane, their key and controls; a parameter server's ports,
// the words and the memory bars wait behind disclosures, the ports' saying how busy each is. A
// disclosure the reader opens grows the figure to show what it holds; closing it gives the room back.

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSession, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/embedTrainPhone.test.ts');

const PHONES = [
  { name: '390×844', width: 390, height: 844 },
  { name: '360×780', width: 360, height: 780 },
];
/** The most a phone's training figure keeps (a parameter server's, 360 to 399 px wide). */
const MOST_PX = 930;

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const box = (locator: Locator): Promise<Box> =>
  locator.evaluate((el) => {
    const { top, bottom, left, right } = el.getBoundingClientRect();
    return { top, bottom, left, right };
  });
const inside = (inner: Box, outer: Box) =>
  inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5 && inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5;

describe.skipIf(skipReason !== null)('the training figure on a phone, in Chromium', () => {
  const session = browserSession();
  const problems = session.problems;

  async function open(path: string, size: { width: number; height: number }): Promise<{ page: Page; figure: Locator }> {
    const page = await session.open(path, null, size);
    const figure = page.locator('#train');
    await figure.scrollIntoViewIfNeeded();
    await figure.getByRole('region', { name: 'Iteration' }).waitFor();
    return { page, figure };
  }

  for (const size of PHONES) {
    for (const [path, strategy, disclosures] of [
      ['examples/blog.html', 'ps', [/^Ports: servers 100% busy, workers 12%$/, /^The iteration in words$/, /^Memory per device$/]],
      ['test/e2e/embedPages/post.html', 'zero3', [/^The iteration in words$/, /^Memory per device$/]],
    ] as const) {
      it(`keeps ${strategy}’s figure to ${MOST_PX} px at ${size.name}, its lanes, key and controls inside it, the rest behind disclosures`, async () => {
        const { page, figure } = await open(path, size);
        await figure.scrollIntoViewIfNeeded();
        const frame = await box(figure);
        expect(frame.bottom - frame.top).toBeLessThanOrEqual(MOST_PX);
        const summaries = figure.locator('summary');
        expect(await summaries.count()).toBe(disclosures.length);
        for (const [i, words] of disclosures.entries()) expect(await summaries.nth(i).innerText()).toMatch(words);
        // Everything the reader sees without opening one, and the link at the foot, lies inside the figure.
        const seen: [string, Locator][] = [
          ['figures', figure.locator('.gs-train-figures')],
          ['play', figure.getByRole('button', { name: 'Play the iteration' })],
          ['speed', figure.getByRole('combobox', { name: 'Speed' })],
          ['key', figure.getByRole('list', { name: 'Key' })],
          ['comm lane with overlap', figure.locator('.gs-train-lane--comm').first()],
          ['comm lane without', figure.locator('.gs-train-lane--comm').last()],
          ['last disclosure', summaries.last()],
          ['link', figure.getByRole('link', { name: 'Open in the training view ↗' })],
        ];
        for (const [name, part] of seen) expect([name, inside(await box(part), frame)]).toEqual([name, true]);
        // And the room it keeps holds little more: under 80 px below the link.
        const link = await box(figure.getByRole('link', { name: 'Open in the training view ↗' }));
        expect(frame.bottom - link.bottom).toBeLessThan(80);
        expect(await figure.locator('.gs-train-lane--comm').count()).toBe(2);
        // Nothing of the story or the memory bars shows until asked for.
        expect(await figure.locator('.gs-train-story').isVisible()).toBe(false);
        expect(await figure.locator('.gs-train-memory').isVisible()).toBe(false);
        await page.close();
      }, 60_000);
    }
  }

  it('grows a phone’s figure for a disclosure the reader opens, shows all it holds, and gives the room back when it is closed', async () => {
    const { page, figure } = await open('examples/blog.html', PHONES[0]);
    const height = async () => (await box(figure)).bottom - (await box(figure)).top;
    const room = await height();
    const names = ['Ports: servers 100% busy, workers 12%', 'The iteration in words', 'Memory per device'];
    for (const name of names) await figure.locator('summary').filter({ hasText: name }).click();
    await expect.poll(height).toBeGreaterThan(room + 500);
    const frame = await box(figure);
    for (const part of ['.gs-train-port-meter >> nth=1', '.gs-train-story p >> nth=-1', '.gs-train-memory-key', '.gs-train-embed-foot']) {
      expect([part, inside(await box(figure.locator(part)), frame)]).toEqual([part, true]);
    }
    expect(await figure.locator('.gs-train-embed').evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    for (const name of names) await figure.locator('summary').filter({ hasText: name }).click();
    await expect.poll(height).toBe(room);
    // A new strategy starts closed, in its own room.
    await figure.locator('summary').first().click();
    await page.locator('#strategy').click();
    await expect.poll(() => figure.locator('details[open]').count()).toBe(0);
    expect(await figure.evaluate((el) => el.hasAttribute('data-gradsync-open'))).toBe(false);
    await page.close();
  }, 60_000);

  it('raises no console errors or warnings', () => {
    expect(problems).toEqual([]);
  });
});
