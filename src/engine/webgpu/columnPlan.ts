// The tables of a whole run in one dispatch. In a plain schedule (every transfer moves chunk c to chunk
// c) each chunk's column across the devices evolves on its own, and every transfer keeps its element
// offset inside its chunk; so one invocation per (chunk, vec4 of the chunk) can walk that column's
// transfers in step order with no barrier between steps, and no other invocation ever touches what
// it reads or writes. It applies them as the CPU engine does, one by one in listed order; a message
// whose source an earlier transfer of the same step already wrote is read from the wire, where the
// step's first pass over the column copied it (snapshots.ts, 'in-order'). Each column has its own part
// of the wire, which only its invocations touch, step after step: invocations never meet there either.

import type { CompiledSchedule } from '../../core/schedule';
import { OP_COPY } from '../../core/schedule';
import type { ChunkMajorLayout } from '../layout';
import { planSnapshots } from '../snapshots';
import type { AdapterFit } from './workgroup';

/** Bits of a device number in an op's first word: src, then dst above it, then the op's kind. */
const DEVICE_BITS = 13;
const DEVICE_MASK = (1 << DEVICE_BITS) - 1;
const KIND_SHIFT = 2 * DEVICE_BITS;
/** What an op does to its column: fill the wire from memory, or apply a message from memory or the wire. */
const COLUMN_OPS = ['reduce-memory', 'reduce-wire', 'copy-memory', 'copy-wire', 'fill'] as const;
const FILL = COLUMN_OPS.indexOf('fill');

/**
 * The most vec4s of a column one invocation walks, its ops read once for all of them and its loads
 * independent of each other. Fewer where the adapter wants more invocations busy (workgroup.ts), and
 * never more than the widest column has.
 */
const VEC4S_EACH = 64;

export interface ColumnPlan {
  /** Per column and one more: vec4u(first invocation, first vec4 in memory, vec4s a device, first op). */
  columns: Uint32Array;
  /** Per op: vec2u(src | dst << DEVICE_BITS | kind << KIND_SHIFT, wire vec4 where it reads or fills one). */
  ops: Uint32Array;
  /** Per op: its step, ascending within a column (a run from step a to b starts by a search). */
  opSteps: Uint32Array;
  /** Vec4s of a column an invocation walks (the kernel's EACH). */
  each: number;
  /** Invocations per workgroup, which the invocations are tiled by (the kernel's WORKGROUP). */
  workgroup: number;
  /** Invocations: every vec4 of every chunk of one device, `each` to an invocation. */
  invocations: number;
  /** Whether any op reads or fills the wire. */
  wire: boolean;
  /** Columns with work, in `columns`. */
  columnCount: number;
  /** Elements of the wire, every column's part together: at most the devices' memory (never zero). */
  wireElements: number;
}

/** The numbers the column kernel shares with this plan, for wgslPrelude. */
export function columnConstants(): Record<string, number> {
  return {
    COLUMN_DEVICE_BITS: DEVICE_BITS,
    COLUMN_DEVICE_MASK: DEVICE_MASK,
    COLUMN_KIND_SHIFT: KIND_SHIFT,
    ...Object.fromEntries(COLUMN_OPS.map((kind, i) => [`COLUMN_${kind.toUpperCase().replace('-', '_')}`, i])),
  };
}

/**
 * The column tables of a schedule at a layout, cut for an adapter (its workgroup width, the
 * invocations it keeps busy, the ops a column may hold a step); null where a whole run cannot or
 * should not go in one dispatch: chunks that meet (not plain), more devices than an op's word holds,
 * or a column deeper than the adapter's opsPerStep for each step.
 */
