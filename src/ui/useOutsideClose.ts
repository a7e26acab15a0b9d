// A popover closes on a click outside it, as popovers do; inside a shadow root it listens there.

import { useEffect, type RefObject } from 'react';

export function useOutsideClose(container: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const element = container.current;
    if (!element) return;
    const root = element.getRootNode() as Document | ShadowRoot;
    const onPointerDown = (event: Event) => {
      if (!event.composedPath().includes(element)) close();
    };
    root.addEventListener('pointerdown', onPointerDown);
    return () => root.removeEventListener('pointerdown', onPointerDown);
  }, [container, open, close]);
}
