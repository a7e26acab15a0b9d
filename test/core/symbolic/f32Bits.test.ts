import { describe, expect, it } from 'vitest';
import { f32Bits, f32Hex, ulpDistance } from '../../../src/core/symbolic/f32Bits';

const f32 = Math.fround;
const SMALLEST = 2 ** -149;
const LARGEST = f32(3.4028234663852886e38);

describe('an f32 value as bits', () => {
  it('writes the bits as eight hex digits', () => {
    expect(f32Hex(1)).toBe('0x3f800000');
    expect(f32Hex(-2)).toBe('0xc0000000');
    expect(f32Hex(0.1)).toBe('0x3dcccccd');
    expect(f32Hex(SMALLEST)).toBe('0x00000001');
    expect(f32Hex(-0)).toBe('0x80000000');
    expect(f32Bits(Infinity)).toBe(0x7f800000);
  });
});

describe('the distance in ulps between two f32 values', () => {
  it('is 0 for equal values, +0 and −0 included', () => {
    expect(ulpDistance(1.5, 1.5)).toBe(0);
    expect(ulpDistance(0, -0)).toBe(0);
    expect(ulpDistance(-7.25, -7.25)).toBe(0);
  });

  it('counts the f32 numbers stepped over: 1 for neighbours, 2²³ across a binade', () => {
    expect(ulpDistance(1, f32(1 + 2 ** -23))).toBe(1);
    expect(ulpDistance(f32(1 - 2 ** -24), 1)).toBe(1);
    expect(ulpDistance(1, 2)).toBe(2 ** 23);
    expect(ulpDistance(-1, f32(-1 - 2 ** -23))).toBe(1);
    expect(ulpDistance(LARGEST, Infinity)).toBe(1);
  });

  it('is symmetric and adds the steps on both sides of zero', () => {
    expect(ulpDistance(SMALLEST, -SMALLEST)).toBe(2);
    expect(ulpDistance(-SMALLEST, SMALLEST)).toBe(2);
    expect(ulpDistance(SMALLEST, 0)).toBe(1);
    expect(ulpDistance(-0, SMALLEST)).toBe(1);
    // Every positive f32 below 1 lies between 0 and 1: 127 binades of 2²³.
    expect(ulpDistance(-1, 1)).toBe(2 * 127 * 2 ** 23);
  });

  it('rounds doubles to f32 first, and is NaN when either side is NaN', () => {
    expect(ulpDistance(0.1, f32(0.1))).toBe(0);
    expect(ulpDistance(Number.NaN, 1)).toBeNaN();
  });
});
