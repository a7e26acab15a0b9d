// One vanilla zustand store per simulator instance (the app, or each embedded figure): the
// configuration, what follows from it, the step shown, the player, the engine and the notices.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { parseSchedule } from '../core/compile';
import { GradsyncError } from '../core/errors';
import type { Schedule } from '../core/schedule';
import { DEFAULT_CONFIG, fitDevicesPerNode, type SimConfig } from './config';
import { derive, scheduleFor, shapeKey, type Derived } from './derive';
import { EngineRunner, type EngineStatus, type GpuSource } from './engineRunner';
import { configFor, incorrectScheduleWarning, loadedScheduleName, SHARED_NAME } from './loadedSchedule';

export interface Notice {
  id: number;
  level: 'info' | 'warning' | 'error';
  text: string;
  /** 'verdict': a loaded schedule is not correct — the app's faults panel says so in full. */
  about?: 'verdict';
}

/**
 * The step change being shown: views animate a 'step' from `from` to `to` starting at `startedAt`
 * (ms); a 'jump' (scrubbing, to start, to end) shows its target at once.
 */
export interface Transition {
  kind: 'step' | 'jump';
  from: number;
  to: number;
  startedAt: number;
}

export interface Readout {
  step: number;
  /** All devices' values, device-major. */
  values: Float32Array;
  /** The devices' inputs, device-major (what each contribution is). */
  inputs: Float32Array;
}

export interface SimState {
  config: SimConfig;
  /** A schedule the user loaded; it replaces the algorithm until cleared. */
  custom: { name: string; schedule: Schedule } | null;
  derived: Derived | null;
  /** Why there is nothing to show for this configuration. */
  error: string | null;
  step: number;
  transition: Transition;
  playing: boolean;
  engine: EngineStatus | null;
  inspected: number | null;
  readout: Readout | null;
  notices: Notice[];
}

export interface SimActions {
  setConfig(patch: Partial<SimConfig>): void;
  stepForward(): void;
  stepBack(): void;
  toStart(): void;
  toEnd(): void;
  seek(step: number): void;
  play(): void;
  pause(): void;
  togglePlay(): void;
  /** Shows a schedule (JSON text, or one already validated) in place of the algorithm, from step 0. */
  loadSchedule(source: string | Schedule, name: string): boolean;
  clearCustom(): void;
  inspect(device: number | null): void;
  notify(level: Notice['level'], text: string): void;
  dismiss(id: number): void;
  dispose(): void;
}

export type Sim = SimState & SimActions;
export type SimStore = StoreApi<Sim>;

