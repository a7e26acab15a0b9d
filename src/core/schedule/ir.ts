// The schedule IR: the one thing every engine, view and check consumes. `gradsync-schedule/1` moves
// chunk c to chunk c between devices; `/2` adds buffers (input, output, scratch), offsets, counts
// and local operations, what algorithms written for MSCCL need (docs/schedule-format.md).

export const SCHEDULE_FORMAT = 'gradsync-schedule/1';
export const SCHEDULE_FORMAT_2 = 'gradsync-schedule/2';
type ScheduleFormat = typeof SCHEDULE_FORMAT | typeof SCHEDULE_FORMAT_2;

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

export const BUFFERS = ['input', 'output', 'scratch'] as const;
export type BufferName = (typeof BUFFERS)[number];

export interface Transfer {
  src: number;
  dst: number;
  /** The chunk the message lands in, counted within dstBuffer (version 1: the chunk at both ends). */
  chunk: number;
  op: TransferOp;
  /** Version 2: where the message comes from and goes (default: the buffer of C chunks). */
  srcBuffer?: BufferName;
  /** Version 2: the first chunk sent (default: `chunk`). */
  srcChunk?: number;
  dstBuffer?: BufferName;
  /** Version 2: chunks moved, consecutive at both ends (default 1). */
  count?: number;
  /** Version 2, imported from MSCCL XML: the channel, and the sender's and receiver's threadblocks. */
  channel?: number;
  threadblocks?: [number, number];
}

export interface Step {
  phase: string;
  transfers: Transfer[];
}

export interface Schedule {
  format: ScheduleFormat;
  collective: Collective;
  algorithm: string;
  devices: number;
  chunks: number;
  /** Root device of broadcast and reduce (0 when absent). */
  root?: number;
  /** Devices per node, for algorithms built over nodes (hierarchical-ring). */
  devicesPerNode?: number;
  /** Version 2: whether input and output share memory (default true). */
  inPlace?: boolean;
  /** Version 2: scratch chunks per device (default 0). */
  scratch?: number;
  steps: Step[];
}

export type ScheduleHeader = Omit<Schedule, 'steps'>;

/**
 * A schedule's fields but its steps, in the IR's order, and nothing else (a loaded file may carry more
 * keys; absent optional fields stay absent): what every writer of a schedule writes before its steps.
 */
export function scheduleHeader(schedule: Schedule): ScheduleHeader {
  const { format, collective, algorithm, devices, chunks, root, devicesPerNode, inPlace, scratch } = schedule;
  return {
    format,
    collective,
    algorithm,
    devices,
    chunks,
    ...(root !== undefined && { root }),
    ...(devicesPerNode !== undefined && { devicesPerNode }),
    ...(inPlace !== undefined && { inPlace }),
    ...(scratch !== undefined && { scratch }),
  };
}

/** A transfer's IR fields in the IR's order, and nothing else; absent optional fields stay absent. */
export function transferFields(t: Transfer): Transfer {
  const { src, dst, srcBuffer, srcChunk, dstBuffer, chunk, count, op, channel, threadblocks } = t;
  return {
    src,
    dst,
    ...(srcBuffer !== undefined && { srcBuffer }),
    ...(srcChunk !== undefined && { srcChunk }),
    ...(dstBuffer !== undefined && { dstBuffer }),
    chunk,
    ...(count !== undefined && { count }),
    op,
    ...(channel !== undefined && { channel }),
    ...(threadblocks !== undefined && { threadblocks }),
  };
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
