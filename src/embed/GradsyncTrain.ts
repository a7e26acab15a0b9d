// <gradsync-train>: the training step as a figure in any page. Attributes are train.html's address
// keys plus controls and theme; a bad value is one small line at the figure's foot and the default.
// It renders into its own shadow root; its links go to the app the module was published with.

import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { TrainingEmbed } from '../ui/training/TrainingEmbed';
import { formatTrainingUrl } from '../ui/training/trainingSettings';
import { APP_BASE } from './appBase';
import { shadowMount, TRAIN_SHADOW_STYLES } from './styles';
import { readTrainSettings, TRAIN_KEYS } from './trainSettings';

export class GradsyncTrain extends HTMLElement {
  /** HTML lowers attribute names (bucketMb is bucketmb); getAttribute lowers what it is asked too. */
  static get observedAttributes(): string[] {
    return TRAIN_KEYS.map((key) => key.toLowerCase());
  }

  #mount: HTMLDivElement;
  #root: Root | null = null;

  constructor() {
    super();
    this.#mount = shadowMount(this, TRAIN_SHADOW_STYLES);
  }

  connectedCallback(): void {
    if (this.#root) return;
    this.#root = createRoot(this.#mount);
    this.#render();
  }

  disconnectedCallback(): void {
    this.#root?.unmount();
    this.#root = null;
  }

  attributeChangedCallback(_name: string, previous: string | null, value: string | null): void {
    if (previous !== value) this.#render();
  }

  /** A change of attributes starts the figure again from them, whatever the reader changed. */
  #render(): void {
    if (!this.#root) return;
    const { settings, notices, controls, theme } = readTrainSettings((key) => this.getAttribute(key));
    this.#root.render(createElement(TrainingEmbed, { key: formatTrainingUrl(settings), initial: settings, notices, controls, theme, appBase: APP_BASE }));
  }
}
