// Every stylesheet of the figure as one string for its shadow root: the host page's rules cannot
// reach inside, and ours never reach out, but for reserve.css, the room each figure keeps, which
// must size the element itself in the page. `all: initial` stops the host's inherited properties
// (letter-spacing, font-style, text-align …) at the element; custom properties still pass, so a host
// may set --gradsync-picture-height.

import appStyles from '../ui/styles/index.css?inline';
import trainingStyles from '../ui/styles/training.css?inline';
import embedStyles from './embed.css?inline';
import reserveStyles from './reserve.css?inline';

const HOST_STYLES = `
:host { all: initial; display: block; }
:host([hidden]) { display: none; }
`;

export const SHADOW_STYLES = `${HOST_STYLES}\n${appStyles}\n${embedStyles}`;

/** <gradsync-train>'s: the figure's, and the training view's. */
export const TRAIN_SHADOW_STYLES = `${SHADOW_STYLES}\n${trainingStyles}`;

/** An open shadow root on `host` with `styles`, and the element a figure renders into (it fills the host). */
export function shadowMount(host: HTMLElement, styles: string): HTMLDivElement {
  const shadow = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = styles;
  const mount = document.createElement('div');
  mount.className = 'gs-mount';
  shadow.append(style, mount);
  return mount;
}

/**
 * reserve.css in the page, once, before the page's own styles so that an author's rule for a figure
 * still wins. A page that links embed/gradsync-embed.css has the same rules before this runs.
 */
export function reserveRoom(): void {
  if (document.querySelector('style[data-gradsync-reserve]')) return;
  const style = document.createElement('style');
  style.dataset.gradsyncReserve = '';
  style.textContent = reserveStyles;
  document.head.prepend(style);
}
