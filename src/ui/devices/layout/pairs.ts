// Unordered device pairs as one number each: the pairs a schedule's transfers use, which a picture
// links where it has no structure of its own.

import type { Schedule } from '../../../core/schedule';

/** Room for 8,192 devices, beyond the most a schedule may hold. */
const SPAN = 8192;

export function pairKey(a: number, b: number): number {
  return a < b ? a * SPAN + b : b * SPAN + a;
}

/** The two devices of a pair, the lower first. */
export function pairOf(key: number): [number, number] {
  return [Math.floor(key / SPAN), key % SPAN];
}

/** Distinct unordered device pairs the schedule's transfers use. */
export function usedPairs(schedule: Schedule): Set<number> {
  const pairs = new Set<number>();
  for (const step of schedule.steps) for (const t of step.transfers) pairs.add(pairKey(t.src, t.dst));
  return pairs;
}
