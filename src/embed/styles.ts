// Every stylesheet of the figure as one string for its shadow root: the host page's rules cannot
// reach inside, and ours never reach out. `all: initial` stops the host's inherited properties
// (letter-spacing, font-style, text-align …) at the element; custom properties still pass, so a host
// may set --gradsync-picture-height.

import appStyles from '../ui/styles/index.css?inline';
import embedStyles from './embed.css?inline';

const HOST_STYLES = `
:host { all: initial; display: block; }
:host([hidden]) { display: none; }
`;

export const SHADOW_STYLES = `${HOST_STYLES}\n${appStyles}\n${embedStyles}`;
