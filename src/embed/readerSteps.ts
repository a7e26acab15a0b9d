// A step the reader takes shows its picture. On a phone a figure is about as tall as the screen, and
// the page's own buttons sit below it: a step taken from there would change a picture out of view.
// So when the reader steps or plays a figure (its own buttons and keys, or the page's buttons through
// its JS API) while its picture is mostly off screen, the page scrolls just far enough to show the
// picture. A picture already in view never moves the page, and neither do steps no reader asked for:
// a script's at load or on scroll, and those of a figure playing.

import type { SimStore } from '../store/simStore';

/** The share of the picture (of the screen, for a picture taller than it) on screen that is "in view". */
const IN_VIEW = 0.9;

/** The figure's own input events, during which a step is the reader's. */
const INPUTS = ['click', 'keydown', 'input', 'change'] as const;

/** Whether a box from `top` to `bottom` (px from the top of a screen `screen` px tall) is in view. */
export function inView({ top, bottom }: { top: number; bottom: number }, screen: number): boolean {
  const shown = Math.min(bottom, screen) - Math.max(top, 0);
  return shown >= IN_VIEW * Math.min(bottom - top, screen);
}

export interface ReaderSteps {
  /** Runs `act` (a step, back, reset or play asked through the JS API) as the reader's when a click or key of theirs is being handled. */
  asReader(act: () => void): void;
  dispose(): void;
}

/**
 * Watches `store` for steps the reader takes in `shadow` (the figure) or through `asReader`, and
 * brings `picture()` into view for each while it is out of view.
 */
export function followReaderSteps(shadow: ShadowRoot, store: SimStore, picture: () => Element | null): ReaderSteps {
  let reader = false;
  const begin = (event: Event) => {
    if (!event.isTrusted) return;
    reader = true;
    // Also where a handler inside stops the event before it reaches `end`.
    setTimeout(end, 0);
  };
  const end = () => {
    reader = false;
  };
  for (const type of INPUTS) {
    shadow.addEventListener(type, begin, true);
    shadow.addEventListener(type, end);
  }

  const show = () => {
    const element = picture();
    if (!element || inView(element.getBoundingClientRect(), document.documentElement.clientHeight)) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    element.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: still ? 'auto' : 'smooth' });
  };

  let last = store.getState();
  const unsubscribe = store.subscribe((state) => {
    const moved = state.step !== last.step || (state.playing && !last.playing);
    last = state;
    if (moved && reader) show();
  });

  return {
    asReader(act) {
      const before = reader;
      reader = navigator.userActivation?.isActive ?? false;
      try {
        act();
      } finally {
        reader = before;
      }
    },
    dispose() {
      unsubscribe();
      for (const type of INPUTS) {
        shadow.removeEventListener(type, begin, true);
        shadow.removeEventListener(type, end);
      }
    },
  };
}
