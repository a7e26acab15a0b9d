// Space, ←, →, Home and End drive the player of this app root, unless the user is typing or a dialog
// takes the keys (P, which opens the presenter, follows the same rule: PresentButton). A panel that watches the run (the inspector) marks itself data-player-keys, so the
// player keeps stepping while it is open.

import { useEffect, type RefObject } from 'react';
import type { SimStore } from '../../store/simStore';

const TYPING = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

/** A key meant for the app's own keys: no modifier, not typed into a field, not kept by a dialog. */
export function isAppKey(key: KeyboardEvent): boolean {
  if (key.altKey || key.ctrlKey || key.metaKey) return false;
  const element = key.target as HTMLElement | null;
  if (element && (TYPING.has(element.tagName) || element.isContentEditable)) return false;
  const dialog = element?.closest?.('[role="dialog"]');
  return !dialog || dialog.hasAttribute('data-player-keys');
}

export function useKeyboardControls(store: SimStore, root: RefObject<HTMLElement | null>, global: boolean): void {
  useEffect(() => {
    const target: HTMLElement | Document | null = global ? document : root.current;
    if (!target) return;
    const onKey = (event: Event) => {
      const key = event as KeyboardEvent;
      if (!isAppKey(key)) return;
      const element = key.target as HTMLElement | null;
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
