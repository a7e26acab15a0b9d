// Where each transfer of a schedule read from text is written, so that a message about a transfer
// can send the reader back to the line to fix: in schedule JSON, `steps[i].transfers[j]` and its
// line; in MSCCL XML, the GPU, threadblock and step (`s`) it was made from and that step's line.
// A transfer with no place of its own in the text (none: every transfer has one today) is null.

import { parseSchedule } from '../schedule/compile';
import type { Schedule, Transfer } from '../schedule/ir';
import { importMscclXmlWithSources } from './msccl/importXml';
import { looksLikeXml } from './scheduleText';

export interface TransferSource {
  /** 1-based line of the text. */
  line: number;
  /** How the file names it: "steps[2].transfers[0]" or "gpu 2, tb 0, step s=5 (rrc)". */
  where: string;
  /** In JSON, the line of each of the transfer's fields ("dst": 129), where it differs from `line`. */
  fields?: Readonly<Record<string, number>>;
  /** The text it was read from: its fields are JSON keys, or MSCCL attributes. */
  format: 'json' | 'msccl';
  /** For a transfer that should differ in one field: that field's value as written, and as it should be ("2 → 1"). */
  change?: string;
}

/** Per step, per transfer: where it is written. */
export type ScheduleSources = readonly (readonly (TransferSource | null)[])[];

/** "gpu 2, tb 0, step s=5 (rrc), line 42": a transfer's place in its file, as messages say it. */
export function sourceWords(source: TransferSource): string {
  return `${source.where}, line ${source.line}${source.change ? ` (${source.change})` : ''}`;
}

/**
 * Where a transfer a diagnosis names (1-based step, index in the step) is written; null without
 * sources, and for one the schedule lacks (kind 'missing'), which is written nowhere.
 */
export function writtenAt(
  sources: ScheduleSources | null | undefined,
  at: { kind: string; step: number; index: number; transfer?: Transfer; instead?: Transfer },
): TransferSource | null {
  const source = at.kind === 'missing' ? null : (sources?.[at.step - 1]?.[at.index] ?? null);
  if (!source || !at.transfer || !at.instead) return source;
  // A transfer that should differ in one field: that field's own line, where the file gives it one.
  const field = CHANGEABLE.find((key) => at.transfer![key] !== at.instead![key]);
  if (field === undefined) return source;
  const [was, should] = [at.transfer[field], at.instead[field]];
  if (source.format === 'json') {
    const change = `${JSON.stringify(was)} → ${JSON.stringify(should)}`;
    return { ...source, line: source.fields?.[field] ?? source.line, where: `${source.where}.${field}`, change };
  }
  // An MSCCL step's own attribute: where its message lands (dstoff), what it adds (srcoff), its type;
  // an offset is the transfer's chunk in its buffer, as the XML counts it.
  const attribute = mscclAttribute(field, at.transfer);
  if (!attribute) return source;
  return { ...source, where: `${source.where}, ${attribute}`, ...(attribute !== 'type' && { change: `${was} → ${should}` }) };
}

/**
 * The attribute of the MSCCL step a transfer came from that holds `field`: where it lands (dstoff,
 * but not in scratch, where the reader keeps messages of its own), what a local reduce adds (srcoff:
 * a message's source is the sender's), and the step's type.
 */
function mscclAttribute(field: (typeof CHANGEABLE)[number], transfer: Transfer): string | null {
  if (field === 'chunk') return transfer.dstBuffer === 'scratch' ? null : 'dstoff';
  if (field === 'srcChunk') return transfer.src === transfer.dst ? 'srcoff' : null;
  return field === 'op' ? 'type' : null;
}

/** The fields a change of a transfer names, in the order a message names the first that differs. */
const CHANGEABLE = ['dst', 'chunk', 'srcChunk', 'op', 'src'] as const;

