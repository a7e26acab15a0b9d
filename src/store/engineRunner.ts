// Keeps one engine in step with the store: made again when the schedule, size, op or backend
// changes; moved to the store's step without reading anything back; read only when asked (the
// inspector). WebGPU where it is available, the CPU engine otherwise.

import { GradsyncError } from '../core/errors';
import type { ReduceOp } from '../core/ops';
import type { Schedule } from '../core/schedule';
import { createEngine, type Engine } from '../engine/engines';
import { generateInputs } from '../engine/inputs';
import type { GpuProvider } from '../engine/webgpu/gpuDevice';
import type { Backend } from '../engine/engines';

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
  private engine: Engine | null = null;
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
    let engine: Engine;
    let fallbackReason: string | null = null;
    try {
      const provider = job.backend === 'webgpu' ? await this.gpuFor(job) : null;
      if (version !== this.version) return;
      engine = await createEngine(job, provider);
    } catch (error) {
      if (!(error instanceof GradsyncError)) throw error;
      engine = await createEngine(job, null);
      fallbackReason = error.message;
    }
    const adapter = engine.backend === 'webgpu' ? engine.adapterName : null;
    const status: EngineStatus = { requested: job.backend, active: engine.backend, adapter, fallbackReason };
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

  /** The GPU for a job that asks for WebGPU, after the work that goes before it; refused where there is none. */
  private async gpuFor(job: EngineJob): Promise<GpuProvider> {
    if (!this.gpu) throw new GradsyncError('unavailable', 'WebGPU is not available here; running on the CPU engine instead');
    const provider = await this.gpu();
    await this.beforeGpu?.(job).catch(() => undefined);
    return provider;
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
