// "Present" in the app's header: opens the presenter on the app's own store (so the URL keeps
// following), in the app's current theme, and gives focus back to the button on exit.

import { useRef, useState } from 'react';
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
  const exit = () => {
    setOpen(null);
    button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="gs-button gs-present-button"
        onClick={start}
        aria-label="Present: full screen, large type (classroom)"
        title="Present (full screen, large type)"
      >
        ▶ Present
      </button>
      {open && <PresenterMode store={store} theme={open.theme} onExit={exit} />}
    </>
  );
}
