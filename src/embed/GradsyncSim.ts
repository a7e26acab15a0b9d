// <gradsync-sim>: a live figure in any page. Attributes are the app's URL keys (a `schedule` in
// place of the algorithm, as the app's links carry it) plus autoplay, controls and theme; a JS API (step, back, reset, play, pause, currentStep, totalSteps) and a
// `gradsync-step` event let prose drive it. Each element has its own store and engine, renders into
// its own shadow root, starts GPU work only once visible and pauses while off-screen. A step the
// reader takes, in the figure or from the page's buttons, brings its picture into view (readerSteps.ts).

import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { figureLife } from '../store/figureLife';
import { SHARED_NAME } from '../store/loadedSchedule';
import { createSimStore, totalSteps, type Sim, type SimState, type SimStore } from '../store/simStore';
import type { SimConfig } from '../store/config';
import { EmbedFrame } from '../ui/app/EmbedFrame';
import { lazyGpu } from './lazyGpu';
import { followReaderSteps, type ReaderSteps } from './readerSteps';
import { URL_KEYS } from '../store/url';
import { watchPageTheme, type PageTheme } from './pageTheme';
import { OWN_KEYS, readSettings, unknownAttributes, type EmbedSettings } from './settings';
import { SHADOW_STYLES, shadowMount } from './styles';

export interface GradsyncStepDetail {
  step: number;
  total: number;
}

interface Live {
  store: SimStore;
  root: Root;
  observer: IntersectionObserver | null;
  reader: ReaderSteps;
  unsubscribe(): void;
}

/** Shape keys follow a loaded schedule, not the attributes, while one is shown. */
const SCHEDULE_DECIDES: readonly (keyof SimConfig)[] = ['collective', 'algorithm', 'devices', 'chunks'];

/** The keys whose attribute values differ from what the figure shows. */
function configChanges(wanted: SimConfig, state: SimState): Partial<SimConfig> {
  const patch: Partial<SimConfig> = {};
  for (const key of Object.keys(wanted) as (keyof SimConfig)[]) {
    if (state.custom && SCHEDULE_DECIDES.includes(key)) continue;
    if (wanted[key] !== state.config[key]) Object.assign(patch, { [key]: wanted[key] });
  }
  return patch;
}

export class GradsyncSim extends HTMLElement {
  /** HTML lowers attribute names (latencyUs is latencyus); getAttribute lowers what it is asked too. */
  static get observedAttributes(): string[] {
    return [...URL_KEYS, ...OWN_KEYS].map((key) => key.toLowerCase());
  }

  #mount: HTMLDivElement;
  #live: Live | null = null;
  #settings: EmbedSettings | null = null;
  #life = figureLife();
  /** The page's theme, which theme="auto" follows, and how to stop watching it. */
  #pageTheme: PageTheme = 'light';
  #unwatchTheme: (() => void) | null = null;
  /** The step shown when the element was last detached, so moving it in the page keeps its place. */
  #detachedStep: number | null = null;

  constructor() {
    super();
    this.#mount = shadowMount(this, SHADOW_STYLES);
  }

