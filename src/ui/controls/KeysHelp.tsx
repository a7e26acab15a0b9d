// "Keys" in the app's header, or ? anywhere in the app: a small panel listing the keys that drive the
// app (appKeys.ts), then those of the presenter that P opens (presenterKeys.ts). Escape, ? again or a
// click outside closes it, and focus goes back to the button.

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useOutsideClose } from '../useOutsideClose';
import { PRESENTER_KEYS } from '../present/presenterKeys';
import { APP_KEYS, KEYS_KEY, PRESENT_KEY } from './appKeys';
import { KeysList } from './KeysList';
import { isAppKey } from './useKeyboardControls';

export function KeysHelp() {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();
  const close = useCallback(() => setOpen(false), []);
  useOutsideClose(container, open, close);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // The list itself is a dialog: its own ? closes it.
      const inList = panel.current?.contains(event.target as Node) ?? false;
      if (event.key !== KEYS_KEY || event.ctrlKey || event.metaKey || event.altKey || !(inList || isAppKey(event))) return;
      event.preventDefault();
      setOpen((was) => !was);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) panel.current?.focus();
    else if (wasOpen.current) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <div className="gs-keys" ref={container}>
      <button
        ref={button}
        type="button"
        className="gs-button gs-keys-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-keyshortcuts={KEYS_KEY}
        title={`Keys (${KEYS_KEY})`}
        onClick={() => setOpen((was) => !was)}
      >
        Keys
      </button>
      {open && (
        <div
          ref={panel}
          id={id}
          className="gs-keys-panel gs-panel"
          role="dialog"
          aria-modal="false"
          aria-label="Keys"
          tabIndex={-1}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            close();
          }}
        >
          <h2>Keys</h2>
          <KeysList keys={APP_KEYS} />
          <h3 className="gs-keys-presenter">Presenter ({PRESENT_KEY})</h3>
          <KeysList keys={PRESENTER_KEYS} />
        </div>
      )}
    </div>
  );
}
