// One vanilla zustand store per simulator instance (the app, or each embedded figure): the
// configuration, what follows from it, the step shown, the player, the engine and the notices.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { parseScheduleText } from '../core/formats';
import { GradsyncError } from '../core/errors';
import type { Schedule } from '../core/schedule';
import type { VerifyResult } from '../core/symbolic';
import { preparesInBackground, type Background, type Progress } from './background';
import { DEFAULT_CONFIG, fitDevicesPerNode, type SimConfig } from './config';
import { derive, scheduleFor, shapeKey, type Derived } from './derive';
import { EngineRunner, type EngineStatus, type GpuSource } from './engineRunner';
import { logSlice, type LogSlice } from './calibration';
import { configFor, incorrectScheduleWarning, loadedScheduleName, SHARED_NAME } from './loadedSchedule';
import { readMeasured, type Measured } from './measured';
import { fitPreset, leavesFit } from './preset';
import { Player, type PlayerState } from './player';
import { StepReader } from './stepReader';

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
interface Transition {
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

/**
 * How the timeline times the schedule: step by step (the cost model's) or as soon as ready
 * (core/dataflowTiming.ts). Shared so that what is exported follows what is shown.
 */
export type TimelineTiming = 'steps' | 'dataflow';

/** A schedule being prepared in the background: what it is, and how far the work got. */
export interface Preparing {
  algorithm: string;
  devices: number;
  progress: Progress;
}

export interface SimState {
  config: SimConfig;
  /** A schedule the user loaded; it replaces the algorithm until cleared. */
  custom: { name: string; schedule: Schedule } | null;
  /** A measured run of the schedule shown (the torch program's --trace); gone when the schedule changes. */
  measured: Measured | null;
  derived: Derived | null;
  /** Why there is nothing to show for this configuration. */
  error: string | null;
  /** Set while a large schedule is built, verified and read in the background (derived is null). */
  preparing: Preparing | null;
  /** Where long work runs off the page (null: all of it runs here). */
  background: Background | null;
  step: number;
  transition: Transition;
  /** Where the player is (src/store/player.ts); `playing` is `player === 'playing'`. */
  player: PlayerState;
  playing: boolean;
  engine: EngineStatus | null;
  inspected: number | null;
  readout: Readout | null;
  timelineTiming: TimelineTiming;
  notices: Notice[];
  /** Which contributions every chunk holds at any step, for the views of this store (tracker.ts). */
  tracker: StepReader;
}

interface SimActions {
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
  /** Shows a measured run of the schedule shown beside the model; returns what is wrong with it, or null. */
  loadMeasured(text: string, name: string): string | null;
  clearMeasured(): void;
  inspect(device: number | null): void;
  setTimelineTiming(timing: TimelineTiming): void;
  notify(level: Notice['level'], text: string): void;
  dismiss(id: number): void;
  dispose(): void;
}

export type Sim = SimState & SimActions & LogSlice;
export type SimStore = StoreApi<Sim>;

export interface SimStoreOptions {
  config?: Partial<SimConfig>;
  /** A validated schedule to show in place of the algorithm (one a link carried). */
  schedule?: Schedule;
  step?: number;
  notices?: string[];
  /** Where WebGPU comes from; null: CPU engine only. */
  gpu?: GpuSource | null;
  /** Where large schedules are prepared; without one every schedule is prepared at once, here. */
  background?: Background | null;
  /** False: no engine runs the data (a view of the schedule alone, such as the race's sides). */
  engine?: boolean;
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

