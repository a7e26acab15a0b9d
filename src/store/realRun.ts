// The real training run of train.html, as a store: its settings, and while it trains the frames so
// far and the replicas' weights. It runs on WebGPU where the page has it and on the CPU engine where
// not (saying so once), one step per animation frame or slower, so the curve grows as you watch.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { ALGORITHMS, buildSchedule, DEFAULT_ALGORITHM, suggestDevicesPerNode } from '../core/algorithms';
import { GradsyncError } from '../core/errors';
import { REGRESSION, type RunFrame } from '../core/training';
import { DataParallelRun } from '../engine/training/dataParallel';
import type { GpuProvider } from '../engine/webgpu/gpuDevice';

export interface RealRunSettings {
  devices: number;
  algorithm: string;
  sync: boolean;
  steps: number;
}

interface RealRunState {
  settings: RealRunSettings;
  status: 'idle' | 'running' | 'done' | 'failed';
  frames: RunFrame[];
  /** Replicas' weights (N·P) and the single device's (P) after the last frame. */
  weights: Float32Array | null;
  single: Float32Array | null;
  truth: Float64Array | null;
  backend: 'cpu' | 'webgpu' | null;
  adapter: string | null;
  guaranteed: boolean;
  learningRate: number;
  /** One line: why the run failed, or that it fell back to the CPU engine. */
  message: string | null;
  set(patch: Partial<RealRunSettings>): void;
  start(): Promise<void>;
  stop(): void;
}

export type RealRunStore = StoreApi<RealRunState>;

const REAL_RUN_DEFAULTS: Readonly<RealRunSettings> = { devices: 4, algorithm: DEFAULT_ALGORITHM, sync: true, steps: REGRESSION.steps };

/** The least time a step is shown for, so 60 steps take about two seconds even where they are quicker. */
const STEP_MS = 33;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The all-reduce schedule of the settings; a node algorithm takes the core's devices per node. */
function scheduleOf({ algorithm, devices }: RealRunSettings) {
  const overNodes = ALGORITHMS.allreduce.find((spec) => spec.id === algorithm)?.takesDevicesPerNode;
  return buildSchedule({ algorithm, devices, devicesPerNode: overNodes ? suggestDevicesPerNode(devices) : undefined });
}

export function createRealRunStore(gpu: (() => Promise<GpuProvider>) | null, initial: Partial<RealRunSettings> = {}): RealRunStore {
  let generation = 0;
  return createStore<RealRunState>()((setState, get) => ({
    settings: { ...REAL_RUN_DEFAULTS, ...initial },
    status: 'idle',
    frames: [],
    weights: null,
    single: null,
    truth: null,
    backend: null,
    adapter: null,
    guaranteed: false,
    learningRate: 0,
    message: null,
    set(patch) {
      generation++;
      setState({ settings: { ...get().settings, ...patch }, status: 'idle', frames: [], weights: null, single: null, message: null });
    },
    stop() {
      generation++;
      if (get().status === 'running') setState({ status: 'done' });
    },
    async start() {
      const mine = ++generation;
      const { settings } = get();
      setState({ status: 'running', frames: [], weights: null, single: null, message: null });
      let provider: GpuProvider | null = null;
      let notice: string | null = null;
      try {
        if (gpu) provider = await gpu();
      } catch (error) {
        notice = error instanceof GradsyncError ? error.message : 'WebGPU could not start; running on the CPU engine instead';
      }
      let run: DataParallelRun | null = null;
      try {
        const schedule = scheduleOf(settings);
        run = await DataParallelRun.create({ schedule, sync: settings.sync, provider }).catch(async (error: unknown) => {
          // A GPU that fails to start a run leaves the CPU engine, which always can.
          if (!provider || (error instanceof GradsyncError && error.code === 'bad-argument')) throw error;
          notice = `WebGPU could not run it (${(error as Error).message}); running on the CPU engine instead`;
          return DataParallelRun.create({ schedule, sync: settings.sync });
        });
        const publish = (live: DataParallelRun) => setState({ frames: live.frames.slice(), weights: live.weights.slice(), single: live.single.slice() });
        setState({
          backend: run.backend,
          adapter: run.adapter ?? null,
          guaranteed: run.guaranteed,
          learningRate: run.learningRate,
          truth: run.problem.truth,
          message: notice,
        });
        publish(run);
        while (run.steps < settings.steps && mine === generation) {
          const started = performance.now();
          await run.step();
          if (mine !== generation) break;
          publish(run);
          await pause(Math.max(0, STEP_MS - (performance.now() - started)));
        }
        if (mine === generation) setState({ status: 'done' });
      } catch (error) {
        if (mine !== generation) return;
        const words = error instanceof GradsyncError ? error.message : `the run stopped: ${(error as Error).message}`;
        setState({ status: 'failed', message: words.split('\n')[0] });
      } finally {
        run?.destroy();
      }
    },
  }));
}
