// Space, ←, →, Home and End drive the player of this app root, unless the user is typing or a dialog
// takes the keys. A panel that watches the run (the inspector) marks itself data-player-keys, so the
// player keeps stepping while it is open.

import { useEffect, type RefObject } from 'react';
import type { SimStore } from '../../store/simStore';

const TYPING = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

export function useKeyboardControls(store: SimStore, root: RefObject<HTMLElement | null>, global: boolean): void {
  useEffect(() => {
    const target: HTMLElement | Document | null = global ? document : root.current;
    if (!target) return;
    const onKey = (event: Event) => {
      const key = event as KeyboardEvent;
      if (key.altKey || key.ctrlKey || key.metaKey) return;
      const element = key.target as HTMLElement | null;
      if (element && (TYPING.has(element.tagName) || element.isContentEditable)) return;
      const dialog = element?.closest?.('[role="dialog"]');
      if (dialog && !dialog.hasAttribute('data-player-keys')) return;
      const state = store.getState();
      const actions: Record<string, () => void> = {
        ' ': state.togglePlay,
        ArrowLeft: state.stepBack,
        ArrowRight: state.stepForward,
        Home: state.toStart,
        End: state.toEnd,
      };
      const action = actions[key.key];
      // Space on a button presses the button; only elsewhere does it play.
      if (!action || (key.key === ' ' && element?.tagName === 'BUTTON')) return;
      key.preventDefault();
      action();
    };
    target.addEventListener('keydown', onKey);
    return () => target.removeEventListener('keydown', onKey);
  }, [store, root, global]);
}
