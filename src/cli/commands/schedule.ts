// gradsync schedule: prints the schedule JSON of an algorithm.

import { Command } from 'commander';
import type { Io } from '../io';
import { scheduleJsonLines } from '../format';
import { addScheduleOptions, resolveSchedule, type ScheduleFlags } from '../scheduleOptions';

export function scheduleCommand(io: Io, done: (code: number) => void): Command {
  const command = new Command('schedule').description('print the gradsync-schedule/1 JSON of an algorithm');
  addScheduleOptions(command, false).action((flags: ScheduleFlags) => {
    const schedule = resolveSchedule(flags);
    for (const piece of scheduleJsonLines(schedule)) io.out(piece);
    done(0);
  });
  return command;
}
