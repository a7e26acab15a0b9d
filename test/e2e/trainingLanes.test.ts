// The training lanes as a class follows them, measured in real Chromium at a projector's sizes
// (1366×768, 1024×768) and a phone's (390×844): no bar thinner than 6 px and none overlapping, every
// operation counted once (a merged bar says how many it holds), a key naming each colour drawn, the
// run without overlap under the one with it and longer by the time saved, text at least 14 px (12 on
// a phone), the status at t = 0 naming the layers that run, and a sweep slow enough to talk over.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSession, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/trainingLanes.test.ts');

const PROJECTORS = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
];
const PHONE = { width: 390, height: 844 };

interface Bar {
  left: number;
  right: number;
  top: number;
  bottom: number;
  ops: number;
  merged: boolean;
  hatched: boolean;
  title: string;
}

/** Every bar of the first figure's lanes, by run and lane, in pixels on the page. */
function bars(page: Page): Promise<Record<string, Bar[]>> {
  return page
    .locator('.gs-train-lanes')
    .first()
    .evaluate((root) => {
      const out: Record<string, Bar[]> = {};
      for (const run of root.querySelectorAll<SVGGElement>('.gs-train-run')) {
        for (const lane of run.querySelectorAll('.gs-train-lane')) {
          const name = `${run.dataset.run} ${lane.classList.contains('gs-train-lane--comm') ? 'comm' : 'compute'}`;
          out[name] = [...lane.querySelectorAll<SVGGElement>('.gs-train-op')].map((op) => {
            const box = op.getBoundingClientRect();
            return {
              left: box.left,
              right: box.right,
              top: box.top,
              bottom: box.bottom,
              ops: Number(op.dataset.ops),
              merged: op.classList.contains('gs-train-op--merged'),
              hatched: op.querySelector('.gs-train-hatch') !== null,
              title: op.querySelector('title')!.textContent!,
            };
          });
        }
      }
      return out;
    });
}

/** The font size of every text in the first figure's lanes: the svg's, the key's, the status's, the bar's. */
function fontSizes(page: Page): Promise<number[]> {
  return page
    .locator('.gs-train-lanes')
    .first()
    .evaluate((root) =>
      [...root.querySelectorAll('text, li, dt, dd, .gs-train-now, .gs-train-speed, button')]
        .filter((node) => node.textContent!.trim() !== '')
        .map((node) => parseFloat(getComputedStyle(node).fontSize)),
    );
}

/** Checks the bars of every lane: at least 6 px, in order without overlap, each operation counted once. */
function expectReadableBars(lanes: Record<string, Bar[]>, counts: Record<string, number>, label: string): void {
  expect([label, Object.fromEntries(Object.entries(lanes).map(([name, lane]) => [name, lane.reduce((sum, bar) => sum + bar.ops, 0)]))]).toEqual([
    label,
    counts,
  ]);
  for (const [name, lane] of Object.entries(lanes)) {
    const thin = lane.filter((bar) => bar.right - bar.left < 6 - 1e-3);
    expect([label, name, thin]).toEqual([label, name, []]);
    const overlapping = lane.filter((bar, i) => i > 0 && bar.left < lane[i - 1].right - 1e-3);
    expect([label, name, overlapping]).toEqual([label, name, []]);
    // A merged bar is hatched and says what it holds; a single one is not.
    expect([label, name, lane.every((bar) => bar.merged === bar.ops > 1 && bar.hatched === bar.merged)]).toEqual([label, name, true]);
    for (const bar of lane.filter((b) => b.merged)) expect(bar.title).toMatch(new RegExp(`^${bar.ops} operations merged, too close together to draw apart: `));
  }
}

