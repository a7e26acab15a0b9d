// Reading and writing the files the CLI takes: schedules, inputs (JSON array of N arrays of K
// numbers) and outputs. Problems are one-line GradsyncErrors; an output is written whole or not at all.

import { accessSync, closeSync, constants, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { GradsyncError } from '../core/errors';
import { lineText, parseScheduleText, readScheduleWithSources, type ScheduleSources } from '../core/formats';
import type { Schedule } from '../core/schedule';

const F32_MAX = 3.4028234663852886e38;

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (code ?? 'unreadable');
    throw new GradsyncError('bad-input', `cannot read ${what} '${path}': ${reason}`);
  }
}

/** A JSON file, parsed; bad input (naming the file) when unreadable or not JSON. */
export function readJson(path: string, what: string): unknown {
  const text = readText(path, what);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new GradsyncError('bad-input', `${path}: not valid JSON (${(error as Error).message})`);
  }
}

/** A text file read by `parse`; the parser's bad input is said after the file's path. */
export function readParsed<T>(path: string, what: string, parse: (text: string) => T): T {
  const text = readText(path, what);
  try {
    return parse(text);
  } catch (error) {
    if (error instanceof GradsyncError) throw new GradsyncError(error.code, `${path}: ${error.message}`);
    throw error;
  }
}

/** The text each schedule was read from, for messages that send the reader back to a line of it. */
const READ_FROM = new WeakMap<Schedule, string>();

export function readSchedule(path: string): Schedule {
  return readParsed(path, 'schedule file', (text) => {
    const schedule = parseScheduleText(text);
    READ_FROM.set(schedule, text);
    return schedule;
  });
}

/** Line `line` (1-based) of the text readSchedule read a schedule from, or null. */
export function lineOf(schedule: Schedule, line: number): string | null {
  const text = READ_FROM.get(schedule);
  return text === undefined ? null : lineText(text, line);
}

/** Where each transfer of a schedule readSchedule read is written; null for one built here. */
export function sourcesOf(schedule: Schedule): ScheduleSources | null {
  const text = READ_FROM.get(schedule);
  return text === undefined ? null : readScheduleWithSources(text).sources;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value)}`;
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : String(value);
}

/** Parses an input file into device-major f32 values. */
export function readInputs(path: string, limitValues: number): { devices: number; elements: number; values: Float32Array } {
  const text = readText(path, 'input file');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new GradsyncError('bad-input', `${path}: not valid JSON (${(error as Error).message})`);
  }
  const fail = (message: string): never => {
    throw new GradsyncError('bad-input', `${path}: ${message}`);
  };
  if (!Array.isArray(json) || json.length === 0) fail('expected a JSON array of N arrays of K numbers (one array per device)');
  const rows = json as unknown[];
  if (!Array.isArray(rows[0]) || rows[0].length === 0) fail('device 0: expected a non-empty array of numbers');
  const elements = (rows[0] as unknown[]).length;
  if (rows.length * elements > limitValues) fail(`${rows.length} × ${elements} values exceed the limit of ${limitValues.toLocaleString('en-US')}`);
  const values = new Float32Array(rows.length * elements);
  rows.forEach((row: unknown, d) => {
    if (!Array.isArray(row)) return fail(`device ${d}: expected an array of numbers, got ${describe(row)}`);
    if (row.length !== elements) fail(`device ${d} has ${row.length} values but device 0 has ${elements}; every device needs the same count`);
    row.forEach((x: unknown, e: number) => {
      if (typeof x !== 'number' || !Number.isFinite(x)) return fail(`device ${d}, element ${e}: expected a finite number, got ${describe(x)}`);
      if (Math.abs(x) > F32_MAX) fail(`device ${d}, element ${e}: ${x} is beyond the f32 range (±3.4e38)`);
      values[d * elements + e] = x;
    });
  });
  return { devices: rows.length, elements, values };
}

/** Fails early, before a long run, when an output file could not be written. */
export function checkWritable(path: string): void {
  const dir = dirname(resolve(path));
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new GradsyncError('bad-input', `cannot write output file '${path}': folder '${dir}' does not exist or is not writable`);
  }
}

/** Writes the pieces to a temporary file, then renames it into place: the file is whole or absent. */
export function writeWhole(path: string, pieces: Iterable<string>): void {
  const partial = `${path}.partial-${process.pid}`;
  try {
    const fd = openSync(partial, 'w');
    try {
      for (const piece of pieces) writeSync(fd, piece);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, path);
  } catch (error) {
    rmSync(partial, { force: true });
    if (error instanceof GradsyncError) throw error;
    throw new GradsyncError('bad-input', `cannot write output file '${path}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** Writes buffers as a JSON array of N arrays of K numbers, device by device. */
export function writeOutputs(path: string, buffers: Float32Array, devices: number, elements: number): void {
  writeWhole(path, outputLines(buffers, devices, elements));
}

function* outputLines(buffers: Float32Array, devices: number, elements: number): Generator<string> {
  yield '[\n';
  for (let d = 0; d < devices; d++) {
    const row = buffers.subarray(d * elements, (d + 1) * elements);
    yield `[${Array.prototype.join.call(row, ',')}]${d < devices - 1 ? ',' : ''}\n`;
  }
  yield ']\n';
}
