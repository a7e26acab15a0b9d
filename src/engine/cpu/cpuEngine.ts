// The CPU engine: runs any valid schedule on one Float32Array holding all devices' buffers, laid out
// chunk-major (engine/layout.ts), with the IR's semantics. It is the executable spec the WebGPU
// engine must equal bit for bit.

import { compileSchedule, type CompiledSchedule, type Schedule } from '../../core/schedule';
import { invariant } from '../../core/errors';
import type { ReduceOp } from '../../core/ops';
import { engineLayout, type ChunkMajorLayout } from '../layout';
import { prepareMemory } from '../prepare';
import { planSnapshots, type SnapshotPlan } from '../snapshots';
import { applyGroups, combinerFor } from './applyTransfers';
import { chunkOrderTable, stepOrderTable, type TransferTable } from './transferTable';

export interface EngineConfig {
  schedule: Schedule;
  elements: number;
  op: ReduceOp;
}

export class CpuEngine {
  readonly backend = 'cpu';
  readonly compiled: CompiledSchedule;
  readonly elements: number;
  readonly op: ReduceOp;
  readonly layout: ChunkMajorLayout;
  /** All device buffers, chunk-major. */
  private readonly memory: Float32Array;
  private readonly plan: SnapshotPlan;
  private readonly wire: Float32Array;
  private readonly combine: ReturnType<typeof combinerFor>;
  private readonly byStep: TransferTable;
  private byChunk: TransferTable | null = null;
  private applied = 0;
  private loaded = false;
  private initial: Float32Array | null = null;

  constructor(config: EngineConfig) {
    this.compiled = compileSchedule(config.schedule);
    this.elements = config.elements;
    this.op = config.op;
    this.layout = engineLayout(this.compiled, config.elements);
    this.memory = new Float32Array(this.layout.totalElements);
    this.plan = planSnapshots(this.compiled, this.layout);
    this.wire = new Float32Array(this.plan.wireElements);
    this.byStep = stepOrderTable(this.compiled, this.plan, this.layout);
    this.combine = combinerFor(config.op);
  }

  get steps(): number {
    return this.compiled.steps;
  }

  get stepsApplied(): number {
    return this.applied;
  }

  /** Loads the devices' inputs (N·K values, device-major) and rewinds to before step 1. */
  load(inputs: Float32Array): void {
    invariant(inputs.length === this.layout.devices * this.elements, 'inputs must hold devices × elements values');
    prepareMemory(this.layout, this.compiled.schedule.collective, this.op, inputs, this.memory);
    this.initial = inputs;
    this.applied = 0;
    this.loaded = true;
  }

  /** Applies the next step. */
  step(): void {
    invariant(this.loaded, 'load inputs before stepping');
    invariant(this.applied < this.compiled.steps, 'no step left to apply');
    applyGroups(this.byStep, this.applied, this.applied + 1, this.memory, this.wire, this.combine);
    this.applied++;
  }

  /**
   * Applies every remaining step. In a plain schedule elements of different chunks never meet, so
   * the engine may finish one chunk's whole history before the next: each chunk's N copies stay in
   * cache. Within a chunk, steps and listed order are kept, so every value is computed by exactly the
   * same operations. Other schedules run step by step.
   */
  run(): void {
    invariant(this.loaded, 'load inputs before stepping');
    if (this.applied >= this.compiled.steps) return;
    if (this.applied > 0 || !this.compiled.plain) {
      while (this.applied < this.compiled.steps) this.step();
      return;
    }
    this.byChunk ??= chunkOrderTable(this.compiled, this.plan, this.layout);
    applyGroups(this.byChunk, 0, this.byChunk.groups.length - 1, this.memory, this.wire, this.combine);
    this.applied = this.compiled.steps;
  }

  /** Moves to `target` steps applied: forward by stepping, back by replaying from the inputs. */
  seek(target: number): void {
    invariant(this.loaded, 'load inputs before stepping');
    invariant(Number.isInteger(target) && target >= 0 && target <= this.compiled.steps, `no step ${target}`);
    if (target < this.applied) {
      invariant(this.initial, 'inputs are kept for stepping back');
      prepareMemory(this.layout, this.compiled.schedule.collective, this.op, this.initial, this.memory);
      this.applied = 0;
    }
    while (this.applied < target) this.step();
  }

  /** Nothing to release; here for the engines' common shape. */
  /** Resolves at once: the CPU engine's work is done when run() returns (the WebGPU engine's is not). */
  finished(): Promise<void> {
    return Promise.resolve();
  }

  destroy(): void {}

  /** Device d's buffer, as a new array. */
  device(d: number): Float32Array {
    return this.layout.device(this.memory, d);
  }

  /** All device buffers, device-major (device d's element e at d·K + e), as a new array. */
  read(): Float32Array {
    const out = new Float32Array(this.layout.devices * this.elements);
    this.layout.gather(this.memory, out);
    return out;
  }
}
