// The algorithms' structures as Chromium draws them: the double tree as two trees (in the app, the
// presenter, a narrow blog column and a phone), and recursive halving and doubling as partners by
// distance with the shown step's pairs lit.

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dtree } from '../../src/core/algorithms/btree';
import { browserSession, onCpuEngine, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/layouts.test.ts');

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every card's box on the page, by device, inside `scope`. */
async function cardBoxes(scope: Locator | Page, devices: number): Promise<Box[]> {
  const boxes: Box[] = [];
  for (let d = 0; d < devices; d++) boxes.push((await scope.locator(`[data-device="${d}"] .gs-dv-card-bg`).boundingBox())!);
  return boxes;
}

const centreY = (box: Box) => Math.round(box.y + box.height / 2);
const centreX = (box: Box) => box.x + box.width / 2;

/** Depth of each device in a tree. */
function depthsOf(tree: { root: number; children: readonly (readonly number[])[] }, n: number): number[] {
  const depth = new Array<number>(n).fill(0);
  const visit = (d: number, level: number): void => {
    depth[d] = level;
    for (const child of tree.children[d]) visit(child, level + 1);
  };
  visit(tree.root, 0);
  return depth;
}

/**
 * The double tree of N (even) reads as two trees: a device that is inside tree 0 stands higher the
 * shallower it is in tree 0, and one inside tree 1 lower the shallower it is in tree 1; every inside
 * device of tree 0 stands above every inside device of tree 1; devices go left to right by number;
 * no two cards overlap.
 */
function expectTwoTrees(boxes: Box[], n: number, where: string): void {
  const [first, second] = dtree(n);
  const [depth0, depth1] = [depthsOf(first, n), depthsOf(second, n)];
  const top = Array.from({ length: n }, (_, d) => first.children[d].length > 0);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      const name = `${where}: GPU-${a} and GPU-${b}`;
      if (top[a] && !top[b]) expect(centreY(boxes[a]), name).toBeLessThan(centreY(boxes[b]));
      if (top[a] && top[b] && depth0[a] < depth0[b]) expect(centreY(boxes[a]), name).toBeLessThan(centreY(boxes[b]));
      if (top[a] && top[b] && depth0[a] === depth0[b]) expect(centreY(boxes[a]), name).toBe(centreY(boxes[b]));
      if (!top[a] && !top[b] && depth1[a] < depth1[b]) expect(centreY(boxes[a]), name).toBeGreaterThan(centreY(boxes[b]));
      if (a < b) {
        expect(centreX(boxes[a]), name).toBeLessThan(centreX(boxes[b]));
        const apart = boxes[a].x + boxes[a].width <= boxes[b].x + 0.5 || boxes[b].x + boxes[b].width <= boxes[a].x + 0.5;
        expect(apart || boxes[a].y + boxes[a].height <= boxes[b].y + 0.5 || boxes[b].y + boxes[b].height <= boxes[a].y + 0.5, name).toBe(true);
      }
    }
  }
}

async function legendTexts(scope: Locator | Page): Promise<string[]> {
  const items = await scope.locator('.gs-devices-legend li').allInnerTexts();
  return items
    .map((text) => text.replace(/^\+/, '').trim())
    .filter((text) => text.startsWith('tree') || text.startsWith('partners') || text.startsWith('fold'));
}

interface PictureName {
  text: string;
  size: number;
  box: Box;
}

