// Focus for panels that open on demand: into the panel when it mounts (its [data-autofocus]
// element, else the panel), and back to what had focus before when it unmounts.

import { useEffect, type RefObject } from 'react';

export function useReturnFocus(panel: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    // In a shadow root the document only sees the host; the root knows the focused element.
    const root = element.getRootNode() as Document | ShadowRoot;
    const previous = root.activeElement;
    const target = element.querySelector<HTMLElement>('[data-autofocus]') ?? element;
    target.focus();
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, [panel]);
}