export interface SimStoreOptions {
  config?: Partial<SimConfig>;
  /** A validated schedule to show in place of the algorithm (one a link carried). */
  schedule?: Schedule;
  step?: number;
  notices?: string[];
  /** Where WebGPU comes from; null: CPU engine only. */
  gpu?: GpuSource | null;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** Configuration keys that change the schedule shown (with shapeKey, which says when they do). */
const SHAPE_KEYS = ['algorithm', 'devices', 'collective', 'chunks', 'devicesPerNode'] as const;

export function stepDurationMs(config: SimConfig): number {
  return 1000 / config.speed;
}

export function totalSteps(state: SimState): number {
  return state.derived?.schedule.steps.length ?? 0;
}

export function createSimStore(options: SimStoreOptions = {}): SimStore {
  const now = options.now ?? (() => performance.now());
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let nextNotice = 1;
  let timer: unknown = null;

  const store = createStore<Sim>()((set, get) => {
    const notice = (level: Notice['level'], text: string, about?: Notice['about']): Notice => ({ id: nextNotice++, level, text, ...(about && { about }) });

    const runner = new EngineRunner(options.gpu ?? null, (engine) => {
      const notices = get().notices;
      const reason = engine.fallbackReason;
      set({ engine, notices: reason && !notices.some((n) => n.text === reason) ? [...notices, notice('info', reason)] : notices });
      refreshReadout();
    });

    function refreshReadout(): void {
      if (get().inspected === null) return;
      void runner.read().then((readout) => {
        if (readout && readout.step === get().step && runner.inputs) set({ readout: { ...readout, inputs: runner.inputs } });
      });
    }

    /** Shows step `to`: a 'step' animates from the current one, a 'jump' does not. */
    function go(to: number, kind: Transition['kind']): void {
      const state = get();
      const target = Math.max(0, Math.min(totalSteps(state), to));
      set({ step: target, transition: { kind, from: state.step, to: target, startedAt: now() }, readout: state.readout?.step === target ? state.readout : null });
      runner.seek(target);
      refreshReadout();
    }

    function stopTimer(): void {
      if (timer !== null) clearTimer(timer);
      timer = null;
    }

    function tick(): void {
      timer = null;
      const state = get();
      if (!state.playing) return;
      if (state.step >= totalSteps(state)) {
        set({ playing: false });
        return;
      }
      go(state.step + 1, 'step');
      timer = setTimer(tick, stepDurationMs(get().config));
    }

    /** The engine's job last started, so edits that change only the model do not restart it. */
    let engineKey = '';

    /**
     * Recomputes what follows from the configuration (or loaded schedule). The schedule and its proof
     * are kept when its shape is unchanged; the engine restarts only when it runs something else.
     */
    function rebuild(config: SimConfig, custom: SimState['custom'], step: number): Partial<SimState> {
      stopTimer();
      const previous = get()?.derived ?? null;
      const previousConfig = get()?.config;
      const sameShape = !custom && !get()?.custom && previous !== null && previousConfig !== undefined && shapeKey(previousConfig) === shapeKey(config);
      let derived: Derived | null = null;
      let error: string | null = null;
      try {
        derived = sameShape ? derive(config, previous.schedule, previous.verification) : derive(config, custom?.schedule ?? scheduleFor(config));
      } catch (caught) {
        if (!(caught instanceof GradsyncError)) throw caught;
        error = caught.message;
      }
      const target = derived ? Math.min(step, derived.schedule.steps.length) : 0;
      const key = derived ? `${custom ? custom.name : shapeKey(config)}|${config.elements}|${config.op}|${config.backend}` : '';
      const restart = !derived || key !== engineKey || !sameShape;
      engineKey = key;
      if (derived && restart) void runner.start({ schedule: derived.schedule, elements: config.elements, op: config.op, backend: config.backend }, target);
      else if (!derived) runner.dispose();
      const keepStep = derived !== null && !restart && target === get()?.step;
      return {
        config,
        custom,
        derived,
        error,
        step: target,
        transition: keepStep ? get().transition : { kind: 'jump', from: target, to: target, startedAt: now() },
        playing: keepStep ? get().playing : false,
        readout: keepStep ? get().readout : null,
      };
    }

    const linked = options.schedule ? { name: loadedScheduleName(options.schedule, SHARED_NAME), schedule: options.schedule } : null;
    // A devices per node that cannot divide the devices (the default 8 for 4 devices) is chosen anew.
    const asked: SimConfig = fitDevicesPerNode({ ...DEFAULT_CONFIG, ...options.config });
    const initial = rebuild(linked ? configFor(asked, linked.schedule) : asked, linked, options.step ?? 0);
    const notices = (options.notices ?? []).map((text) => notice('warning', text));
    const linkedWarning = linked && incorrectScheduleWarning(initial.derived, linked.name);
    if (linkedWarning) notices.push(notice('warning', linkedWarning, 'verdict'));
    if (options.step !== undefined && initial.derived && options.step > initial.derived.schedule.steps.length) {
      notices.push(notice('warning', `step ${options.step} is past the last step (${initial.derived.schedule.steps.length}); showing the end`));
    }

    return {
      ...(initial as SimState),
      engine: null,
      inspected: null,
      notices,

      setConfig(patch) {
        const state = get();
        const config = { ...state.config, ...patch };
        // Picking a different algorithm or shape leaves a loaded schedule behind.
        const leavesCustom = state.custom !== null && SHAPE_KEYS.some((key) => patch[key] !== undefined);
        // A new schedule starts at its beginning; edits of the model, size or engine keep the step.
        const newSchedule = leavesCustom || (state.custom === null && shapeKey(config) !== shapeKey(state.config));
        set(rebuild(config, leavesCustom ? null : state.custom, newSchedule ? 0 : state.step));
        // A change that keeps the run (speed, latency, bandwidth) keeps it playing.
        if (get().playing) timer = setTimer(tick, stepDurationMs(get().config));
      },
      stepForward() {
        stopTimer();
        set({ playing: false });
        go(get().step + 1, 'step');
      },
      stepBack() {
        stopTimer();
        set({ playing: false });
        go(get().step - 1, 'step');
      },
      toStart() {
        stopTimer();
        set({ playing: false });
        go(0, 'jump');
      },
      toEnd() {
        stopTimer();
        set({ playing: false });
        go(totalSteps(get()), 'jump');
      },
      seek(step) {
        stopTimer();
        set({ playing: false });
        go(step, 'jump');
      },
      play() {
        const state = get();
        if (state.playing || !state.derived) return;
        if (state.step >= totalSteps(state)) go(0, 'jump');
        set({ playing: true });
        stopTimer();
        timer = setTimer(tick, state.step >= totalSteps(state) ? stepDurationMs(state.config) : 0);
      },
      pause() {
        stopTimer();
        set({ playing: false });
      },
      togglePlay() {
        if (get().playing) get().pause();
        else get().play();
      },
      loadSchedule(source, name) {
        let schedule: Schedule;
        try {
          schedule = typeof source === 'string' ? parseSchedule(source) : source;
        } catch (caught) {
          if (!(caught instanceof GradsyncError)) throw caught;
          set({ notices: [...get().notices, notice('error', `${name}: ${caught.message}`)] });
          return false;
        }
        const custom = { name: loadedScheduleName(schedule, name), schedule };
        set(rebuild(configFor(get().config, schedule), custom, 0));
        const warning = incorrectScheduleWarning(get().derived, custom.name);
        if (warning) set({ notices: [...get().notices, notice('warning', warning, 'verdict')] });
        return true;
      },
      clearCustom() {
        set(rebuild(get().config, null, 0));
      },
      inspect(device) {
        set({ inspected: device, readout: null });
        refreshReadout();
      },
      notify(level, text) {
        set({ notices: [...get().notices, notice(level, text)] });
      },
      dismiss(id) {
        set({ notices: get().notices.filter((n) => n.id !== id) });
      },
      dispose() {
        stopTimer();
        runner.dispose();
      },
    };
  });
  return store;
}
