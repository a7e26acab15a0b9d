// Full screen for the presenter's root where the Fullscreen API exists (asked for at once, while the
// click that opened it still counts as a user gesture); a full-viewport overlay otherwise. Leaving
// full screen by the browser's own Escape leaves the presenter too.

import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

export interface Fullscreen {
  supported: boolean;
  active: boolean;
  toggle(): void;
}

/**
 * Elements full screen was asked for once already: React's development double run of effects would
 * otherwise ask again after the first request used up the click's user activation.
 */
const asked = new WeakSet<Element>();

function canFullscreen(element: HTMLElement | null): boolean {
  return !!element && typeof element.requestFullscreen === 'function' && typeof document !== 'undefined' && document.fullscreenEnabled !== false;
}

export function useFullscreen(root: RefObject<HTMLElement | null>, onBrowserExit: () => void, auto = true): Fullscreen {
  const [active, setActive] = useState(false);
  const [supported, setSupported] = useState(false);
  /** Set while we leave full screen ourselves (F, the button), so that is not taken for Escape. */
  const leaving = useRef(false);
  const exit = useRef(onBrowserExit);
  exit.current = onBrowserExit;

  useEffect(() => {
    const element = root.current;
    if (!canFullscreen(element)) return;
    setSupported(true);
    const onChange = () => {
      const now = document.fullscreenElement === element;
      setActive(now);
      if (!now && !leaving.current) exit.current();
      leaving.current = false;
    };
    document.addEventListener('fullscreenchange', onChange);
    if (auto && !asked.has(element!)) {
      asked.add(element!);
      element!.requestFullscreen().catch(() => undefined);
    }
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      if (document.fullscreenElement === element) document.exitFullscreen().catch(() => undefined);
    };
  }, [root, auto]);

  const toggle = useCallback(() => {
    const element = root.current;
    if (!canFullscreen(element)) return;
    if (document.fullscreenElement === element) {
      leaving.current = true;
      document.exitFullscreen().catch(() => {
        leaving.current = false;
      });
    } else element!.requestFullscreen().catch(() => undefined);
  }, [root]);

  return { supported, active, toggle };
}
