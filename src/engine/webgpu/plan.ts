// The tables the GPU kernels read, built once per (schedule, K) on the CPU and uploaded once, and the
// numbers the kernels share with them, which reach the shaders only through wgslPrelude.
// A step is one submission: the snapshot pass (copy the messages whose source the step also writes
// into the wire), then one apply pass per range of work (RANGES_PER_STEP ranges in all, below), each
// dispatched only when the step has tiles in it; together they give every destination element its
// incoming messages in listed order. Memory is the vec4-aligned chunk-major layout, so all offsets here are in vec4s; work is
// cut into tiles within one piece, so a workgroup never searches for its work, and the common
// single-message tile is two words, since on software GPUs every loaded word counts.

import { type CompiledSchedule, OP_COPY } from '../../core/schedule';
import { invariant } from '../../core/errors';
import type { ReduceOp } from '../../core/ops';
import { engineLayout, type ChunkMajorLayout } from '../layout';
import { planSnapshots } from '../snapshots';
import { columnConstants } from './columnPlan';
import { WORKGROUP_SIZE } from './workgroup';

export { WORKGROUP_SIZE };

/** A run tile: vec4s of one piece, two per invocation (lane and lane + WORKGROUP_SIZE). */
const RUN_VEC4S = 2 * WORKGROUP_SIZE;
/** A tile with several messages per destination: as wide, for the same reason. */
const MULTI_VEC4S = 2 * WORKGROUP_SIZE;
/** Per-step parameters sit at this stride in the uniform buffer (minUniformBufferOffsetAlignment). */
export const STEP_PARAMS_STRIDE = 256;

/**
 * A step's work, in dispatch order, as ranges of tiles: the snapshot pass (its own pipeline); the
 * first message of every destination as runs by kind (a reduce or a copy, read from memory or from
 * the wire); the second message of destinations that take two (a binary tree's parent), again by
 * kind; and destinations that take more, each with its messages in listed order. Every apply range
 * has its own pipeline (overrides RANGE and KIND), so no kernel branches on what it applies.
 */
export const RUN_KINDS = ['reduce-memory', 'reduce-wire', 'copy-memory', 'copy-wire'] as const;
/** The kind of the multi range, after the run kinds. */
const MULTI_KIND = RUN_KINDS.length;
/** Messages of one destination applied as run passes, one pass per rank; more go to the multi range. */
const RUN_RANKS = 2;
export const SNAPSHOT_RANGE = 0;
export const MULTI_RANGE = 1 + RUN_RANKS * RUN_KINDS.length;
export const RANGES_PER_STEP = MULTI_RANGE + 1;

/** The range of the `rank`-th message of kind `kind`. */
export function runRange(rank: number, kind: number): number {
  return 1 + rank * RUN_KINDS.length + kind;
}

/** The kind an apply range's pipeline applies (its KIND override). */
export function rangeKind(range: number): number {
  return range === MULTI_RANGE ? MULTI_KIND : (range - 1) % RUN_KINDS.length;
}

/** The kernels' reduction codes (the OP override); avg sums, its inputs premultiplied by f32(1/N). */
export const OP_CODES = { sum: 0, avg: 0, prod: 1, max: 2, min: 3 } as const satisfies Record<ReduceOp, number>;

/** In a multi tile, word 2 holds the vec4 count below this bit and the message count from it. */
const MESSAGE_COUNT_SHIFT = 8;
const TILE_COUNT_MASK = (1 << MESSAGE_COUNT_SHIFT) - 1;
/** Flags of a multi destination's message. */
const MESSAGE_COPY = 1;
const MESSAGE_FROM_WIRE = 2;
/**
 * Run tiles pack (count − 1) into the top bits of their two addresses, which stay below
 * 2^ADDRESS_BITS vec4s: its high bits over the read address, its low RUN_COUNT_LOW_BITS over the write
 * address.
 */
const ADDRESS_BITS = 28;
const ADDRESS_LIMIT = 2 ** ADDRESS_BITS;
const ADDRESS_MASK = ADDRESS_LIMIT - 1;
const RUN_COUNT_LOW_BITS = 32 - ADDRESS_BITS;
const RUN_COUNT_LOW_MASK = (1 << RUN_COUNT_LOW_BITS) - 1;

/** A run of `count` (1 … RUN_VEC4S) vec4s from `read` to `write`, as two u32s. */
export function packRun(read: number, write: number, count: number): [number, number] {
  const c = count - 1;
  return [(read | ((c >> RUN_COUNT_LOW_BITS) << ADDRESS_BITS)) >>> 0, (write | ((c & RUN_COUNT_LOW_MASK) << ADDRESS_BITS)) >>> 0];
}

