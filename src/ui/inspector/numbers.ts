// Numbers in the inspector: f32 values in their shortest exact form, float64 expectations to ten
// digits, differences in ulps when they are small and as absolute numbers when they are not.

import type { Difference } from '../../core/symbolic';

/** The shortest decimal that reads back as the same f32 (at most 9 significant digits). */
export function formatValue(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value) && Math.abs(value) < 1e9) return String(value);
  const f = Math.fround(value);
  for (let digits = 1; digits <= 9; digits++) {
    const text = f.toPrecision(digits);
    if (Math.fround(Number(text)) === f) return tidy(text);
  }
  return tidy(f.toPrecision(9));
}

export function formatExpected(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  return tidy(value.toPrecision(10));
}

/** Drops trailing zeros of a fraction and writes the minus sign as a minus. */
function tidy(text: string): string {
  const [mantissa, exponent] = text.split('e');
  const trimmed = mantissa.includes('.') ? mantissa.replace(/0+$/, '').replace(/\.$/, '') : mantissa;
  return (exponent ? `${trimmed}e${exponent.replace('+', '')}` : trimmed).replace(/^-/, '−');
}

const ULP_LIMIT = 1e4;

export function formatDifference(difference: Difference): string {
  if (difference.absolute === 0) return '0';
  if (!Number.isFinite(difference.absolute)) return String(difference.absolute);
  const sign = difference.absolute > 0 ? '+' : '−';
  const ulps = Math.abs(difference.ulps);
  if (ulps < ULP_LIMIT) return `${sign}${ulps < 10 ? Number(ulps.toPrecision(2)) : Math.round(ulps)} ulp`;
  return `${sign}${formatExpected(Math.abs(difference.absolute)).replace(/^−/, '')}`;
}
