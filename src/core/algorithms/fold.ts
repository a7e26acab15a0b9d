// Reduction to a power of two (Thakur, Rabenseifner & Gropp 2005): with p' = 2^⌊lg N⌋ and
// rem = N − p', each even rank i < 2·rem folds its whole buffer into i+1, the p' survivors run a
// power-of-two algorithm, and each odd rank i < 2·rem unfolds its result back into i−1.

import type { Step } from '../schedule';
import { wholeBuffer } from './types';

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

export function foldStep(plan: FoldPlan, chunks: number): Step {
  const transfers = [];
  for (let i = 0; i < plan.folded; i++) transfers.push(...wholeBuffer(2 * i, 2 * i + 1, chunks, 'reduce'));
  return { phase: 'fold', transfers };
}

export function unfoldStep(plan: FoldPlan, chunks: number): Step {
  const transfers = [];
  for (let i = 0; i < plan.folded; i++) transfers.push(...wholeBuffer(2 * i + 1, 2 * i, chunks, 'copy'));
  return { phase: 'unfold', transfers };
}

/** Steps of `inner` (run on the p' survivors) wrapped in fold and unfold when N is not a power of two. */
export function withFold(devices: number, chunks: number, inner: (plan: FoldPlan) => Step[]): Step[] {
  const plan = foldPlan(devices);
  const steps = inner(plan);
  if (plan.folded === 0) return steps;
  return [foldStep(plan, chunks), ...steps, unfoldStep(plan, chunks)];
}
