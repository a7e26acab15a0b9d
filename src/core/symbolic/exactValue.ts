// Exact arithmetic on binary floating-point numbers. Every finite double is m·2^e with integers m
// and e, and sums and products of such numbers are too, so they are held exactly as a BigInt and an
// exponent: the exact sum of a reduction's inputs, and the exact error of an f32 result, with no
// rounding of their own. Read back as the nearest double, or as its exact decimal (every dyadic
// number has a finite one).

import { invariant } from '../errors';

/** mantissa · 2^exponent, exactly. */
export interface Dyadic {
  readonly mantissa: bigint;
  readonly exponent: number;
}

const ZERO = BigInt(0);
const ONE = BigInt(1);

const view = new DataView(new ArrayBuffer(8));

/** A finite double, exactly. */
export function dyadicOf(x: number): Dyadic {
  invariant(Number.isFinite(x), `dyadicOf: ${x} is not finite`);
  view.setFloat64(0, x);
  const high = view.getUint32(0);
  const low = view.getUint32(4);
  const biased = (high >>> 20) & 0x7ff;
  const fraction = (BigInt(high & 0xfffff) << BigInt(32)) | BigInt(low);
  // A subnormal has no hidden bit and the exponent of the smallest normal.
  const mantissa = biased === 0 ? fraction : fraction | (ONE << BigInt(52));
  const exponent = (biased === 0 ? 1 : biased) - 1075;
  return { mantissa: high >>> 31 === 1 ? -mantissa : mantissa, exponent };
}

function scaled(value: Dyadic, exponent: number): bigint {
  return value.mantissa << BigInt(value.exponent - exponent);
}

/** The exact sum. */
export function addDyadic(a: Dyadic, b: Dyadic): Dyadic {
  const exponent = Math.min(a.exponent, b.exponent);
  return { mantissa: scaled(a, exponent) + scaled(b, exponent), exponent };
}

export function negateDyadic(a: Dyadic): Dyadic {
  return { mantissa: -a.mantissa, exponent: a.exponent };
}

/** The exact product. */
export function multiplyDyadic(a: Dyadic, b: Dyadic): Dyadic {
  return { mantissa: a.mantissa * b.mantissa, exponent: a.exponent + b.exponent };
}

export function compareDyadic(a: Dyadic, b: Dyadic): number {
  const difference = addDyadic(a, negateDyadic(b)).mantissa;
  return difference > ZERO ? 1 : difference < ZERO ? -1 : 0;
}

export function absDyadic(a: Dyadic): Dyadic {
  return a.mantissa < ZERO ? negateDyadic(a) : a;
}

/** The exact sum of finite doubles. */
export function exactSum(values: Iterable<number>): Dyadic {
  let sum: Dyadic = { mantissa: ZERO, exponent: 0 };
  for (const x of values) sum = addDyadic(sum, dyadicOf(x));
  return sum;
}

/**
 * The double nearest to the exact value (ties to even). BigInt to Number rounds correctly; the
 * mantissa is first cut to 64 bits and a sticky bit, so the scaling after it is exact for every
 * value an f32 reduction makes.
 */
export function dyadicToNumber(a: Dyadic): number {
  let { mantissa, exponent } = a;
  if (mantissa === ZERO) return 0;
  const negative = mantissa < ZERO;
  if (negative) mantissa = -mantissa;
  const extra = mantissa.toString(2).length - 64;
  if (extra > 0) {
    const kept = mantissa >> BigInt(extra);
    const sticky = kept << BigInt(extra) === mantissa ? ZERO : ONE;
    mantissa = kept | sticky;
    exponent += extra;
  }
  // 2^exponent in two factors, so neither overflows nor underflows on its own.
  const half = Math.trunc(exponent / 2);
  const magnitude = Number(mantissa) * 2 ** half * 2 ** (exponent - half);
  return negative ? -magnitude : magnitude;
}

/** The exact decimal: "0.100000001490116119384765625", "-3", "12582912". */
export function dyadicDecimal(a: Dyadic): string {
  const negative = a.mantissa < ZERO;
  const mantissa = negative ? -a.mantissa : a.mantissa;
  const sign = negative ? '-' : '';
  if (a.exponent >= 0) return `${sign}${(mantissa << BigInt(a.exponent)).toString()}`;
  // m·2^−k = m·5^k / 10^k: the digits of m·5^k with the point k places from the right.
  const places = -a.exponent;
  const digits = (mantissa * BigInt(5) ** BigInt(places)).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places).replace(/0+$/, '');
  if (fraction === '') return `${sign}${whole}`;
  return `${sign}${whole}.${fraction}`;
}

/** The exact decimal of a double (of an f32 value too, which is one); ±Infinity and NaN as JavaScript writes them. */
export function exactDecimal(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (Object.is(x, -0)) return '-0';
  return dyadicDecimal(dyadicOf(x));
}
