// gradsync narrate: every step in the seeds' words ("GPU-0 sends a₁ to GPU-1, where it gets added to b₁.").

import { Command } from 'commander';
import { Narrator } from '../../core/narration';
import { REDUCE_OPS, parseReduceOp } from '../../core/ops';
import { parseInteger } from '../args';
import { EXIT_OK, type ExitCode } from '../exitCodes';
import type { Io } from '../io';
import { addScheduleOptions, resolveSchedule, type ScheduleFlags } from '../scheduleOptions';

interface NarrateFlags extends ScheduleFlags {
  op: string;
  step?: string;
}

export function narrateCommand(io: Io, done: (code: ExitCode) => void): Command {
  const command = new Command('narrate').description("tell every step in the seeds' notation");
  addScheduleOptions(command, true)
    .option('--op <op>', `reduction: ${REDUCE_OPS.join(', ')}`, 'sum')
    .option('--step <s>', 'only step s (1-based)')
    .action((flags: NarrateFlags) => {
      const op = parseReduceOp(flags.op);
      const schedule = resolveSchedule(flags);
      const total = schedule.steps.length;
      const only = flags.step === undefined ? undefined : parseInteger('--step', flags.step, total === 0 ? 0 : 1, total);
      const narrator = new Narrator(schedule, op);
      if (narrator.preface && (only === undefined || only === 1)) io.out(`${narrator.preface}\n`);
      if (total === 0) io.out('Nothing to do: a single device already holds the result.\n');
      while (!narrator.done) {
        if (only !== undefined && narrator.stepsApplied + 1 !== only) {
          narrator.skip();
          continue;
        }
        const step = narrator.narrateNext();
        const phase = step.phaseLabel === step.phase ? step.phase : `${step.phaseLabel} (${step.phase})`;
        io.out(`Step ${step.step} of ${total} · ${phase}\n${step.sentences.map((s) => `  ${s}`).join('\n')}\n`);
      }
      done(EXIT_OK);
    });
  return command;
}
