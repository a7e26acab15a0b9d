// Numbers the CLI prints that are no quantity with a unit (errors, tolerances); bytes, times and
// bandwidths are core's units, the same as the app's.

export function formatNumber(value: number | null, digits = 3): string {
  if (value === null) return 'n/a';
  if (value === 0) return '0';
  return Math.abs(value) >= 1e-3 && Math.abs(value) < 1e7 ? String(Number(value.toPrecision(digits + 1))) : value.toExponential(digits);
}
