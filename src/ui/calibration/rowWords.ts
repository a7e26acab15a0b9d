// One row of the comparison in words, for its point's title and the line under the chart.

import { formatBytes, formatCount, formatGBs, formatMicroseconds } from '../format';
import type { RowPoint } from './calibrationView';

/** "+1.5 %", "−14.4 %": signed, one decimal. */
export function formatError(errorPct: number): string {
  const rounded = Number(errorPct.toFixed(1));
  return `${rounded > 0 ? '+' : rounded < 0 ? '−' : '±'}${Math.abs(rounded).toFixed(1)} %`;
}

/** GB/s to three figures, small rates too: "0.000118 GB/s", "21.7 GB/s". */
export function formatBusbw(value: number): string {
  return value < 1 ? `${Number(value.toPrecision(3))} GB/s` : formatGBs(value);
}

/** "4.00 MiB (4,194,304 B): measured 365 µs, busbw 21.7 GB/s; model 361 µs with LL128, −1.0 %". */
export function describeRow(point: RowPoint): string {
  const size = point.bytes >= 1024 ? `${formatBytes(point.bytes)} (${formatCount(point.bytes)} B)` : formatBytes(point.bytes);
  return (
    `${size}: measured ${formatMicroseconds(point.measuredUs)}, busbw ${formatBusbw(point.busbwGBs)}; ` +
    `model ${formatMicroseconds(point.modelUs)} with ${point.protocol}, ${formatError(point.errorPct)}`
  );
}
