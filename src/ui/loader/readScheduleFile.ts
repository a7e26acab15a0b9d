// A schedule file from the picker or a drop, read and handed to the store. Anything that goes wrong
// becomes a notice: too large, unreadable, not JSON (the store reports what is wrong in the file).

import { formatBytes } from '../format';

export const MAX_SCHEDULE_BYTES = 50 * 1024 * 1024;

export interface ScheduleSink {
  loadSchedule(text: string, name: string): boolean;
  notify(level: 'info' | 'warning' | 'error', text: string): void;
}

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

/** Reads `file` and loads it; resolves to whether the schedule was loaded. Never rejects. */
export async function readScheduleFile(file: File, sink: ScheduleSink): Promise<boolean> {
  if (file.size > MAX_SCHEDULE_BYTES) {
    sink.notify('error', `${file.name} is ${formatBytes(file.size)}; a schedule file may be at most ${formatBytes(MAX_SCHEDULE_BYTES)}`);
    return false;
  }
  let text: string;
  try {
    text = await readText(file);
  } catch (error) {
    sink.notify('error', `${file.name} could not be read (${error instanceof Error ? error.message : String(error)})`);
    return false;
  }
  try {
    return sink.loadSchedule(text, file.name);
  } catch (error) {
    // A failure of ours while loading must not leave the page blank; say what happened instead.
    sink.notify('error', `${file.name} could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}
