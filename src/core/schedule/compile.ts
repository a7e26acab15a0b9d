// Validation of a schedule (from an algorithm or from a user's JSON) and its flat, typed-array form.
// Every message names the step and transfer (1-based) so a hand-written schedule can be fixed.

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
  type Step,
  type Transfer,
} from './ir';
import { bufferSize, dataChunk, defaultBuffer, slotLayout, slotOf, type SlotLayout } from './slots';

export const OP_REDUCE = 0;
export const OP_COPY = 1;

/**
 * A valid schedule as flat arrays, one entry per chunk moved: transfers of step s are
 * [stepStart[s], stepStart[s+1]). Places on a device are slots (slots.ts): for a version-1 schedule
 * slot c is chunk c, and `srcChunk` is the very array `chunk`.
 */
export interface CompiledSchedule {
  readonly schedule: Schedule;
  readonly devices: number;
  /** The collective's chunks, C. */
  readonly chunks: number;
  readonly layout: SlotLayout;
  /** Places per device: C for version 1; with buffers and scratch, more. Cell (d, slot) is d·slots + slot. */
  readonly slots: number;
  /**
   * True when every transfer moves a slot to the same slot of another device (version 1's rule):
   * chunks never meet, and everything keyed by chunk holds. False for local operations and moves
   * between places.
   */
  readonly plain: boolean;
  /** Whether every chunk must have the same length (K a multiple of C): moves between places or scratch. */
  readonly equalChunks: boolean;
  readonly steps: number;
  readonly stepStart: Uint32Array;
  readonly src: Int32Array;
  readonly dst: Int32Array;
  /** The destination slot. */
  readonly chunk: Int32Array;
  /** The source slot (version 1: `chunk` itself). */
  readonly srcChunk: Int32Array;
  /** OP_REDUCE or OP_COPY. */
  readonly op: Uint8Array;
}

const compiled = new WeakMap<Schedule, CompiledSchedule>();

function fail(message: string): never {
  throw new GradsyncError('invalid-schedule', message);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return String(value);
}

function integerIn(value: unknown, lo: number, hi: number, where: string, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    fail(`${where}: ${what} must be an integer, got ${describe(value)}`);
  }
  if (value < lo || value > hi) fail(`${where}: ${what} ${value} is out of range ${lo}..${hi}`);
  return value;
}

/** Checks the top-level fields of a schedule read from JSON. */
function checkHeader(json: unknown): asserts json is Schedule {
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

interface TransferEnds {
  srcSlot: number;
  dstSlot: number;
  count: number;
  /** "GPU-1 chunk 3 (\"chunk\": 2)" for the k-th chunk moved. */
  describeDst(k: number): string;
}

function plainEnds(tr: Transfer, a: number, b: number, chunks: number, where: string): TransferEnds {
  const c = integerIn(tr.chunk, 0, chunks - 1, where, 'chunk');
  if (a === b) fail(`${where}: src and dst are both GPU-${a}; a device cannot send to itself`);
  return { srcSlot: c, dstSlot: c, count: 1, describeDst: () => `GPU-${b} chunk ${c + 1} ("chunk": ${c})` };
}

function bufferIn(value: unknown, fallback: BufferName, where: string, what: string): BufferName {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !(BUFFERS as readonly string[]).includes(value)) {
    fail(`${where}: ${what} must be "input", "output" or "scratch", got ${describe(value)}`);
  }
  return value as BufferName;
}

/** A version-2 transfer's places: buffers, offsets and count, each inside its buffer. */
function transferEnds(layout: SlotLayout, tr: Transfer, a: number, b: number, where: string): TransferEnds {
  const fallback = defaultBuffer(layout.collective);
  const dstBuffer = bufferIn(tr.dstBuffer, fallback, where, 'dstBuffer');
  const srcBuffer = bufferIn(tr.srcBuffer, fallback, where, 'srcBuffer');
  const dstSize = bufferSize(layout, dstBuffer);
  const srcSize = bufferSize(layout, srcBuffer);
  const count = tr.count === undefined ? 1 : integerIn(tr.count, 1, Math.max(1, Math.min(dstSize, srcSize)), where, 'count');
  const emptyBuffer = (name: BufferName): never => fail(`${where}: GPU-${name === dstBuffer ? b : a}'s ${name} buffer has no chunks`);
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
  if (a === b && srcSlot === dstSlot) fail(`${where}: moves GPU-${a}'s ${srcBuffer} chunk ${from} onto itself`);
  return {
    srcSlot,
    dstSlot,
    count,
    describeDst: (k) => `GPU-${b} ${dstBuffer} chunk ${c + k}${dstBuffer === 'scratch' ? '' : ` (data chunk ${dataChunk(layout, b, dstBuffer, c + k) + 1})`}`,
  };
}