/** Every number both the tables and the kernels need, by the name the shaders use. */
export function wgslConstants(): Record<string, number> {
  const kinds = Object.fromEntries(RUN_KINDS.map((kind, i) => [`KIND_${kind.toUpperCase().replace('-', '_')}`, i]));
  return {
    WORKGROUP_SIZE,
    RUN_VEC4S,
    MULTI_VEC4S,
    RANGES_PER_STEP,
    SNAPSHOT_RANGE,
    MULTI_RANGE,
    ...kinds,
    KIND_MULTI: MULTI_KIND,
    OP_SUM: OP_CODES.sum,
    OP_PROD: OP_CODES.prod,
    OP_MAX: OP_CODES.max,
    OP_MIN: OP_CODES.min,
    ADDRESS_BITS,
    ADDRESS_MASK,
    RUN_COUNT_LOW_BITS,
    MESSAGE_COUNT_SHIFT,
    TILE_COUNT_MASK,
    MESSAGE_COPY,
    MESSAGE_FROM_WIRE,
    ...columnConstants(),
  };
}

/**
 * wgslConstants as WGSL, put before every shader's text where its module is made (resources.ts,
 * addKernel.ts): the shaders use these names and define none of them.
 */
export function wgslPrelude(): string {
  return Object.entries(wgslConstants())
    .map(([name, value]) => `const ${name}: u32 = ${value}u;\n`)
    .join('');
}

export interface GpuPlan {
  steps: number;
  /** Snapshot runs, u32 × 2 each (see packRun): memory → wire. */
  copyRuns: Uint32Array;
  /** Single-message runs, u32 × 2 each (see packRun): source → destination, grouped by step and range. */
  applyRuns: Uint32Array;
  /** Multi tiles, u32 × 4 each: destination; first message; count and message count; start within the piece. */
  multiTiles: Uint32Array;
  /** u32 × 2 per message of a multi destination: piece start (memory or wire), flags. */
  messages: Uint32Array;
  /** Per step at STEP_PARAMS_STRIDE bytes: RANGES_PER_STEP × vec4u (first tile, tile count, 0, 0). */
  stepParams: Uint32Array;
  /** Per step and range: workgroups to dispatch. */
  tileCounts: Uint32Array;
  /** Elements of the wire: the most any step snapshots (never zero, as a binding cannot be empty). */
  wireElements: number;
  /** Elements reduced, and moved (reduced or copied), over the whole run. */
  reducedElements: number;
  movedElements: number;
}

class U32List {
  data = new Uint32Array(4096);
  length = 0;

