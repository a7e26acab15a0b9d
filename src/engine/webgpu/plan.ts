// The tables the GPU kernels read, built once per (schedule, K) on the CPU and uploaded once.
// A step runs as at most two dispatches in one submission: snapshot (copy the messages whose source
// the step also writes into the wire) and apply (every destination element takes its incoming
// messages in listed order). Memory is the vec4-aligned chunk-major layout, so all offsets here are
// in vec4s; work is cut into tiles within one piece, so a workgroup never searches for its work, and
// the common single-message tile is two words, since on software GPUs every loaded word counts.

import type { CompiledSchedule } from '../../core/compile';
import { OP_COPY } from '../../core/compile';
import { invariant } from '../../core/errors';
import { ChunkMajorLayout } from '../layout';
import { planSnapshots } from '../snapshots';

/** A run tile: 128 vec4s of one piece, two per invocation of a 64-wide workgroup. */
export const RUN_VEC4S = 128;
/** A tile with several messages per destination: also 128 vec4s, two per invocation. */
export const MULTI_VEC4S = 128;
/** Per-step parameters sit at this stride in the uniform buffer (minUniformBufferOffsetAlignment). */
export const STEP_PARAMS_STRIDE = 256;

/**
 * A step's work, in dispatch order, one pipeline per range (overrides RANGE and KIND) so no kernel
 * branches on what it applies: the snapshot pass; the first message of every destination as runs by
 * kind (a reduce or a copy, read from memory or from the wire); the second message of destinations
 * that take two (a binary tree's parent); and destinations that take more, each with its messages
 * in listed order.
 */
export const RUN_KINDS = ['reduce-memory', 'reduce-wire', 'copy-memory', 'copy-wire'] as const;
/** Messages of one destination applied as run passes, one pass per rank; more go to the multi range. */
export const RUN_RANKS = 2;
export const SNAPSHOT_RANGE = 0;
export const MULTI_RANGE = 1 + RUN_RANKS * RUN_KINDS.length;
export const RANGES_PER_STEP = MULTI_RANGE + 1;

/** The range of the `rank`-th message of kind `kind`. */
export function runRange(rank: number, kind: number): number {
  return 1 + rank * RUN_KINDS.length + kind;
}

/** In a multi tile, word 2 holds the vec4 count in bits 0–7 and the message count from bit 8. */
export const MESSAGE_COUNT_SHIFT = 8;
export const MESSAGE_COPY = 1;
export const MESSAGE_FROM_WIRE = 2;
/** Run tiles pack (count − 1) into the top bits of their two addresses, which stay below 2²⁸ vec4s. */
export const ADDRESS_BITS = 28;
const ADDRESS_LIMIT = 2 ** ADDRESS_BITS;

/** A run of `count` (1 … 128) vec4s from `read` to `write`, as two u32s. */
export function packRun(read: number, write: number, count: number): [number, number] {
  const c = count - 1;
  return [(read | ((c >> 4) << ADDRESS_BITS)) >>> 0, (write | ((c & 15) << ADDRESS_BITS)) >>> 0];
}

export interface GpuPlan {
  steps: number;
  /** Snapshot runs, u32 × 2 each (see packRun): memory → wire. */
  copyRuns: Uint32Array;
  /** Single-message runs, u32 × 2 each (see packRun): source → destination, grouped by step and kind. */
  applyRuns: Uint32Array;
  /** Multi tiles, u32 × 4 each: destination; first message; count and message count; start within the piece. */
  multiTiles: Uint32Array;
  /** u32 × 2 per message of a multi destination: piece start (memory or wire), flags. */
  messages: Uint32Array;
  /** Per step at STEP_PARAMS_STRIDE bytes: RANGES_PER_STEP × vec4u (first tile, tile count, 0, 0). */
  stepParams: Uint32Array;
  /** Per step and range: workgroups to dispatch. */
  tileCounts: Uint32Array;
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

function kindOf(copy: boolean, fromWire: boolean): number {
  return (copy ? 2 : 0) + (fromWire ? 1 : 0);
}

/** The GPU engine's memory layout for a schedule and K elements per device: vec4-aligned pieces. */
export function gpuLayout(compiled: CompiledSchedule, elements: number): ChunkMajorLayout {
  return new ChunkMajorLayout(compiled.devices, elements, compiled.chunks, 4);
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
  const known = plans.get(compiled)?.get(layout.elements);
  if (known && known.steps === compiled.steps) return known;
  return buildGpuPlan(compiled, layout);
}

/** The arrays of a plan, for a transfer list. */
export function gpuPlanBuffers(plan: GpuPlan): ArrayBuffer[] {
  return [plan.copyRuns, plan.applyRuns, plan.multiTiles, plan.messages, plan.stepParams, plan.tileCounts].map((array) => array.buffer as ArrayBuffer);
}

export function buildGpuPlan(compiled: CompiledSchedule, layout: ChunkMajorLayout): GpuPlan {
  const { stepStart, src, dst, chunk, op, chunks, steps } = compiled;
  invariant(layout.totalElements / 4 < ADDRESS_LIMIT, 'GPU memory beyond 2^28 vec4s cannot be addressed by run tiles');
  const snapshots = planSnapshots(compiled, layout, 'concurrent');
  const copyRuns = new U32List();
  const applyRuns = new U32List();
  const multiTiles = new U32List();
  const messages = new U32List();
  const stepParams = new Uint32Array((Math.max(1, steps) * STEP_PARAMS_STRIDE) / 4);
  const tileCounts = new Uint32Array(steps * RANGES_PER_STEP);
  const vec4s = (c: number) => layout.paddedLength(c) / 4;
  const at = (device: number, c: number) => layout.offset(device, c) / 4;
  const source = (t: number) => (snapshots.fromWire[t] ? snapshots.wireOffset[t] / 4 : at(src[t], chunk[t]));
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
      if (snapshots.fillsWire[t]) pushRuns(copyRuns, at(src[t], chunk[t]), snapshots.wireOffset[t] / 4, vec4s(chunk[t]));
    }
    setRange(s, SNAPSHOT_RANGE, copyFirst, copyRuns.length / 2 - copyFirst);

    // Destinations in order of their first write; each keeps its messages in listed order.
    byCell.clear();
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
      if (vec4s(chunk[t]) === 0) continue;
      const elements = layout.starts[chunk[t] + 1] - layout.starts[chunk[t]];
      movedElements += elements;
      if (op[t] !== OP_COPY) reducedElements += elements;
      const cell = dst[t] * chunks + chunk[t];
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
