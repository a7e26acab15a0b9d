import { describe, expect, it } from 'vitest';
import { combinationFor, compare, expectElement, expectRange, f32Ulp, gamma, withinTolerance } from '../../../src/core/symbolic/numericCheck';

const f32 = Math.fround;
/** The next f32 above x (x positive and normal). */
const nextUp = (x: number) => f32(x + f32Ulp(x));

describe('the expected value of an element', () => {
  it('combines exactly the given contributions under every op, a doubled one twice', () => {
    // Device-major inputs of 3 devices × 2 elements.
    const inputs = Float32Array.of(1, 2, 3, 4, 5, 6);
    const element1 = (terms: number[], op: 'sum' | 'prod' | 'max' | 'min') => expectElement(terms, inputs, 2, 1, combinationFor(op, 'allreduce', 3)).expected;
    expect(element1([0, 1, 2], 'sum')).toBe(12);
    expect(element1([0, 0, 2], 'sum')).toBe(10);
    expect(element1([0, 1, 2], 'prod')).toBe(48);
    expect(element1([1, 1], 'prod')).toBe(16);
    expect(element1([0, 2], 'max')).toBe(6);
    expect(element1([1, 2], 'min')).toBe(4);
  });

  it('premultiplies by f32(1/N) only where the collective reduces', () => {
    expect(combinationFor('avg', 'allreduce', 3).factor).toBe(f32(1 / 3));
    expect(combinationFor('avg', 'reduce', 3).factor).toBe(f32(1 / 3));
    expect(combinationFor('avg', 'allgather', 3).factor).toBe(1);
    expect(combinationFor('sum', 'allreduce', 3).factor).toBe(1);
  });

  it('takes avg as NCCL does: the sum of inputs premultiplied by f32(1/N), not the exact mean', () => {
    const third = f32(1 / 3);
    const avg = expectElement([0, 1, 2], Float32Array.of(1, 1, 1), 1, 0, combinationFor('avg', 'allreduce', 3));
    // f32(1/3) is a little above 1/3, so three of it are not 1.
    expect(avg.expected).toBe(3 * third);
    expect(avg.expected).not.toBe(1);
    // One multiply and up to two additions per term.
    expect(avg.tolerance).toBe(gamma(3) * 3 * third);
    // What an engine computes: each term rounded to f32, then summed in f32.
    expect(compare(f32(f32(third + third) + third), avg).within).toBe(true);
  });

  it('accepts an f32 sum just inside γ(N−1)·Σ|x| and rejects one just outside', () => {
    const sum = expectElement([0, 1, 2], Float32Array.of(1, 2, 4), 1, 0, combinationFor('sum', 'allreduce', 3));
    expect(sum).toEqual({ expected: 7, tolerance: gamma(2) * 7 });
    // The bound is about 1.7 ulps at 7: one ulp off is a possible rounding, two are not.
    expect(compare(nextUp(7), sum).within).toBe(true);
    expect(compare(nextUp(nextUp(7)), sum).within).toBe(false);
    expect(withinTolerance(7 - sum.tolerance * 0.999, 7, sum.tolerance)).toBe(true);
    expect(withinTolerance(7 - sum.tolerance * 1.001, 7, sum.tolerance)).toBe(false);
  });

  it('accepts the rounding of an f32 sum and rejects a missing term', () => {
    const inputs = Float32Array.of(0.1, 0.2, 0.3);
    const expectation = expectElement([0, 1, 2], inputs, 1, 0, combinationFor('sum', 'allreduce', 3));
    const f32Sum = f32(f32(inputs[0] + inputs[1]) + inputs[2]);
    expect(compare(f32Sum, expectation).within).toBe(true);
    expect(Math.abs(compare(f32Sum, expectation).ulps)).toBeLessThan(2);
    expect(compare(f32(inputs[1] + inputs[2]), expectation).within).toBe(false);
  });

  it('demands max and min exactly', () => {
    const inputs = Float32Array.of(1.5, -3, 2.25);
    for (const [op, want] of [
      ['max', 2.25],
      ['min', -3],
    ] as const) {
      const expectation = expectElement([0, 1, 2], inputs, 1, 0, combinationFor(op, 'allreduce', 3));
      expect(expectation).toEqual({ expected: want, tolerance: 0 });
      expect(compare(want, expectation).within).toBe(true);
      expect(compare(want + f32Ulp(want), expectation).within).toBe(false);
    }
  });

  it('bounds a product by γ(N−1) with slack for the subnormal range, and a lone factor exactly', () => {
    const inputs = Float32Array.of(1.5, 1.25, 0.75);
    const how = combinationFor('prod', 'allreduce', 3);
    const product = 1.5 * 1.25 * 0.75;
    expect(expectElement([0, 1, 2], inputs, 1, 0, how)).toEqual({ expected: product, tolerance: gamma(2) * product + 3 * 2 ** -149 });
    expect(expectElement([1], inputs, 1, 0, how)).toEqual({ expected: 1.25, tolerance: 0 });
  });

  it('accepts an f32 overflow to ∞ only where the reference reaches past the largest f32', () => {
    const inputs = Float32Array.of(3e38, 2);
    const expectation = expectElement([0, 1], inputs, 1, 0, combinationFor('prod', 'allreduce', 2));
    expect(compare(Infinity, expectation).within).toBe(true);
    expect(compare(-Infinity, expectation).within).toBe(false);
    expect(compare(Number.NaN, expectation).within).toBe(false);
    expect(withinTolerance(Infinity, 1e38, 1)).toBe(false);
  });

  it('expects nothing of a value that holds no contribution', () => {
    const expectation = expectElement([], Float32Array.of(1), 1, 0, combinationFor('sum', 'allreduce', 1));
    expect(expectation.expected).toBeNaN();
    expect(compare(0, expectation).within).toBe(false);
  });

  it('gives a range the same values as its elements one by one', () => {
    // 3 devices × 5 elements; range [1, 4).
    const inputs = Float32Array.from({ length: 15 }, (_, i) => f32(0.1 * (i + 1) * (i % 2 ? -1 : 1)));
    for (const op of ['sum', 'avg', 'max', 'min', 'prod'] as const) {
      const how = combinationFor(op, 'allreduce', 3);
      const into = { expected: new Float64Array(3), tolerance: new Float64Array(3) };
      expectRange([2, 0, 1], inputs, 5, 1, 4, how, into);
      for (let i = 0; i < 3; i++) expect({ expected: into.expected[i], tolerance: into.tolerance[i] }).toEqual(expectElement([2, 0, 1], inputs, 5, 1 + i, how));
    }
  });

  it('measures f32 ulps at the expected value', () => {
    expect(f32Ulp(1)).toBe(2 ** -23);
    expect(f32Ulp(1.5)).toBe(2 ** -23);
    expect(f32Ulp(2)).toBe(2 ** -22);
    expect(f32Ulp(-0.75)).toBe(2 ** -24);
    expect(f32Ulp(3 * 2 ** 20)).toBe(2 ** -2);
    expect(f32Ulp(0)).toBe(2 ** -149);
  });
});
