// The header wraps to a second row when it holds more (a loaded schedule's chip, a narrow window);
// the picture's height subtracts what the header really takes, so the player stays on screen.

import { useLayoutEffect, type RefObject } from 'react';

export function useHeaderHeight(root: RefObject<HTMLElement | null>, header: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const box = header.current;
    const frame = root.current;
    if (!box || !frame || typeof ResizeObserver !== 'function') return;
    const write = () => frame.style.setProperty('--gs-header-height', `${Math.round(box.getBoundingClientRect().height)}px`);
    write();
    const observer = new ResizeObserver(write);
    observer.observe(box);
    return () => observer.disconnect();
  }, [root, header]);
}