/** Chunks moved by all transfers (version 2: a transfer moves `count`); malformed counts are named later. */
function countChunks(schedule: Schedule, transfers: number): number {
  let total = transfers;
  for (const step of schedule.steps) {
    for (const transfer of step.transfers as unknown[]) {
      const count = isObject(transfer) ? transfer.count : undefined;
      if (typeof count === 'number' && Number.isInteger(count) && count > 1) total += Math.min(count, MAX_CHUNKS) - 1;
    }
  }
  return total;
}

/**
 * Validates a schedule and returns its flat form. Throws GradsyncError('invalid-schedule') naming the
 * first problem. Results are cached per schedule object, so consumers may call this freely.
 */
export function compileSchedule(input: unknown): CompiledSchedule {
  if (isObject(input)) {
    const hit = compiled.get(input as unknown as Schedule);
    if (hit) return hit;
  }
  checkHeader(input);
  const schedule = input;
  const { devices, chunks } = schedule;
  let total = 0;
  schedule.steps.forEach((step: unknown, s) => {
    if (!isObject(step)) fail(`step ${s + 1}: must be an object with "phase" and "transfers", got ${describe(step)}`);
    if (step.phase !== undefined && typeof step.phase !== 'string') fail(`step ${s + 1}: "phase" must be a string`);
    if (!Array.isArray(step.transfers)) fail(`step ${s + 1}: "transfers" must be an array, got ${describe(step.transfers)}`);
    total += step.transfers.length;
  });

  const layout = slotLayout(schedule);
  const { slots, buffered } = layout;
  if (buffered) total = countChunks(schedule, total);
  const stepStart = new Uint32Array(schedule.steps.length + 1);
  const src = new Int32Array(total);
  const dst = new Int32Array(total);
  const chunk = new Int32Array(total);
  const srcChunk = buffered ? new Int32Array(total) : chunk;
  const op = new Uint8Array(total);
  // Per (dst, slot): the step (1-based) of its last write, and whether a copy wrote it in that step
  // (1: the first write was a copy, which reduces may follow; 2: a copy came after another write).
  // checkHeader bounds devices × slots by MAX_CELLS, so a flat array per cell always fits.
  const cells = devices * slots;
  const lastStep = new Int32Array(cells);
  const wroteCopy = new Uint8Array(cells);
  let t = 0;
  schedule.steps.forEach((step: Step, s) => {
    stepStart[s] = t;
    step.transfers.forEach((transfer: unknown, i) => {
      const where = `step ${s + 1}, transfer ${i + 1}`;
      if (!isObject(transfer)) fail(`${where}: must be an object {src, dst, chunk, op}, got ${describe(transfer)}`);
      const tr = transfer as unknown as Transfer;
      const a = integerIn(tr.src, 0, devices - 1, where, 'src');
      const b = integerIn(tr.dst, 0, devices - 1, where, 'dst');
      if (tr.op !== 'reduce' && tr.op !== 'copy') fail(`${where}: op must be "reduce" or "copy", got ${describe(tr.op)}`);
      const isCopy = tr.op === 'copy';
      const ends = buffered ? transferEnds(layout, tr, a, b, where) : plainEnds(tr, a, b, chunks, where);
      for (let k = 0; k < ends.count; k++) {
        const from = ends.srcSlot + k;
        const to = ends.dstSlot + k;
        const cell = b * slots + to;
        const seenThisStep = lastStep[cell] === s + 1;
        if (!seenThisStep) wroteCopy[cell] = 0;
        lastStep[cell] = s + 1;
        // Version 1: no copy may share a step with another write. Version 2 also allows a copy
        // followed by reduces (a message reduced with a local value, as MSCCL's rrc).
        const badCopy = seenThisStep && (isCopy || (wroteCopy[cell] !== 0 && !buffered) || wroteCopy[cell] === 2);
        if (isCopy) wroteCopy[cell] = seenThisStep ? 2 : 1;
        if (badCopy) {
          fail(`${where}: ${ends.describeDst(k)} is written twice in this step and one write is a copy; the result would depend on order`);
        }
        src[t] = a;
        dst[t] = b;
        chunk[t] = to;
        srcChunk[t] = from;
        op[t] = isCopy ? OP_COPY : OP_REDUCE;
        t++;
      }
    });
  });
  stepStart[schedule.steps.length] = t;

  const result = compiledForm(schedule, { stepStart, src, dst, chunk, srcChunk, op });
  compiled.set(schedule, result);
  return result;
}

