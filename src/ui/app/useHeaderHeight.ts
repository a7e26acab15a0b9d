// The header wraps to a second row when it holds more (a loaded schedule's chip, a narrow window);
// the picture's height subtracts what the header really takes, so the player stays on screen.
// The height is read from the observer's entry, which layout has just measured, and written only when
// it changes: asking the element for its box instead would lay out the whole page again at that
// moment (tens of milliseconds on 1024 devices), and a new value restyles the whole frame.

import { useLayoutEffect, type RefObject } from 'react';

export function useHeaderHeight(root: RefObject<HTMLElement | null>, header: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const box = header.current;
    const frame = root.current;
    if (!box || !frame || typeof ResizeObserver !== 'function') return;
    let written = -1;
    // An observer reports every element it observes once, before the first paint after observing it.
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      const height = Math.round(entry.borderBoxSize?.[0]?.blockSize ?? box.getBoundingClientRect().height);
      if (height === written) return;
      written = height;
      frame.style.setProperty('--gs-header-height', `${height}px`);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [root, header]);
}
