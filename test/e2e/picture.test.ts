// The devices picture in real Chromium, where people look at it: the presenter on a projector writes
// the seeds' notation in every chunk at 14 px or more (24 px for ring on 4 and 18 px for ring on 8 at
// 1366×768), a figure in a blog column writes it too, and a message travels along the link it is drawn
// on, with an arrowhead toward its receiver.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSession, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/picture.test.ts');

/** Ring on 4 devices after step 2, as the seeds walk it: what every chunk holds. */
const RING4_STEP2 = [
  ['a₁', 'a₂', '(c₃+d₃+a₃)', '(d₄+a₄)'],
  ['(a₁+b₁)', 'b₂', 'b₃', '(d₄+a₄+b₄)'],
  ['(a₁+b₁+c₁)', '(b₂+c₂)', 'c₃', 'c₄'],
  ['d₁', '(b₂+c₂+d₂)', '(c₃+d₃)', 'd₄'],
];

interface CellReport {
  text: string;
  fontPx: number;
  /** The text's box lies inside its cell's box. */
  inside: boolean;
}

interface PictureReport {
  cells: CellReport[][];
  namePx: number[];
}

/** Every card's chunk texts and GPU name as drawn; `host` names a figure whose picture is in its shadow root. */
function report(page: Page, host: string | null = null): Promise<PictureReport> {
  return page.evaluate((hostSelector) => {
    const element = hostSelector ? document.querySelector(hostSelector) : null;
    const root: ParentNode = element ? (element.shadowRoot ?? element) : document;
    const cards = [...root.querySelectorAll('[data-device]')].sort((a, b) => Number(a.getAttribute('data-device')) - Number(b.getAttribute('data-device')));
    return {
      cells: cards.map((card) =>
        [...card.querySelectorAll('[data-chunk]')].map((cell) => {
          const text = cell.querySelector('.gs-dv-cell-text');
          const box = cell.querySelector('.gs-dv-cell-bg')!.getBoundingClientRect();
          const glyphs = text?.getBoundingClientRect();
          return {
            text: text?.textContent ?? '',
            fontPx: text ? parseFloat(getComputedStyle(text).fontSize) : 0,
            inside:
              !!glyphs && glyphs.left >= box.left - 0.5 && glyphs.right <= box.right + 0.5 && glyphs.top >= box.top - 0.5 && glyphs.bottom <= box.bottom + 0.5,
          };
        }),
      ),
      namePx: cards.map((card) => parseFloat(getComputedStyle(card.querySelector('.gs-dv-card-label')!).fontSize)),
    };
  }, host);
}

