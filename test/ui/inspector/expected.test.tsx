import { describe, expect, it } from 'vitest';
import { merge, single } from '../../../src/core/contributions';
import { combinationFor, compare, expectElement, f32Ulp } from '../../../src/ui/inspector/expected';
import { formatDifference, formatValue } from '../../../src/ui/inspector/numbers';
import { explainChunk } from '../../../src/ui/inspector/verdict';

const set = (...devices: number[]) => devices.map(single).reduce(merge);

describe('what a value should be', () => {
  it('measures f32 ulps at the expected value', () => {
    expect(f32Ulp(1)).toBe(2 ** -23);
    expect(f32Ulp(1.5)).toBe(2 ** -23);
    expect(f32Ulp(2)).toBe(2 ** -22);
    expect(f32Ulp(-0.75)).toBe(2 ** -24);
    expect(f32Ulp(3 * 2 ** 20)).toBe(2 ** -2);
    expect(f32Ulp(0)).toBe(2 ** -149);
  });

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
    expect(combinationFor('avg', 'allreduce', 3).factor).toBe(Math.fround(1 / 3));
    expect(combinationFor('avg', 'allgather', 3).factor).toBe(1);
    expect(combinationFor('sum', 'allreduce', 3).factor).toBe(1);
  });

  it('accepts the rounding of an f32 sum and rejects a missing term', () => {
    const inputs = Float32Array.of(0.1, 0.2, 0.3);
    const how = combinationFor('sum', 'allreduce', 3);
    const expectation = expectElement([0, 1, 2], inputs, 1, 0, how);
    const f32Sum = Math.fround(Math.fround(inputs[0] + inputs[1]) + inputs[2]);
    expect(compare(f32Sum, expectation).within).toBe(true);
    expect(Math.abs(compare(f32Sum, expectation).ulps)).toBeLessThan(2);
    expect(compare(Math.fround(inputs[1] + inputs[2]), expectation).within).toBe(false);
  });

  it('writes values, differences and what a chunk lacks the way the inspector shows them', () => {
    expect(formatValue(Math.fround(0.1))).toBe('0.1');
    expect(formatValue(-2.5)).toBe('−2.5');
    expect(formatValue(Math.fround(1 / 3))).toBe('0.33333334');
    expect(formatDifference({ absolute: 0, ulps: 0, within: true })).toBe('0');
    expect(formatDifference({ absolute: -(2 ** -22), ulps: -2, within: true })).toBe('−2 ulp');
    expect(formatDifference({ absolute: 3, ulps: 3 * 2 ** 20, within: false })).toBe('+3');
    expect(explainChunk(set(0, 1, 3), { lo: 0, hi: 4 }, 4)).toBe('lacks c');
    expect(explainChunk(set(0, 0, 1, 2, 3), { lo: 0, hi: 4 }, 4)).toBe('holds a twice');
    expect(explainChunk(set(1, 2), { lo: 2, hi: 3 }, 4)).toBe('still holds b');
    expect(explainChunk(set(0, 1, 3), { lo: 0, hi: 30 }, 30)).toBe('lacks g2');
  });
});
