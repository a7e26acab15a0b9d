// A measured run shown beside the model's timeline (the torch program's --trace): read from a file's
// text against the schedule shown. What is wrong with it is one line naming the file, for the caller
// to show next to the control the user touched.

import { GradsyncError, refused, type Refused } from '../core/errors';
import { measuredRun, type MeasuredRun } from '../core/formats';
import type { Schedule } from '../core/schedule';

export interface Measured {
  /** The file it came from. */
  name: string;
  run: MeasuredRun;
}

type MeasuredRead = { ok: true; measured: Measured } | Refused;

export function readMeasured(text: string, name: string, schedule: Schedule | null): MeasuredRead {
  if (!schedule) return refused(`${name}: there is no schedule shown to compare it with yet`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    // Some engines quote the text around the fault, new lines and all: the message stays one line.
    return refused(`${name}: not valid JSON (${(error as Error).message.replace(/\s+/g, ' ')})`);
  }
  try {
    return { ok: true, measured: { name, run: measuredRun(json, schedule) } };
  } catch (error) {
    if (!(error instanceof GradsyncError)) throw error;
    return refused(`${name}: ${error.message}`);
  }
}
