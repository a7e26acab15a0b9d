import { describe, expect, it } from 'vitest';
import {
  addDyadic,
  compareDyadic,
  dyadicDecimal,
  dyadicOf,
  dyadicToNumber,
  exactDecimal,
  exactSum,
  multiplyDyadic,
} from '../../../src/core/symbolic/exactValue';

describe('exact values of binary floating-point numbers', () => {
  it('writes every f32 and double as its exact decimal', () => {
    expect(exactDecimal(Math.fround(0.1))).toBe('0.100000001490116119384765625');
    expect(exactDecimal(0.1)).toBe('0.1000000000000000055511151231257827021181583404541015625');
    expect(exactDecimal(-3)).toBe('-3');
    expect(exactDecimal(12582912)).toBe('12582912');
    expect(exactDecimal(2 ** 70)).toBe('1180591620717411303424');
    expect(exactDecimal(-0.75)).toBe('-0.75');
    expect(exactDecimal(0)).toBe('0');
    expect(exactDecimal(-0)).toBe('-0');
    expect(exactDecimal(-Infinity)).toBe('-Infinity');
    expect(exactDecimal(2 ** -149)).toBe(dyadicDecimal({ mantissa: BigInt(1), exponent: -149 }));
    expect(exactDecimal(2 ** -149)).toMatch(/^0\.0{44}1401298464324817/);
  });

  it('reads subnormal doubles exactly', () => {
    expect(dyadicToNumber(dyadicOf(5e-324))).toBe(5e-324);
    expect(dyadicToNumber(dyadicOf(-2.2250738585072014e-308))).toBe(-2.2250738585072014e-308);
  });

  it('sums without rounding where doubles would lose the small terms', () => {
    const big = 2 ** 60;
    // In doubles, (2⁶⁰ + 1) − 2⁶⁰ is 0; exactly it is 1.
    expect(big + 1 - big).toBe(0);
    expect(dyadicToNumber(exactSum([big, 1, -big]))).toBe(1);
    expect(dyadicDecimal(exactSum([0.1, 0.2]))).toBe('0.3000000000000000166533453693773481063544750213623046875');
    expect(dyadicDecimal(exactSum([]))).toBe('0');
  });

  it('rounds to the nearest double, ties to even', () => {
    const one = dyadicOf(1);
    const halfUlp = dyadicOf(2 ** -53);
    // 1 + 2⁻⁵³ is halfway between 1 and 1 + 2⁻⁵²: even is 1.
    expect(dyadicToNumber(addDyadic(one, halfUlp))).toBe(1);
    // A hair above halfway rounds up, however far down the hair is.
    expect(dyadicToNumber(addDyadic(addDyadic(one, halfUlp), dyadicOf(2 ** -200)))).toBe(1 + 2 ** -52);
    expect(dyadicToNumber(addDyadic(dyadicOf(1 + 2 ** -52), halfUlp))).toBe(1 + 2 ** -51);
  });

  it('multiplies and compares exactly', () => {
    const third = Math.fround(1 / 3);
    const product = multiplyDyadic(dyadicOf(third), dyadicOf(third));
    // A product of two f32 numbers fits a double exactly.
    expect(dyadicToNumber(product)).toBe(third * third);
    expect(compareDyadic(dyadicOf(1), dyadicOf(2))).toBe(-1);
    expect(compareDyadic(exactSum([0.5, 0.25]), dyadicOf(0.75))).toBe(0);
    expect(compareDyadic(dyadicOf(-0), dyadicOf(0))).toBe(0);
  });
});
