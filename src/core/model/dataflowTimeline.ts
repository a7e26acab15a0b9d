// What the timeline draws as soon as ready (dataflowTiming.ts): when a device, or a run of devices
// (the timeline's rows above 64 devices), has messages under way, as the union of the spans from
// start to end of the messages it sends, and apart of those it receives (local operations and empty
// chunks cross no port and are left out); and when each step's transfers run.

import type { CompiledSchedule } from '../schedule/compile';
import type { DataflowTiming } from './dataflowTiming';
import { chunkBytes } from './traffic';

export interface BusyRows {
  /** Devices per row: row r is devices [r·per, (r+1)·per). */
  per: number;
  /** Per row: [from, to] pairs in µs, ascending, apart from each other. */
  sent: Float64Array[];
  received: Float64Array[];
}

/**
 * The union of intervals given as their starts and ends, each sorted on its own: a union depends only
 * on where intervals open and close, so no interval needs to be kept whole.
 */
function union(starts: Float64Array, ends: Float64Array): Float64Array {
  const out: number[] = [];
  let open = 0;
  let from = 0;
  let j = 0;
  for (let i = 0; i < starts.length; i++) {
    // Close before opening only where an end comes strictly first: touching spans merge.
    while (ends[j] < starts[i]) {
      if (--open === 0) out.push(from, ends[j]);
      j++;
    }
    if (open++ === 0) from = starts[i];
  }
  if (starts.length > 0) out.push(from, ends[ends.length - 1]);
  return Float64Array.from(out);
}

/** One side's spans grouped by row (counted first, then placed), sorted and merged. */
function rowsOf(rowOf: (t: number) => number, rows: number, moves: Uint8Array, timing: DataflowTiming): Float64Array[] {
  const offset = new Uint32Array(rows + 1);
  for (let t = 0; t < moves.length; t++) if (moves[t]) offset[rowOf(t) + 1]++;
  for (let r = 0; r < rows; r++) offset[r + 1] += offset[r];
  const starts = new Float64Array(offset[rows]);
  const ends = new Float64Array(offset[rows]);
  const next = offset.slice(0, rows);
  for (let t = 0; t < moves.length; t++) {
    if (!moves[t]) continue;
    const at = next[rowOf(t)]++;
    starts[at] = timing.startUs[t];
    ends[at] = timing.endUs[t];
  }
  return Array.from({ length: rows }, (_, r) => union(starts.subarray(offset[r], offset[r + 1]).sort(), ends.subarray(offset[r], offset[r + 1]).sort()));
}

export function busyIntervals(compiled: CompiledSchedule, timing: DataflowTiming, per = 1): BusyRows {
  const { devices, src, dst, chunk } = compiled;
  const rows = Math.ceil(devices / per);
  const bytesOf = chunkBytes(timing.elements, compiled);
  const moves = new Uint8Array(src.length);
  for (let t = 0; t < src.length; t++) moves[t] = src[t] !== dst[t] && bytesOf[chunk[t]] > 0 ? 1 : 0;
  return {
    per,
    sent: rowsOf((t) => Math.floor(src[t] / per), rows, moves, timing),
    received: rowsOf((t) => Math.floor(dst[t] / per), rows, moves, timing),
  };
}

/** Per step, from the first start to the last end of its transfers: index 2s and 2s + 1 (both 0 for a step of none). */
export function stepSpans(compiled: CompiledSchedule, timing: DataflowTiming): Float64Array {
  const spans = new Float64Array(2 * compiled.steps);
  for (let s = 0; s < compiled.steps; s++) {
    let from = Infinity;
    let to = 0;
    for (let t = compiled.stepStart[s]; t < compiled.stepStart[s + 1]; t++) {
      from = Math.min(from, timing.startUs[t]);
      to = Math.max(to, timing.endUs[t]);
    }
    spans[2 * s] = from === Infinity ? 0 : from;
    spans[2 * s + 1] = to;
  }
  return spans;
}
