// <gradsync-train>: the training step as a figure in any page. Attributes are train.html's address
// keys plus controls and theme; a bad value is one small line at the figure's foot and the default.
// It renders into its own shadow root; its links go to the app the module was published with. In a
// phone's column it opens its ports, words and memory bars on request, and grows then (disclosureRoom.ts).

import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { TrainingEmbed } from '../ui/training/TrainingEmbed';
import { formatTrainingUrl } from '../ui/training/trainingSettings';
import { APP_BASE } from './appBase';
import { growWithDisclosures, OPEN_ATTRIBUTE } from './disclosureRoom';
import { watchPageTheme, type PageTheme } from './pageTheme';
import { shadowMount, TRAIN_SHADOW_STYLES } from './styles';
import { unknownAttributes } from './settings';
import { readTrainSettings, TRAIN_KEYS } from './trainSettings';

export class GradsyncTrain extends HTMLElement {
  /** HTML lowers attribute names (bucketMb is bucketmb); getAttribute lowers what it is asked too. */
  static get observedAttributes(): string[] {
    return TRAIN_KEYS.map((key) => key.toLowerCase());
  }

  #mount: HTMLDivElement;
  #root: Root | null = null;
  #stopGrowing: (() => void) | null = null;
  /** The settings shown, as train.html's address: the figure starts again when they change. */
  #key: string | null = null;
  /** The page's theme, which theme="auto" follows, and how to stop watching it. */
  #pageTheme: PageTheme = 'light';
  #unwatchTheme: (() => void) | null = null;

  constructor() {
    super();
    this.#mount = shadowMount(this, TRAIN_SHADOW_STYLES);
  }

  connectedCallback(): void {
    if (this.#root) return;
    this.#root = createRoot(this.#mount);
    this.#stopGrowing = growWithDisclosures(this.shadowRoot!, this);
    const theme = watchPageTheme(this, (now) => {
      this.#pageTheme = now;
      this.#render();
    });
    this.#pageTheme = theme.now;
    this.#unwatchTheme = theme.stop;
    this.#render();
  }

  disconnectedCallback(): void {
    this.#root?.unmount();
    this.#root = null;
    this.#stopGrowing?.();
    this.#stopGrowing = null;
    this.#unwatchTheme?.();
    this.#unwatchTheme = null;
    this.#key = null;
    this.removeAttribute(OPEN_ATTRIBUTE);
  }

  attributeChangedCallback(_name: string, previous: string | null, value: string | null): void {
    if (previous !== value) this.#render();
  }

  /** A change of attributes starts the figure again from them, whatever the reader changed: new settings with every disclosure closed. */
  #render(): void {
    if (!this.#root) return;
    const read = readTrainSettings((key) => this.getAttribute(key));
    const { settings, controls, theme } = read;
    const notices = [...read.notices, ...unknownAttributes(this.getAttributeNames(), TRAIN_KEYS)];
    const key = formatTrainingUrl(settings);
    if (key !== this.#key) this.removeAttribute(OPEN_ATTRIBUTE);
    this.#key = key;
    this.#root.render(
      createElement(TrainingEmbed, { key, initial: settings, notices, controls, theme: theme === 'auto' ? this.#pageTheme : theme, appBase: APP_BASE }),
    );
  }
}