  push4(a: number, b: number, c: number, d: number): void {
    if (this.length + 4 > this.data.length) {
      const grown = new Uint32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = a;
    this.data[this.length++] = b;
    this.data[this.length++] = c;
    this.data[this.length++] = d;
  }

  push2(a: number, b: number): void {
    this.push4(a, b, 0, 0);
    this.length -= 2;
  }

  append(other: U32List): void {
    while (this.length + other.length > this.data.length) {
      const grown = new Uint32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data.set(other.data.subarray(0, other.length), this.length);
    this.length += other.length;
  }

  finish(): Uint32Array {
    // Never empty: a zero-sized storage binding is not allowed.
    return this.length === 0 ? new Uint32Array(4) : this.data.slice(0, this.length);
  }
}

/** The index in RUN_KINDS of a run that copies or reduces, from the wire or from memory. */
function kindOf(copy: boolean, fromWire: boolean): number {
  return (copy ? 2 : 0) + (fromWire ? 1 : 0);
}

/** The GPU engine's memory layout for a schedule and K elements per device: vec4-aligned pieces. */
export function gpuLayout(compiled: CompiledSchedule, elements: number): ChunkMajorLayout {
  return engineLayout(compiled, elements, 4);
}

/** Plans made elsewhere (a worker) or before, per schedule and K. */
const plans = new WeakMap<CompiledSchedule, Map<number, GpuPlan>>();

/** Keeps a plan built for (compiled, elements) by buildGpuPlan, so gpuPlanFor returns it. */
export function adoptGpuPlan(compiled: CompiledSchedule, elements: number, plan: GpuPlan): void {
  const byElements = plans.get(compiled) ?? new Map<number, GpuPlan>();
  // One size at a time: a plan of a 1024-device ring is tens of megabytes.
  byElements.clear();
  byElements.set(elements, plan);
  plans.set(compiled, byElements);
}

/** The plan for a schedule at K elements per device: one adopted before, or built now. */
export function gpuPlanFor(compiled: CompiledSchedule, layout: ChunkMajorLayout): GpuPlan {
  return plans.get(compiled)?.get(layout.elements) ?? buildGpuPlan(compiled, layout);
}

/** The arrays of a plan, for a transfer list. */
export function gpuPlanBuffers(plan: GpuPlan): ArrayBuffer[] {
  return [plan.copyRuns, plan.applyRuns, plan.multiTiles, plan.messages, plan.stepParams, plan.tileCounts].map((array) => array.buffer as ArrayBuffer);
}

export function buildGpuPlan(compiled: CompiledSchedule, layout: ChunkMajorLayout): GpuPlan {
  const { stepStart, src, dst, chunk, srcChunk, op, slots, steps } = compiled;
  invariant(layout.totalElements / 4 < ADDRESS_LIMIT, `GPU memory beyond 2^${ADDRESS_BITS} vec4s cannot be addressed by run tiles`);
  const snapshots = planSnapshots(compiled, layout, 'concurrent');
  const copyRuns = new U32List();
  const applyRuns = new U32List();
  const multiTiles = new U32List();
  const messages = new U32List();
  const stepParams = new Uint32Array((Math.max(1, steps) * STEP_PARAMS_STRIDE) / 4);
  const tileCounts = new Uint32Array(steps * RANGES_PER_STEP);
  const vec4s = (c: number) => layout.paddedLength(c) / 4;
  const at = (device: number, c: number) => layout.offset(device, c) / 4;
  const source = (t: number) => (snapshots.fromWire[t] ? snapshots.wireOffset[t] / 4 : at(src[t], srcChunk[t]));
  let reducedElements = 0;
  let movedElements = 0;
  const byCell = new Map<number, number[]>();
  const byRange = Array.from({ length: RANGES_PER_STEP }, () => new U32List());
  const pushRuns = (list: U32List, read: number, write: number, length: number) => {
    for (let start = 0; start < length; start += RUN_VEC4S) list.push2(...packRun(read + start, write + start, Math.min(RUN_VEC4S, length - start)));
  };
  const setRange = (s: number, range: number, first: number, count: number) => {
    stepParams.set([first, count], (s * STEP_PARAMS_STRIDE) / 4 + range * 4);
    tileCounts[s * RANGES_PER_STEP + range] = count;
  };

  for (let s = 0; s < steps; s++) {
    const copyFirst = copyRuns.length / 2;
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
      if (snapshots.fillsWire[t]) pushRuns(copyRuns, at(src[t], srcChunk[t]), snapshots.wireOffset[t] / 4, vec4s(srcChunk[t]));
    }
    setRange(s, SNAPSHOT_RANGE, copyFirst, copyRuns.length / 2 - copyFirst);

    // Destinations in order of their first write; each keeps its messages in listed order.
    byCell.clear();
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
      if (vec4s(chunk[t]) === 0) continue;
      const elements = layout.length(chunk[t]);
      movedElements += elements;
      if (op[t] !== OP_COPY) reducedElements += elements;
      const cell = dst[t] * slots + chunk[t];
      const list = byCell.get(cell);
      if (list) list.push(t);
      else byCell.set(cell, [t]);
    }
    for (const list of byRange) list.length = 0;
    for (const transfers of byCell.values()) {
      const first = transfers[0];
      const c = chunk[first];
      const target = at(dst[first], c);
      if (transfers.length <= RUN_RANKS) {
        transfers.forEach((t, rank) => pushRuns(byRange[runRange(rank, kindOf(op[t] === OP_COPY, snapshots.fromWire[t] === 1))], source(t), target, vec4s(c)));
        continue;
      }
      const firstMessage = messages.length / 2;
      for (const t of transfers) messages.push2(source(t), (op[t] === OP_COPY ? MESSAGE_COPY : 0) | (snapshots.fromWire[t] ? MESSAGE_FROM_WIRE : 0));
      for (let start = 0; start < vec4s(c); start += MULTI_VEC4S) {
        byRange[MULTI_RANGE].push4(target + start, firstMessage, Math.min(MULTI_VEC4S, vec4s(c) - start) | (transfers.length << MESSAGE_COUNT_SHIFT), start);
      }
    }
    for (let range = 1; range < RANGES_PER_STEP; range++) {
      const list = byRange[range];
      const target = range === MULTI_RANGE ? multiTiles : applyRuns;
      const width = range === MULTI_RANGE ? 4 : 2;
      const first = target.length / width;
      target.append(list);
      setRange(s, range, first, list.length / width);
    }
  }
  return {
    steps,
    copyRuns: copyRuns.finish(),
    applyRuns: applyRuns.finish(),
    multiTiles: multiTiles.finish(),
    messages: messages.finish(),
    stepParams,
    tileCounts,
    wireElements: Math.max(4, snapshots.wireElements),
    reducedElements,
    movedElements,
  };
}
