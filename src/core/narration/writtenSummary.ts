// What a step wrote on one device, in one line of the seeds' notation: where a picture's cards are too
// small to write every chunk, each says what its step wrote, e.g. (p₁₆+…+b₁₆) on GPU-1, and the room
// reads which chunk moved and what it now holds. Several writes show the first and the last, the
// brief form's way: (e₁+a₁) … (e₄+a₄).

import { compileSchedule, slotTransfers, type Schedule } from '../schedule';
import { briefLength } from './narration';

/** One line for the values a step wrote on a device, in slot order; empty where it wrote none. */
export function writtenSummary(values: readonly string[]): string {
  if (values.length <= 2) return values.join(', ');
  return spanSummary(values[0], values[values.length - 1]);
}

/** A run of cells by its first and last value: (e₁+a₁) … (e₄+a₄), or a device's own chunks a₁ … a₁₆. */
export function spanSummary(first: string, last: string): string {
  return `${first} … ${last}`;
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
 * Characters of the longest writtenSummary of brief values over `devices` devices of `chunks` chunks
 * where a step writes up to `writes` cells on a device (at step 0 the first and last chunk are shown).
 */
export function writtenSummaryLength(devices: number, chunks: number, writes: number): number {
  const one = briefLength(devices, chunks).oneLine;
  return writes >= 2 ? 2 * one + 3 : one;
}
