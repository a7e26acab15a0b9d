// Reduction operators. Every ⊕ is one IEEE f32 operation. avg is NCCL's way for floats: each device
// first multiplies its input by f32(1/N), then the schedule sums.

import { GradsyncError } from './errors';

export const REDUCE_OPS = ['sum', 'avg', 'max', 'min', 'prod'] as const;
export type ReduceOp = (typeof REDUCE_OPS)[number];

function isReduceOp(value: unknown): value is ReduceOp {
  return typeof value === 'string' && (REDUCE_OPS as readonly string[]).includes(value);
}

export function parseReduceOp(value: string): ReduceOp {
  if (!isReduceOp(value)) {
    throw new GradsyncError('bad-argument', `the op must be one of ${REDUCE_OPS.join(', ')}; got '${value}'`, {
      field: 'op',
      value,
      allowed: `be one of ${REDUCE_OPS.join(', ')}`,
    });
  }
  return value;
}

/** The f32 factor avg premultiplies every input by. */
export function avgFactor(devices: number): number {
  return Math.fround(1 / devices);
}
