// The CPU engine: runs any valid schedule on one Float32Array holding all devices' buffers
// (device-major, K elements each) with the IR's semantics. It is the executable spec the WebGPU
// engine must equal bit for bit.

import { chunkOffsets } from '../../core/chunks';
import { compileSchedule, OP_COPY, type CompiledSchedule } from '../../core/compile';
import { invariant } from '../../core/errors';
import { avgFactor, type ReduceOp } from '../../core/ops';
import { reducesData, type Schedule } from '../../core/schedule';
import { snapshotFlags } from '../snapshots';
import { combiners, type Combine } from './combine';

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
  /** All device buffers: device d's element e is at d·K + e. */
  readonly buffers: Float32Array;
  private readonly starts: Int32Array;
  private readonly snapshot: Uint8Array;
  private readonly wireOffset: Int32Array;
  private readonly wire: Float32Array;
  private readonly combine: Combine;
  private applied = 0;
  private loaded = false;

  constructor(config: EngineConfig) {
    this.compiled = compileSchedule(config.schedule);
    this.elements = config.elements;
    this.op = config.op;
    const { devices, chunks, stepStart, src, chunk } = this.compiled;
    this.buffers = new Float32Array(devices * config.elements);
    this.starts = chunkOffsets(config.elements, chunks);
    this.snapshot = snapshotFlags(this.compiled);
    this.wireOffset = new Int32Array(src.length);
    let largest = 0;
    for (let s = 0; s < this.compiled.steps; s++) {
      let used = 0;
      for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
        if (!this.snapshot[t]) continue;
        this.wireOffset[t] = used;
        used += this.starts[chunk[t] + 1] - this.starts[chunk[t]];
      }
      largest = Math.max(largest, used);
    }
    this.wire = new Float32Array(largest);
    this.combine = combiners[config.op];
  }

  get steps(): number {
    return this.compiled.steps;
  }

  get stepsApplied(): number {
    return this.applied;
  }

  /** Loads the devices' inputs (N·K values, device-major) and rewinds to before step 1. */
  load(inputs: Float32Array): void {
    invariant(inputs.length === this.buffers.length, 'inputs must hold devices × elements values');
    this.buffers.set(inputs);
    if (this.op === 'avg' && reducesData(this.compiled.schedule.collective)) {
      const factor = avgFactor(this.compiled.devices);
      const b = this.buffers;
      for (let i = 0; i < b.length; i++) b[i] *= factor;
    }
    this.applied = 0;
    this.loaded = true;
  }

  /** Applies the next step. */
  step(): void {
    invariant(this.loaded, 'load inputs before stepping');
    invariant(this.applied < this.compiled.steps, 'no step left to apply');
    const { stepStart, src, dst, chunk, op } = this.compiled;
    const K = this.elements;
    const b = this.buffers;
    const starts = this.starts;
    const begin = stepStart[this.applied];
    const end = stepStart[this.applied + 1];
    for (let t = begin; t < end; t++) {
      if (!this.snapshot[t]) continue;
      const from = src[t] * K + starts[chunk[t]];
      this.wire.set(b.subarray(from, from + starts[chunk[t] + 1] - starts[chunk[t]]), this.wireOffset[t]);
    }
    const combine = this.combine;
    for (let t = begin; t < end; t++) {
      const c = chunk[t];
      const length = starts[c + 1] - starts[c];
      if (length === 0) continue;
      const at = dst[t] * K + starts[c];
      const viaWire = this.snapshot[t] === 1;
      const input = viaWire ? this.wire : b;
      const from = viaWire ? this.wireOffset[t] : src[t] * K + starts[c];
      if (op[t] === OP_COPY) {
        if (viaWire) b.set(input.subarray(from, from + length), at);
        else b.copyWithin(at, from, from + length);
      } else {
        combine(b, at, input, from, length);
      }
    }
    this.applied++;
  }

  /** Applies every remaining step. */
  run(): void {
    while (this.applied < this.compiled.steps) this.step();
  }

  /** Device d's buffer (a view, not a copy). */
  device(d: number): Float32Array {
    return this.buffers.subarray(d * this.elements, (d + 1) * this.elements);
  }
}
