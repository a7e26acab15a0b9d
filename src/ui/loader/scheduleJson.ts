// The schedule as text in the loader's editor: core's schedule JSON, offered only while it is short
// enough to edit in a text area.

import { transferCount, type Schedule } from '../../core/schedule';

export { scheduleJson } from '../../core/formats';

/** Beyond this many transfers the text is too long to edit in a text area. */
export const EDITABLE_TRANSFERS = 20_000;

export function isEditable(schedule: Schedule): boolean {
  return transferCount(schedule) <= EDITABLE_TRANSFERS;
}
