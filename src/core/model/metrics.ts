// nccl-tests metrics (algbw, busbw) and its result table, so model numbers read like real benchmark output.

import { rootOf, type Collective, type Schedule } from '../schedule/ir';
import { BYTES_PER_ELEMENT } from './traffic';

/**
 * busbw / algbw: the factor that makes busbw comparable to link bandwidth whatever the collective
 * (nccl-tests' PERFORMANCE.md). 0 for one device, where nothing moves.
 */
export function busBandwidthFactor(collective: Collective, devices: number): number {
  switch (collective) {
    case 'allreduce':
      return (2 * (devices - 1)) / devices;
    case 'reduce-scatter':
    case 'allgather':
      return (devices - 1) / devices;
    case 'broadcast':
    case 'reduce':
      return 1;
  }
}

/**
 * S, the message size of nccl-tests, in bytes. nccl-tests takes S = count × type size for all-reduce,
 * broadcast and reduce (count = the whole buffer) and S = count × type size × nranks for reduce-scatter
 * and all-gather (count = one rank's share). Our K is always the whole per-device buffer — the input of
 * reduce-scatter and the output of all-gather, i.e. nranks shares — so S = 4·K bytes in every case.
 */
function messageBytes(elements: number): number {
  return elements * BYTES_PER_ELEMENT;
}

export interface BandwidthMetrics {
  sizeBytes: number;
  timeUs: number;
  /** S / t in GB/s (GB = 1e9 bytes); null when t = 0 (nothing to time, e.g. one device). */
  algbwGBs: number | null;
  busbwGBs: number | null;
}

export function bandwidthMetrics(collective: Collective, devices: number, elements: number, timeUs: number): BandwidthMetrics {
  const sizeBytes = messageBytes(elements);
  if (!(timeUs > 0) || !Number.isFinite(timeUs)) return { sizeBytes, timeUs, algbwGBs: null, busbwGBs: null };
  // bytes / (t µs · 1e-6 s/µs) / 1e9 bytes/GB = bytes / (t · 1e3).
  const algbwGBs = sizeBytes / (timeUs * 1e3);
  return { sizeBytes, timeUs, algbwGBs, busbwGBs: algbwGBs * busBandwidthFactor(collective, devices) };
}

export interface NcclTableRow {
  sizeBytes: number;
  count: number;
  type: 'float';
  /** sum, prod, max, min, avg; 'none' for collectives without a reduction. */
  redop: string;
  /** −1 for collectives without a root. */
  root: number;
  timeUs: number;
  algbwGBs: number | null;
  busbwGBs: number | null;
  /** Wrong elements, or null when not checked (printed N/A). */
  wrong: number | null;
}

/** A table row for a schedule's model (or measured) time on a K-element buffer. */
export function ncclTableRow(schedule: Schedule, elements: number, redop: string, timeUs: number, wrong: number | null): NcclTableRow {
  const { collective, devices } = schedule;
  const metrics = bandwidthMetrics(collective, devices, elements, timeUs);
  const reduces = collective === 'allreduce' || collective === 'reduce-scatter' || collective === 'reduce';
  const rooted = collective === 'broadcast' || collective === 'reduce';
  return {
    sizeBytes: metrics.sizeBytes,
    count: elements,
    type: 'float',
    redop: reduces ? redop : 'none',
    root: rooted ? rootOf(schedule) : -1,
    timeUs,
    algbwGBs: metrics.algbwGBs,
    busbwGBs: metrics.busbwGBs,
    wrong,
  };
}

/** C's %g: 6 significant digits, trailing zeros dropped, exponent form outside [1e-4, 1e6). */
export function formatG(value: number): string {
  if (value === 0 || !Number.isFinite(value)) return String(value);
  const [mantissa, exponentText] = value.toExponential(5).split('e');
  const exponent = Number(exponentText);
  const strip = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);
  if (exponent < -4 || exponent >= 6) {
    const sign = exponent < 0 ? '-' : '+';
    return `${strip(mantissa)}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  return strip(value.toFixed(5 - exponent));
}

/** nccl-tests prints fewer decimals as times grow, keeping the column 7 wide. */
function formatTimeUs(timeUs: number): string {
  if (timeUs >= 10000) return timeUs.toFixed(0);
  if (timeUs >= 100) return timeUs.toFixed(1);
  return timeUs.toFixed(2);
}

const bandwidth = (value: number | null) => (value === null ? 'N/A' : value.toFixed(2));

const WIDTHS = [12, 12, 8, 6, 6, 7, 6, 6, 6];

function line(cells: string[], prefix = ''): string {
  const text = cells.map((cell, i) => cell.padStart(i === 0 ? WIDTHS[0] - prefix.length : WIDTHS[i])).join('  ');
  return `${prefix}${text}`.trimEnd();
}

/**
 * An nccl-tests style table: `title` lines as `# ` comments, the two header lines, one right-aligned
 * row per size, and the average bus bandwidth over the rows that have one.
 */
export function formatNcclTable(rows: readonly NcclTableRow[], title: string | readonly string[] = []): string {
  const titles = typeof title === 'string' ? [title] : title;
  const out = titles.map((text) => `# ${text}`.trimEnd());
  out.push('#');
  out.push(line(['size', 'count', 'type', 'redop', 'root', 'time', 'algbw', 'busbw', '#wrong'], '# '));
  out.push(line(['(B)', '(elements)', '', '', '', '(us)', '(GB/s)', '(GB/s)', ''], '# '));
  for (const row of rows) {
    out.push(
      line([
        String(row.sizeBytes),
        String(row.count),
        row.type,
        row.redop,
        String(row.root),
        formatTimeUs(row.timeUs),
        bandwidth(row.algbwGBs),
        bandwidth(row.busbwGBs),
        row.wrong === null ? 'N/A' : String(row.wrong),
      ]),
    );
  }
  const measured = rows.flatMap((row) => (row.busbwGBs === null ? [] : [row.busbwGBs]));
  const average = measured.length === 0 ? 'N/A' : formatG(measured.reduce((a, b) => a + b, 0) / measured.length);
  out.push(`# Avg bus bandwidth    : ${average}`);
  return `${out.join('\n')}\n`;
}
