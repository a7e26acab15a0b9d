// Which sentences a narration of fixed height shows: as many whole sentences as its box holds (up to
// `most`), measured on the page before it is painted; the rest come page by page, each page starting
// where the one before ended, so no sentence is cut or shown twice. A new subject (another step, the
// opening) or a resized box starts over. Without layout (jsdom) nothing overflows, and `most` show.

import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

export interface SentencePages {
  /** Index of the first sentence shown. */
  from: number;
  /** Sentences shown. */
  count: number;
  page: number;
  pages: number;
  /** Turns to page `to` (ignored outside 0 … pages − 1). */
  turn(to: number): void;
}

interface Fit {
  subject: unknown;
  resized: number;
  total: number;
  perPage: number;
  /** Where each page turned to so far begins; the last is the page shown. */
  starts: number[];
}

/**
 * The pages of `total` sentences about `subject` in `box`, a scroll container of fixed height: the
 * page is made one sentence shorter while the box's content overflows it, down to one sentence.
 */
export function useSentencePages(box: RefObject<HTMLElement | null>, subject: unknown, total: number, most: number): SentencePages {
  const [resized, setResized] = useState(0);
  const start = (): Fit => ({ subject, resized, total, perPage: Math.max(1, Math.min(total, most)), starts: [0] });
  const [fit, setFit] = useState(start);
  const current = fit.subject === subject && fit.resized === resized && fit.total === total ? fit : start();

  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let last = '';
    // The box's own size: a scrollbar that comes and goes while a page is fitted changes its inner
    // width, and must not start the fitting over.
    const observer = new ResizeObserver(() => {
      const size = `${element.offsetWidth}x${element.offsetHeight}`;
      if (size === last) return;
      const first = last === '';
      last = size;
      if (!first) setResized((n) => n + 1);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);

  // After every render, before paint: a page that overflows loses its last sentence and is drawn
  // again. No dependency list on purpose: a turned page is new content for the same subject. It
  // settles, since each setFit either shortens the page or sets it to `current`.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const overflows = element.scrollHeight > element.clientHeight + 1;
    if (overflows && current.perPage > 1) setFit({ ...current, perPage: current.perPage - 1 });
    else if (current !== fit) setFit(current);
  });

  const page = current.starts.length - 1;
  const from = Math.min(current.starts[page], Math.max(0, total - 1));
  const count = Math.max(0, Math.min(current.perPage, total - from));
  const pages = page + Math.max(1, Math.ceil((total - from) / current.perPage));
  const turn = (to: number) => {
    if (to < 0 || to >= pages || to === page) return;
    setFit({ ...current, starts: to > page ? [...current.starts, from + current.perPage] : current.starts.slice(0, to + 1) });
  };
  return { from, count, page, pages, turn };
}