  connectedCallback(): void {
    if (this.#live) return;
    const settings = readSettings((key) => this.getAttribute(key));
    settings.notices.push(...unknownAttributes(this.getAttributeNames(), [...URL_KEYS, ...OWN_KEYS]));
    this.#settings = settings;
    const gpu = lazyGpu();
    const store = createSimStore({
      config: settings.config,
      schedule: settings.schedule,
      step: this.#detachedStep ?? settings.step,
      notices: settings.notices,
      gpu: gpu.source,
    });
    let last: GradsyncStepDetail = { step: store.getState().step, total: totalSteps(store.getState()) };
    const unsubscribe = store.subscribe((state) => {
      const now = { step: state.step, total: totalSteps(state) };
      if (now.step === last.step && now.total === last.total) return;
      last = now;
      this.dispatchEvent(new CustomEvent<GradsyncStepDetail>('gradsync-step', { detail: now, bubbles: true, composed: true }));
    });
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => this.#onVisibility(entries[entries.length - 1].isIntersecting, gpu.release))
        : null;
    if (observer) observer.observe(this);
    else gpu.release();
    const shadow = this.shadowRoot!;
    const reader = followReaderSteps(shadow, store, () => shadow.querySelector('.gs-devices'));
    this.#live = { store, root: createRoot(this.#mount), observer, reader, unsubscribe };
    const theme = watchPageTheme(this, (now) => {
      this.#pageTheme = now;
      this.#render();
    });
    this.#pageTheme = theme.now;
    this.#unwatchTheme = theme.stop;
    this.#life.to('unseen');
    this.#render();
  }

  disconnectedCallback(): void {
    const live = this.#live;
    if (!live) return;
    this.#live = null;
    this.#detachedStep = live.store.getState().step;
    this.#life.to('detached');
    this.#unwatchTheme?.();
    this.#unwatchTheme = null;
    live.observer?.disconnect();
    live.reader.dispose();
    live.unsubscribe();
    live.root.unmount();
    live.store.getState().dispose();
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    const live = this.#live;
    if (!live || previous === value) return;
    const settings = readSettings((key) => this.getAttribute(key));
    const state = live.store.getState();
    for (const text of settings.notices) if (!state.notices.some((n) => n.text === text)) state.notify('warning', text);
    if (name === 'schedule') {
      if (settings.schedule) state.loadSchedule(settings.schedule, SHARED_NAME);
      else if (state.custom) state.clearCustom();
    }
    const patch = configChanges(settings.config, live.store.getState());
    if (Object.keys(patch).length > 0) live.store.getState().setConfig(patch);
    if (name === 'step') live.reader.asReader(() => live.store.getState().seek(settings.step));
    if (name === 'autoplay') {
      if (settings.autoplay && this.#life.is('visible')) live.store.getState().play();
      if (!settings.autoplay) live.store.getState().pause();
    }
    this.#settings = settings;
    this.#render();
  }

  /** Steps applied (0 before the first step). */
  get currentStep(): number {
    return this.#live?.store.getState().step ?? this.#detachedStep ?? 0;
  }

  /** Steps in the schedule (ring on 4 devices: 6); 0 when nothing can be shown. */
  get totalSteps(): number {
    return this.#live ? totalSteps(this.#live.store.getState()) : 0;
  }

  step(): void {
    this.#act((state) => state.stepForward());
  }

  back(): void {
    this.#act((state) => state.stepBack());
  }

  reset(): void {
    this.#act((state) => state.toStart());
  }

  play(): void {
    this.#chosenWhileAway();
    this.#act((state) => state.play());
  }

  pause(): void {
    this.#chosenWhileAway();
    this.#live?.store.getState().pause();
  }

  /** An action of the JS API, the reader's when a click or key of theirs called it. */
  #act(action: (sim: Sim) => void): void {
    const live = this.#live;
    live?.reader.asReader(() => action(live.store.getState()));
  }

  /** A play or pause asked for while the figure is off-screen replaces the automatic resume. */
  #chosenWhileAway(): void {
    if (this.#life.is('paused-offscreen')) this.#life.to('hidden');
  }

  #onVisibility(visible: boolean, releaseGpu: () => void): void {
    const live = this.#live;
    if (!live) return;
    const state = live.store.getState();
    if (visible) {
      if (this.#life.is('visible')) return;
      const resume = this.#life.is('paused-offscreen') || (this.#life.is('unseen') && this.#settings?.autoplay === true);
      this.#life.to('visible');
      releaseGpu();
      if (resume) state.play();
    } else if (this.#life.is('visible')) {
      const playing = state.playing;
      this.#life.to(playing ? 'paused-offscreen' : 'hidden');
      if (playing) state.pause();
    }
  }

  #render(): void {
    const live = this.#live;
    const settings = this.#settings;
    if (!live || !settings) return;
    live.root.render(
      createElement(EmbedFrame, { store: live.store, controls: settings.controls, theme: settings.theme === 'auto' ? this.#pageTheme : settings.theme }),
    );
  }
}
