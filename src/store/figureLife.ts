// The lifecycle of an embedded figure (the <gradsync-sim> element), kept with the store it drives so
// the element holds one state instead of flags: when it may start GPU work, autoplay, and resume.

import { Lifecycle, type Transitions } from '../core/lifecycle';

/**
 * Where the figure is: detached (not in a page); unseen (attached, not yet on screen: no GPU work, no
 * autoplay yet); visible; hidden (was seen, now off-screen); paused-offscreen (was playing when it
 * left the screen, and plays again when it comes back).
 */
export type FigureLife = 'detached' | 'unseen' | 'visible' | 'hidden' | 'paused-offscreen';

const FIGURE_TRANSITIONS: Transitions<FigureLife> = {
  detached: ['unseen'],
  unseen: ['visible', 'detached'],
  visible: ['hidden', 'paused-offscreen', 'detached'],
  hidden: ['visible', 'detached'],
  // play() or pause() while away is the reader's choice: nothing resumes on return.
  'paused-offscreen': ['visible', 'hidden', 'detached'],
};

export function figureLife(): Lifecycle<FigureLife> {
  return new Lifecycle<FigureLife>('gradsync-sim', 'detached', FIGURE_TRANSITIONS);
}