  const store = createStore<Sim>()((set, get) => {
    const notice = (level: Notice['level'], text: string, about?: Notice['about']): Notice => ({ id: nextNotice++, level, text, ...(about && { about }) });

    const background = options.background ?? null;
    const runner = new EngineRunner(
      options.gpu ?? null,
      (engine) => {
        const notices = get().notices;
        const reason = engine.fallbackReason;
        set({ engine, notices: reason && !notices.some((n) => n.text === reason) ? [...notices, notice('info', reason)] : notices });
        refreshReadout();
      },
      // The GPU engine's tables of a large schedule are built in the background too.
      background ? (job) => (preparesInBackground(get().config, job.schedule) ? background.planGpu(job.schedule, job.elements) : Promise.resolve()) : undefined,
    );

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
      set({
        step: target,
        transition: { kind, from: state.step, to: target, startedAt: now() },
        readout: state.readout?.step === target ? state.readout : null,
      });
      runner.seek(target);
      refreshReadout();
    }

    const player = new Player({
      setTimer,
      clearTimer,
      advance() {
        const state = get();
        if (state.step >= totalSteps(state)) return null;
        go(state.step + 1, 'step');
        return stepDurationMs(get().config);
      },
      ended: () => set(playerState()),
    });

    /** The player as the state shows it; set with every move of the player. */
    function playerState(): Pick<SimState, 'player' | 'playing'> {
      return { player: player.state, playing: player.playing };
    }

    /** Rests where the picture is: a hand on the controls stops a run, and leaves the end of one. */
    function stopPlaying(): void {
      player.stop();
      set(playerState());
    }

    /** The engine's job last started, so edits that change only the model do not restart it. */
    let engineKey = '';
    /** Counts rebuilds: an answer from the background for an older one is dropped. */
    let generation = 0;
    // Notices the page was opened with come first.
    const opened = (options.notices ?? []).map((text) => notice('warning', text));

    /** Notices a rebuild adds once its schedule is known (a loaded schedule's verdict). */
    type Afterwards = (derived: Derived | null) => Notice[];

    /**
     * The state once the schedule is derived (or cannot be): the step clamped to it, and the engine
     * restarted when it runs something else.
     */
    function settle(
      config: SimConfig,
      custom: SimState['custom'],
      step: number,
      derived: Derived | null,
      error: string | null,
      sameShape: boolean,
      after?: Afterwards,
    ): Partial<SimState> {
      const target = derived ? Math.min(step, derived.schedule.steps.length) : 0;
      const key = derived ? `${custom ? custom.name : shapeKey(config)}|${config.elements}|${config.op}|${config.backend}` : '';
      const restart = !derived || key !== engineKey || !sameShape;
      engineKey = key;
      if (derived && restart && options.engine !== false)
        void runner.start({ schedule: derived.schedule, elements: config.elements, op: config.op, backend: config.backend }, target);
      else if (!derived) runner.dispose();
      const keepStep = derived !== null && !restart && target === get()?.step;
      // The run goes on only where the picture does.
      if (!keepStep) player.stop();
      const added = after?.(derived) ?? [];
      return {
        config,
        custom,
        derived,
        error,
        preparing: null,
        step: target,
        transition: keepStep ? get().transition : { kind: 'jump', from: target, to: target, startedAt: now() },
        ...playerState(),
        readout: keepStep ? get().readout : null,
        ...(added.length > 0 && { notices: [...(get()?.notices ?? opened), ...added] }),
      };
    }

    /** Derives here, at once; a bad combination is a message. */
    function deriveHere(config: SimConfig, custom: SimState['custom'], known: Derived | null): { derived: Derived | null; error: string | null } {
      try {
        return {
          derived: known ? derive(config, known.schedule, known.verification ?? undefined) : derive(config, custom?.schedule ?? scheduleFor(config)),
          error: null,
        };
      } catch (caught) {
        if (!(caught instanceof GradsyncError)) throw caught;
        return { derived: null, error: caught.message };
      }
    }

    /**
     * Recomputes what follows from the configuration (or loaded schedule). The schedule and its proof
     * are kept when its shape is unchanged; the engine restarts only when it runs something else. A
     * large schedule is prepared in the background: `preparing` says how far, and the state settles
     * when it is ready (a model-only edit keeps the picture and updates the figures when they come).
     */
    function prepare(config: SimConfig, custom: SimState['custom'], step: number, after?: Afterwards): Partial<SimState> {
      const mine = ++generation;
      const current = get() as Sim | undefined;
      const previous = current?.derived ?? null;
      const sameShape = !custom && !current?.custom && previous !== null && shapeKey(current!.config) === shapeKey(config);
      const known = sameShape ? previous : null;
      if (!background || !preparesInBackground(config, custom?.schedule ?? null)) {
        const { derived, error } = deriveHere(config, custom, known);
        return settle(config, custom, step, derived, error, sameShape, after);
      }
      // Whatever the background cannot do (it failed to start) is done here after all.
      const fallBack = (caught: unknown) => {
        if (mine !== generation) return;
        if (caught instanceof GradsyncError) return set(settle(config, custom, step, null, caught.message, false, after));
        console.warn(`gradsync: preparing in the background failed (${caught instanceof Error ? caught.message : String(caught)}); preparing here`);
        const { derived, error } = deriveHere(config, custom, known);
        set(settle(config, custom, step, derived, error, sameShape, after));
      };
      if (known) {
        void background.model(config, known.schedule).then((model) => {
          if (mine === generation && get().derived) set({ derived: { ...get().derived!, ...model } });
        }, fallBack);
        return settle(config, custom, step, known, null, true, after);
      }
      runner.dispose();
      engineKey = '';
      player.stop();
      const what = { algorithm: custom?.name ?? config.algorithm, devices: custom?.schedule.devices ?? config.devices };
      const onProgress = (progress: Progress) => {
        if (mine === generation) set({ preparing: { ...what, progress } });
      };
      // The proof comes after the picture: it completes the schedule still shown, whatever was edited since.
      const onVerified = (verification: VerifyResult, schedule: Schedule) => {
        const shown = get().derived;
        if (!shown || shown.schedule !== schedule) return;
        const proven = { ...shown, verification };
        const added = get().custom === custom ? (after?.(proven) ?? []) : [];
        set({ derived: proven, ...(added.length > 0 && { notices: [...get().notices, ...added] }) });
      };
      // The model comes after the picture too, for the configuration still shown (an edit since asks anew).
      const onModelled = (model: Partial<Derived>, schedule: Schedule) => {
        const shown = get().derived;
        if (mine === generation && shown && shown.schedule === schedule) set({ derived: { ...shown, ...model } });
      };
      void background.derive(config, custom?.schedule ?? null, onProgress, onVerified, onModelled).then((derived) => {
        if (mine === generation) set(settle(config, custom, step, derived, null, false, derived.verification ? after : undefined));
      }, fallBack);
      return {
        config,
        custom,
        derived: null,
        error: null,
        preparing: { ...what, progress: { stage: 'building' } },
        step: 0,
        transition: { kind: 'jump', from: 0, to: 0, startedAt: now() },
        ...playerState(),
        readout: null,
      };
    }

    /**
     * prepare(…), keeping a measured run only while the schedule it was measured on stays shown, and
     * a machine preset only while it takes the devices (else the model goes on at custom α and B, and says why).
     */
    function rebuild(asked: SimConfig, custom: SimState['custom'], step: number, after?: Afterwards): Partial<SimState> {
      const { config, problem } = fitPreset(asked);
      const current = get() as Sim | undefined;
      const sameSchedule = current !== undefined && current.custom === custom && shapeKey(current.config) === shapeKey(config);
      const state = { ...prepare(config, custom, step, after), measured: sameSchedule ? current.measured : null };
      return problem ? { ...state, notices: [...(state.notices ?? current?.notices ?? opened), notice('warning', problem)] } : state;
    }

    const linked = options.schedule ? { name: loadedScheduleName(options.schedule, SHARED_NAME), schedule: options.schedule } : null;
    // A devices per node that cannot divide the devices (the default 8 for 4 devices) is chosen anew.
    const asked: SimConfig = fitDevicesPerNode({ ...DEFAULT_CONFIG, ...options.config });
    const initial = rebuild(linked ? configFor(asked, linked.schedule) : asked, linked, options.step ?? 0, (derived) => {
      const added: Notice[] = [];
      const linkedWarning = linked && incorrectScheduleWarning(derived, linked.name);
      if (linkedWarning) added.push(notice('warning', linkedWarning, 'verdict'));
      if (options.step !== undefined && derived && options.step > derived.schedule.steps.length) {
        added.push(notice('warning', `step ${options.step} is past the last step (${derived.schedule.steps.length}); showing the end`));
      }
      return added;
    });

    return {
      ...(initial as SimState),
      notices: initial.notices ?? opened,
      background,
      engine: null,
      inspected: null,
      timelineTiming: 'steps',
      tracker: new StepReader(),
      ...logSlice(get, set),

      setConfig(patch) {
        const state = get();
        const config = { ...state.config, ...leavesFit(state.config, patch), ...patch };
        // Picking a different algorithm or shape leaves a loaded schedule behind.
        const leavesCustom = state.custom !== null && SHAPE_KEYS.some((key) => patch[key] !== undefined);
        // A new schedule starts at its beginning; edits of the model, size or engine keep the step.
        const newSchedule = leavesCustom || (state.custom === null && shapeKey(config) !== shapeKey(state.config));
        set(rebuild(config, leavesCustom ? null : state.custom, newSchedule ? 0 : state.step));
        // A change that keeps the run (speed, latency, bandwidth) keeps it playing, at the new speed.
        if (player.playing) player.retime(stepDurationMs(get().config));
      },
      stepForward() {
        stopPlaying();
        go(get().step + 1, 'step');
      },
      stepBack() {
        stopPlaying();
        go(get().step - 1, 'step');
      },
      toStart() {
        stopPlaying();
        go(0, 'jump');
      },
      toEnd() {
        stopPlaying();
        go(totalSteps(get()), 'jump');
      },
      seek(step) {
        stopPlaying();
        go(step, 'jump');
      },
      play() {
        const state = get();
        if (player.playing || !state.derived) return;
        // From the end a run starts over and shows the start for a step; elsewhere the next step comes at once.
        const atEnd = state.step >= totalSteps(state);
        if (atEnd) go(0, 'jump');
        player.play(atEnd ? stepDurationMs(state.config) : 0);
        set(playerState());
      },
      pause() {
        player.pause();
        set(playerState());
      },
      togglePlay() {
        if (player.playing) get().pause();
        else get().play();
      },
      loadSchedule(source, name) {
        let schedule: Schedule;
        try {
          schedule = typeof source === 'string' ? parseScheduleText(source) : source;
        } catch (caught) {
          if (!(caught instanceof GradsyncError)) throw caught;
          set({ notices: [...get().notices, notice('error', `${name}: ${caught.message}`)] });
          return false;
        }
        const custom = { name: loadedScheduleName(schedule, name), schedule };
        set(
          rebuild(configFor(get().config, schedule), custom, 0, (derived) => {
            const warning = incorrectScheduleWarning(derived, custom.name);
            return warning ? [notice('warning', warning, 'verdict')] : [];
          }),
        );
        return true;
      },
      clearCustom() {
        set(rebuild(get().config, null, 0));
      },
      loadMeasured(text, name) {
        const read = readMeasured(text, name, get().derived?.schedule ?? null);
        if (!read.ok) return read.problem;
        set({ measured: read.measured });
        return null;
      },
      clearMeasured() {
        set({ measured: null });
      },
      inspect(device) {
        set({ inspected: device, readout: null });
        refreshReadout();
      },
      setTimelineTiming(timelineTiming) {
        set({ timelineTiming });
      },
      notify(level, text) {
        set({ notices: [...get().notices, notice(level, text)] });
      },
      dismiss(id) {
        set({ notices: get().notices.filter((n) => n.id !== id) });
      },
      dispose() {
        if (player.state !== 'idle') stopPlaying();
        runner.dispose();
      },
    };
  });
  return store;
}
