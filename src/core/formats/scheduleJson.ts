// The one way a schedule is written as `gradsync-schedule/1` JSON for people: what `gradsync schedule`
// prints, what the app downloads and what the loader offers to edit. The header's fields one per line
// in the IR's order, then each step on a line that opens its transfers, one transfer per line, so a
// file diffs and edits by transfer. It comes in pieces so a ring on 2048 devices (8 million transfers)
// can stream to stdout or into a Blob without one huge string. Reading it back is parseSchedule's job.

import { scheduleHeader, transferFields, type Schedule, type Step, type Transfer } from '../schedule/ir';

/** Transfers per piece: large enough that pieces are few, small enough that each stays a few hundred KB. */
const TRANSFERS_PER_PIECE = 8192;

/** The IR's header fields in its order; a loaded file's other keys are not part of the schedule. */
function headerLines(schedule: Schedule): string {
  return Object.entries(scheduleHeader(schedule))
    .map(([key, value]) => `  "${key}": ${JSON.stringify(value)},\n`)
    .join('');
}

/** A step without a phase (allowed in a loaded file) is written without one, not with an invented one. */
function stepOpening(step: Step): string {
  return typeof step.phase === 'string' ? `    { "phase": ${JSON.stringify(step.phase)}, "transfers": ` : '    { "transfers": ';
}

/** One transfer on one line: version 1's four fields, and version 2's where the transfer has them. */
function transferJson(t: Transfer): string {
  // Version 1's transfers, a million in naive on 1024 devices, are written without building an object.
  if (
    t.srcBuffer === undefined &&
    t.dstBuffer === undefined &&
    t.srcChunk === undefined &&
    t.count === undefined &&
    t.channel === undefined &&
    t.threadblocks === undefined
  ) {
    return `{ "src": ${t.src}, "dst": ${t.dst}, "chunk": ${t.chunk}, "op": ${JSON.stringify(t.op)} }`;
  }
  const fields = Object.entries(transferFields(t)).map(([key, value]) => `"${key}": ${Array.isArray(value) ? `[${value.join(', ')}]` : JSON.stringify(value)}`);
  return `{ ${fields.join(', ')} }`;
}

/** The JSON text in pieces; joined, they parse to the schedule's IR fields. */
export function* scheduleJsonPieces(schedule: Schedule, transfersPerPiece = TRANSFERS_PER_PIECE): Generator<string> {
  const { steps } = schedule;
  if (steps.length === 0) {
    yield `{\n${headerLines(schedule)}  "steps": []\n}\n`;
    return;
  }
  let piece = `{\n${headerLines(schedule)}  "steps": [\n`;
  let inPiece = 0;
  for (let s = 0; s < steps.length; s++) {
    const { transfers } = steps[s];
    const close = s < steps.length - 1 ? ',\n' : '\n';
    if (transfers.length === 0) {
      piece += `${stepOpening(steps[s])}[] }${close}`;
      continue;
    }
    piece += `${stepOpening(steps[s])}[\n`;
    for (let i = 0; i < transfers.length; i++) {
      const t = transfers[i];
      piece += `      ${transferJson(t)}${i < transfers.length - 1 ? ',\n' : '\n'}`;
      if (++inPiece >= transfersPerPiece) {
        yield piece;
        piece = '';
        inPiece = 0;
      }
    }
    piece += `    ] }${close}`;
  }
  yield `${piece}  ]\n}\n`;
}

/** The whole text at once, for schedules small enough to edit. */
export function scheduleJson(schedule: Schedule): string {
  let text = '';
  for (const piece of scheduleJsonPieces(schedule)) text += piece;
  return text;
}
