// Quantities as people read them, the same in the app, the embed, the presenter and the CLI: bytes in
// binary units, durations from µs to s and bandwidths in GB/s, each to three significant figures.

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/**
 * Three significant figures for 1 ≤ value < 1000 ("4.00", "26.4", "256"), two decimals below 1. The
 * thresholds sit where rounding carries into the next decade, so 9.996 reads "10.0", never "10.00".
 */
function threeFigures(value: number): string {
  return value.toFixed(value < 9.995 ? 2 : value < 99.95 ? 1 : 0);
}

/**
 * Bytes in the largest binary unit that keeps the number at least 1: "512 B", "4.00 KiB", "26.4 KiB",
 * "127 KiB". A count that would round to 1024 of a unit is said in the next one ("1.00 MiB").
 */
export function formatBytes(bytes: number): string {
  const sign = bytes < 0 ? '-' : '';
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1023.5 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const number = unit === 0 ? String(Math.round(value)) : threeFigures(value);
  return `${sign}${number} ${BYTE_UNITS[unit]}`;
}

/** A duration given in µs, in µs, ms or s: "0 µs", "5.00 µs", "143 µs", "12.3 ms", "2.50 s". */
export function formatMicroseconds(us: number): string {
  if (us === 0) return '0 µs';
  const sign = us < 0 ? '-' : '';
  const size = Math.abs(us);
  if (size < 999.5) return `${sign}${threeFigures(size)} µs`;
  if (size < 999.5e3) return `${sign}${threeFigures(size / 1e3)} ms`;
  const seconds = size / 1e6;
  return `${sign}${seconds < 999.5 ? threeFigures(seconds) : seconds.toFixed(0)} s`;
}

/** GB/s (GB = 1e9 B, as nccl-tests); "—" where there is no rate (nothing took any time). */
export function formatGBs(value: number | null): string {
  if (value === null) return '—';
  return `${value < 999.5 ? threeFigures(value) : value.toFixed(0)} GB/s`;
}

/** A whole count with thousands separators: "2,095,104". */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** A count with its noun, as people read it: "1 step", "2 steps", "1,024 devices" (`many` for irregular nouns). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** A share from 0 to 1 as a whole percentage: "100%", "13%", and "<1%" for a share that is not nothing. */
export function formatPercent(share: number): string {
  return share > 0 && share < 0.005 ? '<1%' : `${Math.round(share * 100)}%`;
}

/** How many times one quantity is another, to three significant figures: "8×", "21.3×", "0.5×". */
export function formatTimes(ratio: number): string {
  return `${Number(ratio.toPrecision(3))}×`;
}

/** A large count in thousands, millions, billions or trillions, to three significant figures: "25.6 M", "1.56 B". */
export function formatLargeCount(value: number): string {
  const units = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'k'],
  ] as const;
  for (const [size, unit] of units) if (value >= size * 0.9995) return `${threeFigures(value / size)} ${unit}`;
  return String(Math.round(value));
}
