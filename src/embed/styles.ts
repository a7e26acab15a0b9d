// Every stylesheet of the figure as one string for its shadow root: the host page's rules cannot
// reach inside, and ours never reach out. `all: initial` stops the host's inherited properties
// (letter-spacing, font-style, text-align …) at the element; custom properties still pass, so a host
// may set --gradsync-picture-height.

import appStyles from '../ui/styles/index.css?inline';
import trainingStyles from '../ui/styles/training.css?inline';
import embedStyles from './embed.css?inline';

const HOST_STYLES = `
:host { all: initial; display: block; }
:host([hidden]) { display: none; }
`;

export const SHADOW_STYLES = `${HOST_STYLES}\n${appStyles}\n${embedStyles}`;

/** <gradsync-train>'s: the figure's, and the training view's. */
export const TRAIN_SHADOW_STYLES = `${SHADOW_STYLES}\n${trainingStyles}`;

/** An open shadow root on `host` with `styles`, and the element a figure renders into. */
export function shadowMount(host: HTMLElement, styles: string): HTMLDivElement {
  const shadow = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = styles;
  const mount = document.createElement('div');
  shadow.append(style, mount);
  return mount;
}
