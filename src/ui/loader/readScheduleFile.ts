// A schedule file from the picker or a drop, read and checked (see readSchedule). Anything that goes
// wrong is a message for the caller to show where the user is looking: too large, unreadable, or
// what is wrong inside it.

import { MAX_SCHEDULE_BYTES, readScheduleText, tooLargeMessage, type ScheduleRead } from './readSchedule';

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

/** Reads and checks `file`; never rejects. A file over the limit is refused without being read. */
export async function readScheduleFile(file: File): Promise<ScheduleRead> {
  if (file.size > MAX_SCHEDULE_BYTES) return { ok: false, message: tooLargeMessage(file.name, file.size) };
  let text: string;
  try {
    text = await readText(file);
  } catch (error) {
    return { ok: false, message: `${file.name} could not be read (${error instanceof Error ? error.message : String(error)})` };
  }
  return readScheduleText(text, file.name);
}
