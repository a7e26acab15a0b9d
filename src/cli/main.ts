// The `gradsync` command line: schedule, run, verify, bench, compare, narrate, trace, export, train, fit, tune, calibrate, nccl-log. Exit 0 ok, 1 verification
// failed, 2 bad usage or input (one line on stderr, nothing on stdout, no output file), 3 a bug of ours.

import { Command, CommanderError } from 'commander';
import { GradsyncError, isAlgorithmFault } from '../core/errors';
import { benchCommand } from './commands/bench';
import { calibrateCommand } from './commands/calibrate';
import { compareCommand } from './commands/compare';
import { exportCommand } from './commands/export';
import { fitCommand } from './commands/fit';
import { narrateCommand } from './commands/narrate';
import { ncclLogCommand } from './commands/ncclLog';
import { runCommand } from './commands/run';
import { scheduleCommand } from './commands/schedule';
import { traceCommand } from './commands/trace';
import { trainCommand } from './commands/train';
import { tuneCommand } from './commands/tune';
import { verifyCommand } from './commands/verify';
import { cliWords } from './errorWords';
import { EXIT_INTERNAL, EXIT_NOT_VERIFIED, EXIT_OK, EXIT_USAGE, type ExitCode } from './exitCodes';
import { processIo, type Io } from './io';

function oneLine(text: string): string {
  return text
    .replace(/^error:\s*/i, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

export async function main(argv: string[], io: Io = processIo): Promise<ExitCode> {
  let exitCode: ExitCode = EXIT_OK;
  // Commands validate everything before their first write, so a failure leaves stdout empty.
  const done = (code: ExitCode) => {
    exitCode = code;
  };
  const program = new Command('gradsync')
    .description('simulate multi-GPU gradient synchronization: schedules, runs, verification, benchmarks')
    .exitOverride()
    .showSuggestionAfterError(true)
    .allowExcessArguments(false)
    .configureOutput({ writeOut: (text) => io.out(text), writeErr: () => {}, outputError: () => {} });
  for (const make of [
    scheduleCommand,
    runCommand,
    verifyCommand,
    benchCommand,
    compareCommand,
    narrateCommand,
    traceCommand,
    exportCommand,
    trainCommand,
    fitCommand,
    tuneCommand,
    calibrateCommand,
    ncclLogCommand,
  ]) {
    program.addCommand(
      make(io, done)
        .exitOverride()
        .allowExcessArguments(false)
        .configureOutput({ writeOut: (text) => io.out(text), writeErr: () => {}, outputError: () => {} }),
    );
  }
  try {
    if (argv.length === 0) {
      io.err(
        'gradsync: missing command; try gradsync --help (commands: schedule, run, verify, bench, compare, narrate, trace, export, train, fit, tune, calibrate, nccl-log)\n',
      );
      return EXIT_USAGE;
    }
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT_OK;
      if (error.code === 'commander.help') {
        io.err(
          `gradsync: no such command: ${oneLine(argv.slice(1).join(' ')) || 'help'}; commands: schedule, run, verify, bench, compare, narrate, trace, export, train, fit, tune, calibrate, nccl-log\n`,
        );
        return EXIT_USAGE;
      }
      io.err(`gradsync: ${oneLine(error.message)}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof GradsyncError) {
      io.err(`gradsync: ${oneLine(cliWords(error))}\n`);
      // An algorithm that cannot run is well-formed input that is wrong, as a failed verification is.
      return isAlgorithmFault(error) ? EXIT_NOT_VERIFIED : EXIT_USAGE;
    }
    if (error instanceof RangeError && /allocation|Array buffer|Invalid typed array length/i.test(error.message)) {
      io.err('gradsync: out of memory for this size; use fewer devices or elements\n');
      return EXIT_USAGE;
    }
    io.err(`gradsync: internal error: ${oneLine(error instanceof Error ? error.message : String(error))} (please report this)\n`);
    return EXIT_INTERNAL;
  }
}
