// What "Copy link" and "Copy embed code" put on the clipboard: the page address for the exact state
// and step, and the three lines that embed the current configuration in any page. A loaded schedule
// travels inside them (core/scheduleUrl); one too large for that is refused with the reason, never
// shared as something else. Values are data: every attribute value is HTML-escaped, so no
// configuration can inject markup.

import { transferCount, type Schedule } from '../../core/schedule';
import { compressedBytesOf, encodeScheduleParam, MAX_EMBED_SCHEDULE_CHARS } from '../../core/formats';
import type { SimConfig } from '../../store/config';
import { formatUrlState, linkSearch } from '../../store/url';
import { formatBytes, formatCount } from '../format';

/** Where the embed's one-line loader is published, relative to the app's own address (scripts/embedLoader.ts). */
const EMBED_SCRIPT_PATH = 'embed/gradsync.js';

/** What is shown: the configuration, the step, and the loaded schedule if any. */
export interface Shown {
  config: SimConfig;
  step: number;
  schedule: Schedule | null;
}

/** The text to copy, or why there is none. */
export type ShareText = { text: string } | { refusal: string };

/** The page address (origin and path, no query or hash) with the state's query string. */
export function shareLink(origin: string, pathname: string, config: SimConfig, step: number, scheduleParam: string | null = null): string {
  return `${origin}${pathname}${formatUrlState(config, step, scheduleParam)}`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&#39;', '<': '&lt;', '>': '&gt;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&"'<>]/g, (c) => HTML_ESCAPES[c]);
}

/**
 * The attributes of <gradsync-sim> for a configuration: the URL's keys, algorithm and devices always
 * (or the schedule in their place), every other key only where it differs from the default, and the
 * step shown where it is past the start: the figure opens there.
 */
function embedAttributes(config: SimConfig, step: number, scheduleParam: string | null = null): [string, string][] {
  return [...new URLSearchParams(formatUrlState(config, step, scheduleParam)).entries()];
}

/**
 * The two lines a page needs: the loader, a plain script that puts the room each figure keeps in the
 * page where it stands and then loads the module beside it, and the element after it.
 */
export function embedSnippet(config: SimConfig, scriptUrl: string, scheduleParam: string | null = null, step = 0): string {
  const attributes = embedAttributes(config, step, scheduleParam)
    .map(([key, value]) => ` ${key}="${escapeHtml(value)}"`)
    .join('');
  return [`<script src="${escapeHtml(scriptUrl)}"></script>`, `<gradsync-sim${attributes}></gradsync-sim>`].join('\n');
}

function tooLarge(what: string, schedule: Schedule): string {
  const value = encodeScheduleParam(schedule);
  const size = value === null ? `${formatCount(transferCount(schedule))} transfers` : `${formatBytes(compressedBytesOf(value))} compressed`;
  return `This schedule is too large ${what} (${size}); download the schedule JSON instead`;
}

/** The link to what is shown, or why a loaded schedule cannot travel in one. */
export function linkToShare(origin: string, pathname: string, shown: Shown): ShareText {
  const search = linkSearch(`${origin}${pathname}`, shown.config, shown.step, shown.schedule);
  if (search === null) return { refusal: tooLarge('to share in a link', shown.schedule!) };
  return { text: `${origin}${pathname}${search}` };
}

/** The embed code of what is shown, or why a loaded schedule cannot travel in it. */
export function embedToShare(scriptUrl: string, shown: Shown): ShareText {
  if (!shown.schedule) return { text: embedSnippet(shown.config, scriptUrl, null, shown.step) };
  const value = encodeScheduleParam(shown.schedule);
  if (value === null || value.length > MAX_EMBED_SCHEDULE_CHARS) return { refusal: tooLarge('to embed', shown.schedule) };
  return { text: embedSnippet(shown.config, scriptUrl, value, shown.step) };
}

/** The embed loader's address beside the app: https://host/app/ → https://host/app/embed/gradsync.js. */
export function embedScriptUrl(origin: string, pathname: string): string {
  return new URL(EMBED_SCRIPT_PATH, `${origin}${pathname}`).href;
}

/** A file name for an export: gradsync-ring-4gpu-step2.svg. */
export function exportName(algorithm: string, devices: number, what: string, extension: string): string {
  const safe = algorithm.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'schedule';
  return `gradsync-${safe}-${devices}gpu${what ? `-${what}` : ''}.${extension}`;
}
