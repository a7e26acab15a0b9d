// The tables the GPU kernels read, built once per (schedule, K) on the CPU and uploaded once.
// A step runs as at most two dispatches in one submission: snapshot (copy the messages whose source
// the step also writes into the wire) and apply (every destination element takes its incoming
// messages in listed order). Memory is the vec4-aligned chunk-major layout, so all offsets here are
// in vec4s; work is cut into tiles of at most TILE_VEC4S vec4s of one piece, one per invocation.

import type { CompiledSchedule } from '../../core/compile';
import { OP_COPY } from '../../core/compile';
import type { ChunkMajorLayout } from '../layout';
import { planSnapshots } from '../snapshots';

/** Invocations per workgroup, one vec4 each. Must match @workgroup_size in the shaders. */
export const TILE_VEC4S = 64;
/** Per-step parameters sit at this stride in the uniform buffer (minUniformBufferOffsetAlignment). */
export const STEP_PARAMS_STRIDE = 256;

/**
 * Apply kernels, one pipeline each (override KIND), so no kernel branches on what it applies:
 * a single reduce or copy read from memory or from the wire, or several messages in listed order.
 */
export const APPLY_KINDS = ['reduce-memory', 'reduce-wire', 'copy-memory', 'copy-wire', 'multi'] as const;
export type ApplyKind = (typeof APPLY_KINDS)[number];
/** Index of the snapshot pass's range in a step's parameters; apply kind k is at 1 + k. */
export const SNAPSHOT_RANGE = 0;
export const RANGES_PER_STEP = 1 + APPLY_KINDS.length;
/** In a multi tile, word 2 holds the vec4 count in bits 0–6 and the message count from bit 7. */
export const MESSAGE_COUNT_SHIFT = 7;
export const MESSAGE_COPY = 1;
export const MESSAGE_FROM_WIRE = 2;

export interface GpuPlan {
  steps: number;
  /** u32 × 4 per tile: read at (memory), write at (wire), count, 0. */
  copyTiles: Uint32Array;
  /**
   * u32 × 4 per tile, grouped by step and kind: destination; source (single kinds) or first message
   * (multi); count (multi: and message count); the tile's start within its piece (multi).
   */
  applyTiles: Uint32Array;
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

export function buildGpuPlan(compiled: CompiledSchedule, layout: ChunkMajorLayout): GpuPlan {
  const { stepStart, src, dst, chunk, op, chunks, steps } = compiled;
  const snapshots = planSnapshots(compiled, layout, 'concurrent');
  const copyTiles = new U32List();
  const applyTiles = new U32List();
  const messages = new U32List();
  const stepParams = new Uint32Array((Math.max(1, steps) * STEP_PARAMS_STRIDE) / 4);
  const tileCounts = new Uint32Array(steps * RANGES_PER_STEP);
  const vec4s = (c: number) => layout.paddedLength(c) / 4;
  const at = (device: number, c: number) => layout.offset(device, c) / 4;
  const source = (t: number) => (snapshots.fromWire[t] ? snapshots.wireOffset[t] / 4 : at(src[t], chunk[t]));
  let reducedElements = 0;
  let movedElements = 0;
  const byCell = new Map<number, number[]>();
  const byKind = APPLY_KINDS.map(() => new U32List());

  for (let s = 0; s < steps; s++) {
    const ranges = (s * STEP_PARAMS_STRIDE) / 4;
    const copyFirst = copyTiles.length / 4;
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
      if (!snapshots.fillsWire[t]) continue;
      const from = at(src[t], chunk[t]);
      const to = snapshots.wireOffset[t] / 4;
      for (let start = 0; start < vec4s(chunk[t]); start += TILE_VEC4S) {
        copyTiles.push4(from + start, to + start, Math.min(TILE_VEC4S, vec4s(chunk[t]) - start), 0);
      }
    }
    stepParams.set([copyFirst, copyTiles.length / 4 - copyFirst], ranges);
    tileCounts[s * RANGES_PER_STEP + SNAPSHOT_RANGE] = copyTiles.length / 4 - copyFirst;

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
    for (const list of byKind) list.length = 0;
    for (const transfers of byCell.values()) {
      const first = transfers[0];
      const c = chunk[first];
      const target = at(dst[first], c);
      const multi = transfers.length > 1;
      const firstMessage = messages.length / 2;
      if (multi) {
        for (const t of transfers) messages.push2(source(t), (op[t] === OP_COPY ? MESSAGE_COPY : 0) | (snapshots.fromWire[t] ? MESSAGE_FROM_WIRE : 0));
      }
      const kind = multi ? APPLY_KINDS.indexOf('multi') : kindOf(op[first] === OP_COPY, snapshots.fromWire[first] === 1);
      for (let start = 0; start < vec4s(c); start += TILE_VEC4S) {
        const count = Math.min(TILE_VEC4S, vec4s(c) - start);
        if (multi) byKind[kind].push4(target + start, firstMessage, count | (transfers.length << MESSAGE_COUNT_SHIFT), start);
        else byKind[kind].push4(target + start, source(first) + start, count, 0);
      }
    }
    byKind.forEach((list, kind) => {
      const first = applyTiles.length / 4;
      applyTiles.append(list);
      const range = 1 + kind;
      stepParams.set([first, list.length / 4], ranges + range * 4);
      tileCounts[s * RANGES_PER_STEP + range] = list.length / 4;
    });
  }
  return {
    steps,
    copyTiles: copyTiles.finish(),
    applyTiles: applyTiles.finish(),
    messages: messages.finish(),
    stepParams,
    tileCounts,
    wireElements: Math.max(4, snapshots.wireElements),
    reducedElements,
    movedElements,
  };
}
