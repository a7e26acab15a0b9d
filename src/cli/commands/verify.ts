// gradsync verify: proves a schedule file's collective postcondition or names the first violation.

import { Command } from 'commander';
import { GradsyncError, isAlgorithmFault } from '../../core/errors';
import { verifySchedule } from '../../core/symbolic';
import { readSchedule } from '../files';
import { causeJson, causeLines, causeOf } from '../causeText';
import { EXIT_OK, EXIT_NOT_VERIFIED, type ExitCode } from '../exitCodes';
import type { Io } from '../io';

const POSTCONDITION = {
  allreduce: 'every chunk on every device holds every contribution exactly once',
  'reduce-scatter': 'every device holds its own chunks with every contribution exactly once',
  allgather: "every device holds every chunk exactly as its owner's input",
  broadcast: "every device holds exactly the root's buffer",
  reduce: 'the root holds every contribution exactly once in every chunk',
} as const;

export function verifyCommand(io: Io, done: (code: ExitCode) => void): Command {
  return new Command('verify')
    .description('verify a schedule file: exit 0 when correct, 1 with the first violation')
    .option('--schedule <file>', 'a gradsync-schedule JSON or MSCCL XML file')
    .option('--json', 'print the result as JSON')
    .action((flags: { schedule?: string; json?: boolean }) => {
      if (flags.schedule === undefined) throw new GradsyncError('bad-argument', 'missing --schedule FILE');
      let schedule;
      try {
        schedule = readSchedule(flags.schedule);
      } catch (error) {
        // An MSCCL algorithm that can never finish, or leaves a message unmatched, is a wrong algorithm: named like any violation.
        if (!(error instanceof GradsyncError) || !isAlgorithmFault(error)) throw error;
        io.out(flags.json ? `${JSON.stringify({ ok: false, [error.code]: error.message })}\n` : `not verified: ${error.message}\n`);
        done(EXIT_NOT_VERIFIED);
        return;
      }
      const result = verifySchedule(schedule);
      const found = result.ok ? null : causeOf(schedule);
      if (flags.json) {
        const { ok, collective, violation } = result;
        const cause = found && causeJson(found);
        io.out(
          `${JSON.stringify({ ok, collective, algorithm: schedule.algorithm, devices: schedule.devices, steps: schedule.steps.length, violation, cause })}\n`,
        );
      } else if (result.ok) {
        io.out(
          `verified: ${schedule.algorithm} ${schedule.collective} on ${schedule.devices} devices, ${schedule.steps.length} steps: ${POSTCONDITION[schedule.collective]}\n`,
        );
      } else {
        io.out(`not verified: ${result.violation!.message}\n`);
        for (const line of causeLines(found!)) io.out(`${line}\n`);
      }
      done(result.ok ? EXIT_OK : EXIT_NOT_VERIFIED);
    });
}
