// What a log says about itself beyond its rows: the devices (from the device list, else from the
// table's figures) and, where no binary name is printed, the collective its columns describe. The
// figures also check the list: busbw / algbw is nccl-tests' factor for the collective on N ranks.

import { GradsyncError } from '../errors';
import { collectiveFacts, type NcclTestsCollective } from './collectives';
import type { NcclTestsRow } from './tableRow';

/** One line of the device list: "#  Rank  8 Group  0 Pid 1234 on host-b device  0 [0x1b] NVIDIA H100 80GB HBM3". */
export interface NcclTestsDevice {
  rank: number;
  /** null where the line names no host (some builds print none). */
  host: string | null;
  gpu: string;
  line: number;
}

/** Bytes per element of nccl-tests' -d types. */
const TYPE_BYTES: Readonly<Record<string, number>> = {
  int8: 1,
  uint8: 1,
  char: 1,
  f8e4m3: 1,
  f8e5m2: 1,
  half: 2,
  float16: 2,
  bfloat16: 2,
  int32: 4,
  uint32: 4,
  int: 4,
  float: 4,
  float32: 4,
  int64: 8,
  uint64: 8,
  double: 8,
  float64: 8,
};

function countPerRank(row: NcclTestsRow): boolean {
  const size = TYPE_BYTES[row.type];
  return size !== undefined && row.count * size !== row.bytes;
}

/**
 * The collective a table without a binary name describes. Two pairs print the same columns
 * (all_gather and alltoall; scatter and gather): the first of each is taken.
 */
export function inferCollective(rows: readonly NcclTestsRow[]): NcclTestsCollective {
  const row = rows.find((r) => r.bytes > 0) ?? rows[0];
  const reduces = row.redop !== 'none';
  const rooted = row.root !== null && row.root >= 0;
  const split = countPerRank(row);
  if (rooted) return reduces ? 'reduce' : split ? 'scatter' : 'broadcast';
  if (reduces) return split ? 'reduce_scatter' : 'all_reduce';
  return split ? 'all_gather' : 'sendrecv';
}

interface Devices {
  devices: number | null;
  devicesFrom: 'device list' | 'columns' | null;
  devicesPerNode: number | null;
  nodes: number | null;
}

/** The row whose printed bandwidths give busbw / algbw most precisely (two decimals each). */
function sharpestRow(rows: readonly NcclTestsRow[]): NcclTestsRow | null {
  let best: NcclTestsRow | null = null;
  for (const row of rows) if (row.outOfPlace.algbwGBs >= 1 && (!best || row.outOfPlace.algbwGBs > best.outOfPlace.algbwGBs)) best = row;
  return best;
}

/** Whether N ranks print the row's busbw / algbw, up to the rounding of two decimals. */
function ratioFits(collective: NcclTestsCollective, ranks: number, row: NcclTestsRow): boolean {
  const { algbwGBs, busbwGBs } = row.outOfPlace;
  const slack = 0.0051 * (1 + busbwGBs / algbwGBs);
  return Math.abs(collectiveFacts(collective).busFactor(ranks) * algbwGBs - busbwGBs) <= slack;
}

/** N from the figures: exact from the count column where it counts per rank, else from busbw / algbw. */
function devicesOfColumns(collective: NcclTestsCollective, rows: readonly NcclTestsRow[]): number | null {
  const facts = collectiveFacts(collective);
  const row = rows.find((r) => r.count > 0 && r.bytes > 0);
  const size = row && TYPE_BYTES[row.type];
  if (facts.countPerRank && row && size && row.bytes % (row.count * size) === 0) {
    return row.bytes / (row.count * size);
  }
  const sharp = sharpestRow(rows);
  if (!sharp || facts.busFactor(2) === facts.busFactor(3)) return null;
  const ratio = sharp.outOfPlace.busbwGBs / sharp.outOfPlace.algbwGBs;
  const top = facts.busFactor(1e9);
  if (ratio >= top) return null;
  const ranks = Math.round(1 / (1 - ratio / top));
  return ranks >= 2 && ratioFits(collective, ranks, sharp) ? ranks : null;
}

export function devicesOfLog(collective: NcclTestsCollective, list: readonly NcclTestsDevice[], rows: readonly NcclTestsRow[]): Devices {
  if (list.length === 0) {
    const devices = devicesOfColumns(collective, rows);
    return { devices, devicesFrom: devices === null ? null : 'columns', devicesPerNode: null, nodes: null };
  }
  const ranks = new Set(list.map((d) => d.rank));
  const devices = ranks.size;
  const sharp = sharpestRow(rows);
  if (sharp && !ratioFits(collective, devices, sharp)) {
    const { algbwGBs, busbwGBs } = sharp.outOfPlace;
    throw new GradsyncError(
      'bad-input',
      `line ${sharp.line}: busbw / algbw = ${(busbwGBs / algbwGBs).toFixed(4)}, where ${collective} on the ${devices} devices of the list ` +
        `(line ${list[0].line}) has ${collectiveFacts(collective).busFactor(devices).toFixed(4)}: the device list or the test is not the one the table measured`,
    );
  }
  const perHost = new Map<string, number>();
  for (const device of list) if (device.host !== null) perHost.set(device.host, (perHost.get(device.host) ?? 0) + 1);
  if (perHost.size === 0) return { devices, devicesFrom: 'device list', devicesPerNode: null, nodes: null };
  const counts = [...perHost.values()];
  const even = counts.every((count) => count === counts[0]);
  return { devices, devicesFrom: 'device list', devicesPerNode: even ? counts[0] : null, nodes: perHost.size };
}
