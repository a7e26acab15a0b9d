// The checks of a schedule as read from JSON, before compileSchedule lays it out flat: its top-level
// fields, the shape of every step, and where each transfer reads and writes. Every message names the
// step and transfer (1-based) so a hand-written schedule can be fixed.

import { GradsyncError } from '../errors';
import {
  BUFFERS,
  MAX_CELLS,
  MAX_CHUNKS,
  MAX_DEVICES,
  SCHEDULE_FORMAT,
  SCHEDULE_FORMAT_2,
  hasChunkOwners,
  isCollective,
  type BufferName,
  type Schedule,
  type Transfer,
} from './ir';
import { bufferSize, dataChunk, defaultBuffer, slotLayout, slotOf, type SlotLayout } from './slots';
import { deviceLabel } from '../notation';

export function fail(message: string): never {
  throw new GradsyncError('invalid-schedule', message);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return String(value);
}

export function integerIn(value: unknown, lo: number, hi: number, where: string, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    fail(`${where}: ${what} must be an integer, got ${describe(value)}`);
  }
  if (value < lo || value > hi) fail(`${where}: ${what} ${value} is out of range ${lo}..${hi}`);
  return value;
}

/** Checks the top-level fields of a schedule read from JSON. */
export function checkHeader(json: unknown): asserts json is Schedule {
  if (!isObject(json)) fail(`a schedule must be a JSON object, got ${describe(json)}`);
  if (json.format !== SCHEDULE_FORMAT && json.format !== SCHEDULE_FORMAT_2) {
    fail(`"format" must be "${SCHEDULE_FORMAT}" or "${SCHEDULE_FORMAT_2}", got ${describe(json.format)}`);
  }
  if (!isCollective(json.collective)) {
    fail(`"collective" must be one of allreduce, reduce-scatter, allgather, broadcast, reduce; got ${describe(json.collective)}`);
  }
  if (typeof json.algorithm !== 'string') fail(`"algorithm" must be a string, got ${describe(json.algorithm)}`);
  const devices = integerIn(json.devices, 1, MAX_DEVICES, 'schedule', '"devices"');
  const chunks = integerIn(json.chunks, 1, MAX_CHUNKS, 'schedule', '"chunks"');
  if (devices * chunks > MAX_CELLS) {
    throw new GradsyncError('too-large', `"devices" × "chunks" must be at most ${MAX_CELLS.toLocaleString('en-US')}, got ${devices} × ${chunks}`);
  }
  if (json.format === SCHEDULE_FORMAT_2) {
    if (json.inPlace !== undefined && typeof json.inPlace !== 'boolean') fail(`"inPlace" must be true or false, got ${describe(json.inPlace)}`);
    const scratch = json.scratch === undefined ? 0 : integerIn(json.scratch, 0, MAX_CHUNKS, 'schedule', '"scratch"');
    const slots = slotLayout({
      format: SCHEDULE_FORMAT_2,
      collective: json.collective,
      devices,
      chunks,
      inPlace: json.inPlace as boolean | undefined,
      scratch,
    }).slots;
    if (devices * slots > MAX_CELLS) {
      throw new GradsyncError(
        'too-large',
        `"devices" × the chunks of a device's buffers must be at most ${MAX_CELLS.toLocaleString('en-US')}, got ${devices} × ${slots}`,
      );
    }
  }
  if (json.root !== undefined) integerIn(json.root, 0, devices - 1, 'schedule', '"root"');
  if (json.devicesPerNode !== undefined) integerIn(json.devicesPerNode, 1, devices, 'schedule', '"devicesPerNode"');
  if (hasChunkOwners(json.collective) && chunks % devices !== 0) {
    fail(`${json.collective} needs "chunks" to be a multiple of "devices" (each device owns chunks), got ${chunks} chunks for ${devices} devices`);
  }
  if (!Array.isArray(json.steps)) fail(`"steps" must be an array, got ${describe(json.steps)}`);
}

export interface TransferEnds {
  srcSlot: number;
  dstSlot: number;
  count: number;
  /** "GPU-1 chunk 3 (\"chunk\": 2)" for the k-th chunk moved. */
  describeDst(k: number): string;
}

