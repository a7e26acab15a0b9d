// How large the presenter's narration is, and how many sentences it shows at once: as many as fit
// (up to PAGE_MAX) at the largest type that fits, measured on the screen itself; a step with more
// comes page by page. Without layout (jsdom) nothing overflows, and the first guess stands.

import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Type sizes, largest first, in em of the presenter's type (20 px on a projector: 35 to 19 px; the
 * last is still readable from the back of a classroom; smaller on a phone held in the hand).
 */
export const TYPE_SIZES_EM = [1.75, 1.45, 1.2, 1.05, 0.95] as const;

/** Sentences on one page at most: more is not read by a room at once. */
const PAGE_MAX = 8;

export interface NarrationFit {
  /** Index into TYPE_SIZES_EM. */
  size: number;
  /** Sentences per page. */
  perPage: number;
}

/** The first guess for `count` sentences: few get the largest type. */
function firstGuess(count: number): NarrationFit {
  return { size: count <= 2 ? 0 : count <= 4 ? 1 : 2, perPage: Math.max(1, Math.min(count, PAGE_MAX)) };
}

/**
 * Fits `content` into `box` for `subject` (whatever the narration shows; a new one starts over, as
 * does a resized box): shrinks the type first, then the page, until nothing overflows.
 */
export function useNarrationFit(box: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>, subject: unknown, count: number): NarrationFit {
  const [resized, setResized] = useState(0);
  const [fit, setFit] = useState({ subject, resized, count, ...firstGuess(count) });
  const current = fit.subject === subject && fit.resized === resized && fit.count === count ? fit : { subject, resized, count, ...firstGuess(count) };

  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let last = '';
    const observer = new ResizeObserver(() => {
      const size = `${element.clientWidth}x${element.clientHeight}`;
      if (size !== last) {
        last = size;
        setResized((n) => n + 1);
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);

  // Runs after every render, before paint: a page that overflows is made smaller and drawn again.
  // No dependency list on purpose: a turned page is new content for the same subject. It settles,
  // since each setFit either shrinks the fit or sets it to `current`, after which `current` is `fit`.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const outer = box.current;
    const inner = content.current;
    if (!outer || !inner) return;
    if (inner.scrollHeight <= outer.clientHeight + 1) {
      if (current !== fit) setFit(current);
      return;
    }
    if (current.size < TYPE_SIZES_EM.length - 1) setFit({ ...current, size: current.size + 1 });
    else if (current.perPage > 1) setFit({ ...current, perPage: current.perPage - 1 });
    else if (current !== fit) setFit(current);
  });

  return current;
}
