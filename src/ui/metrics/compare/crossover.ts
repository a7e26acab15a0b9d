// Where tree beats ring, in words: the ranges themselves come with the comparison (core/model/compare.ts).

import { fastestAt, type CompareData, type Wins, BYTES_PER_ELEMENT } from '../../../core/model';
import { formatBytes, formatCount, formatMicroseconds } from '../../format';

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
export function compareCaption(data: CompareData): CompareCaption {
  const n = data.devices;
  const size = formatBytes(data.bytes);
  const { bySize, byDevices } = data.treeVsRing;
  const bytes = (k: number) => formatBytes(k * BYTES_PER_ELEMENT);
  const sizeText = bySize && describe(bySize, bytes, (k) => k + 1);
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