export function plainEnds(tr: Transfer, a: number, b: number, chunks: number, where: string): TransferEnds {
  const c = integerIn(tr.chunk, 0, chunks - 1, where, 'chunk');
  if (a === b) fail(`${where}: src and dst are both ${deviceLabel(a)}; a device cannot send to itself`);
  return { srcSlot: c, dstSlot: c, count: 1, describeDst: () => `${deviceLabel(b)} chunk ${c + 1} ("chunk": ${c})` };
}

function bufferIn(value: unknown, fallback: BufferName, where: string, what: string): BufferName {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !(BUFFERS as readonly string[]).includes(value)) {
    fail(`${where}: ${what} must be "input", "output" or "scratch", got ${describe(value)}`);
  }
  return value as BufferName;
}

/** A version-2 transfer's places: buffers, offsets and count, each inside its buffer. */
export function transferEnds(layout: SlotLayout, tr: Transfer, a: number, b: number, where: string): TransferEnds {
  const fallback = defaultBuffer(layout.collective);
  const dstBuffer = bufferIn(tr.dstBuffer, fallback, where, 'dstBuffer');
  const srcBuffer = bufferIn(tr.srcBuffer, fallback, where, 'srcBuffer');
  const dstSize = bufferSize(layout, dstBuffer);
  const srcSize = bufferSize(layout, srcBuffer);
  const count = tr.count === undefined ? 1 : integerIn(tr.count, 1, Math.max(1, Math.min(dstSize, srcSize)), where, 'count');
  const emptyBuffer = (name: BufferName): never => fail(`${where}: ${deviceLabel(name === dstBuffer ? b : a)}'s ${name} buffer has no chunks`);
  if (dstSize === 0) emptyBuffer(dstBuffer);
  if (srcSize === 0) emptyBuffer(srcBuffer);
  const c = integerIn(
    tr.chunk,
    0,
    dstSize - count,
    where,
    count > 1 ? `chunk (with count ${count}, in the ${dstBuffer} buffer)` : `chunk (in the ${dstBuffer} buffer)`,
  );
  const from =
    tr.srcChunk === undefined
      ? integerIn(c, 0, srcSize - count, where, `chunk (read from the ${srcBuffer} buffer)`)
      : integerIn(
          tr.srcChunk,
          0,
          srcSize - count,
          where,
          count > 1 ? `srcChunk (with count ${count}, in the ${srcBuffer} buffer)` : `srcChunk (in the ${srcBuffer} buffer)`,
        );
  const srcSlot = slotOf(layout, a, srcBuffer, from);
  const dstSlot = slotOf(layout, b, dstBuffer, c);
  if (a === b && srcSlot === dstSlot) fail(`${where}: moves ${deviceLabel(a)}'s ${srcBuffer} chunk ${from} onto itself`);
  return {
    srcSlot,
    dstSlot,
    count,
    describeDst: (k) =>
      `${deviceLabel(b)} ${dstBuffer} chunk ${c + k}${dstBuffer === 'scratch' ? '' : ` (data chunk ${dataChunk(layout, b, dstBuffer, c + k) + 1})`}`,
  };
}

/** Checks that every step is an object with a phase and transfers; returns how many transfers they list. */
export function checkSteps(schedule: Schedule): number {
  let total = 0;
  schedule.steps.forEach((step: unknown, s) => {
    if (!isObject(step)) fail(`step ${s + 1}: must be an object with "phase" and "transfers", got ${describe(step)}`);
    if (step.phase !== undefined && typeof step.phase !== 'string') fail(`step ${s + 1}: "phase" must be a string`);
    if (!Array.isArray(step.transfers)) fail(`step ${s + 1}: "transfers" must be an array, got ${describe(step.transfers)}`);
    total += step.transfers.length;
  });
  return total;
}

/** Chunks moved by all transfers (version 2: a transfer moves `count`); malformed counts are named later. */
export function countChunks(schedule: Schedule, transfers: number): number {
  let total = transfers;
  for (const step of schedule.steps) {
    for (const transfer of step.transfers as unknown[]) {
      const count = isObject(transfer) ? transfer.count : undefined;
      if (typeof count === 'number' && Number.isInteger(count) && count > 1) total += Math.min(count, MAX_CHUNKS) - 1;
    }
  }
  return total;
}
