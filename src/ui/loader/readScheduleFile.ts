// A schedule file from the picker or a drop, read and checked (see readSchedule). Anything that goes
// wrong is a message for the caller to show where the user is looking: too large, unreadable, or
// what is wrong inside it. readTextFile is the same first step for any JSON file the app takes.

import { MAX_SCHEDULE_BYTES, readScheduleText, tooLargeMessage, type ScheduleRead } from './readSchedule';
import { refused, type Refused } from '../../core/errors';

export type TextRead = { ok: true; text: string } | Refused;

function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the browser gave no reason'));
    reader.readAsText(file);
  });
}

export function looksLikeJson(file: File): boolean {
  return /\.json$/i.test(file.name) || file.type === 'application/json';
}

/** The text of `file`; never rejects. A file over `maxBytes` (`what` says what it is) is refused without being read. */
export async function readTextFile(file: File, maxBytes: number, what: string): Promise<TextRead> {
  if (file.size > maxBytes) return refused(tooLargeMessage(file.name, file.size, what, maxBytes));
  try {
    return { ok: true, text: await readText(file) };
  } catch (error) {
    return refused(`${file.name} could not be read (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Reads and checks `file`; never rejects. */
export async function readScheduleFile(file: File): Promise<ScheduleRead> {
  const read = await readTextFile(file, MAX_SCHEDULE_BYTES, 'a schedule file');
  return read.ok ? readScheduleText(read.text, file.name) : read;
}
