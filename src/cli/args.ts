// Parsing of option values: every bad value is one line saying what is allowed and what was given.

import { GradsyncError } from '../core/errors';

function bad(message: string): never {
  throw new GradsyncError('bad-argument', message);
}

function shown(raw: string): string {
  return `'${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}'`;
}

export function parseInteger(option: string, raw: string, min: number, max: number): number {
  const text = raw.trim();
  const value = /^[+]?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    bad(`${option} must be an integer from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}, got ${shown(raw)}`);
  }
  return value;
}

/** A finite number ≥ min (or > min when exclusive). */
export function parseNumber(option: string, raw: string, min: number, exclusive: boolean): number {
  const text = raw.trim();
  const value = text === '' ? Number.NaN : Number(text);
  const below = exclusive ? value <= min : value < min;
  if (!Number.isFinite(value) || below) bad(`${option} must be a number ${exclusive ? '>' : '≥'} ${min}, got ${shown(raw)}`);
  return value;
}

export function parseChoice<T extends string>(option: string, raw: string, choices: readonly T[]): T {
  if (!(choices as readonly string[]).includes(raw)) bad(`${option} must be one of ${choices.join(', ')}; got ${shown(raw)}`);
  return raw as T;
}

const SIZE_UNITS: Record<string, number> = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 };

/** Sizes like nccl-tests' -b/-e: 8, 64K, 16M, 1G (powers of 1024), whole float32 elements. */
export function parseSize(option: string, raw: string): number {
  const match = /^(\d+)([KMG]?)$/i.exec(raw.trim());
  const bytes = match ? Number(match[1]) * SIZE_UNITS[match[2].toUpperCase()] : Number.NaN;
  if (!Number.isSafeInteger(bytes) || bytes < 4 || bytes % 4 !== 0) {
    bad(`${option} must be a byte count ≥ 4 and a multiple of 4 (e.g. 1024, 64K, 16M), got '${raw}'`);
  }
  return bytes;
}
