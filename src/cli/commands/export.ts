// gradsync export: a schedule in a form other systems run. torch: one Python program that runs it on
// torch.distributed (see core/formats/torchProgram.ts); msccl-xml: an MSCCL algorithm for NCCL or RCCL with
// MSCCL (see core/formats/msccl/exportXml.ts).

import { Command } from 'commander';
import { MSCCL_LIMITS, mscclXml, torchProgram } from '../../core/formats';
import { parseReduceOp, REDUCE_OPS } from '../../core/ops';
import { verifySchedule } from '../../core/symbolic';
import { parseChoice, parseInteger } from '../args';
import { EXIT_OK, type ExitCode } from '../exitCodes';
import { checkWritable, writeWhole } from '../files';
import type { Io } from '../io';
import { addScheduleOptions, resolveSchedule, type ScheduleFlags } from '../scheduleOptions';

const EXPORT_FORMATS = ['torch', 'msccl-xml'] as const;

interface ExportFlags extends ScheduleFlags {
  format: string;
  op: string;
  maxSteps?: string;
  out?: string;
}

export function exportCommand(io: Io, done: (code: ExitCode) => void): Command {
  const command = new Command('export').description(
    'write a schedule for another system: torch (a Python program for torch.distributed) or msccl-xml (an MSCCL algorithm for NCCL/RCCL)',
  );
  addScheduleOptions(command, true);
  command
    .requiredOption('--format <f>', `one of ${EXPORT_FORMATS.join(', ')}`)
    .option('--op <op>', `reduction the program applies by default: ${REDUCE_OPS.join(', ')}`, 'sum')
    .option('--max-steps <n>', `msccl-xml: steps per threadblock, ${MSCCL_LIMITS.rcclSteps} for RCCL (default) up to ${MSCCL_LIMITS.steps}`)
    .option('--out <file>', 'write to this file (default: stdout)')
    .action((flags: ExportFlags) => {
      const format = parseChoice('--format', flags.format, EXPORT_FORMATS);
      const op = parseReduceOp(flags.op);
      const maxSteps = flags.maxSteps === undefined ? undefined : parseInteger('--max-steps', flags.maxSteps, 2, MSCCL_LIMITS.steps);
      const schedule = resolveSchedule(flags);
      if (flags.out !== undefined) checkWritable(flags.out);
      const text = format === 'torch' ? torchProgram(schedule, { op }) : mscclXml(schedule, { maxSteps });
      if (flags.out !== undefined) writeWhole(flags.out, [text]);
      else io.out(text);
      // Written as asked, since a wrong algorithm is worth running for real too; but never silently.
      const { violation } = verifySchedule(schedule);
      if (violation) io.err(`gradsync: warning: this schedule does not verify (${violation.message}); the ${format} output runs it as written\n`);
      done(EXIT_OK);
    });
  return command;
}
