// Escape closes a non-modal panel wherever the focus is — in it, or on the player after a click on
// step — unless another dialog or a field being typed in takes the key.

import { useEffect, type RefObject } from 'react';

const TYPING = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

export function useEscapeClose(panel: RefObject<HTMLElement | null>, close: () => void): void {
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const root = element.getRootNode() as Document | ShadowRoot;
    const onKey = (event: Event) => {
      const key = event as KeyboardEvent;
      if (key.key !== 'Escape' || key.defaultPrevented) return;
      const target = key.composedPath()[0] as HTMLElement | undefined;
      const inside = target instanceof Node && element.contains(target);
      if (!inside && target && (TYPING.has(target.tagName) || target.closest?.('[role="dialog"]'))) return;
      key.stopPropagation();
      close();
    };
    root.addEventListener('keydown', onKey);
    return () => root.removeEventListener('keydown', onKey);
  }, [panel, close]);
}
