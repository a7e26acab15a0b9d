// gradsync export: a schedule in a form other systems run. torch: one Python program that runs it on
// torch.distributed (see engine/torchProgram.ts).

import { Command } from 'commander';
import { parseReduceOp, REDUCE_OPS } from '../../core/ops';
import { torchProgram } from '../../engine/torchProgram';
import { parseChoice } from '../args';
import { EXIT_OK, type ExitCode } from '../exitCodes';
import { checkWritable, writeWhole } from '../files';
import type { Io } from '../io';
import { addScheduleOptions, resolveSchedule, type ScheduleFlags } from '../scheduleOptions';

const EXPORT_FORMATS = ['torch'] as const;

interface ExportFlags extends ScheduleFlags {
  format: string;
  op: string;
  out?: string;
}

export function exportCommand(io: Io, done: (code: ExitCode) => void): Command {
  const command = new Command('export').description('write a schedule for another system: torch (a Python program for torch.distributed)');
  addScheduleOptions(command, true);
  command
    .requiredOption('--format <f>', `one of ${EXPORT_FORMATS.join(', ')}`)
    .option('--op <op>', `reduction the program applies by default: ${REDUCE_OPS.join(', ')}`, 'sum')
    .option('--out <file>', 'write to this file (default: stdout)')
    .action((flags: ExportFlags) => {
      parseChoice('--format', flags.format, EXPORT_FORMATS);
      const op = parseReduceOp(flags.op);
      const schedule = resolveSchedule(flags);
      if (flags.out !== undefined) checkWritable(flags.out);
      const text = torchProgram(schedule, { op });
      if (flags.out !== undefined) writeWhole(flags.out, [text]);
      else io.out(text);
      done(EXIT_OK);
    });
  return command;
}
