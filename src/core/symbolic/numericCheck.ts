// What a value should be after a collective and how close an f32 engine must come to it: the one
// definition the run's `verified` and the inspector both use.
//
// The expected value is the op applied, in float64, to the inputs of the contributions the value
// holds, evaluated the way the engines define the op: avg is NCCL's avg for floats — every input
// multiplied by f32(1/N), then summed — not the exact mean, so a difference means an engine error
// and not the f32 rounding of 1/N. The tolerance is the classic bound for any evaluation order:
// a value combined through r roundings per term is within γ(r)·Σ|x| of the exact result (Higham,
// Lemma 3.1), γ(r) = r·u/(1 − r·u), u = 2⁻²⁴. max and min are exact.

import { avgFactor, type ReduceOp } from '../ops';
import { reducesData, type Collective } from '../schedule/ir';

/** f32's unit roundoff u = 2⁻²⁴: one rounding is within a factor (1 + δ), |δ| ≤ u. */
export const UNIT_ROUNDOFF = 2 ** -24;
const SMALLEST_SUBNORMAL = 2 ** -149;
const F32_MAX = 3.4028234663852886e38;

export function gamma(roundings: number): number {
  return (roundings * UNIT_ROUNDOFF) / (1 - roundings * UNIT_ROUNDOFF);
}

/** How inputs are combined: the op, and the factor every input is first multiplied by. */
export interface Combination {
  op: ReduceOp;
  /** f32(1/N) for avg on a collective that reduces (the engines premultiply there), else 1. */
  factor: number;
}

export function combinationFor(op: ReduceOp, collective: Collective, devices: number): Combination {
  return { op, factor: op === 'avg' && reducesData(collective) ? avgFactor(devices) : 1 };
}

/** Expected values and their allowed |error|, one per element of a range. */
export interface Expectations {
  expected: Float64Array;
  tolerance: Float64Array;
}

/**
 * The combination of `terms` (device ids; a contribution held twice is listed twice) for elements
 * [lo, hi) of device-major inputs with `elements` per device. Element lo + i goes to index i of
 * `into`. Loops run device by device so that long ranges read the inputs in order.
 */
export function expectRange(
  terms: readonly number[],
  inputs: Float32Array,
  elements: number,
  lo: number,
  hi: number,
  how: Combination,
  into: Expectations,
): void {
  const { expected, tolerance } = into;
  const count = hi - lo;
  const n = terms.length;
  tolerance.fill(0, 0, count);
  if (n === 0) {
    expected.fill(Number.NaN, 0, count);
    return;
  }
  const { op, factor } = how;
  const base = (t: number) => terms[t] * elements + lo;
  // x·f32(1/N) of two f32 numbers is exact in float64, so `expected` carries no rounding of its own.
  for (let i = 0, at = base(0); i < count; i++) expected[i] = inputs[at + i] * factor;

  if (op === 'max' || op === 'min') {
    const pick = op === 'max' ? Math.max : Math.min;
    for (let t = 1; t < n; t++) {
      for (let i = 0, at = base(t); i < count; i++) expected[i] = pick(expected[i], inputs[at + i] * factor);
    }
    return;
  }

  if (op === 'prod') {
    for (let t = 1; t < n; t++) for (let i = 0, at = base(t); i < count; i++) expected[i] *= inputs[at + i] * factor;
    // A lone factor went through no multiply. Otherwise n − 1 roundings, and an absolute slack for
    // products that pass through the subnormal range, where the relative bound does not hold.
    if (n === 1) return;
    const g = gamma(n - 1);
    for (let i = 0; i < count; i++) tolerance[i] = g * Math.abs(expected[i]) + n * SMALLEST_SUBNORMAL;
    return;
  }

  // sum and avg: n − 1 additions, and for avg the premultiply rounds once more per term.
  for (let i = 0; i < count; i++) tolerance[i] = Math.abs(expected[i]);
  for (let t = 1; t < n; t++) {
    for (let i = 0, at = base(t); i < count; i++) {
      const x = inputs[at + i] * factor;
      expected[i] += x;
      tolerance[i] += Math.abs(x);
    }
  }
  const g = gamma(n - 1 + (factor === 1 ? 0 : 1));
  for (let i = 0; i < count; i++) tolerance[i] *= g;
}

export interface Expectation {
  expected: number;
  /** Largest |value − expected| any f32 evaluation order can produce. */
  tolerance: number;
}

// expectElement runs synchronously to completion, so one scratch pair serves every call.
const one: Expectations = { expected: new Float64Array(1), tolerance: new Float64Array(1) };

/** expectRange for a single element. */
export function expectElement(terms: readonly number[], inputs: Float32Array, elements: number, element: number, how: Combination): Expectation {
  expectRange(terms, inputs, elements, element, element + 1, how, one);
  return { expected: one.expected[0], tolerance: one.tolerance[0] };
}

/** Whether an engine's value is within `tolerance` of `expected`. */
export function withinTolerance(value: number, expected: number, tolerance: number): boolean {
  if (Number.isFinite(value)) return Math.abs(value - expected) <= tolerance;
  if (value === expected) return true;
  // An f32 result may overflow where the float64 reference does not: ±∞ is right when the
  // reference, stretched by its tolerance, reaches past the largest f32 of the same sign.
  return !Number.isNaN(value) && Math.sign(value) === Math.sign(expected) && Math.abs(expected) + tolerance >= F32_MAX;
}

/** The spacing of f32 numbers at |x| (the smallest subnormal at and below the normal range). */
export function f32Ulp(x: number): number {
  const a = Math.abs(Math.fround(x));
  if (!Number.isFinite(a) || a < 2 ** -126) return SMALLEST_SUBNORMAL;
  let exponent = Math.floor(Math.log2(a));
  if (2 ** exponent > a) exponent--;
  else if (2 ** (exponent + 1) <= a) exponent++;
  return 2 ** (exponent - 23);
}

export interface Difference {
  absolute: number;
  /** (value − expected) in f32 ulps at the expected value. */
  ulps: number;
  within: boolean;
}

export function compare(value: number, expectation: Expectation): Difference {
  const absolute = value - expectation.expected;
  return { absolute, ulps: absolute / f32Ulp(expectation.expected), within: withinTolerance(value, expectation.expected, expectation.tolerance) };
}
