// What the share menu saves to run the shown schedule for real: the torch.distributed program the
// command line's `gradsync export --format torch` writes (core/formats/torchProgram.ts), for the op chosen.

import type { ReduceOp } from '../core/ops';
import type { Schedule } from '../core/schedule';
import { torchProgram } from '../core/formats';

export function torchProgramText(schedule: Schedule, op: ReduceOp): string {
  return torchProgram(schedule, { op });
}
