// A schedule handed to the app — pasted text or a file's, gradsync JSON or MSCCL XML — checked before
// it replaces anything: the core's validation (which names the step and transfer at fault, or the XML's
// line, element and attribute) and the app's own limits. Every problem is one line naming what was
// read; nothing throws.

import { compileSchedule, type Schedule } from '../../core/schedule';
import { GradsyncError, refused, type Refused } from '../../core/errors';
import { looksLikeXml, parseScheduleText } from '../../core/formats';
import { LIMITS } from '../../store/config';
import { formatCount } from '../format';

export type ScheduleRead = { ok: true; schedule: Schedule } | Refused;

/** The largest file read: big enough for any schedule the app can show, small enough to parse at once. */
export const MAX_SCHEDULE_BYTES = 50 * 1024 * 1024;

function declaredDevices(json: unknown): number | null {
  if (typeof json !== 'object' || json === null) return null;
  const devices = (json as { devices?: unknown }).devices;
  return typeof devices === 'number' ? devices : null;
}

export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Reads a schedule from JSON or MSCCL XML `text`; `name` is the file's name, or null for pasted text. */
export function readScheduleText(text: string, name: string | null): ScheduleRead {
  let json: unknown;
  try {
    json = looksLikeXml(text) ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  // Said before the core's own limit, which is the command line's and larger.
  const tooMany = (devices: number | null): ScheduleRead | null =>
    devices !== null && devices > LIMITS.devices.max
      ? refused(`${name ?? 'This schedule'} has ${formatCount(devices)} devices; the app shows at most ${formatCount(LIMITS.devices.max)}`)
      : null;
  const declared = tooMany(declaredDevices(json));
  if (declared) return declared;
  try {
    const schedule = json === undefined ? parseScheduleText(text) : compileSchedule(json).schedule;
    // An XML algorithm's devices are known once it is read.
    const read = tooMany(schedule.devices);
    if (read) return read;
    return { ok: true, schedule };
  } catch (error) {
    if (!(error instanceof GradsyncError)) throw error;
    return refused(name === null ? capitalized(error.message) : `${name}: ${error.message}`);
  }
}

/** "huge.json is 52,428,801 bytes; a schedule file may be at most 52,428,800 bytes (50 MiB)". */
export function tooLargeMessage(name: string, bytes: number, what = 'a schedule file', maxBytes = MAX_SCHEDULE_BYTES): string {
  return `${name} is ${formatCount(bytes)} bytes; ${what} may be at most ${formatCount(maxBytes)} bytes (${maxBytes / 1024 / 1024} MiB)`;
}
