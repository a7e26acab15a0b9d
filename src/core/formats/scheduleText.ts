// A schedule from the text of a file, told apart by content: MSCCL XML (its first element is `<algo>`,
// after any comments or prolog) or gradsync schedule JSON. Every front end that takes a schedule (the
// CLI's --schedule, the app's loader, the embed) reads text through this one function.

import { parseSchedule } from '../schedule/compile';
import { importMscclXml } from './msccl/importXml';
import type { Schedule } from '../schedule/ir';

/** Whether text is XML rather than JSON: its first character that is not white space is `<`. */
export function looksLikeXml(text: string): boolean {
  return /^\s*</.test(text);
}

/** Parses schedule JSON or MSCCL XML; every problem is one clear line (a GradsyncError). */
export function parseScheduleText(text: string): Schedule {
  return looksLikeXml(text) ? importMscclXml(text) : parseSchedule(text);
}
