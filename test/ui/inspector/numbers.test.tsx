import { describe, expect, it } from 'vitest';
import { merge, single } from '../../../src/core/symbolic/contributions';
import { formatDifference, formatValue } from '../../../src/ui/inspector/numbers';
import { explainChunk } from '../../../src/ui/inspector/verdict';

const set = (...devices: number[]) => devices.map(single).reduce(merge);

describe('how the inspector writes values', () => {
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