/**
 * The compiled form of flat arrays this program made from a valid schedule (packed for a worker, or
 * written by a builder): what compileSchedule derives beside the arrays, without checking again.
 */
export function compiledForm(
  schedule: Schedule,
  arrays: Pick<CompiledSchedule, 'stepStart' | 'src' | 'dst' | 'chunk' | 'op'> & { srcChunk?: Int32Array },
): CompiledSchedule {
  const layout = slotLayout(schedule);
  const srcChunk = arrays.srcChunk ?? arrays.chunk;
  let plain = true;
  let equalChunks = layout.buffered && (!layout.inPlace || layout.scratch > 0);
  if (srcChunk !== arrays.chunk) {
    for (let t = 0; t < srcChunk.length; t++) {
      if (srcChunk[t] !== arrays.chunk[t]) {
        plain = false;
        equalChunks = true;
      }
      if (arrays.src[t] === arrays.dst[t]) plain = false;
    }
  }
  plain &&= layout.slots === layout.chunks;
  const { stepStart, src, dst, chunk, op } = arrays;
  return {
    schedule,
    devices: schedule.devices,
    chunks: schedule.chunks,
    layout,
    slots: layout.slots,
    plain,
    equalChunks,
    steps: stepStart.length - 1,
    stepStart,
    src,
    dst,
    chunk,
    srcChunk,
    op,
  };
}

/** What K must be a multiple of for this schedule: C where chunks move between places, else 1. */
export function elementsMultiple(compiled: Pick<CompiledSchedule, 'equalChunks' | 'chunks'>): number {
  return compiled.equalChunks ? compiled.chunks : 1;
}

/** Throws, naming the elements setting, where K elements do not split as this schedule needs (elementsMultiple). */
export function checkElements(compiled: Pick<CompiledSchedule, 'equalChunks' | 'chunks'>, elements: number): void {
  const multiple = elementsMultiple(compiled);
  if (elements % multiple === 0) return;
  throw new GradsyncError(
    'bad-argument',
    `this schedule moves chunks between places, so every chunk must be as long: ${elements} elements do not split into ${multiple} equal chunks`,
    { field: 'elements', value: elements, allowed: `be a multiple of ${multiple}, the schedule's chunks (it moves chunks between places)` },
  );
}

/** The K nearest `elements` that this schedule can split (elementsMultiple), within [multiple, max]. */
export function fitElements(compiled: Pick<CompiledSchedule, 'equalChunks' | 'chunks'>, elements: number, max: number): number {
  const multiple = elementsMultiple(compiled);
  const fitted = Math.max(multiple, Math.round(elements / multiple) * multiple);
  return fitted > max ? Math.floor(max / multiple) * multiple : fitted;
}

/**
 * Records the flat form of a schedule built from it (packedSchedule.ts), so compileSchedule returns it
 * without checking the schedule again. Only for forms compiled from valid schedules.
 */
export function adoptCompiled(form: CompiledSchedule): void {
  compiled.set(form.schedule, form);
}

/** Parses schedule JSON text; every problem is one clear line. */
export function parseSchedule(text: string): Schedule {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new GradsyncError('invalid-schedule', `the schedule is not valid JSON (${(error as Error).message})`);
  }
  return compileSchedule(json).schedule;
}
