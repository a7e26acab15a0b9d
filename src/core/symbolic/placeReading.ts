// A place's value read as a chunk of the data, which is how pictures draw it: in a schedule that
// moves chunks between buffers and scratch a value's contributions are terms (device d's chunk c as
// c·N + d, contributionReplay.ts), so a cell in scratch may hold a₂, or (a₂+b₂), or — when something is wrong —
// terms of two chunks, or a value of a place nothing was written to. In a plain schedule slot c is
// chunk c and a contribution is a device, and a reading is the set itself.

import type { CompiledSchedule } from '../schedule/compile';
import type { Contributions } from './contributions';
import { nothingTerm } from './contributionReplay';

export interface PlaceReading {
  /** The chunk of the data most of its terms belong to; −1 when it holds nothing but the empty place's value. */
  readonly chunk: number;
  /** Its contributions to that chunk, as devices: runs [lo, hi, times]. */
  readonly set: Contributions;
  /** Terms it holds of other chunks, or of a place nothing was written to: runs of terms. */
  readonly strays: Contributions;
}

const NONE = new Int32Array(0);

/** Splits runs of terms at chunk boundaries, adding each piece's terms to its chunk's tally. */
function tallyByChunk(set: Contributions, devices: number, nothing: number): Map<number, number> {
  const tally = new Map<number, number>();
  for (let i = 0; i < set.length; i += 3) {
    for (let lo = set[i]; lo < set[i + 1];) {
      const chunk = lo >= nothing ? -1 : Math.floor(lo / devices);
      const hi = chunk < 0 ? set[i + 1] : Math.min(set[i + 1], (chunk + 1) * devices);
      tally.set(chunk, (tally.get(chunk) ?? 0) + (hi - lo));
      lo = hi;
    }
  }
  return tally;
}

/**
 * What (device, `slot`) holding `set` (a tracker's set: devices or terms) holds, read as one chunk:
 * the chunk most of its terms belong to, or `as` when given (a result read as the chunk it must be).
 */
export function placeReading(compiled: Pick<CompiledSchedule, 'devices' | 'chunks' | 'plain'>, slot: number, set: Contributions, as?: number): PlaceReading {
  if (compiled.plain) return { chunk: slot, set, strays: NONE };
  const { devices } = compiled;
  let chunk = as ?? -1;
  if (as === undefined) {
    let most = 0;
    // Ties go to the lower chunk, the place's own order.
    for (const [c, count] of tallyByChunk(set, devices, nothingTerm(compiled))) {
      if (c >= 0 && (count > most || (count === most && c < chunk))) [chunk, most] = [c, count];
    }
  }
  const lo = chunk * devices;
  const hi = lo + devices;
  const own: number[] = [];
  const strays: number[] = [];
  for (let i = 0; i < set.length; i += 3) {
    const [a, b, times] = [set[i], set[i + 1], set[i + 2]];
    if (chunk >= 0 && a < hi && b > lo) own.push(Math.max(a, lo) - lo, Math.min(b, hi) - lo, times);
    if (chunk < 0 || a < lo) strays.push(a, chunk < 0 ? b : Math.min(b, lo), times);
    if (chunk >= 0 && b > hi) strays.push(Math.max(a, hi), b, times);
  }
  return { chunk, set: Int32Array.from(own), strays: Int32Array.from(strays) };
}
