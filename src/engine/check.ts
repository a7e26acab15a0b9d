// Numeric check of a finished run against a float64 reference. Sums are compared within the classic
// bound for any summation order, |error| ≤ γ(n)·Σ|x| with γ(n) = n·u/(1 − n·u), u = 2⁻²⁴;
// max, min and the copy-only collectives must match exactly.

import { chunkOffsets } from '../core/chunks';
import { reducesData, chunkOwner, rootOf, type Schedule } from '../core/schedule';
import type { ReduceOp } from '../core/ops';

const UNIT_ROUNDOFF = 2 ** -24;
const F32_MAX = 3.4028234663852886e38;

export function gamma(n: number): number {
  return (n * UNIT_ROUNDOFF) / (1 - n * UNIT_ROUNDOFF);
}

/** Expected value and allowed error per element, computed from the inputs before the run. */
export interface Reference {
  expected: Float64Array;
  tolerance: Float64Array;
}

export function computeReference(schedule: Schedule, elements: number, op: ReduceOp, inputs: Float32Array): Reference {
  const n = schedule.devices;
  const K = elements;
  const expected = new Float64Array(K);
  const tolerance = new Float64Array(K);
  if (!reducesData(schedule.collective)) {
    const starts = chunkOffsets(K, schedule.chunks);
    for (let c = 0; c < schedule.chunks; c++) {
      const from = schedule.collective === 'broadcast' ? rootOf(schedule) : chunkOwner(schedule, c);
      for (let e = starts[c]; e < starts[c + 1]; e++) expected[e] = inputs[from * K + e];
    }
    return { expected, tolerance };
  }
  if (op === 'max' || op === 'min') {
    const pick = op === 'max' ? Math.max : Math.min;
    expected.set(inputs.subarray(0, K));
    for (let d = 1; d < n; d++) for (let e = 0; e < K; e++) expected[e] = pick(expected[e], inputs[d * K + e]);
    return { expected, tolerance };
  }
  if (op === 'prod') {
    expected.fill(1);
    for (let d = 0; d < n; d++) for (let e = 0; e < K; e++) expected[e] *= inputs[d * K + e];
    const g = gamma(n - 1);
    for (let e = 0; e < K; e++) tolerance[e] = g * Math.abs(expected[e]) + n * 2 ** -149;
    return { expected, tolerance };
  }
  // sum and avg: avg premultiplies each input by f32(1/N) — one more rounding per term, and the
  // factor's own rounding — so its bound uses γ(N + 1) on Σ|x|/N.
  for (let d = 0; d < n; d++) {
    for (let e = 0; e < K; e++) {
      const x = inputs[d * K + e];
      expected[e] += x;
      tolerance[e] += Math.abs(x);
    }
  }
  const g = op === 'avg' ? gamma(n + 1) : gamma(n - 1);
  const scale = op === 'avg' ? 1 / n : 1;
  for (let e = 0; e < K; e++) {
    expected[e] *= scale;
    tolerance[e] = g * tolerance[e] * scale;
  }
  return { expected, tolerance };
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

function withinTolerance(got: number, expected: number, tolerance: number): boolean {
  if (Number.isFinite(got)) return Math.abs(got - expected) <= tolerance;
  // An f32 product may overflow where the float64 reference does not.
  return !Number.isNaN(got) && Math.abs(expected) * (1 + tolerance / Math.max(Math.abs(expected), 1e-300)) >= F32_MAX && Math.sign(got) === Math.sign(expected);
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
    const holders =
      collective === 'reduce-scatter' ? [chunkOwner(schedule, c)] : collective === 'reduce' ? [rootOf(schedule)] : null;
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
