// A step the reader takes shows its picture, but never at the cost of the control they pressed. On a
// phone a figure is about as tall as the screen, and the page's own buttons sit below it: a step taken
// from there would change a picture out of view, yet scrolling the whole picture into view would carry
// the button away, and the next tap would miss it. So when the reader steps or plays a figure (its own
// buttons and keys, or the page's buttons through its JS API) while its picture is mostly off screen,
// the page scrolls towards the picture only as far as keeps the pressed control on screen. A picture
// already in view never moves the page, and neither do steps no reader asked for: a script's at load
// or on scroll, and those of a figure playing.

import type { SimStore } from '../store/simStore';

/** The share of the picture (of the screen, for a picture taller than it) on screen that is "in view". */
const IN_VIEW = 0.9;

/** The least share of the picture (of the screen, for a taller one) a scroll must bring into view. */
const SHOWN_ENOUGH = 0.5;

/** Kept between the screen's edge and the picture or the control a scroll brings to it. */
const EDGE_PX = 8;

/** The figure's own input events, during which a step is the reader's. */
const INPUTS = ['click', 'keydown', 'input', 'change'] as const;

/** What a reader presses: the target of their click or key is inside one of these, or is itself the control. */
const CONTROLS = 'button, a[href], input, select, textarea, summary, [role="button"], [tabindex]';

/** A box from `top` to `bottom`, in px from the top of the screen. */
interface Span {
  top: number;
  bottom: number;
}

/** Whether at least `share` of a box (of the screen, for a box taller than it) is on a screen `screen` px tall. */
function shows({ top, bottom }: Span, screen: number, share: number): boolean {
  const shown = Math.min(bottom, screen) - Math.max(top, 0);
  return shown >= share * Math.min(bottom - top, screen);
}

/** Whether a box is in view on a screen `screen` px tall. */
export function inView(box: Span, screen: number): boolean {
  return shows(box, screen, IN_VIEW);
}

/**
 * How far to scroll the page (px, down positive) to show `picture` on a screen `screen` px tall: as
 * far as the nearest edge brings it (its top, for a picture taller than the screen), but never so far
 * that `control`, when there is one, leaves the screen. A control off screen already is not chased.
 * Where the control, kept on screen, leaves less than half the picture in view, the page stays: a
 * jump that still does not show the picture only loses the reader's place.
 */
export function scrollToShow(picture: Span, control: Span | null, screen: number): number {
  const room = screen - 2 * EDGE_PX;
  let wanted = 0;
  if (picture.top < EDGE_PX || picture.bottom - picture.top > room) wanted = picture.top - EDGE_PX;
  else if (picture.bottom > screen - EDGE_PX) wanted = picture.bottom - (screen - EDGE_PX);
  if (!control) return wanted;
  // The scrolls up (least) and down (most) that keep the control on screen; none towards a control
  // already past an edge.
  const least = Math.min(control.bottom - (screen - EDGE_PX), 0);
  const most = Math.max(control.top - EDGE_PX, 0);
  const scroll = Math.min(Math.max(wanted, least), most);
  return shows({ top: picture.top - scroll, bottom: picture.bottom - scroll }, screen, SHOWN_ENOUGH) ? scroll : 0;
}

/** The element that has focus, inside shadow roots too. */
function focused(): Element | null {
  let element = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element === document.body ? null : element;
}

export interface ReaderSteps {
  /** Runs `act` (a step, back, reset or play asked through the JS API) as the reader's when a click or key of theirs is being handled. */
  asReader(act: () => void): void;
  dispose(): void;
}

/**
 * Watches `store` for steps the reader takes in `shadow` (the figure) or through `asReader`, and
 * brings `picture()` towards view for each while it is out of view, keeping the control they pressed
 * on screen.
 */
export function followReaderSteps(shadow: ShadowRoot, store: SimStore, picture: () => Element | null): ReaderSteps {
  let reader = false;
  /** The control of the reader's input being handled, in the figure or in the page. */
  let pressed: Element | null = null;
  const press = (event: Event) => {
    if (!event.isTrusted) return;
    const target = event.composedPath()[0];
    pressed = target instanceof Element ? (target.closest(CONTROLS) ?? target) : null;
    // Also where a handler inside stops the event before it is done.
    setTimeout(() => (pressed = null), 0);
  };
  const begin = (event: Event) => {
    if (!event.isTrusted) return;
    reader = true;
    setTimeout(end, 0);
  };
  const end = () => {
    reader = false;
  };
  for (const type of INPUTS) {
    window.addEventListener(type, press, true);
    shadow.addEventListener(type, begin, true);
    shadow.addEventListener(type, end);
  }

  const show = () => {
    const element = picture();
    const screen = document.documentElement.clientHeight;
    if (!element || inView(element.getBoundingClientRect(), screen)) return;
    const control = pressed ?? focused();
    // Keys on the figure itself (its frame has focus) press nothing apart from the picture.
    const apart = control && !control.contains(element) ? control.getBoundingClientRect() : null;
    const by = scrollToShow(element.getBoundingClientRect(), apart, screen);
    if (Math.abs(by) < 1) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollBy({ top: by, behavior: still ? 'auto' : 'smooth' });
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
        window.removeEventListener(type, press, true);
        shadow.removeEventListener(type, begin, true);
        shadow.removeEventListener(type, end);
      }
    },
  };
}
