// What a value should be, given exactly the contributions its chunk holds: the op applied to those
// devices' inputs in float64 (a contribution held twice counts twice), with the error any f32
// evaluation order may add — |error| ≤ γ(n)·Σ|x|, γ(n) = n·u/(1 − n·u), u = 2⁻²⁴ — and the
// difference from the engine's value in units in the last place of an f32.

import { avgFactor, type ReduceOp } from '../../core/ops';
import { reducesData, type Collective } from '../../core/schedule';

const UNIT_ROUNDOFF = 2 ** -24;
const SMALLEST_SUBNORMAL = 2 ** -149;

function gamma(n: number): number {
  return (n * UNIT_ROUNDOFF) / (1 - n * UNIT_ROUNDOFF);
}

/** How to combine inputs: the op, and for avg on a reducing collective the f32(1/N) premultiplier. */
export interface Combination {
  op: ReduceOp;
  /** Every input is multiplied by this before combining (1 unless avg premultiplies). */
  factor: number;
}

export function combinationFor(op: ReduceOp, collective: Collective, devices: number): Combination {
  return { op, factor: op === 'avg' && reducesData(collective) ? avgFactor(devices) : 1 };
}

export interface Expectation {
  expected: number;
  /** Largest |value − expected| any f32 evaluation order can produce. */
  tolerance: number;
}

/**
 * The combination of `terms` (device ids, repeated per count) for element `element` of inputs laid
 * out device-major with `elements` per device.
 */
export function expectElement(terms: readonly number[], inputs: Float32Array, elements: number, element: number, how: Combination): Expectation {
  const n = terms.length;
  if (n === 0) return { expected: Number.NaN, tolerance: 0 };
  const { op, factor } = how;
  if (op === 'max' || op === 'min') {
    let best = inputs[terms[0] * elements + element] * factor;
    for (let i = 1; i < n; i++) {
      const x = inputs[terms[i] * elements + element] * factor;
      best = op === 'max' ? Math.max(best, x) : Math.min(best, x);
    }
    return { expected: best, tolerance: 0 };
  }
  if (op === 'prod') {
    let product = 1;
    for (let i = 0; i < n; i++) product *= inputs[terms[i] * elements + element] * factor;
    return { expected: product, tolerance: gamma(n - 1) * Math.abs(product) + n * SMALLEST_SUBNORMAL };
  }
  let sum = 0;
  let magnitude = 0;
  for (let i = 0; i < n; i++) {
    const x = inputs[terms[i] * elements + element] * factor;
    sum += x;
    magnitude += Math.abs(x);
  }
  // avg's premultiply rounds once more per term.
  return { expected: sum, tolerance: gamma(factor === 1 ? n - 1 : n + 1) * magnitude };
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
  const ulps = absolute / f32Ulp(expectation.expected);
  const within = Number.isFinite(value) && Math.abs(absolute) <= expectation.tolerance;
  return { absolute, ulps, within };
}
