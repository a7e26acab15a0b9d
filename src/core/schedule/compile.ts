// A schedule (from an algorithm or from a user's JSON) validated and laid out in its flat, typed-array
// form, which everything downstream reads. The checks of its fields are validate.ts's; the ones that
// need the whole step (two writes to one place) are made here, as the transfers are laid out.

import { GradsyncError } from '../errors';
import type { Schedule, Step, Transfer } from './ir';
import { slotLayout, type SlotLayout } from './slots';
import { checkHeader, checkSteps, countChunks, describe, fail, integerIn, isObject, plainEnds, transferEnds } from './validate';

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
  let total = checkSteps(schedule);

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
 * Records the flat form of a schedule built from it (packed.ts), so compileSchedule returns it
 * without checking the schedule again. Only for forms compiled from valid schedules.
 */
export function adoptCompiled(form: CompiledSchedule): void {
  compiled.set(form.schedule, form);
}

/** Parses schedule JSON text; every problem is one clear line. */
/** JSON.parse's message with the line and column of its "position N", where the engine gives only the position. */
function withLine(text: string, message: string): string {
  const position = /\bat position (\d+)$/.exec(message);
  if (!position || /\bline \d+/.test(message)) return message;
  const before = text.slice(0, Number(position[1])).split('\n');
  return `${message} (line ${before.length} column ${before[before.length - 1].length + 1})`;
}

export function parseSchedule(text: string): Schedule {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new GradsyncError('invalid-schedule', `the schedule is not valid JSON (${withLine(text, (error as Error).message)})`);
  }
  return compileSchedule(json).schedule;
}