/** The names among the links (roots, distances, nodes) in `scope`'s picture: text, px and box. */
function pictureNames(scope: Locator | Page): Promise<PictureName[]> {
  return scope.locator('.gs-dv-links text').evaluateAll((texts) =>
    texts.map((text) => {
      const { x, y, width, height } = text.getBoundingClientRect();
      return { text: text.textContent!, size: parseFloat(getComputedStyle(text).fontSize), box: { x, y, width, height } };
    }),
  );
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe.skipIf(skipReason !== null)('layouts in Chromium', () => {
  const session = browserSession();
  const problems = session.problems;

  it('writes the names among the links at 12 px in the app and 14 px in the presenter at 1366×768, each clear of every card and inside the picture', async () => {
    const pictures = [
      { search: 'algorithm=halving-doubling&devices=8&step=2', devices: 8, names: ['d=1', 'd=2', 'd=4'] },
      { search: 'algorithm=double-tree&devices=8&step=3', devices: 8, names: ['tree 0 root', 'tree 1 root'] },
      { search: 'algorithm=hierarchical-ring&devices=16', devices: 16, names: ['node 0', 'node 1'] },
    ];
    for (const [where, path, least] of [
      ['app', '/', 12],
      ['presenter', '/present.html', 14],
    ] as const) {
      for (const { search, devices, names } of pictures) {
        const label = `${where} ${search}`;
        const page = await session.open(onCpuEngine(`${path}?${search}`));
        await page.setViewportSize({ width: 1366, height: 768 });
        await page.locator(`[data-device="${devices - 1}"] .gs-dv-card-bg`).waitFor();
        const svg = (await page.locator('.gs-devices-svg').first().boundingBox())!;
        const cards = await cardBoxes(page, devices);
        const written = await pictureNames(page);
        expect([label, written.map((name) => name.text)]).toEqual([label, names]);
        for (const name of written) {
          expect([label, name.text, name.size >= least]).toEqual([label, name.text, true]);
          const inside =
            name.box.x >= svg.x &&
            name.box.y >= svg.y &&
            name.box.x + name.box.width <= svg.x + svg.width &&
            name.box.y + name.box.height <= svg.y + svg.height;
          expect([label, name.text, inside]).toEqual([label, name.text, true]);
          const covered = cards.flatMap((card, d) => (overlaps(name.box, card) ? [d] : []));
          expect([label, name.text, covered]).toEqual([label, name.text, []]);
        }
        await page.close();
      }
    }
  }, 120_000);

  it('draws the double tree on 8 in two rows where its chunks can be written: tree 0’s inside above, tree 1’s below, roots at the far ends', async () => {
    const page = await session.open(onCpuEngine('/?algorithm=double-tree&devices=8'));
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.locator('[data-device="7"] [data-chunk="7"] .gs-dv-cell-text').waitFor();
    const boxes = await cardBoxes(page, 8);
    // Top: tree 0's inside (2, 4, 6), then tree 1's root; below: tree 0's root, then tree 1's inside (1, 3, 5).
    const rows = [...new Set(boxes.map(centreY))].sort((a, b) => a - b);
    const row = (y: number) => boxes.flatMap((box, d) => (centreY(box) === y ? [d] : [])).sort((a, b) => centreX(boxes[a]) - centreX(boxes[b]));
    expect(rows.map(row)).toEqual([
      [2, 4, 6, 7],
      [0, 1, 3, 5],
    ]);
    expect(await page.locator('path.gs-dv-link--tree0').count()).toBe(7);
    expect(await page.locator('path.gs-dv-link--tree1').count()).toBe(7);
    const root0 = (await page.locator('text.gs-dv-ring-label--tree0').boundingBox())!;
    const root1 = (await page.locator('text.gs-dv-ring-label--tree1').boundingBox())!;
    expect(await page.locator('text.gs-dv-ring-label--tree0').textContent()).toBe('tree 0 root');
    expect(await page.locator('text.gs-dv-ring-label--tree1').textContent()).toBe('tree 1 root');
    // Beside their cards, at the edge away from the middle: tree 0's right of GPU-0 at its bottom, tree 1's left of GPU-7 at its top.
    expect(root0.x).toBeGreaterThanOrEqual(boxes[0].x + boxes[0].width);
    expect(root0.y).toBeGreaterThan(boxes[0].y + boxes[0].height / 2);
    expect(root1.x + root1.width).toBeLessThanOrEqual(boxes[7].x);
    expect(root1.y + root1.height).toBeLessThan(boxes[7].y + boxes[7].height / 2);
    expect(await legendTexts(page)).toEqual(['tree 0: chunks 1–4', 'tree 1: chunks 5–8']);
    // The two colours differ, so the legend can say which is which.
    const stroke = (kind: string) =>
      page
        .locator(`path.gs-dv-link--${kind}`)
        .first()
        .evaluate((el) => getComputedStyle(el).stroke);
    expect(await stroke('tree0')).not.toBe(await stroke('tree1'));
    await page.close();
  }, 60_000);

  it('keeps the two trees in the presenter at 1366×768 and on a 390 px phone, and in a 760 px blog column draws their two rows with what each card’s step wrote', async () => {
    const presenter = await session.open('/test/e2e/presentPages/presenter.html?algorithm=double-tree&devices=16&step=3');
    await presenter.setViewportSize({ width: 1366, height: 768 });
    await presenter.getByRole('button', { name: /^Present/ }).click();
    await presenter.locator('.gs-presenter-stage [data-device="15"]').waitFor();
    expectTwoTrees(await cardBoxes(presenter.locator('.gs-presenter-stage'), 16), 16, 'presenter 1366×768');
    await presenter.close();

    const phone = await session.open(onCpuEngine('/?algorithm=double-tree&devices=8&step=3'));
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.locator('[data-device="7"]').waitFor();
    const small = await cardBoxes(phone, 8);
    expectTwoTrees(small, 8, 'phone 390×844');
    for (const box of small) expect(box.x + box.width).toBeLessThanOrEqual(390);
    await phone.close();

    const blog = await session.open('/examples/blog.html');
    await blog.setViewportSize({ width: 760, height: 900 });
    const figure = blog.locator('gradsync-sim#dtree');
    await figure.scrollIntoViewIfNeeded();
    await figure.locator('[data-device="7"]').waitFor();
    // Too narrow to write every chunk, the column gives the cards the two rows the presenter draws, where
    // each says what its step wrote: tree 0's inside (2, 4, 6) and tree 1's root on top, tree 0's root and
    // tree 1's inside (1, 3, 5) below.
    const boxes = await cardBoxes(figure, 8);
    const rows = [...new Set(boxes.map(centreY))].sort((a, b) => a - b);
    const row = (y: number) => boxes.flatMap((box, d) => (centreY(box) === y ? [d] : [])).sort((a, b) => centreX(boxes[a]) - centreX(boxes[b]));
    expect(rows.map(row)).toEqual([
      [2, 4, 6, 7],
      [0, 1, 3, 5],
    ]);
    const said = await figure.locator('.gs-dv-card-summary').evaluateAll((lines) => lines.map((line) => parseFloat(getComputedStyle(line).fontSize)));
    expect(said).toHaveLength(8);
    for (const px of said) expect(px).toBeGreaterThanOrEqual(15);
    expect(await legendTexts(figure)).toEqual(['tree 0: chunks 1–4', 'tree 1: chunks 5–8']);
    await blog.close();
  }, 60_000);

  it('draws halving-doubling as partners by distance: two rows, the step’s pairs lit', async () => {
    const page = await session.open(onCpuEngine('/?algorithm=halving-doubling&devices=8&step=1'));
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.locator('[data-device="7"]').waitFor();
    const boxes = await cardBoxes(page, 8);
    // GPU-0…3 in a row on top, GPU-4…7 below them, each under its partner at distance 4.
    expect(new Set(boxes.slice(0, 4).map(centreY)).size).toBe(1);
    expect(new Set(boxes.slice(4).map(centreY)).size).toBe(1);
    expect(centreY(boxes[0])).toBeLessThan(centreY(boxes[4]));
    for (let d = 0; d < 4; d++) expect(Math.round(centreX(boxes[d]))).toBe(Math.round(centreX(boxes[d + 4])));
    expect(await page.locator('path.gs-dv-link--partner').count()).toBe(12);
    expect(await page.locator('.gs-dv-links text').allTextContents()).toEqual(['d=1', 'd=2', 'd=4']);
    expect(await legendTexts(page)).toEqual(['partners at distance d = 1, 2, 4']);
    // Step 1 halves across the rows: the lit links join each device to the one below it.
    const lit = async () =>
      (
        await page
          .locator('[data-link]')
          .evaluateAll((els) => els.filter((el) => getComputedStyle(el.closest('svg')!).opacity !== '0').map((el) => el.getAttribute('data-link')!))
      )
        // A pair's link, or its arrows one each way: the pair, once.
        .map((link) =>
          link
            .split('-')
            .map(Number)
            .sort((x, y) => x - y)
            .join('-'),
        )
        .filter((pair, i, all) => all.indexOf(pair) === i)
        .sort();
    await expect.poll(lit).toEqual(['0-4', '1-5', '2-6', '3-7']);
    await page.keyboard.press('ArrowRight');
    await expect.poll(lit).toEqual(['0-2', '1-3', '4-6', '5-7']);
    await page.close();
    expect(problems).toEqual([]);
  }, 60_000);
});
