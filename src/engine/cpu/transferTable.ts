// Transfers laid out for execution: flat per-transfer offsets for one K, in an execution order, cut
// into groups that each lie within one step. A group first copies the snapshots it needs to the wire,
// then applies its transfers in order.

import { OP_COPY, type CompiledSchedule } from '../../core/schedule';
import type { ChunkMajorLayout } from '../layout';
import type { SnapshotPlan } from '../snapshots';

export const COPY = 1;
export const FROM_WIRE = 2;
export const FILLS_WIRE = 4;

export interface TransferTable {
  writeAt: Int32Array;
  /** Buffer offset, or wire offset when FROM_WIRE. */
  readAt: Int32Array;
  /** Buffer offset of the source, for FILLS_WIRE transfers. */
  sourceAt: Int32Array;
  length: Int32Array;
  flags: Uint8Array;
  /** Group g is positions [groups[g], groups[g+1]). */
  groups: Int32Array;
  /** 1 when group g fills the wire before it applies. */
  groupFills: Uint8Array;
}

function fill(
  compiled: CompiledSchedule,
  plan: SnapshotPlan,
  layout: ChunkMajorLayout,
  order: Int32Array | null,
): Omit<TransferTable, 'groups' | 'groupFills'> {
  const { src, dst, chunk, srcChunk, op } = compiled;
  const count = src.length;
  const table = {
    writeAt: new Int32Array(count),
    readAt: new Int32Array(count),
    sourceAt: new Int32Array(count),
    length: new Int32Array(count),
    flags: new Uint8Array(count),
  };
  for (let i = 0; i < count; i++) {
    const t = order ? order[i] : i;
    const c = chunk[t];
    table.writeAt[i] = layout.offset(dst[t], c);
    table.sourceAt[i] = layout.offset(src[t], srcChunk[t]);
    table.readAt[i] = plan.fromWire[t] ? plan.wireOffset[t] : table.sourceAt[i];
    table.length[i] = layout.length(c);
    table.flags[i] = (op[t] === OP_COPY ? COPY : 0) | (plan.fromWire[t] ? FROM_WIRE : 0) | (plan.fillsWire[t] ? FILLS_WIRE : 0);
  }
  return table;
}

function withGroups(table: Omit<TransferTable, 'groups' | 'groupFills'>, groups: Int32Array): TransferTable {
  const groupFills = new Uint8Array(groups.length - 1);
  for (let g = 0; g < groupFills.length; g++) {
    for (let i = groups[g]; i < groups[g + 1] && !groupFills[g]; i++) groupFills[g] = table.flags[i] & FILLS_WIRE ? 1 : 0;
  }
  return { ...table, groups, groupFills };
}

/** Schedule order, one group per step. */
export function stepOrderTable(compiled: CompiledSchedule, plan: SnapshotPlan, layout: ChunkMajorLayout): TransferTable {
  return withGroups(fill(compiled, plan, layout, null), Int32Array.from(compiled.stepStart));
}

/**
 * Chunk by chunk, for a plain schedule: elements of different chunks never meet, so each chunk's whole history can run
 * before the next one's while its N copies are in cache. A chunk whose steps need no snapshot is one
 * group; otherwise each of its steps is a group.
 */
export function chunkOrderTable(compiled: CompiledSchedule, plan: SnapshotPlan, layout: ChunkMajorLayout): TransferTable {
  const { chunk, chunks, stepStart, steps } = compiled;
  const first = new Int32Array(chunks + 1);
  for (let t = 0; t < chunk.length; t++) first[chunk[t] + 1]++;
  for (let c = 0; c < chunks; c++) first[c + 1] += first[c];
  const next = first.slice(0, chunks);
  const order = new Int32Array(chunk.length);
  for (let t = 0; t < chunk.length; t++) order[next[chunk[t]]++] = t;
  const stepOf = new Int32Array(chunk.length);
  for (let s = 0; s < steps; s++) stepOf.fill(s, stepStart[s], stepStart[s + 1]);
  const groups: number[] = [];
  for (let c = 0; c < chunks; c++) {
    let needsWire = false;
    for (let i = first[c]; i < first[c + 1] && !needsWire; i++) needsWire = plan.fillsWire[order[i]] === 1;
    groups.push(first[c]);
    if (!needsWire) continue;
    for (let i = first[c] + 1; i < first[c + 1]; i++) if (stepOf[order[i]] !== stepOf[order[i - 1]]) groups.push(i);
  }
  groups.push(chunk.length);
  return withGroups(fill(compiled, plan, layout, order), Int32Array.from(groups));
}