describe.skipIf(skipReason !== null)('the devices picture in Chromium', () => {
  const session = browserSession();
  const problems = session.problems;

  it('in the presenter at 1024×768, 1280×800, 1366×768 and 1400×900 every chunk of ring on 4 shows its notation at ≥ 14 px, and every GPU name too', async () => {
    for (const [width, height] of [
      [1024, 768],
      [1280, 800],
      [1366, 768],
      [1400, 900],
    ] as const) {
      const page = await session.open('/test/e2e/presentPages/presenter.html?algorithm=ring&devices=4&step=2');
      await page.setViewportSize({ width, height });
      await page.getByRole('button', { name: /Present/ }).click();
      await page.locator('.gs-presenter [data-device="3"] [data-chunk="3"] .gs-dv-cell-text').waitFor();
      const { cells, namePx } = await report(page);
      const size = `${width}×${height}`;
      expect(
        cells.map((row) => row.map((cell) => cell.text)),
        size,
      ).toEqual(RING4_STEP2);
      for (const cell of cells.flat()) {
        expect(cell.fontPx, `${size}: ${cell.text}`).toBeGreaterThanOrEqual(14);
        expect(cell.inside, `${size}: ${cell.text} stays inside its cell`).toBe(true);
      }
      for (const px of namePx) expect(px, size).toBeGreaterThanOrEqual(14);
      await page.close();
    }
  }, 90_000);

  it('at 1366×768 the presenter writes ring on 4 at ≥ 24 px and ring on 8 at ≥ 18 px, in the brief form, each transfer an arrow from cell to cell', async () => {
    for (const [devices, step, least] of [
      [4, 2, 24],
      [8, 3, 18],
    ] as const) {
      const page = await session.open(`/test/e2e/presentPages/presenter.html?algorithm=ring&devices=${devices}&step=${step}`);
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.getByRole('button', { name: /Present/ }).click();
      const last = devices - 1;
      await page.locator(`.gs-presenter [data-device="${last}"] [data-chunk="${last}"] .gs-dv-cell-text`).waitFor();
      const { cells, namePx } = await report(page);
      for (const cell of cells.flat()) {
        expect(cell.fontPx, `ring on ${devices}: ${cell.text}`).toBeGreaterThanOrEqual(least);
        expect(cell.inside, `ring on ${devices}: ${cell.text} stays inside its cell`).toBe(true);
      }
      for (const px of namePx) expect(px).toBeGreaterThanOrEqual(16);
      if (devices === 4) expect(cells.map((row) => row.map((cell) => cell.text))).toEqual(RING4_STEP2);
      // Ring on 8 after step 3: GPU-1 holds (g₇+h₇+a₇+b₇) in chunk 7, written first and last term.
      else expect(cells[1][6].text).toBe('(g₇+…+b₇)');
      // A subscript as drawn: the glyph's own height, not the font size.
      const subscript = await page.evaluate(() => {
        const text = document.querySelector('.gs-presenter [data-device="0"] [data-chunk="0"] .gs-dv-cell-text')!;
        const range = document.createRange();
        const node = text.querySelector('tspan')?.firstChild ?? text.firstChild!;
        range.setStart(node, 1);
        range.setEnd(node, 2);
        return range.getBoundingClientRect().width;
      });
      expect(subscript, `ring on ${devices}: the subscript's advance`).toBeGreaterThanOrEqual(least * 0.55);
      // One arrow per transfer, each from a cell of the sender to a cell of the receiver.
      const arrows = await page.locator(`.gs-presenter .gs-dv-step-links[data-step="${step}"] path.gs-dv-cell-arrow`).count();
      expect(arrows).toBe(devices);
      // An arrow that can reach its cell only over another passes beneath it: every cell any arrow
      // crosses is in the mask that draws the arrows faint there, and no arrow ends inside one.
      const under: { crossed: number; inMask: number; tipsInside: number } = await page.evaluate(`(() => {
        const svg = document.querySelector('.gs-presenter .gs-dv-step-links[data-step="${step}"]');
        const m = svg.getScreenCTM();
        const page = (x, y) => new DOMPoint(x, y).matrixTransform(m);
        const cells = [...document.querySelectorAll('.gs-presenter [data-device] [data-chunk]')].map((c) => c.getBoundingClientRect());
        const masked = [...svg.querySelectorAll('mask rect.gs-dv-under')].map((r) => {
          const a = page(+r.getAttribute('x'), +r.getAttribute('y'));
          return { x: a.x + +r.getAttribute('width') / 2, y: a.y + +r.getAttribute('height') / 2 };
        });
        const crossed = new Set();
        let tipsInside = 0;
        for (const path of svg.querySelectorAll('path.gs-dv-cell-arrow')) {
          const length = path.getTotalLength();
          for (let s = 0; s <= length; s += 2) {
            const p0 = path.getPointAtLength(s);
            const p = page(p0.x, p0.y);
            cells.forEach((c, i) => {
              if (p.x > c.left + 3 && p.x < c.right - 3 && p.y > c.top + 3 && p.y < c.bottom - 3) {
                if (s >= length - 2) tipsInside++;
                else crossed.add(i);
              }
            });
          }
        }
        const inMask = [...crossed].filter((i) => masked.some((q) => q.x > cells[i].left && q.x < cells[i].right && q.y > cells[i].top && q.y < cells[i].bottom));
        return { crossed: crossed.size, inMask: inMask.length, tipsInside, masked: masked.length };
      })()`);
      expect(under.inMask, `ring on ${devices}: cells crossed by an arrow are masked`).toBe(under.crossed);
      expect(under.tipsInside).toBe(0);
      // Ring on 8's cards hold two rows of cells: its step 3 reaches GPU-2's second row over its first.
      if (devices === 8) expect(under.crossed).toBeGreaterThan(0);
      await page.close();
    }
  }, 90_000);

  it('at 1366×768 the presenter writes halving-doubling on 8 in its cells at ≥ 18 px beside a narrowed narration (at 1024×768 at ≥ 12 px, on two lines), and on every card of ring on 16 what its step wrote, at ≥ 14 px with an arrowhead on every link', async () => {
    const hd = await session.open('/test/e2e/presentPages/presenter.html?algorithm=halving-doubling&devices=8&step=2');
    await hd.setViewportSize({ width: 1366, height: 768 });
    await hd.getByRole('button', { name: /Present/ }).click();
    await hd.locator('.gs-presenter [data-device="7"] [data-chunk="7"] .gs-dv-cell-text').waitFor();
    // Four cards a row, each two expressions wide: the narration gives the picture 82 px of its 382.
    await expect.poll(() => hd.locator('.gs-presenter-narration').evaluate((n) => Math.round(n.getBoundingClientRect().width))).toBe(300);
    const written = await report(hd);
    for (const cell of written.cells.flat()) {
      expect(cell.fontPx, cell.text).toBeGreaterThanOrEqual(18);
      expect(cell.inside, `${cell.text} stays inside its cell`).toBe(true);
    }
    // After round 2, GPU-2's chunk 3 holds a, c, e and g's: (e₃+a₃) added to (g₃+c₃); chunks stand two a row, halves whole.
    expect(written.cells[2][2].text).toBe('(e₃+…+c₃)');
    const columns = await hd.evaluate(
      () =>
        new Set(
          [...document.querySelectorAll('.gs-presenter [data-device="0"] [data-chunk] .gs-dv-cell-bg')].map((c) => Math.round(c.getBoundingClientRect().left)),
        ).size,
    );
    expect(columns).toBe(2);
    // The narration breaks a short value nowhere, and the phase only at its dot.
    const broken = await hd.evaluate(() =>
      [...document.querySelectorAll('.gs-presenter-narration .gs-value-whole, .gs-presenter-phase-part')]
        .filter((v) => new Set([...v.getClientRects()].map((r) => Math.round(r.bottom))).size > 1)
        .map((v) => v.textContent),
    );
    expect(broken).toEqual([]);
    await hd.close();
    // At 1024×768 the narration is already at its least: the cells write their halves on two lines, at 12 px or more.
    const small = await session.open('/test/e2e/presentPages/presenter.html?algorithm=halving-doubling&devices=8&step=1');
    await small.setViewportSize({ width: 1024, height: 768 });
    await small.getByRole('button', { name: /Present/ }).click();
    await small.locator('.gs-presenter [data-device="7"] [data-chunk="7"] .gs-dv-cell-text').waitFor();
    const smaller = await report(small);
    for (const cell of smaller.cells.flat()) {
      expect(cell.fontPx, cell.text).toBeGreaterThanOrEqual(12);
      expect(cell.inside, `${cell.text} stays inside its cell`).toBe(true);
    }
    // Step 1: GPU-0 has added e₁ … e₄ into its first four chunks.
    expect(smaller.cells[0].slice(0, 4).map((c) => c.text)).toEqual(['(e₁+a₁)', '(e₂+a₂)', '(e₃+a₃)', '(e₄+a₄)']);
    await small.close();

    const page = await session.open('/test/e2e/presentPages/presenter.html?algorithm=ring&devices=16&step=3');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByRole('button', { name: /Present/ }).click();
    await page.locator('.gs-presenter [data-device="15"] .gs-dv-card-summary').waitFor();
    const lines = await page.evaluate(() =>
      [...document.querySelectorAll('.gs-presenter [data-device]')]
        .sort((a, b) => Number(a.getAttribute('data-device')) - Number(b.getAttribute('data-device')))
        .map((card) => {
          const line = card.querySelector('.gs-dv-card-summary')!;
          const box = line.getBoundingClientRect();
          const bg = card.querySelector('.gs-dv-card-bg')!.getBoundingClientRect();
          return {
            text: line.textContent,
            fontPx: parseFloat(getComputedStyle(line).fontSize),
            inside: box.left >= bg.left && box.right <= bg.right && box.top >= bg.top && box.bottom <= bg.bottom,
          };
        }),
    );
    expect(lines).toHaveLength(16);
    for (const line of lines) {
      expect(line.fontPx, line.text ?? '').toBeGreaterThanOrEqual(14);
      expect(line.inside, `${line.text} stays inside its card`).toBe(true);
    }
    // Step 3: GPU-0 sends (o₁₅+p₁₅+a₁₅) to GPU-1, where it gets added to b₁₅; GPU-2 sends (a₁+b₁+c₁) to GPU-3.
    expect(lines[1].text).toBe('(o₁₅+…+b₁₅)');
    expect(lines[3].text).toBe('(a₁+…+d₁)');
    // Every lit link shows which way it carries its message, however close its cards.
    const links = page.locator('.gs-presenter .gs-dv-step-links[data-step="3"] path.gs-dv-step-link');
    expect(await links.count()).toBe(16);
    for (const marker of await links.evaluateAll((paths) => paths.map((path) => path.getAttribute('marker-end') ?? path.getAttribute('marker-start'))))
      expect(marker).toMatch(/^url\(#/);
    await page.keyboard.press('Home');
    await expect.poll(() => page.locator('.gs-presenter [data-device="0"] .gs-dv-card-summary').textContent()).toBe('a₁ … a₁₆');
    await page.close();
  }, 90_000);

  it('an embedded ring on 4 at 760 px and 600 px shows a₁ in GPU-0’s first chunk, and every chunk its notation', async () => {
    for (const [width, least] of [
      [760, 14],
      [600, 10],
    ] as const) {
      const page = await session.open(`/test/e2e/picturePages/column.html?width=${width}`);
      await page.locator('#ring [data-device="3"] [data-chunk="3"] .gs-dv-cell-text').waitFor();
      const { cells } = await report(page, '#ring');
      expect(cells[0][0].text, `${width} px`).toBe('a₁');
      expect(
        cells.map((row) => row.map((cell) => cell.text)),
        `${width} px`,
      ).toEqual([
        ['a₁', 'a₂', 'a₃', 'a₄'],
        ['b₁', 'b₂', 'b₃', 'b₄'],
        ['c₁', 'c₂', 'c₃', 'c₄'],
        ['d₁', 'd₂', 'd₃', 'd₄'],
      ]);
      for (const cell of cells.flat()) {
        expect(cell.fontPx, `${width} px: ${cell.text}`).toBeGreaterThanOrEqual(least);
        expect(cell.inside, `${width} px: ${cell.text}`).toBe(true);
      }
      // The longest value, at the end of reduce-scatter, still fits its cell. A jump there is drawn at
      // once; three steps would each wait for their messages' flight, frame by frame.
      await page.evaluate(() => document.querySelector('#ring')!.setAttribute('step', '3'));
      await expect.poll(async () => (await report(page, '#ring')).cells[0][1].text).toBe('(b₂+c₂+d₂+a₂)');
      expect((await report(page, '#ring')).cells[0][1].inside, `${width} px: (b₂+c₂+d₂+a₂)`).toBe(true);
      await page.close();
    }
  }, 60_000);

  it('at 1366×768 the presenter writes double-tree on 8 at ≥ 18 px, and draws halving-doubling on 8 with one arrow per message, from its outlined block of cells', async () => {
    const tree = await session.open('/test/e2e/presentPages/presenter.html?algorithm=double-tree&devices=8&step=3');
    await tree.setViewportSize({ width: 1366, height: 768 });
    await tree.getByRole('button', { name: /Present/ }).click();
    await tree.locator('.gs-presenter [data-device="7"] [data-chunk="7"] .gs-dv-cell-text').waitFor();
    const written = await report(tree);
    for (const cell of written.cells.flat()) {
      expect(cell.fontPx, `double-tree on 8: ${cell.text}`).toBeGreaterThanOrEqual(18);
      expect(cell.inside, `double-tree on 8: ${cell.text} stays inside its cell`).toBe(true);
    }
    // The key names each tree's chunks on one line under the picture; each root is named beside its card.
    const legend = await tree.locator('.gs-presenter .gs-devices-legend').boundingBox();
    expect(legend!.height).toBeLessThan(30);
    await tree.close();

    const hd = await session.open('/test/e2e/presentPages/presenter.html?algorithm=halving-doubling&devices=8&step=1');
    await hd.setViewportSize({ width: 1366, height: 768 });
    await hd.getByRole('button', { name: /Present/ }).click();
    await hd.locator('.gs-presenter [data-device="7"] [data-chunk="7"] .gs-dv-cell-text').waitFor();
    // Step 1: each GPU sends half its chunks to its partner at distance 4 in one message: 8 arrows of 4 cells, not 32.
    const arrows = hd.locator('.gs-presenter .gs-dv-step-links[data-step="1"] path.gs-dv-cell-arrow');
    await expect.poll(() => arrows.count()).toBe(8);
    expect(new Set(await arrows.evaluateAll((paths) => paths.map((p) => p.getAttribute('data-count'))))).toEqual(new Set(['4']));
    // Each outlined block holds the four cells that go: GPU-0's chunks 5–8 (a₅ … a₈).
    const block: { cells: string[] } = await hd.evaluate(`(() => {
      const rect = [...document.querySelectorAll('.gs-presenter .gs-dv-step-links rect.gs-dv-block')].find((r) => r.getAttribute('data-link') === '0-4');
      const box = rect.getBoundingClientRect();
      const cells = [...document.querySelectorAll('.gs-presenter [data-device="0"] [data-chunk]')].filter((cell) => {
        const c = cell.querySelector('.gs-dv-cell-bg').getBoundingClientRect();
        return c.left >= box.left && c.right <= box.right && c.top >= box.top && c.bottom <= box.bottom;
      });
      return { cells: cells.map((cell) => cell.querySelector('.gs-dv-cell-text').textContent) };
    })()`);
    expect(block.cells).toEqual(['a₅', 'a₆', 'a₇', 'a₈']);
    // The key says what the outline means.
    await expect.poll(() => hd.locator('.gs-presenter .gs-devices-legend').textContent()).toContain('one message');
    await hd.close();
  }, 60_000);

  it('during a step the moving segment stays on its drawn arrow, which carries an arrowhead', async () => {
    // At a quarter speed a step lasts 4 s: long enough to watch the messages of step 3 travel.
    const page = await session.open('/?algorithm=ring&devices=4&step=2&speed=0.25&backend=cpu');
    await page.locator('.gs-dv-step-links[data-step="2"] path').first().waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowRight');
    // As step 3's messages set off, its links are lit.
    await page.locator('.gs-dv-step-links[data-step="3"] path').first().waitFor({ state: 'attached' });
    const watched = await page.evaluate(
      () =>
        new Promise<{ samples: number; onLink: number; inCards: number; off: string[]; arrows: string[]; pointing: boolean[] }>((resolve) => {
          const stage = document.querySelector('.gs-devices-stage')!.getBoundingClientRect();
          // The links as drawn under the cards, and those lit for this step above them.
          const drawn = [...document.querySelectorAll<SVGPathElement>('.gs-dv-links .gs-dv-link')];
          const links = [...document.querySelectorAll<SVGPathElement>('.gs-dv-step-links[data-step="3"] path')];
          const cards = [...document.querySelectorAll('.gs-dv-card')].map((card) => card.getBoundingClientRect());
          const inCard = (x: number, y: number) =>
            cards.some((r) => x >= r.left - stage.left && x <= r.right - stage.left && y >= r.top - stage.top && y <= r.bottom - stage.top);
          // Where each transfer has an arrow of its own, its message flies along it; else along its link.
          const nearLink = (x: number, y: number) =>
            [...drawn, ...links].some((link) => {
              const length = link.getTotalLength();
              for (let s = 0; s <= length; s += 1) {
                const p = link.getPointAtLength(s);
                if (Math.hypot(p.x - x, p.y - y) <= 2) return true;
              }
              return false;
            });
          let samples = 0;
          let onLink = 0;
          let inCards = 0;
          const off: string[] = [];
          const started = performance.now();
          const sample = () => {
            for (const sprite of document.querySelectorAll<HTMLElement>('.gs-dv-sprite')) {
              if (Number(sprite.style.opacity) === 0) continue;
              const match = /translate\(([-\d.]+)px,\s*([-\d.]+)px\)/.exec(sprite.style.transform);
              if (!match) continue;
              const [x, y] = [Number(match[1]), Number(match[2])];
              samples++;
              if (nearLink(x, y)) onLink++;
              else if (inCard(x, y)) inCards++;
              else off.push(`${x},${y}`);
            }
            if (performance.now() - started < 2600) requestAnimationFrame(sample);
            else {
              // Each lit link ends in an arrowhead at the card it points to: GPU-i sends to GPU-(i+1).
              const centre = (d: number) => {
                const r = document.querySelector(`[data-device="${d}"]`)!.getBoundingClientRect();
                return { x: (r.left + r.right) / 2 - stage.left, y: (r.top + r.bottom) / 2 - stage.top };
              };
              const forward = (link: SVGPathElement) => link.getAttribute('data-ways') === 'forward';
              const pointing = links.map((link) => {
                const [a, b] = link.getAttribute('data-link')!.split('-').map(Number);
                const [receiver, sender] = forward(link) ? [b, a] : [a, b];
                const head = link.getPointAtLength(forward(link) ? link.getTotalLength() : 0);
                const far = (d: number) => Math.hypot(centre(d).x - head.x, centre(d).y - head.y);
                return far(receiver) < far(sender);
              });
              const arrows = links.map((link) => {
                const id = /url\(#(.+)\)/.exec(link.getAttribute(forward(link) ? 'marker-end' : 'marker-start') ?? '')?.[1];
                const marker = id ? document.getElementById(id) : null;
                return `${link.getAttribute('data-link')} ${link.getAttribute('data-ways')} ${marker?.tagName ?? 'none'} ${marker?.querySelector('path') ? 'head' : ''}`;
              });
              resolve({ samples, onLink, inCards, off, arrows, pointing });
            }
          };
          requestAnimationFrame(sample);
        }),
    );
    expect(watched.off).toEqual([]);
    expect(watched.samples).toBeGreaterThan(40);
    // Most of the way is along the arrow (which may pass along its cards' edges); the rest is leaving and entering the cells.
    expect(watched.onLink / watched.samples).toBeGreaterThan(0.6);
    // The cards write their chunks: each transfer has an arrow of its own, from cell to cell.
    expect(watched.arrows.sort()).toEqual(['0-1 forward marker head', '1-2 forward marker head', '2-3 forward marker head', '3-0 forward marker head']);
    expect(watched.pointing).toEqual([true, true, true, true]);
    await page.close();
  }, 60_000);

  it('lights a link that carries messages both ways with an arrowhead at each end, or an arrow each way from cell to cell', async () => {
    // 64 devices write no texts: the pair's link is lit, an arrowhead at each end.
    const plain = await session.open('/?algorithm=halving-doubling&devices=64&step=1&backend=cpu');
    const link = plain.locator('.gs-dv-step-links[data-step="1"] path[data-link="0-32"]');
    await link.waitFor({ state: 'attached' });
    expect(await link.getAttribute('data-ways')).toBe('both');
    expect(await link.getAttribute('marker-start')).toMatch(/^url\(#.+-reduce\)$/);
    expect(await link.getAttribute('marker-end')).toMatch(/^url\(#.+-reduce\)$/);
    await plain.close();
    // Two devices write theirs: an arrow each way, each from the sending cell to the receiving one.
    const page = await session.open('/?algorithm=ring&devices=2&step=1&backend=cpu');
    const arrows = page.locator('.gs-dv-step-links[data-step="1"] path');
    await arrows.first().waitFor({ state: 'attached' });
    expect(await arrows.count()).toBe(2);
    const ends = await arrows.evaluateAll((paths) =>
      paths.map((path) => {
        const p = path as SVGPathElement;
        const end = p.getPointAtLength(p.getTotalLength());
        return { link: p.getAttribute('data-link'), chunk: Number(p.getAttribute('data-chunk')), marker: p.getAttribute('marker-end'), end: [end.x, end.y] };
      }),
    );
    expect(ends.map((e) => e.link).sort()).toEqual(['0-1', '1-0']);
    for (const e of ends) expect(e.marker).toMatch(/^url\(#.+-reduce-tip\)$/);
    // Each ends on the receiving cell's edge, where its arrowhead's tip is.
    const cells = await page.evaluate(() => {
      const stage = document.querySelector('.gs-devices-stage')!.getBoundingClientRect();
      return [...document.querySelectorAll('.gs-dv-card')].map((card) =>
        [...card.querySelectorAll('.gs-dv-cell-bg')].map((cell) => {
          const r = cell.getBoundingClientRect();
          return [r.left - stage.left, r.top - stage.top, r.right - stage.left, r.bottom - stage.top];
        }),
      );
    });
    for (const e of ends) {
      const [left, top, right, bottom] = cells[Number(e.link!.split('-')[1])][e.chunk];
      const gap = Math.max(left - e.end[0], e.end[0] - right, top - e.end[1], e.end[1] - bottom);
      expect(Math.abs(gap), JSON.stringify(e)).toBeLessThan(2);
    }
    await page.close();
    expect(problems).toEqual([]);
  }, 60_000);
});
