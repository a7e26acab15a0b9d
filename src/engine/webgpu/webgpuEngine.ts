// The WebGPU engine: every simulated device is a region of one GPU memory buffer (chunk-major, as in
// the CPU engine), the schedule's tables are uploaded once, and each step it is asked for is one queue
// submission: the snapshot pass, then one dispatch per apply range the step has work in (up to
// RANGES_PER_STEP). Where nothing looks between steps (run, a seek forward past the next step) a plain
// schedule's steps go in one submission, a dispatch per stretch between checkpoints (columnRun.ts), so
// a long run is not bound by launches. Nothing is read back until something looks at the data. It
// equals the CPU engine bit for bit either way. A lost device (engineGpu.ts holds it) is recreated and
// the run replayed to where it was.

import { compileSchedule, type CompiledSchedule, type Schedule } from '../../core/schedule';
import { GradsyncError, invariant } from '../../core/errors';
import { Lifecycle } from '../../core/lifecycle';
import type { ReduceOp } from '../../core/ops';
import type { ChunkMajorLayout } from '../layout';
import { prepareMemory } from '../prepare';
import type { GpuProvider } from './gpuDevice';
import { gpuLayout, gpuPlanFor, type GpuPlan } from './plan';
import { Checkpoints } from './checkpoints';
import type { Resources } from './resources';
import { readTimestampsMs, timestampsOfStep, type TimestampAt } from './timestamps';
import { EngineGpu, ENGINE_TRANSITIONS, type EngineLife, type EngineStats } from './engineGpu';
import { buildColumnPlan } from './columnPlan';
import { ColumnRun } from './columnRun';
import { WORKGROUP_WIDTHS, type AdapterFit } from './workgroup';

export interface WebGpuEngineConfig {
  schedule: Schedule;
  elements: number;
  op: ReduceOp;
  provider: GpuProvider;
  /** Keep a copy of the memory every this many steps, so stepping back replays little. */
  checkpointEvery?: number;
  /** How to cut a whole run and the add where not as the adapter would (workgroup.ts): benchmarks, tests. */
  fit?: Partial<AdapterFit>;
}

export class WebGpuEngine {
  readonly backend = 'webgpu';
  readonly compiled: CompiledSchedule;
  readonly elements: number;
  readonly op: ReduceOp;
  readonly layout: ChunkMajorLayout;
  readonly stats: EngineStats = { stepsSubmitted: 0, submissions: 0, dispatches: 0, readbacks: 0, devicesLost: 0 };
  private readonly plan: GpuPlan;
  private readonly gpu: EngineGpu;
  private readonly checkpoints: Checkpoints;
  private initial: Float32Array | null = null;
  /** Steps the memory holds (or will hold once submitted work finishes). */
  private applied = 0;
  private ready: Promise<void> = Promise.resolve();
  /** Many steps in one submission: made when first asked for; null where the schedule or adapter cannot. */
  private columns: ColumnRun | null | undefined;
  private readonly provider: GpuProvider;
  private readonly askedFit: Partial<AdapterFit>;
  private readonly life = new Lifecycle<EngineLife>('WebGpuEngine', 'connecting', ENGINE_TRANSITIONS);

  private constructor(config: WebGpuEngineConfig) {
    this.compiled = compileSchedule(config.schedule);
    this.elements = config.elements;
    this.op = config.op;
    this.layout = gpuLayout(this.compiled, config.elements);
    this.plan = gpuPlanFor(this.compiled, this.layout);
    const run = { memoryElements: this.layout.totalElements, op: config.op, devices: this.compiled.devices, elements: config.elements };
    this.gpu = new EngineGpu(config.provider, this.plan, run);
    this.provider = config.provider;
    this.askedFit = config.fit ?? {};
    for (const width of [this.askedFit.workgroup, this.askedFit.addWorkgroup]) {
      invariant(
        width === undefined || (WORKGROUP_WIDTHS as readonly number[]).includes(width),
        `a workgroup is ${WORKGROUP_WIDTHS.join(', ')} invocations wide, not ${width}`,
      );
    }
    invariant(
      this.askedFit.busy === undefined || (Number.isInteger(this.askedFit.busy) && this.askedFit.busy > 0),
      'busy invocations are a positive whole number',
    );
    this.checkpoints = new Checkpoints(this.compiled.steps, this.memoryBytes, config.checkpointEvery);
  }

  static async create(config: WebGpuEngineConfig): Promise<WebGpuEngine> {
    const engine = new WebGpuEngine(config);
    await engine.connect();
    engine.life.to('ready');
    return engine;
  }

  get steps(): number {
    return this.compiled.steps;
  }

  get stepsApplied(): number {
    return this.applied;
  }

  get adapterName(): string {
    return this.gpu.adapterName;
  }

