// What one simulator's store holds and offers: its state, its actions and the options it is made
// with. The slices (scheduleSlice.ts, loadedSlice.ts, playerSlice.ts, engineSlice.ts, notices.ts,
// calibrationSlice.ts, ncclBuildSlice.ts) each implement a part of the actions; simStore.ts composes them.

import type { StoreApi } from 'zustand/vanilla';
import type { Refused } from '../core/errors';
import type { Schedule } from '../core/schedule';
import type { Background, Progress } from './background/background';
import type { CalibrationSlice } from './calibrationSlice';
import type { NcclBuildSlice } from './ncclBuildSlice';
import { speedFor, type SimConfig } from './config';
import type { Derived } from './derive';
import type { EngineStatus, GpuSource } from './engineRunner';
import type { Measured } from './measured';
import type { Notice } from './notices';
import type { OrderAsk, OrderComparison } from './orderComparison';
import type { PlayerState } from './player';
import type { StepReader } from './stepReader';

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

/**
 * How the timeline times the schedule: step by step (the cost model's) or as soon as ready
 * (core/model/dataflowTiming.ts). Shared so that what is exported follows what is shown.
 */
export type TimelineTiming = 'steps' | 'dataflow';

/** A schedule being prepared in the background: what it is, and how far the work got. */
export interface Preparing {
  algorithm: string;
  devices: number;
  progress: Progress;
}

/** A line of a loaded schedule's text, and what is written there ("gpu 2, tb 0, step s=5 (rrc): step 3: …"). */
export interface SourceMark {
  line: number;
  note: string;
}

/** A schedule the user loaded, and what it is called. */
export interface CustomSchedule {
  name: string;
  schedule: Schedule;
  /** The text it was read from (a file or a paste), which messages about a transfer point into. */
  text?: string;
}

export interface SimState {
  config: SimConfig;
  /** A schedule the user loaded; it replaces the algorithm until cleared. */
  custom: CustomSchedule | null;
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
  /** A line of the loaded schedule's text to show marked in the loader (a fault's transfer); null when none is asked for. */
  sourceMark: SourceMark | null;
  notices: Notice[];
  /** Which contributions every chunk holds at any step, for the views of this store (stepReader.ts). */
  tracker: StepReader;
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
  /**
   * Shows a schedule (JSON text, or one already validated) in place of the algorithm, from step 0;
   * `text` is what a validated one was read from.
   */
  loadSchedule(source: string | Schedule, name: string, text?: string): boolean;
  /** Opens the loaded schedule's text in the loader with a line marked; null closes it. */
  showSource(mark: SourceMark | null): void;
  clearCustom(): void;
  /** Shows a measured run of the schedule shown beside the model; returns what is wrong with it, or null. */
  loadMeasured(text: string, name: string): string | null;
  clearMeasured(): void;
  inspect(device: number | null): void;
  /** Runs the schedule shown and another algorithm on the same data and explains one element of each (orderComparison.ts). */
  compareOrders(ask: OrderAsk): Promise<OrderComparison | Refused>;
  setTimelineTiming(timing: TimelineTiming): void;
  notify(level: Notice['level'], text: string): void;
  dismiss(id: number): void;
  dispose(): void;
}

export type Sim = SimState & SimActions & CalibrationSlice & NcclBuildSlice;
export type SimStore = StoreApi<Sim>;
export type SetSim = SimStore['setState'];
export type GetSim = SimStore['getState'];

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

/** The store's clock (ms): the one given, else the page's. */
export function clockOf(options: SimStoreOptions): () => number {
  return options.now ?? (() => performance.now());
}

export function totalSteps(state: Pick<SimState, 'derived'>): number {
  return state.derived?.schedule.steps.length ?? 0;
}

/** The speed the schedule shown plays at: the one chosen, else its own pace (config.ts, speedFor). */
export function playSpeed(state: Pick<SimState, 'config' | 'derived'>): number {
  return speedFor(state.config.speed, totalSteps(state));
}

export function stepDurationMs(state: Pick<SimState, 'config' | 'derived'>): number {
  return 1000 / playSpeed(state);
}
