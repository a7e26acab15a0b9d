// Who carries the most: per-device port loads and the busiest devices (as core's traffic.ts defines
// them, so the CLI names the same device) and how far they stand out — the master bottleneck in one line.

import { deviceLabel } from '../../../core/notation';
import { busiestDevices, portBytes } from '../../../core/model';
import { plural } from '../../format';

export interface TrafficSummary {
  devices: number;
  /** max(sent, received) per device, in bytes. */
  load: Float64Array;
  minBytes: number;
  medianBytes: number;
  maxBytes: number;
  /** Every device at the maximum load (ties included), ascending. */
  busiest: number[];
  /** Busiest load over the median load of the other devices; 1 when balanced, Infinity when they idle. */
  ratio: number;
  /** Whether the other devices all carry the same load (so "× the others" reads true). */
  othersEqual: boolean;
}

/** Above this ratio the busiest device is called out as a bottleneck. */
const BOTTLENECK_RATIO = 1.2;

function median(sorted: readonly number[]): number {
  if (sorted.length === 0) return 0;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function summarizeTraffic(bytesSent: ArrayLike<number>, bytesReceived: ArrayLike<number>): TrafficSummary {
  const devices = bytesSent.length;
  const load = portBytes({ bytesSent, bytesReceived });
  const sorted = Array.from(load).sort((a, b) => a - b);
  const maxBytes = sorted[devices - 1] ?? 0;
  const busiest = busiestDevices({ bytesSent, bytesReceived });
  const top = new Set(busiest);
  const others = Array.from(load)
    .filter((_, d) => !top.has(d))
    .sort((a, b) => a - b);
  const othersMedian = median(others);
  const ratio = others.length === 0 || busiest.length === 0 ? 1 : othersMedian > 0 ? maxBytes / othersMedian : Infinity;
  return {
    devices,
    load,
    minBytes: sorted[0] ?? 0,
    medianBytes: median(sorted),
    maxBytes,
    busiest,
    ratio,
    othersEqual: others.length > 0 && others[0] === others[others.length - 1],
  };
}

export function isBottleneck(summary: TrafficSummary): boolean {
  return summary.busiest.length > 0 && summary.ratio >= BOTTLENECK_RATIO;
}

function times(ratio: number): string {
  if (!Number.isFinite(ratio)) return 'the others idle';
  const rounded = ratio >= 10 ? Math.round(ratio).toString() : ratio.toFixed(1).replace(/\.0$/, '');
  return `${rounded}×`;
}

/** "busiest: GPU-0, 5× the others" or "balanced: every device carries the same load". */
export function busiestLine(summary: TrafficSummary): string {
  if (summary.busiest.length === 0) return 'nothing moves';
  if (!isBottleneck(summary)) {
    return summary.minBytes === summary.maxBytes ? 'balanced: every device carries the same load' : 'nearly balanced: no device stands out';
  }
  const [first] = summary.busiest;
  const ties = summary.busiest.length - 1;
  const who = ties === 0 ? deviceLabel(first) : `${deviceLabel(first)} and ${plural(ties, 'other')}`;
  const ratio = times(summary.ratio);
  if (!Number.isFinite(summary.ratio)) return `busiest: ${who} (${ratio})`;
  return `busiest: ${who}, ${ratio} ${summary.othersEqual ? 'the others' : 'the median device'}`;
}
