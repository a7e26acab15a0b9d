// A schedule as JSON a person can edit: one line per transfer, steps and fields in the IR's order.

import { transferCount, type Schedule } from '../../core/schedule';

/** Beyond this many transfers the text is too long to edit in a text area. */
export const EDITABLE_TRANSFERS = 20_000;

export function isEditable(schedule: Schedule): boolean {
  return transferCount(schedule) <= EDITABLE_TRANSFERS;
}

export function scheduleJson(schedule: Schedule): string {
  const { steps, ...head } = schedule;
  const headLines = Object.entries(head).map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)},`);
  const stepLines = steps.map((step, s) => {
    const transfers = step.transfers.map(
      (t, i) => `      { "src": ${t.src}, "dst": ${t.dst}, "chunk": ${t.chunk}, "op": ${JSON.stringify(t.op)} }${i < step.transfers.length - 1 ? ',' : ''}`,
    );
    const body = transfers.length ? `[\n${transfers.join('\n')}\n    ]` : '[]';
    return `    { "phase": ${JSON.stringify(step.phase ?? '')}, "transfers": ${body} }${s < steps.length - 1 ? ',' : ''}`;
  });
  return `{\n${headLines.join('\n')}\n  "steps": [\n${stepLines.join('\n')}\n  ]\n}\n`;
}
