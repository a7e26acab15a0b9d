// The inner loop of the CPU engine. Each ⊕ runs in double and stores to a Float32Array: for + and ×
// of two f32 values that equals one correctly rounded f32 operation (double has more than 2·24+2
// bits, so rounding twice is innocuous). max and min take the message only when it is larger
// (smaller): exact, and the same choice between +0 and −0 as the WGSL kernel's select(). One function with the op switch
// outside the element loops keeps the per-transfer cost to a few loads.

import type { ReduceOp } from '../../core/ops';
import { COPY, FILLS_WIRE, FROM_WIRE, type TransferTable } from './transferTable';

const SUM = 0;
const PROD = 1;
const MAX = 2;
const MIN = 3;

export function opCode(op: ReduceOp): number {
  return op === 'prod' ? PROD : op === 'max' ? MAX : op === 'min' ? MIN : SUM;
}

/** Applies groups [firstGroup, lastGroup) of the table to the buffers. */
export function applyGroups(table: TransferTable, firstGroup: number, lastGroup: number, b: Float32Array, wire: Float32Array, op: number): void {
  const { writeAt, readAt, sourceAt, length, flags, groups, groupFills } = table;
  for (let g = firstGroup; g < lastGroup; g++) {
    const begin = groups[g];
    const end = groups[g + 1];
    if (groupFills[g] === 1) {
      for (let i = begin; i < end; i++) {
        if ((flags[i] & FILLS_WIRE) !== 0) wire.set(b.subarray(sourceAt[i], sourceAt[i] + length[i]), readAt[i]);
      }
    }
    for (let i = begin; i < end; i++) {
      const n = length[i];
      if (n === 0) continue;
      const w = writeAt[i];
      const r = readAt[i];
      const f = flags[i];
      const input = (f & FROM_WIRE) !== 0 ? wire : b;
      if ((f & COPY) !== 0) {
        if (input === b) b.copyWithin(w, r, r + n);
        else b.set(input.subarray(r, r + n), w);
        continue;
      }
      switch (op) {
        case SUM:
          for (let k = 0; k < n; k++) b[w + k] += input[r + k];
          break;
        case PROD:
          for (let k = 0; k < n; k++) b[w + k] *= input[r + k];
          break;
        case MAX:
          for (let k = 0; k < n; k++) if (input[r + k] > b[w + k]) b[w + k] = input[r + k];
          break;
        case MIN:
          for (let k = 0; k < n; k++) if (input[r + k] < b[w + k]) b[w + k] = input[r + k];
          break;
      }
    }
  }
}
