// Numeric check of a finished run: every value a device must hold against its expected value and
// tolerance (core/numericCheck, the same definition the inspector shows), and replicas bit for bit.

import { chunkOffsets, reducesData, chunkOwner, rootOf, type Schedule } from '../core/schedule';
import { combinationFor, expectRange, withinTolerance, type Expectations } from '../core/symbolic';
import type { ReduceOp } from '../core/ops';

/** Expected value and allowed error per element, computed from the inputs before the run. */
export type Reference = Expectations;

/**
 * What every element must end as: a reducing collective combines every device's input; a copy-only
 * one hands on a single device's input (the root's, or the chunk owner's), exactly.
 */
export function computeReference(schedule: Schedule, elements: number, op: ReduceOp, inputs: Float32Array): Reference {
  const { devices, chunks, collective } = schedule;
  const reference: Reference = { expected: new Float64Array(elements), tolerance: new Float64Array(elements) };
  const how = combinationFor(op, collective, devices);
  const everyDevice = Array.from({ length: devices }, (_, d) => d);
  const starts = chunkOffsets(elements, chunks);
  for (let c = 0; c < chunks; c++) {
    const terms = reducesData(collective) ? everyDevice : [collective === 'broadcast' ? rootOf(schedule) : chunkOwner(schedule, c)];
    const lo = starts[c];
    const hi = starts[c + 1];
    expectRange(terms, inputs, elements, lo, hi, how, { expected: reference.expected.subarray(lo, hi), tolerance: reference.tolerance.subarray(lo, hi) });
  }
  return reference;
}

export interface NumericCheck {
  /** Checked (device, element) values outside their tolerance (nccl-tests' #wrong). */
  wrong: number;
  maxAbsError: number;
  /** Every device that must hold chunk c holds the same bits, for every chunk. */
  replicasIdentical: boolean;
  /** Replicas differ in a chunk where every device computed the same expression: an engine bug. */
  replicaMismatchWhereDemanded: boolean;
  firstWrong: { device: number; element: number; got: number; expected: number; tolerance: number } | null;
}

/** Checks the final buffers (device-major) against the reference; `sameOrder` comes from verifySchedule. */
export function checkResults(schedule: Schedule, elements: number, buffers: Float32Array, reference: Reference, sameOrder: Uint8Array): NumericCheck {
  const K = elements;
  const { devices, chunks, collective } = schedule;
  const starts = chunkOffsets(K, chunks);
  const bits = new Uint32Array(buffers.buffer, buffers.byteOffset, buffers.length);
  let wrong = 0;
  let maxAbsError = 0;
  let replicasIdentical = true;
  let replicaMismatchWhereDemanded = false;
  let firstWrong: NumericCheck['firstWrong'] = null;
  for (let c = 0; c < chunks; c++) {
    const holders = collective === 'reduce-scatter' ? [chunkOwner(schedule, c)] : collective === 'reduce' ? [rootOf(schedule)] : null;
    const first = holders ? holders[0] : 0;
    const last = holders ? holders[0] : devices - 1;
    for (let d = first; d <= last; d++) {
      for (let e = starts[c]; e < starts[c + 1]; e++) {
        const got = buffers[d * K + e];
        const error = Math.abs(got - reference.expected[e]);
        if (error > maxAbsError && Number.isFinite(error)) maxAbsError = error;
        if (!withinTolerance(got, reference.expected[e], reference.tolerance[e])) {
          wrong++;
          firstWrong ??= { device: d, element: e, got, expected: reference.expected[e], tolerance: reference.tolerance[e] };
        }
        if (d > first && bits[d * K + e] !== bits[first * K + e]) {
          replicasIdentical = false;
          if (sameOrder[c]) replicaMismatchWhereDemanded = true;
        }
      }
    }
  }
  return { wrong, maxAbsError, replicasIdentical, replicaMismatchWhereDemanded, firstWrong };
}