export function buildColumnPlan(
  compiled: CompiledSchedule,
  layout: ChunkMajorLayout,
  fit: Pick<AdapterFit, 'workgroup' | 'busy' | 'opsPerStep'>,
): ColumnPlan | null {
  const { stepStart, src, dst, chunk, op, slots, steps, devices } = compiled;
  if (!compiled.plain || devices > DEVICE_MASK + 1) return null;
  const snapshots = planSnapshots(compiled, layout, 'in-order');
  // Each column has its own part of the wire, as many pieces as its busiest step fills: only its own
  // invocations touch it, one step after another, so every step reuses it.
  const most = new Uint32Array(slots);
  const filled = new Uint32Array(slots);
  for (let s = 0; s < steps; s++) {
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) if (snapshots.fillsWire[t]) filled[chunk[t]]++;
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
      most[chunk[t]] = Math.max(most[chunk[t]], filled[chunk[t]]);
      filled[chunk[t]] = 0;
    }
  }
  const columnWire = new Float64Array(slots + 1);
  for (let c = 0; c < slots; c++) columnWire[c + 1] = columnWire[c] + most[c] * layout.paddedLength(c);

  // Ops by column, in step order; within a step the fills first (the sources as they stood), then the
  // transfers in listed order.
  const perColumn = new Uint32Array(slots);
  for (let t = 0; t < src.length; t++) if (layout.paddedLength(chunk[t]) > 0) perColumn[chunk[t]] += snapshots.fillsWire[t] ? 2 : 1;
  let deepest = 0;
  for (let c = 0; c < slots; c++) deepest = Math.max(deepest, perColumn[c]);
  if (deepest > fit.opsPerStep * Math.max(1, steps)) return null;
  const opStart = new Uint32Array(slots + 1);
  for (let c = 0; c < slots; c++) opStart[c + 1] = opStart[c] + perColumn[c];
  const total = opStart[slots];
  const ops = new Uint32Array(Math.max(4, 2 * total));
  const opSteps = new Uint32Array(Math.max(4, total));
  const next = opStart.slice(0, slots);
  const put = (c: number, s: number, first: number, wire: number) => {
    const i = next[c]++;
    ops[2 * i] = first >>> 0;
    ops[2 * i + 1] = wire;
    opSteps[i] = s;
  };
  // A step's snapshot (by its place on the step's wire, as planSnapshots gives it) at its column's piece.
  const pieceOf = new Map<number, number>();
  const wireAt = (t: number) => pieceOf.get(snapshots.wireOffset[t])! / 4;
  for (let s = 0; s < steps; s++) {
    pieceOf.clear();
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
      if (!snapshots.fillsWire[t] || layout.paddedLength(chunk[t]) === 0) continue;
      const c = chunk[t];
      pieceOf.set(snapshots.wireOffset[t], columnWire[c] + filled[c]++ * layout.paddedLength(c));
      put(c, s, src[t] | (FILL << KIND_SHIFT), wireAt(t));
    }
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) filled[chunk[t]] = 0;
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
      if (layout.paddedLength(chunk[t]) === 0) continue;
      const kind = (op[t] === OP_COPY ? 2 : 0) + snapshots.fromWire[t];
      put(chunk[t], s, src[t] | (dst[t] << DEVICE_BITS) | (kind << KIND_SHIFT), snapshots.fromWire[t] ? wireAt(t) : 0);
    }
  }

  // Chunks differ by a vec4 at most: the widest sets how deep an invocation walks every column.
  let widest = 0;
  for (let c = 0; c < slots; c++) widest = Math.max(widest, layout.paddedLength(c) / 4);
  const perDevice = layout.totalElements / devices / 4;
  const each = Math.max(1, Math.min(VEC4S_EACH, widest, Math.floor(perDevice / fit.busy)));
  const { workgroup } = fit;
  const columns = new Uint32Array(4 * (slots + 1));
  let invocations = 0;
  let columnCount = 0;
  for (let c = 0; c < slots; c++) {
    const vec4s = layout.paddedLength(c) / 4;
    if (vec4s === 0) continue;
    columns.set([invocations, layout.offset(0, c) / 4, vec4s, opStart[c]], 4 * columnCount++);
    // Whole tiles of `workgroup` invocations, each `each` vec4s deep, and what is left in a last one,
    // `each` deep too (the kernel's span).
    const tile = workgroup * each;
    invocations += Math.floor(vec4s / tile) * workgroup + Math.ceil((vec4s % tile) / each);
  }
  columns.set([invocations, 0, 0, total], 4 * columnCount);
  return {
    each,
    workgroup,
    columns: columns.slice(0, 4 * (columnCount + 1)),
    ops,
    opSteps,
    invocations,
    columnCount,
    wire: columnWire[slots] > 0,
    wireElements: Math.max(4, columnWire[slots]),
  };
}
