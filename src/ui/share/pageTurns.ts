// Giving the page its turn during long work: the next task (input and paint run in between), the
// next painted frames, and slices of a walk over many elements.

import type { Slicing } from './svgSnapshot';

/** A hidden tab runs no animation frames: paint is then waited for this long at most. */
const PAINT_TIMEOUT_MS = 250;

/** Resolves in a task of its own, after what the page has queued. */
export function nextTask(win: Window & typeof globalThis): Promise<void> {
  return new Promise((resolve) => win.setTimeout(() => resolve(), 0));
}

/** Resolves after `count` animation frames (what changed is then rendered and painted). */
export function painted(win: Window & typeof globalThis, count: number): Promise<void> {
  return new Promise((resolve) => {
    let left = count;
    const timer = win.setTimeout(resolve, PAINT_TIMEOUT_MS);
    const tick = () => {
      if (--left > 0) win.requestAnimationFrame(tick);
      else {
        win.clearTimeout(timer);
        resolve();
      }
    };
    win.requestAnimationFrame(tick);
  });
}

/** Slices of at most about `budgetMs`, each in a task of its own. */
export function slicing(win: Window & typeof globalThis, budgetMs: number): Slicing {
  return { budgetMs, pause: () => nextTask(win), now: () => win.performance.now() };
}
