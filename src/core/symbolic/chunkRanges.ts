// What every cell must end holding, and what it holds before the first step: per chunk the
// contributions [lo, hi) each of its results must end with, per cell the chunk whose result it ends
// holding, and from those each device's completeness at the start. ReplayCells keeps its counts
// against these as steps move it.

import type { CompiledSchedule } from '../schedule/compile';
import { resultChunks } from '../schedule/slots';
import { contributionOf, startTerm } from './contributionReplay';
import { fillRange } from './verify';

/**
 * Per chunk, the contributions [lo, hi) every result of it must end with (fillRange), as members of
 * the tracker's sets; per cell, the chunk whose result it must end holding; per device, what its
 * results must end with, summed.
 */
export interface ChunkRanges {
  readonly lo: Uint32Array;
  readonly hi: Uint32Array;
  /**
   * Per cell (device-major, `slots` per device): the chunk of the result it holds at the end, or −1
   * (scratch, an out-of-place input). In a plain schedule, where slot c holds chunk c's result on
   * every device, one row of `slots` that every device shares: read it with resultChunk.
   */
  readonly result: Int32Array;
  readonly shared: boolean;
  readonly expected: Float64Array;
}

export function chunkRanges(compiled: CompiledSchedule): ChunkRanges {
  const { chunks, devices, slots, layout, schedule, plain } = compiled;
  const lo = new Uint32Array(chunks);
  const hi = new Uint32Array(chunks);
  const result = new Int32Array(plain ? slots : devices * slots).fill(-1);
  const expected = new Float64Array(devices);
  for (let c = 0; c < chunks; c++) {
    const range = fillRange(schedule.collective, compiled, c);
    const base = contributionOf(compiled, 0, c);
    lo[c] = base + range.lo;
    hi[c] = base + range.hi;
  }
  const span = (c: number) => hi[c] - lo[c];
  if (plain) {
    let perDevice = 0;
    for (let c = 0; c < chunks; c++) {
      result[c] = c;
      perDevice += span(c);
    }
    expected.fill(perDevice);
  } else {
    for (let d = 0; d < devices; d++) {
      const row = resultChunks(layout, d);
      result.set(row, d * slots);
      for (const c of row) if (c >= 0) expected[d] += span(c);
    }
  }
  return { lo, hi, result, shared: plain, expected };
}

/** The chunk whose result `cell` must end holding, or −1. */
export function resultChunk(ranges: ChunkRanges, cell: number): number {
  return ranges.result[ranges.shared ? cell % ranges.result.length : cell];
}

/**
 * Before the first step: per cell of `device`, whether its own value counts toward the result it must
 * end with (written into `held` from the device's first cell, when given); returns their sum.
 */
export function startHeld(compiled: CompiledSchedule, { lo, hi, result, shared }: ChunkRanges, device: number, held?: Uint16Array): number {
  const { slots } = compiled;
  const from = device * slots;
  let sum = 0;
  for (let s = 0; s < slots; s++) {
    // A plain schedule's slot s is chunk s, holding the device's own input.
    const c = shared ? s : result[from + s];
    const member = shared ? device : startTerm(compiled, device, s);
    const own = c >= 0 && lo[c] <= member && member < hi[c] ? 1 : 0;
    if (held) held[from + s] = own;
    sum += own;
  }
  return sum;
}

/** Every device's completeness before the first step (0..1), as a tracker reset there has it, without one. */
export function startCompleteness(compiled: CompiledSchedule, ranges = chunkRanges(compiled)): Float32Array {
  const shares = new Float32Array(compiled.devices);
  for (let d = 0; d < compiled.devices; d++) {
    const held = startHeld(compiled, ranges, d);
    shares[d] = ranges.expected[d] > 0 ? held / ranges.expected[d] : 1;
  }
  return shares;
}
