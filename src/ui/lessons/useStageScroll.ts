// Whether a lesson's figure runs below its part of the screen (NCCL 2.4's charts and the words under
// them at 1366×768), whether some of it lies below what is shown, and the move that brings more of it
// into view: the cue under the figure, the ↓ and ↑ keys and the skip link use it.

import { useEffect, useState, type RefObject } from 'react';

export interface StageScroll {
  /** The figure is taller than its part of the screen. */
  overflows: boolean;
  /** Some of it lies below what is shown. */
  more: boolean;
  /** Scrolls the figure by most of what is shown, down (1) or up (−1). */
  by(direction: 1 | -1): void;
}

/** What of a scroll box's height stays in view when it moves by a screen: a line read before. */
const KEEP = 0.2;

function measure(stage: HTMLElement): { overflows: boolean; more: boolean } {
  const overflows = stage.scrollHeight > stage.clientHeight + 1;
  return { overflows, more: overflows && stage.scrollTop + stage.clientHeight < stage.scrollHeight - 1 };
}

/** Follows `stage`'s size, its content's and its scroll; `version` names what it holds (the lesson), so a new figure is watched. */
export function useStageScroll(stage: RefObject<HTMLElement | null>, version: string): StageScroll {
  const [state, setState] = useState({ overflows: false, more: false });
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const update = () => {
      const next = measure(element);
      setState((now) => (now.overflows === next.overflows && now.more === next.more ? now : next));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resized?.observe(element);
    for (const child of element.children) resized?.observe(child);
    // A figure whose parts arrive later (the charts after their numbers) is watched as they come.
    const added =
      typeof MutationObserver === 'undefined'
        ? null
        : new MutationObserver(() => {
            for (const child of element.children) resized?.observe(child);
            update();
          });
    added?.observe(element, { childList: true });
    return () => {
      element.removeEventListener('scroll', update);
      resized?.disconnect();
      added?.disconnect();
    };
  }, [stage, version]);
  return {
    ...state,
    by(direction) {
      const element = stage.current;
      if (element) element.scrollBy({ top: direction * element.clientHeight * (1 - KEEP) });
    },
  };
}
