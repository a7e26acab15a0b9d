// Keeps one engine in step with the store: made again when the schedule, size, op or backend
// changes; moved to the store's step without reading anything back; read only when asked (the
// inspector). WebGPU where it is available, the CPU engine otherwise.

import { GradsyncError } from '../core/errors';
import type { ReduceOp } from '../core/ops';
import type { Schedule } from '../core/schedule';
import { CpuEngine } from '../engine/cpu/cpuEngine';
import { generateInputs } from '../engine/inputs';
import type { SimEngine } from '../engine/types';
import type { GpuProvider } from '../engine/webgpu/gpuDevice';
import { WebGpuEngine } from '../engine/webgpu/webgpuEngine';
import type { Backend } from './config';

export interface EngineStatus {
  requested: Backend;
  active: Backend | null;
  adapter: string | null;
  /** Why the CPU engine runs although WebGPU was asked for. */
  fallbackReason: string | null;
}

export interface EngineJob {
  schedule: Schedule;
  elements: number;
  op: ReduceOp;
  backend: Backend;
}

export type GpuSource = () => Promise<GpuProvider>;

/** Longest wait for an idle moment before the engine's next piece of work (ms). */
const IDLE_WAIT_MS = 1000;

/**
 * Resolves when the page is next idle (at once where there is no idle callback): the engine is not
 * what a picture shows, so making it waits behind the picture, a piece per idle moment.
 */
function whenIdle(): Promise<void> {
  if (typeof requestIdleCallback !== 'function') return Promise.resolve();
  return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS }));
}

export class EngineRunner {
  private engine: SimEngine | null = null;
  private version = 0;
  private target = 0;
  inputs: Float32Array | null = null;

  constructor(
    private readonly gpu: GpuSource | null,
    private readonly onStatus: (status: EngineStatus) => void,
    /** Work done before a GPU engine is made (its tables built elsewhere); its failure is ignored. */
    private readonly beforeGpu?: (job: EngineJob) => Promise<void>,
  ) {}

  /** Starts an engine for the job; the latest call wins. */
  async start(job: EngineJob, step: number): Promise<void> {
    const version = ++this.version;
    // Reported asynchronously in every case, so the caller finishes its own update first.
    await Promise.resolve();
    this.target = step;
    this.engine?.destroy();
    this.engine = null;
    await whenIdle();
    if (version !== this.version) return;
    let engine: SimEngine;
    let status: EngineStatus = { requested: job.backend, active: 'cpu', adapter: null, fallbackReason: null };
    if (job.backend === 'webgpu') {
      try {
        if (!this.gpu) throw new GradsyncError('unavailable', 'WebGPU is not available here; running on the CPU engine instead');
        const provider = await this.gpu();
        await this.beforeGpu?.(job).catch(() => undefined);
        if (version !== this.version) return;
        const gpuEngine = await WebGpuEngine.create({ ...job, provider });
        engine = gpuEngine;
        status = { ...status, active: 'webgpu', adapter: gpuEngine.adapterName };
      } catch (error) {
        if (!(error instanceof GradsyncError)) throw error;
        engine = new CpuEngine(job);
        status = { ...status, fallbackReason: error.message };
      }
    } else {
      engine = new CpuEngine(job);
    }
    // Made once the engine is, each in an idle moment of its own: a million values take tens of
    // milliseconds to make, and as many to lay out for the engine.
    await whenIdle();
    if (version !== this.version) return engine.destroy();
    const inputs = generateInputs(job.schedule.devices, job.elements, job.op, 1, 'integers');
    await whenIdle();
    if (version !== this.version) return engine.destroy();
    this.inputs = inputs;
    engine.load(inputs);
    engine.seek(Math.min(this.target, engine.steps));
    this.engine = engine;
    this.onStatus(status);
  }

  /** Moves the engine to `step` steps applied; no readback. */
  seek(step: number): void {
    this.target = step;
    if (this.engine) this.engine.seek(Math.min(step, this.engine.steps));
  }

  /** The devices' values (device-major) at the current step, or null while no engine is ready. */
  async read(): Promise<{ step: number; values: Float32Array } | null> {
    const engine = this.engine;
    if (!engine) return null;
    const step = engine.stepsApplied;
    const values = await engine.read();
    return engine === this.engine ? { step, values } : null;
  }

  dispose(): void {
    this.version++;
    this.engine?.destroy();
    this.engine = null;
  }
}
