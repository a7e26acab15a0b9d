// Where tree beats ring, found numerically: over message sizes by bisection on the element count
// (the model is exact for every K), over device counts on the plotted points.

import { BYTES_PER_ELEMENT } from '../../core/traffic';
import { formatBytes, formatCount, formatMicroseconds } from '../format';
import { fastestAt, modelFor, type CompareData, type CompareInput, type Series } from './compareData';

/** Where the challenger wins: closed ranges [from, to] of the axis, ascending. */
export interface Wins {
  lo: number;
  hi: number;
  ranges: [number, number][];
}

/**
 * Ranges of an ascending grid where `wins` holds. With `refine`, each boundary between grid points
 * is found exactly by bisection over the integers between them.
 */
export function winRanges(grid: readonly number[], wins: (x: number) => boolean, refine: boolean): Wins {
  const w = grid.map(wins);
  const ranges: [number, number][] = [];
  let start: number | null = w[0] ? grid[0] : null;
  for (let i = 0; i + 1 < grid.length; i++) {
    if (w[i] === w[i + 1]) continue;
    let lo = grid[i];
    let hi = grid[i + 1];
    while (refine && hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (wins(mid) === w[i]) lo = mid;
      else hi = mid;
    }
    if (w[i]) {
      ranges.push([start!, lo]);
      start = null;
    } else start = hi;
  }
  if (start !== null) ranges.push([start, grid[grid.length - 1]]);
  return { lo: grid[0], hi: grid[grid.length - 1], ranges };
}

/** Tree against ring over K = 1 … 2^28 elements (4 B … 1 GiB) at N devices. */
export function sizeWins(input: CompareInput, devices: number, challenger = 'tree', incumbent = 'ring'): Wins | null {
  const a = modelFor(input, challenger, devices);
  const b = modelFor(input, incumbent, devices);
  if (!a || !b) return null;
  const grid: number[] = [];
  for (let k = 1; k <= 2 ** 28; k *= 2) grid.push(k);
  return winRanges(grid, (k) => a(k) < b(k), true);
}

function pointsOf(series: readonly Series[], algorithm: string): Map<number, number> {
  return new Map((series.find((s) => s.algorithm === algorithm)?.points ?? []).map((p) => [p.x, p.timeUs]));
}

/** Tree against ring over the plotted device counts at the current size. */
export function deviceWins(data: CompareData, challenger = 'tree', incumbent = 'ring'): Wins | null {
  const a = pointsOf(data.byDevices, challenger);
  const b = pointsOf(data.byDevices, incumbent);
  const grid = data.deviceCounts.filter((n) => a.has(n) && b.has(n));
  return grid.length === 0 ? null : winRanges(grid, (n) => a.get(n)! < b.get(n)!, false);
}

const everywhere = (wins: Wins) => wins.ranges.length === 1 && wins.ranges[0][0] === wins.lo && wins.ranges[0][1] === wins.hi;

/** "below 256 KiB", "from 64 devices up", "at 16 and from 48 devices up"; null: it never wins. */
function describe(wins: Wins, name: (x: number) => string, next: (x: number) => number): string | null {
  if (wins.ranges.length === 0) return null;
  return wins.ranges
    .map(([from, to]) => {
      if (from === wins.lo) return `below ${name(next(to))}`;
      if (to === wins.hi) return `from ${name(from)} up`;
      return from === to ? `at ${name(from)}` : `from ${name(from)} to ${name(to)}`;
    })
    .join(' and ');
}

export interface CompareCaption {
  /** "Tree beats ring below 256 KiB at 64 devices." */
  bySize: string | null;
  byDevices: string | null;
  fastest: string | null;
}

/** Sentences computed from the data: where tree beats ring over sizes and over devices, and who is fastest. */
export function compareCaption(input: CompareInput, data: CompareData): CompareCaption {
  const n = data.devices;
  const size = formatBytes(data.bytes);
  const bySize = sizeWins(input, n);
  const bytes = (k: number) => formatBytes(k * BYTES_PER_ELEMENT);
  const sizeText = bySize && describe(bySize, bytes, (k) => k + 1);
  const byDevices = deviceWins(data);
  const grid = data.deviceCounts;
  const devices = (x: number) => `${formatCount(x)} devices`;
  const deviceText = byDevices && describe(byDevices, devices, (x) => grid[grid.indexOf(x) + 1] ?? x);
  const fastest = fastestAt(data);
  return {
    bySize:
      bySize &&
      (everywhere(bySize)
        ? `Tree beats ring at every size from 4 B to 1 GiB at ${formatCount(n)} devices.`
        : sizeText
          ? `Tree beats ring ${sizeText} at ${formatCount(n)} devices.`
          : `Ring beats tree at every size from 4 B to 1 GiB at ${formatCount(n)} devices.`),
    byDevices:
      byDevices &&
      (everywhere(byDevices)
        ? `At ${size}, tree beats ring at every device count up to ${formatCount(byDevices.hi)}.`
        : deviceText
          ? `At ${size}, tree beats ring ${deviceText.replace(/ devices( up)? and /g, '$1 and ')}.`
          : `At ${size}, ring beats tree at every device count up to ${formatCount(byDevices.hi)}.`),
    fastest: fastest && `Fastest at ${formatCount(n)} devices and ${size}: ${fastest.algorithm} (${formatMicroseconds(fastest.timeUs)}).`,
  };
}

export function captionText(caption: CompareCaption): string {
  return [caption.bySize, caption.byDevices, caption.fastest].filter(Boolean).join(' ');
}
