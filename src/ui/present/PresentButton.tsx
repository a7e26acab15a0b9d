// "Present" in the app's header, or P anywhere in the app: opens the presenter on the app's own store
// (so the URL keeps following), in the app's current theme, and gives focus back to the button on exit
// (Esc). Inside the presenter P turns the narration's pages back; the presenter keeps it to itself.

import { useEffect, useRef, useState } from 'react';
import { PRESENT_KEY } from '../controls/appKeys';
import { isAppKey } from '../controls/useKeyboardControls';
import { useSimStore } from '../StoreContext';
import { PresenterMode, type PresenterTheme } from './PresenterMode';

export function PresentButton() {
  const store = useSimStore();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState<{ theme?: PresenterTheme } | null>(null);
  const start = () => {
    const attribute = button.current?.closest('.gs-root')?.getAttribute('data-theme');
    setOpen({ theme: attribute === 'light' || attribute === 'dark' ? attribute : undefined });
  };
  const exit = () => setOpen(null);
  // Focus goes back to the button once the presenter has gone: while its root (which had the focus)
  // is still in the page, or full screen still ending, the page would take the focus back to its body.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open !== null;
  }, [open]);
  const live = useRef({ start, open });
  live.current = { start, open };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toUpperCase() !== PRESENT_KEY || live.current.open || !isAppKey(event)) return;
      event.preventDefault();
      live.current.start();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="gs-button gs-present-button"
        onClick={start}
        aria-label="Present: full screen, large type (classroom)"
        aria-keyshortcuts={PRESENT_KEY}
        title={`Present (${PRESENT_KEY}): full screen, large type`}
      >
        ▶ Present
      </button>
      {open && <PresenterMode store={store} theme={open.theme} onExit={exit} />}
    </>
  );
}