  /** How a whole run and the add are cut: as the adapter would (workgroup.ts), but for what the config asked. */
  get fit(): AdapterFit {
    return { ...this.gpu.fit, ...this.askedFit };
  }

  get hasTimestamps(): boolean {
    return this.gpu.timestamps;
  }

  /** Bytes combined by reduce transfers over one full run (for GB/s of reduced bytes). */
  get reducedBytesPerRun(): number {
    return this.plan.reducedElements * 4;
  }

  /** Bytes moved by all transfers (reduced or copied) over one full run. */
  get movedBytesPerRun(): number {
    return this.plan.movedElements * 4;
  }

  /**
   * Bytes of memory a run must read and write to do its transfers: a reduce reads two values and
   * writes one, a copy reads one and writes one (as a fused add, 12 bytes an element, or a copy, 8).
   */
  get trafficBytesPerRun(): number {
    return this.plan.reducedElements * 12 + (this.plan.movedElements - this.plan.reducedElements) * 8;
  }

  /** Bytes of the devices' memory on the GPU (padding included). */
  get memoryBytes(): number {
    return this.layout.totalElements * 4;
  }

  private async connect(): Promise<void> {
    const device = await this.gpu.open();
    this.checkpoints.clear(false);
    void device.lost.then((info) => this.onLost(device, info));
  }

  private onLost(device: GPUDevice, info: GPUDeviceLostInfo): void {
    if (!this.life.is('ready') || device !== this.gpu.device) return;
    this.stats.devicesLost++;
    this.life.to('recovering');
    const target = () => this.applied;
    this.ready = (async () => {
      await this.connect();
      // Destroyed while the new device was being made: it goes too.
      if (this.life.is('destroyed')) return this.release();
      if (this.initial) this.upload(this.initial);
      // Steps asked for while the device was gone are replayed here too.
      this.submitSteps(0, target());
      this.life.to('ready');
    })().catch((error: unknown) => {
      if (this.life.is('destroyed')) return;
      this.life.to('failed');
      throw new GradsyncError(
        'unavailable',
        `the GPU device was lost (${info.message || info.reason}) and could not be recreated: ${(error as Error).message}`,
      );
    });
  }

  /** Loads the devices' inputs (N·K values, device-major) and rewinds to before step 1. */
  load(inputs: Float32Array): void {
    invariant(inputs.length === this.compiled.devices * this.elements, 'inputs must hold devices × elements values');
    const memory = new Float32Array(this.layout.totalElements);
    prepareMemory(this.layout, this.compiled.schedule.collective, this.op, inputs, memory);
    this.initial = memory;
    this.checkpoints.clear(true);
    this.applied = 0;
    if (this.life.is('ready')) this.upload(memory);
  }

  private upload(memory: Float32Array): void {
    const { device, resources } = this.live();
    device.queue.writeBuffer(resources.memory, 0, memory.buffer, memory.byteOffset, memory.byteLength);
  }

  private live(): { device: GPUDevice; resources: Resources } {
    const { device, resources } = this.gpu;
    invariant(!this.life.is('destroyed', 'failed') && device && resources, `the engine is not connected (${this.life.state})`);
    return { device, resources };
  }

  /** Applies the next step: one submission, no readback. */
  step(): void {
    invariant(this.initial, 'load inputs before stepping');
    invariant(this.applied < this.compiled.steps, 'no step left to apply');
    if (this.life.is('ready')) this.submitStep(this.applied);
    this.applied++;
  }

  /** Applies every remaining step in one submission, even a last one. */
  run(): void {
    this.seek(this.compiled.steps, true);
  }

  /**
   * Moves to `target` steps applied: forward in one submission (a single step, as the app steps, is
   * step()'s, unless `whole`), back from the nearest checkpoint.
   */
  seek(target: number, whole = false): void {
    invariant(this.initial, 'load inputs before stepping');
    invariant(Number.isInteger(target) && target >= 0 && target <= this.compiled.steps, `no step ${target}`);
    if (target < this.applied) {
      const from = this.checkpoints.nearest(target);
      if (this.life.is('ready')) {
        const { device, resources } = this.live();
        if (from === 0) this.upload(this.initial);
        else this.checkpoints.restore(device, resources.memory, from);
      }
      this.applied = from;
    }
    if ((target - this.applied > 1 || (whole && target > this.applied)) && this.life.is('ready')) {
      this.submitSteps(this.applied, target);
      this.applied = target;
    }
    while (this.applied < target) this.step();
  }

  /** The run of many steps in one submission, made on first use; null where this schedule or adapter cannot take it. */
  private columnRun(device: GPUDevice): ColumnRun | null {
    if (this.columns === undefined) {
      const plan = buildColumnPlan(this.compiled, this.layout, this.fit);
      // A run is cut at most at every checkpoint step: one stretch more than there are of those.
      const stretches = Math.floor(this.compiled.steps / this.checkpoints.every) + 1;
      this.columns = plan && new ColumnRun(plan, this.op, this.provider.shaders, stretches);
    }
    return this.columns && this.columns.fits(device) ? this.columns : null;
  }

