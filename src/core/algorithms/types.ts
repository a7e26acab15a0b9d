// What every algorithm builder takes and returns.

import type { Collective, Schedule, Step, Transfer } from '../schedule';
import { SCHEDULE_FORMAT } from '../schedule';

export interface AlgorithmOptions {
  devices: number;
  /** Number of chunks; each algorithm has a default and may require a multiple of its natural count. */
  chunks?: number;
  /** Devices per node (hierarchical-ring needs it; it must divide devices). */
  devicesPerNode?: number;
  /** Root device for broadcast and reduce. */
  root?: number;
}

export interface AlgorithmSpec {
  id: string;
  collective: Collective;
  /** One line for help texts and pickers. */
  summary: string;
  /** It groups devices in nodes and needs devicesPerNode (suggestDevicesPerNode picks one). */
  takesDevicesPerNode?: boolean;
  build(options: AlgorithmOptions): Schedule;
}

export function makeSchedule(
  collective: Collective,
  algorithm: string,
  devices: number,
  chunks: number,
  steps: Step[],
  extra: { root?: number; devicesPerNode?: number } = {},
): Schedule {
  const schedule: Schedule = { format: SCHEDULE_FORMAT, collective, algorithm, devices, chunks, steps };
  if (extra.root !== undefined) schedule.root = extra.root;
  if (extra.devicesPerNode !== undefined) schedule.devicesPerNode = extra.devicesPerNode;
  return schedule;
}

/** A transfer of a whole segment: with `perSegment` chunks to a segment, segment s is chunks [s·m, (s+1)·m). */
export function segmentTransfers(src: number, dst: number, segment: number, perSegment: number, op: Transfer['op']): Transfer[] {
  const out: Transfer[] = [];
  for (let k = 0; k < perSegment; k++) out.push({ src, dst, chunk: segment * perSegment + k, op });
  return out;
}

/** Transfers of every chunk of the buffer (whole-buffer messages). */
export function wholeBuffer(src: number, dst: number, chunks: number, op: Transfer['op']): Transfer[] {
  return segmentTransfers(src, dst, 0, chunks, op);
}
