// Validation of a schedule (from an algorithm or from a user's JSON) and its flat, typed-array form.
// Every message names the step and transfer (1-based) so a hand-written schedule can be fixed.

import { GradsyncError } from './errors';
import { MAX_CELLS, MAX_CHUNKS, MAX_DEVICES, SCHEDULE_FORMAT, hasChunkOwners, isCollective, type Schedule, type Step, type Transfer } from './schedule';

export const OP_REDUCE = 0;
export const OP_COPY = 1;

/** A valid schedule as flat arrays: transfers of step s are [stepStart[s], stepStart[s+1]). */
export interface CompiledSchedule {
  readonly schedule: Schedule;
  readonly devices: number;
  readonly chunks: number;
  readonly steps: number;
  readonly stepStart: Uint32Array;
  readonly src: Int32Array;
  readonly dst: Int32Array;
  readonly chunk: Int32Array;
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
  if (json.format !== SCHEDULE_FORMAT) {
    fail(`"format" must be "${SCHEDULE_FORMAT}", got ${describe(json.format)}`);
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
  if (json.root !== undefined) integerIn(json.root, 0, devices - 1, 'schedule', '"root"');
  if (json.devicesPerNode !== undefined) integerIn(json.devicesPerNode, 1, devices, 'schedule', '"devicesPerNode"');
  if (hasChunkOwners(json.collective) && chunks % devices !== 0) {
    fail(`${json.collective} needs "chunks" to be a multiple of "devices" (each device owns chunks), got ${chunks} chunks for ${devices} devices`);
  }
  if (!Array.isArray(json.steps)) fail(`"steps" must be an array, got ${describe(json.steps)}`);
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

  const stepStart = new Uint32Array(schedule.steps.length + 1);
  const src = new Int32Array(total);
  const dst = new Int32Array(total);
  const chunk = new Int32Array(total);
  const op = new Uint8Array(total);
  // Per (dst, chunk): the step (1-based) of its last write and whether any write in that step was a
  // copy. checkHeader bounds devices × chunks by MAX_CELLS, so a flat array per cell always fits.
  const cells = devices * chunks;
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
      const c = integerIn(tr.chunk, 0, chunks - 1, where, 'chunk');
      if (a === b) fail(`${where}: src and dst are both GPU-${a}; a device cannot send to itself`);
      if (tr.op !== 'reduce' && tr.op !== 'copy') fail(`${where}: op must be "reduce" or "copy", got ${describe(tr.op)}`);
      const isCopy = tr.op === 'copy';
      const cell = b * chunks + c;
      const seenThisStep = lastStep[cell] === s + 1;
      const seenCopy = seenThisStep && wroteCopy[cell] === 1;
      if (!seenThisStep) wroteCopy[cell] = 0;
      lastStep[cell] = s + 1;
      if (isCopy) wroteCopy[cell] = 1;
      if (seenThisStep && (isCopy || seenCopy)) {
        fail(`${where}: GPU-${b} chunk ${c + 1} ("chunk": ${c}) is written twice in this step and one write is a copy; the result would depend on order`);
      }
      src[t] = a;
      dst[t] = b;
      chunk[t] = c;
      op[t] = isCopy ? OP_COPY : OP_REDUCE;
      t++;
    });
  });
  stepStart[schedule.steps.length] = t;

  const result: CompiledSchedule = {
    schedule,
    devices,
    chunks,
    steps: schedule.steps.length,
    stepStart,
    src,
    dst,
    chunk,
    op,
  };
  compiled.set(schedule, result);
  return result;
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