describe.skipIf(skipReason !== null)('training lanes a class can follow, in Chromium', () => {
  const session = browserSession();
  const problems = session.problems;

  async function open(path: string, size: { width: number; height: number }): Promise<Page> {
    const page = await session.open(path);
    await page.setViewportSize(size);
    await page.locator('.gs-train-lanes .gs-train-op').first().waitFor();
    await page.locator('.gs-train-lanes svg').first().scrollIntoViewIfNeeded();
    // The figure is measured at the new width: wait until the svg has taken it.
    await expect
      .poll(() =>
        page
          .locator('.gs-train-lanes svg')
          .first()
          .evaluate((svg) => svg.getBoundingClientRect().width === svg.parentElement!.clientWidth),
      )
      .toBe(true);
    return page;
  }

  // GPT-2 XL's 50 layers (the embedding lookup takes no time: 49 drawn a pass), 49 DDP buckets; ZeRO-3
  // all-gathers each layer twice and reduce-scatters it once.
  const DDP = { compute: 98, comm: 49 };
  const ZERO3 = { compute: 98, comm: 150 };
  const both = (run: { compute: number; comm: number }) => ({
    'overlap compute': run.compute,
    'overlap comm': run.comm,
    'serial compute': run.compute,
    'serial comm': run.comm,
  });

  it('draws every bar at least 6 px wide and none over another at 1366×768 and 1024×768, each operation counted once; text at least 14 px', async () => {
    for (const size of PROJECTORS) {
      for (const [search, counts] of [
        ['', DDP],
        ['?strategy=zero3', ZERO3],
      ] as const) {
        const page = await open(`train.html${search}`, size);
        const label = `${size.width} ${search}`;
        const lanes = await bars(page);
        expectReadableBars(lanes, both(counts), label);
        // Bars too close together are merged at these widths: the run without overlap all-reduces back to back.
        expect([label, lanes['serial comm'].some((bar) => bar.merged)]).toEqual([label, true]);
        expect([label, Math.min(...(await fontSizes(page)))]).toEqual([label, 14]);
        await page.close();
      }
    }
  }, 120_000);

  it('names each colour drawn in a key, its swatch the colour of the bars', async () => {
    for (const [search, names] of [
      ['', ['forward', 'backward', 'all-reduce']],
      ['?strategy=zero3', ['forward', 'backward', 'reduce-scatter', 'all-gather']],
      ['?strategy=ps&servers=8', ['forward', 'backward', 'push', 'pull']],
    ] as const) {
      const page = await open(`train.html${search}`, PROJECTORS[0]);
      const key = page.getByRole('list', { name: 'Key' });
      const items = await key.locator('li').allInnerTexts();
      expect(items.slice(0, names.length)).toEqual(names);
      expect(items.slice(names.length).join('\n')).toMatch(/^merged: operations too close together to draw apart[^]*\na bar is at least 6 px wide/);
      const colours = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.gs-train-key:not(.gs-train-key--merged)')].map((swatch) => {
          const kind = [...swatch.classList].find((c) => c.startsWith('gs-train-key--'))!.slice('gs-train-key--'.length);
          const bar = document.querySelector(`.gs-train-bar--${kind}`);
          return [kind, getComputedStyle(swatch).backgroundColor === (bar && getComputedStyle(bar).fill)];
        }),
      );
      expect(colours.every(([, same]) => same)).toBe(true);
      expect(colours.length).toBe(names.length);
      // Each colour is its own.
      const fills = await page.evaluate(() => [...document.querySelectorAll('.gs-train-key')].map((swatch) => getComputedStyle(swatch).backgroundColor));
      expect(new Set(fills).size).toBe(fills.length);
      await page.close();
    }
  }, 60_000);

  it('draws the run without overlap under the one with it, on one axis, longer by the time overlap saves, labelled', async () => {
    const page = await open('train.html', PROJECTORS[0]);
    const lanes = await bars(page);
    const end = (run: string) => Math.max(...[...lanes[`${run} compute`], ...lanes[`${run} comm`]].map((bar) => bar.right));
    const start = (run: string) => Math.min(...lanes[`${run} compute`].map((bar) => bar.left));
    expect(start('serial')).toBeCloseTo(start('overlap'), 3);
    expect(lanes['serial compute'][0].top).toBeGreaterThan(lanes['overlap comm'][0].bottom);
    // 680 ms against 767 ms on about 1,230 px: some 140 px apart.
    const saved = end('serial') - end('overlap');
    expect(saved).toBeGreaterThan(100);
    const scale = (end('serial') - start('serial')) / 767;
    expect(saved / scale).toBeGreaterThan(80);
    expect(saved / scale).toBeLessThan(95);
    const svg = page.locator('.gs-train-lanes svg');
    expect(await svg.locator('.gs-train-run-name').allTextContents()).toEqual(['with overlap · 680 ms', 'without overlap · 767 ms']);
    expect(await svg.locator('.gs-train-saved-text').textContent()).toBe('overlap saves 86.5 ms');
    const shaded = (await svg.locator('.gs-train-saved').boundingBox())!;
    // The shaded span runs from the end of one run to the end of the other (a last bar may be drawn up to 6 px past its end).
    expect(Math.abs(shaded.x - end('overlap'))).toBeLessThan(7);
    expect(Math.abs(shaded.x + shaded.width - end('serial'))).toBeLessThan(7);
    await page.close();
  }, 60_000);

  it('says at t = 0 which layers run, held as one run of short passes: GPT-2’s from block 1, layer 2, whose bar starts under the playhead; ResNet-50’s from its stem', async () => {
    const page = await open('train.html', PROJECTORS[0]);
    const status = page.locator('.gs-train-status');
    // A layer's forward takes about a quarter of a second of the 24 s sweep: the words hold a run of them.
    expect(await status.locator('dd').allInnerTexts()).toEqual(['forward of layers 2–9', 'forward of layers 2–9']);
    const playhead = (await page.locator('.gs-train-playhead').boundingBox())!;
    const [first] = (await bars(page))['overlap compute'];
    expect(Math.abs(first.left - (playhead.x + playhead.width / 2))).toBeLessThan(1.5);
    expect(first.title).toMatch(/^forward of block 1 \(layer 2\): /);
    await page.goto(new URL('train.html?model=resnet50&devices=8', session.server.url).href);
    await expect.poll(() => status.locator('dd').allInnerTexts()).toEqual(['forward of layers 1–5', 'forward of layers 1–5']);
    // Under ZeRO-3 compute first waits for the first layers' parameters.
    await page.getByLabel('Strategy').selectOption('zero3');
    await expect
      .poll(() => status.locator('dd').allInnerTexts())
      .toEqual(['compute waits · all-gather of layers 1–6', 'compute waits · all-gather of layers 1–4']);
    await page.close();
  }, 60_000);

  it('plays the longer run in 24 s by default, and 4× faster from the keyboard', async () => {
    const page = await open('train.html', PROJECTORS[0]);
    const at = async () => {
      const [, value, unit] = /t = ([\d.]+) (µs|ms|s)/.exec(await page.locator('.gs-train-now').innerText())!;
      return Number(value) * { µs: 1e-3, ms: 1, s: 1e3 }[unit as 'µs' | 'ms' | 's'];
    };
    const speed = page.getByLabel('Speed');
    expect(await speed.inputValue()).toBe('24');
    const play = page.locator('.gs-train-lanes-bar button');
    await play.click();
    await page.waitForTimeout(2000);
    await play.click();
    // 2 s of 24 s of the 767 ms axis: 64 ms (an 8 s sweep would be 192 ms).
    const slow = await at();
    expect(slow).toBeGreaterThan(55);
    expect(slow).toBeLessThan(100);
    // Tab from the play button reaches the speed; the arrows choose it.
    await play.focus();
    await page.keyboard.press('Tab');
    expect(await speed.evaluate((select) => select === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => speed.inputValue()).toBe('6');
    await play.click();
    await page.waitForTimeout(1000);
    await play.click();
    // 1 s of 6 s: 128 ms more.
    const fast = (await at()) - slow;
    expect(fast).toBeGreaterThan(110);
    expect(fast).toBeLessThan(200);
    await page.close();
  }, 60_000);

  it('keeps the communication lane on a phone (390×844): bars at least 6 px on screen, text at least 12 px', async () => {
    for (const [path, counts] of [
      ['train.html', DDP],
      ['train.html?embed=1&strategy=zero3', ZERO3],
    ] as const) {
      const page = await open(path, PHONE);
      const lanes = await bars(page);
      expectReadableBars(lanes, both(counts), path);
      for (const name of ['overlap comm', 'serial comm']) {
        const lane = lanes[name];
        const inside = lane.every((bar) => bar.left >= 0 && bar.right <= PHONE.width && bar.top >= 0 && bar.bottom <= PHONE.height);
        expect([path, name, lane.length > 0, inside]).toEqual([path, name, true, true]);
      }
      const sizes = await fontSizes(page);
      expect([path, Math.min(...sizes) >= 12]).toEqual([path, true]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
      await page.close();
    }
  }, 60_000);

  it('raises no console errors or warnings', () => {
    expect(problems).toEqual([]);
  });
});
