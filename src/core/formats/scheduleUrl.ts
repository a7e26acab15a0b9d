// A schedule carried in a link: the `schedule` key of the app's URL and of embed.html's query, and the
// `schedule` attribute of <gradsync-sim>. Its value is the schedule's compact gradsync-schedule JSON
// (version 1, or 2 with its buffers), compressed with raw DEFLATE (RFC 1951) and written in base64url
// without padding (RFC 4648 §5), so it stands in a query string or an attribute as it is. A value may
// also be the schedule written out, its JSON or an MSCCL XML algorithm, as an author pastes it into
// an attribute. Reading it back validates it like any loaded schedule.

import { deflateSync, Inflate, strFromU8, strToU8 } from 'fflate';
import { fromBase64url, toBase64url } from './base64url';
import { parseSchedule } from '../schedule/compile';
import { GradsyncError } from '../errors';
import { scheduleHeader, transferCount, transferFields, type Schedule } from '../schedule/ir';
import { parseScheduleText } from './scheduleText';

/**
 * The longest link worth copying. Web servers refuse longer request lines (nginx and Apache at about
 * 8 KB, Node at 16 KB of headers), so a longer link can fail before the page loads; chat apps cut
 * long links too. A ring of up to 28 devices fits.
 */
export const MAX_LINK_CHARS = 8_000;

/**
 * The longest `schedule` attribute worth putting in embed code: a page's HTML has no hard limit, but
 * one attribute of tens of kilobytes is more than editors and blog platforms carry well.
 */
export const MAX_EMBED_SCHEDULE_CHARS = 32_000;

/**
 * Beyond this many transfers a schedule is not compressed for a link at all: to fit in embed code it
 * would need under 1.6 characters per transfer, where schedules take about 4 (a 64-device ring:
 * 4.5), and compressing megabytes of JSON would stall the page for seconds.
 */
export const MAX_LINKED_TRANSFERS = 20_000;

/** A bound on the JSON a value may inflate to, so a tiny value cannot expand into gigabytes. */
const MAX_JSON_BYTES = 32 << 20;

/** The schedule's fields in the IR's order, nothing else (a loaded file may carry more). */
export function compactScheduleJson(schedule: Schedule): string {
  const steps = schedule.steps.map((step) => ({
    ...(typeof step.phase === 'string' ? { phase: step.phase } : {}),
    transfers: step.transfers.map(transferFields),
  }));
  return JSON.stringify({ ...scheduleHeader(schedule), steps });
}

function unreadable(why: string): GradsyncError {
  return new GradsyncError('invalid-schedule', why);
}

/** The compressed size of an encoded value, in bytes (its base64url length × 3/4, rounded down). */
export function compressedBytesOf(value: string): number {
  return Math.floor((value.length * 3) / 4);
}

/** Inflates, stopping as soon as the output passes MAX_JSON_BYTES. */
function inflateBounded(compressed: Uint8Array): string {
  const pieces: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((piece) => {
    total += piece.length;
    if (total > MAX_JSON_BYTES) throw new GradsyncError('too-large', `it expands to more than ${MAX_JSON_BYTES >> 20} MiB`);
    pieces.push(piece);
  });
  try {
    inflater.push(compressed, true);
  } catch (error) {
    if (error instanceof GradsyncError) throw error;
    // fflate's errors ("unexpected EOF", "invalid block type") all mean the bytes are not what we wrote.
    throw unreadable('it is cut short or damaged');
  }
  const json = new Uint8Array(total);
  let at = 0;
  for (const piece of pieces) {
    json.set(piece, at);
    at += piece.length;
  }
  return strFromU8(json);
}

const encoded = new WeakMap<Schedule, string>();

/**
 * The value of `schedule=` for a schedule, computed once per schedule object; null when it has more
 * than MAX_LINKED_TRANSFERS transfers.
 */
export function encodeScheduleParam(schedule: Schedule): string | null {
  let value = encoded.get(schedule);
  if (value === undefined) {
    if (transferCount(schedule) > MAX_LINKED_TRANSFERS) return null;
    value = toBase64url(deflateSync(strToU8(compactScheduleJson(schedule)), { level: 9 }));
    encoded.set(schedule, value);
  }
  return value;
}

/**
 * The schedule a `schedule=` value carries, validated. Throws a GradsyncError whose message is one
 * reason ("it is cut short or damaged", "it holds a schedule that is not valid: …") for the front end
 * to word.
 */
export function decodeScheduleParam(value: string): Schedule {
  const text = value.trim();
  if (text === '') throw unreadable('it is empty');
  // Written out rather than compressed: a schedule's JSON or an MSCCL XML algorithm, told apart by content.
  if (text.startsWith('{') || text.startsWith('<')) {
    if (text.length > MAX_JSON_BYTES) throw new GradsyncError('too-large', `it is longer than ${MAX_JSON_BYTES >> 20} MiB`);
    return validated(() => parseScheduleText(text));
  }
  const compressed = fromBase64url(text);
  if (!compressed.ok) throw unreadable(compressed.reason);
  const json = inflateBounded(compressed.bytes);
  const schedule = validated(() => parseSchedule(json));
  encoded.set(schedule, text);
  return schedule;
}

function validated(read: () => Schedule): Schedule {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof GradsyncError)) throw error;
    throw new GradsyncError('invalid-schedule', `it holds a schedule that is not valid: ${error.message}`);
  }
}
