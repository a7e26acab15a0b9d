// gradsync schedule: prints the schedule JSON of an algorithm, or of a file (MSCCL XML becomes
// gradsync-schedule/2 JSON).

import { Command } from 'commander';
import { EXIT_OK, type ExitCode } from '../exitCodes';
import type { Io } from '../io';
import { scheduleJsonPieces } from '../../core/formats';
import { addScheduleOptions, resolveSchedule, type ScheduleFlags } from '../scheduleOptions';

export function scheduleCommand(io: Io, done: (code: ExitCode) => void): Command {
  const command = new Command('schedule').description('print the gradsync schedule JSON of an algorithm, or of an MSCCL XML file');
  addScheduleOptions(command, true).action((flags: ScheduleFlags) => {
    const schedule = resolveSchedule(flags);
    for (const piece of scheduleJsonPieces(schedule)) io.out(piece);
    done(EXIT_OK);
  });
  return command;
}
