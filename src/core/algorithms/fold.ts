// Reduction to a power of two (Thakur, Rabenseifner & Gropp 2005): with p' = 2^⌊lg N⌋ and
// rem = N − p', each even rank i < 2·rem folds its whole buffer into i+1, the p' survivors run a
// power-of-two algorithm, and each odd rank i < 2·rem unfolds its result back into i−1.

import type { ScheduleWriter } from './writer';

export interface FoldPlan {
  /** p' = 2^⌊lg N⌋: ranks that take part after the fold. */
  ranks: number;
  /** N − p': pairs that fold. */
  folded: number;
  /** Device of each new rank: odd devices below 2·rem, then every device from 2·rem on, in order. */
  survivors: number[];
}

export function largestPowerOfTwoAtMost(n: number): number {
  let p = 1;
  while (p * 2 <= n) p *= 2;
  return p;
}

export function foldPlan(devices: number): FoldPlan {
  const ranks = largestPowerOfTwoAtMost(devices);
  const folded = devices - ranks;
  const survivors = Array.from({ length: ranks }, (_, r) => (r < folded ? 2 * r + 1 : r + folded));
  return { ranks, folded, survivors };
}

/** Writes the steps of `inner` (run on the p' survivors), wrapped in fold and unfold when N is not a power of two. */
export function writeWithFold(out: ScheduleWriter, devices: number, chunks: number, inner: (plan: FoldPlan) => void): void {
  const plan = foldPlan(devices);
  if (plan.folded > 0) {
    out.step('fold');
    for (let i = 0; i < plan.folded; i++) out.chunks(2 * i, 2 * i + 1, 0, chunks, 'reduce');
  }
  inner(plan);
  if (plan.folded > 0) {
    out.step('unfold');
    for (let i = 0; i < plan.folded; i++) out.chunks(2 * i + 1, 2 * i, 0, chunks, 'copy');
  }
}
