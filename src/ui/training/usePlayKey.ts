// Space plays and pauses the iteration, but not in a field, a menu, a button or a link: on the whole
// page (train.html) or while a figure has focus (an embed, so two figures never answer one key).

import { useEffect, type RefObject } from 'react';

export function usePlayKey(root: RefObject<HTMLElement | null>, scope: 'document' | 'element'): void {
  useEffect(() => {
    const target: EventTarget | null = scope === 'document' ? window : root.current;
    if (!target) return;
    const onKeyDown = (event: Event) => {
      const key = event as KeyboardEvent;
      if (key.key !== ' ' || (key.target as HTMLElement | null)?.closest?.('input, select, button, a, textarea')) return;
      key.preventDefault();
      root.current?.querySelector<HTMLButtonElement>('.gs-train-lanes-bar button')?.click();
    };
    target.addEventListener('keydown', onKeyDown);
    return () => target.removeEventListener('keydown', onKeyDown);
  }, [root, scope]);
}
