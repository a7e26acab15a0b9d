// Which schedules the app's pictures show. Every view keys its cells by (device, chunk): a schedule
// that moves chunks between buffers, offsets or scratch (MSCCL's algorithms, gradsync-schedule/2)
// is read, verified, run, narrated and exported by the gradsync command, and refused here in one line.

import { compileSchedule } from '../core/compile';
import type { Schedule } from '../core/schedule';

/** Why the app cannot picture a valid schedule, or null when it can. */
export function unpicturedReason(schedule: Schedule): string | null {
  if (compileSchedule(schedule).plain) return null;
  return 'it moves chunks through buffers, offsets or scratch, which the app does not picture; verify, run and narrate it with gradsync verify, run and narrate --schedule FILE';
}