/** A schedule read from its text (as parseScheduleText reads it), with where each transfer is written. */
export function readScheduleWithSources(text: string): { schedule: Schedule; sources: ScheduleSources } {
  if (looksLikeXml(text)) return importMscclXmlWithSources(text);
  const schedule = parseSchedule(text);
  const lines = jsonTransferLines(text);
  const sources = schedule.steps.map((step, i) =>
    step.transfers.map((_, j) => {
      const at = lines[i]?.[j];
      return at === undefined
        ? null
        : { line: at.line, where: `steps[${i}].transfers[${j}]`, format: 'json' as const, ...(at.fields && { fields: at.fields }) };
    }),
  );
  return { schedule, sources };
}

/** Where line `line` (1-based) of `text` starts and ends; both at the end past its last line. Reads only up to it. */
export function lineRange(text: string, line: number): [start: number, end: number] {
  let start = 0;
  for (let i = 1; i < line; i++) {
    const next = text.indexOf('\n', start);
    if (next < 0) return [text.length, text.length];
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return [start, end < 0 ? text.length : end];
}

/** Line `line` (1-based) of `text`, empty past its end. */
export function lineText(text: string, line: number): string {
  return text.slice(...lineRange(text, line));
}

/**
 * The line of `text` a problem reading it names, or null: "line 6: …" (MSCCL XML, and JSON.parse in
 * some engines), "step 3, transfer 2: …" (schedule JSON's validation) or JSON.parse's "position 57".
 */
export function problemLine(text: string, message: string): number | null {
  const line = /\bline (\d+)\b/i.exec(message);
  if (line) return Number(line[1]);
  const transfer = /\bstep (\d+), transfer (\d+)\b/.exec(message);
  if (transfer && !looksLikeXml(text)) return jsonTransferLines(text)[Number(transfer[1]) - 1]?.[Number(transfer[2]) - 1]?.line ?? null;
  const position = /\bposition (\d+)\b/.exec(message);
  if (position) return text.slice(0, Number(position[1])).split('\n').length;
  return null;
}

/** A JSON container being read: an object (and the key of the value being read) or an array (and the index). */
type Frame = { array: false; key: string | null; expectKey: boolean } | { array: true; index: number };

/**
 * The line each `steps[i].transfers[j]` object starts on, and its fields' lines where they differ, in
 * JSON text that parses. One pass over the characters, knowing only strings, brackets, commas and colons.
 */
function jsonTransferLines(text: string): { line: number; fields?: Record<string, number> }[][] {
  const lines: { line: number; fields?: Record<string, number> }[][] = [];
  const stack: Frame[] = [];
  let line = 1;
  /** Whether the innermost containers are root.steps[i].transfers, and then [i, j]. */
  const transferAt = (): [number, number] | null => {
    if (stack.length !== 4) return null;
    const [root, steps, step, transfers] = stack;
    if (root.array || root.key !== 'steps' || !steps.array || step.array || step.key !== 'transfers' || !transfers.array) return null;
    return [steps.index, transfers.index];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const top = stack[stack.length - 1];
    if (ch === '\n') line++;
    else if (ch === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (top && !top.array && top.expectKey) {
        top.key = JSON.parse(text.slice(i, end + 1)) as string;
        top.expectKey = false;
        // A key of a transfer object: the line its field is on.
        stack.pop();
        const at = transferAt();
        stack.push(top);
        if (at) {
          const entry = lines[at[0]][at[1]];
          if (line !== entry.line) (entry.fields ??= {})[top.key] = line;
        }
      }
      i = end;
    } else if (ch === '{' || ch === '[') {
      const at = ch === '{' ? transferAt() : null;
      if (at) (lines[at[0]] ??= [])[at[1]] = { line };
      stack.push(ch === '{' ? { array: false, key: null, expectKey: true } : { array: true, index: 0 });
    } else if (ch === '}' || ch === ']') stack.pop();
    else if (ch === ',' && top) {
      if (top.array) top.index++;
      else top.expectKey = true;
    }
  }
  return lines;
}