  /**
   * Submits steps [from, to) in one submission: a dispatch per stretch between checkpoints where the
   * schedule is plain, else each step's passes one after another (a schedule whose chunks meet).
   */
  private submitSteps(from: number, to: number, timestamps = false): void {
    if (to <= from) return;
    const { device, resources } = this.live();
    const columns = this.columnRun(device);
    const encoder = device.createCommandEncoder({ label: `engine.steps${from + 1}-${to}` });
    const querySet = timestamps ? (resources.querySet ?? undefined) : undefined;
    if (columns) {
      // Checkpoints not yet made fall inside the run as they would step by step (after every
      // `every`-th step but the last, as the budget allows), and the run is cut only there.
      const cuts = this.checkpoints.newBetween(from, to);
      const save = (e: GPUCommandEncoder, step: number) => this.checkpoints.save(device, e, resources.memory, step);
      this.stats.dispatches += columns.encode(device, encoder, resources.memory, from, to, cuts, save, querySet);
      if (to < this.compiled.steps) this.checkpoints.save(device, encoder, resources.memory, to);
    } else {
      for (let s = from; s < to; s++) this.encodeStep(device, encoder, s, querySet && timestampsOfStep(s - from, to - from));
    }
    device.queue.submit([encoder.finish()]);
    this.stats.submissions++;
    this.stats.stepsSubmitted += to - from;
  }

  /** Step s's passes, and the checkpoint after it where one is kept. */
  private encodeStep(device: GPUDevice, encoder: GPUCommandEncoder, s: number, timestampAt?: TimestampAt): void {
    const { resources } = this.live();
    this.gpu.encodeStep(encoder, resources, s, this.stats, timestampAt);
    if (s + 1 < this.compiled.steps) this.checkpoints.save(device, encoder, resources.memory, s + 1);
  }

  private submitStep(s: number, timestampAt?: TimestampAt): void {
    const { device } = this.live();
    const encoder = device.createCommandEncoder({ label: `engine.step${s + 1}` });
    this.encodeStep(device, encoder, s, timestampAt);
    device.queue.submit([encoder.finish()]);
    this.stats.submissions++;
    this.stats.stepsSubmitted++;
  }

  /** All device buffers, device-major (device d's element e at d·K + e): the one readback. */
  async read(): Promise<Float32Array> {
    await this.ready;
    const { device, resources } = this.live();
    const readback = this.gpu.copyOut(device, resources, Math.max(16, this.memoryBytes));
    this.stats.readbacks++;
    try {
      await readback.mapAsync(GPUMapMode.READ);
    } catch (error) {
      // The device went away while reading: wait for it to come back and read again.
      await Promise.resolve();
      if (this.life.is('recovering') || this.gpu.device !== device) return this.read();
      throw error;
    }
    const chunkMajor = new Float32Array(readback.getMappedRange().slice(0, this.memoryBytes));
    readback.unmap();
    const out = new Float32Array(this.compiled.devices * this.elements);
    this.layout.gather(chunkMajor, out);
    return out;
  }

  /** Resolves when the GPU has finished everything submitted so far. */
  async finished(): Promise<void> {
    await this.ready;
    await this.live().device.queue.onSubmittedWorkDone();
  }

  /**
   * Runs the whole schedule from the loaded inputs and times it (as run() does, or `stepwise` a
   * submission a step, as the app steps): wall time from first submission to completion, and GPU time
   * between the first pass's start and the last pass's end where the adapter has timestamp queries.
   */
  async timedRun(stepwise = false): Promise<{ wallMs: number; gpuMs: number | null }> {
    invariant(this.initial, 'load inputs before running');
    this.seek(0);
    await this.finished();
    const { device, resources } = this.live();
    const steps = this.compiled.steps;
    const started = performance.now();
    if (stepwise) for (let s = 0; s < steps; s++) this.submitStep(s, timestampsOfStep(s, steps));
    else this.submitSteps(0, steps, true);
    this.applied = steps;
    await device.queue.onSubmittedWorkDone();
    const wallMs = performance.now() - started;
    if (!resources.querySet || steps === 0) return { wallMs, gpuMs: null };
    return { wallMs, gpuMs: await readTimestampsMs(device, resources.querySet) };
  }

  /** Access for measurements that must run on this engine's device (the bench's plain kernel). */
  gpuDevice(): GPUDevice {
    return this.live().device;
  }

  /** Simulates a device loss (tests): the engine recreates its device and replays. */
  loseDevice(): void {
    this.live().device.destroy();
  }

  destroy(): void {
    this.life.to('destroyed');
    this.release();
  }

  private release(): void {
    this.checkpoints.clear(true);
    this.columns?.release();
    this.gpu.release();
  }
}
