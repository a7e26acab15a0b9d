// A panel that hangs from a header button's right edge (the share menu, the schedule loader): where
// the button sits near the window's left edge (the header wrapped, on a phone) most of it would be
// off screen, so it moves right, into view.

import { useLayoutEffect, type RefObject } from 'react';

/** Least room between the panel and the window's edges (px). */
const EDGE = 8;

/** Keeps `panel` inside the window, moving it from where its button puts it as little as needed. */
export function useInView(panel: RefObject<HTMLDivElement | null>): void {
  useLayoutEffect(() => {
    const element = panel.current;
    const win = element?.ownerDocument.defaultView;
    if (!element || !win) return;
    const place = () => {
      element.style.right = '';
      const box = element.getBoundingClientRect();
      const shift = box.left < EDGE ? EDGE - box.left : Math.min(0, win.innerWidth - EDGE - box.right);
      if (shift !== 0) element.style.right = `${-shift}px`;
    };
    place();
    win.addEventListener('resize', place);
    return () => win.removeEventListener('resize', place);
  }, [panel]);
}
