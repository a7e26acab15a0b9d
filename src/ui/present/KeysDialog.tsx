// A room's list of keys on ?, large over the picture: the presenter's (presenterKeys.ts, which its key
// strip and the app's list show too) or the race's (raceKeys.ts). While it is open the other keys
// wait: only ? and Esc, which close it (PresenterMode, useRaceKeys), go on past it; a click beside
// the list or on its ✕ closes it too.

import { useEffect, useId, useRef } from 'react';
import { KEYS_KEY, type AppKey } from '../controls/appKeys';
import { KeysList } from '../controls/KeysList';

export function KeysDialog({ title, keys, onClose }: { title: string; keys: readonly AppKey[]; onClose(): void }) {
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // On a button outside the exercise, Predict's own keys (useQuizKeys) wait as well.
    close.current?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' && event.key !== KEYS_KEY) event.stopPropagation();
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div
      ref={dialog}
      className="gs-presenter-help"
      role="dialog"
      aria-modal="true"
      aria-labelledby={id}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="gs-presenter-help-panel">
        <div className="gs-presenter-help-head">
          <h2 id={id}>{title}</h2>
          <button ref={close} type="button" onClick={onClose} aria-label="Close the keys (Esc)" title="Close the keys (Esc)">
            ✕
          </button>
        </div>
        <KeysList keys={keys} />
      </div>
    </div>
  );
}
