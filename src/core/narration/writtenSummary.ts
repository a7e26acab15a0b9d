// What a step wrote on one device, in the seeds' notation: where a picture's cards are too small to
// write every chunk, each says what its step wrote, e.g. (p₁₆+…+b₁₆) on GPU-1, and the room reads which
// chunk moved and what it now holds. Several writes show the first and the last, the brief form's way:
// (e₁+a₁) … (e₄+a₄). Two values or a run are two pieces, written on one line or, on a narrow card, on
// two.

import { compileSchedule, slotTransfers, type Schedule } from '../schedule';
import { briefLength } from './narration';

/**
 * The values a step wrote on a device, in slot order, as the pieces of its summary: none, one value, two
 * values ("(e₃+a₃)," and "(e₄+a₄)"), or a run by its first and last ("(e₁+a₁) …" and "(e₄+a₄)").
 */
export function writtenSummary(values: readonly string[]): string[] {
  if (values.length <= 1) return [...values];
  if (values.length === 2) return [`${values[0]},`, values[1]];
  return spanSummary(values[0], values[values.length - 1]);
}

/** A run of cells by its first and last value: (e₁+a₁) … (e₄+a₄), or a device's own chunks a₁ … a₁₆. */
export function spanSummary(first: string, last: string): string[] {
  return [`${first} …`, last];
}

/**
 * A summary's pieces on at most `lines` lines (1 or 2): on one line they are joined by a space, as they
 * are where that line is no longer than `room` characters (a₁ … a₈ needs no second line).
 */
export function summaryLines(pieces: readonly string[], lines: number, room = 0): string[] {
  const joined = pieces.join(' ');
  return lines >= 2 && pieces.length > 1 && joined.length > room ? [...pieces] : pieces.length === 0 ? [] : [joined];
}

/** The most cells any step of `schedule` writes on one device. */
export function mostWritesPerDevice(schedule: Schedule): number {
  const compiled = compileSchedule(schedule);
  const count = new Int32Array(schedule.devices);
  let most = 0;
  for (const step of schedule.steps) {
    count.fill(0);
    for (const t of slotTransfers(compiled, step)) most = Math.max(most, ++count[t.dst]);
  }
  return most;
}

/**
 * Characters of the longest line of a writtenSummary of brief values on `lines` lines (1 or 2) over
 * `devices` devices of `chunks` chunks where a step writes up to `writes` cells on a device (at step 0
 * the first and last chunk are shown).
 */
export function writtenSummaryLength(devices: number, chunks: number, writes: number, lines = 1): number {
  const one = briefLength(devices, chunks).oneLine;
  if (writes < 2) return one;
  return lines >= 2 ? one + 2 : 2 * one + 3;
}
