// Opening and stepping at scale: the time from navigation to the first painted frame that shows the
// picture and the first step's narration, and from a key press to the first frame that shows the next
// step, for 1024 devices ÷ the same for 4, in the same headless Chromium on the production build.

import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedChromium } from '../test/browser/chromium';
import { servedBuild } from './served';

export const OPEN_ALGORITHMS = ['ring', 'halving-doubling', 'double-tree', 'naive'] as const;
const SIZES = [4, 1024] as const;
/** Pages opened per algorithm and size: on a shared 2-core machine one page in three or four is slowed by something else. */
export const OPEN_REPEATS = 5;

/**
 * Runs in the page from its first script: marks the first animation frame in which the picture is
 * drawn and the narration tells the first step, with nothing left preparing. Source text, since a
 * bundled function would carry helpers the page lacks.
 */
const WATCH_OPENING = `(() => {
  const shown = () => {
    const narration = document.querySelector('[aria-label="Narration"]');
    const picture = document.querySelector('.gs-devices-svg, canvas[role="img"]');
    const preparing = document.querySelector('.gs-preparing, .gs-devices-reading');
    return narration !== null && /Each GPU starts/.test(narration.textContent || '') && picture !== null && preparing === null;
  };
  const frame = (now) => {
    // The next frame begins once the one that drew it is painted.
    if (shown()) requestAnimationFrame((painted) => { window.__opened = painted; });
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

/** From the key press to the first frame whose slider says the next step. */
const WATCH_STEP = `(target) => { window.__stepped = new Promise((resolve) => {
  let pressed = null;
  addEventListener('keydown', (event) => { if (pressed === null) pressed = event.timeStamp; }, { capture: true, once: true });
  const frame = (now) => {
    const slider = document.querySelector('.gs-scrubber input');
    const text = slider ? slider.getAttribute('aria-valuetext') || '' : '';
    const preparing = document.querySelector('.gs-devices-reading');
    if (pressed !== null && text.startsWith('step ' + target + ' of') && preparing === null) requestAnimationFrame((painted) => resolve(painted - pressed));
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}); }`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export interface OpenFigure {
  algorithm: string;
  devices: number;
  openMs: number;
  stepMs: number;
}

async function openOnce(browser: LaunchedChromium, base: string, algorithm: string, devices: number): Promise<{ openMs: number; stepMs: number }> {
  const page: Page = await browser.context.newPage();
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.addInitScript(WATCH_OPENING);
    await page.goto(new URL(`?algorithm=${algorithm}&devices=${devices}`, base).href);
    await page.waitForFunction('window.__opened !== undefined', undefined, { timeout: 120_000, polling: 50 });
    const openMs = (await page.evaluate('window.__opened')) as number;
    await page.waitForTimeout(300);
    // The watcher is in place before the key is pressed.
    await page.evaluate(`(${WATCH_STEP})(1)`);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction('window.__stepped', undefined, { timeout: 120_000 });
    const stepMs = (await page.evaluate('window.__stepped')) as number;
    return { openMs, stepMs };
  } finally {
    await page.close();
  }
}

/**
 * Every algorithm at 4 and at 1024 devices, interleaved so that both see the same machine. Opening:
 * the best of each. A step: the median, since where the key falls between two frames adds up to a
 * frame to any one step, and the best would be the luckiest (4 ms at 4 devices, less than the work).
 */
export async function measureOpening(): Promise<OpenFigure[]> {
  const server = await servedBuild();
  const browser = await launchChromium();
  try {
    const samples = new Map<string, { open: number[]; step: number[] }>();
    // A first page warms the browser's caches for every later one alike.
    await openOnce(browser, server.url, 'ring', 4);
    for (let r = 0; r < OPEN_REPEATS; r++) {
      for (const algorithm of OPEN_ALGORITHMS) {
        // Alternate which size goes first, so neither always follows the other's clean-up.
        for (const devices of r % 2 === 0 ? SIZES : [...SIZES].reverse()) {
          const key = `${algorithm}|${devices}`;
          const { openMs, stepMs } = await openOnce(browser, server.url, algorithm, devices);
          if (process.env.BENCH_VERBOSE) console.error(`${algorithm} ${devices}: open ${openMs.toFixed(0)} ms, step ${stepMs.toFixed(0)} ms`);
          const entry = samples.get(key) ?? { open: [], step: [] };
          entry.open.push(openMs);
          entry.step.push(stepMs);
          samples.set(key, entry);
        }
      }
    }
    return [...samples].map(([key, { open, step }]) => {
      const [algorithm, devices] = key.split('|');
      return { algorithm, devices: Number(devices), openMs: Math.min(...open), stepMs: median(step) };
    });
  } finally {
    await browser.close();
    await server.close();
  }
}

export function openingTable(figures: OpenFigure[]): string[] {
  const lines = ['algorithm | open 4 ms | open 1024 ms | ratio (≤ 1.5) | step 4 ms | step 1024 ms | ratio (≤ 3)'];
  for (const algorithm of OPEN_ALGORITHMS) {
    const small = figures.find((f) => f.algorithm === algorithm && f.devices === 4)!;
    const large = figures.find((f) => f.algorithm === algorithm && f.devices === 1024)!;
    lines.push(
      [
        algorithm,
        small.openMs.toFixed(0),
        large.openMs.toFixed(0),
        (large.openMs / small.openMs).toFixed(2),
        small.stepMs.toFixed(0),
        large.stepMs.toFixed(0),
        (large.stepMs / small.stepMs).toFixed(2),
      ].join(' | '),
    );
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of openingTable(await measureOpening())) console.log(line);
}
