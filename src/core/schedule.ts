// The `gradsync-schedule/1` IR: the one thing every engine, view and check consumes.

export const SCHEDULE_FORMAT = 'gradsync-schedule/1';

export const COLLECTIVES = ['allreduce', 'reduce-scatter', 'allgather', 'broadcast', 'reduce'] as const;
export type Collective = (typeof COLLECTIVES)[number];

/** How a collective is written in prose and titles ("ring all-reduce"). */
export const COLLECTIVE_NAMES: Readonly<Record<Collective, string>> = {
  allreduce: 'all-reduce',
  'reduce-scatter': 'reduce-scatter',
  allgather: 'all-gather',
  broadcast: 'broadcast',
  reduce: 'reduce',
};

export type TransferOp = 'reduce' | 'copy';

export interface Transfer {
  src: number;
  dst: number;
  chunk: number;
  op: TransferOp;
}

export interface Step {
  phase: string;
  transfers: Transfer[];
}

export interface Schedule {
  format: typeof SCHEDULE_FORMAT;
  collective: Collective;
  algorithm: string;
  devices: number;
  chunks: number;
  /** Root device of broadcast and reduce (0 when absent). */
  root?: number;
  /** Devices per node, for algorithms built over nodes (hierarchical-ring). */
  devicesPerNode?: number;
  steps: Step[];
}

export type ScheduleHeader = Omit<Schedule, 'steps'>;

/**
 * A schedule's fields but its steps, in the IR's order, and nothing else (a loaded file may carry more
 * keys; absent optional fields stay absent): what every writer of a schedule writes before its steps.
 */
export function scheduleHeader(schedule: Schedule): ScheduleHeader {
  const { format, collective, algorithm, devices, chunks, root, devicesPerNode } = schedule;
  return { format, collective, algorithm, devices, chunks, ...(root !== undefined && { root }), ...(devicesPerNode !== undefined && { devicesPerNode }) };
}

/** Largest device count any part of gradsync accepts. */
export const MAX_DEVICES = 4096;
/** Largest chunk count. */
export const MAX_CHUNKS = 1 << 20;
/** Largest devices × chunks: bounds the (device, chunk) state every engine, check and view keeps. */
export const MAX_CELLS = 1 << 22;

export function isCollective(value: unknown): value is Collective {
  return typeof value === 'string' && (COLLECTIVES as readonly string[]).includes(value);
}

/** Collectives whose result is a combination of inputs (and so take a reduction op). */
export function reducesData(collective: Collective): boolean {
  return collective === 'allreduce' || collective === 'reduce-scatter' || collective === 'reduce';
}

/** Collectives whose chunks are owned one block per device: device d owns chunks [d·C/N, (d+1)·C/N). */
export function hasChunkOwners(collective: Collective): boolean {
  return collective === 'reduce-scatter' || collective === 'allgather';
}

/** Owner of chunk c in reduce-scatter and allgather (C is a multiple of N). */
export function chunkOwner(schedule: Pick<Schedule, 'devices' | 'chunks'>, chunk: number): number {
  return Math.floor((chunk * schedule.devices) / schedule.chunks);
}

export function rootOf(schedule: Pick<Schedule, 'root'>): number {
  return schedule.root ?? 0;
}

export function transferCount(schedule: Schedule): number {
  let count = 0;
  for (const step of schedule.steps) count += step.transfers.length;
  return count;
}
