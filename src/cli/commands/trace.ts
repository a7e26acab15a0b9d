// gradsync trace: the model timeline as Chrome trace JSON (open it in Perfetto or chrome://tracing).
// The JSON is streamed in pieces, so ring on 1024 devices never builds one huge string.

import { Command } from 'commander';
import { GradsyncError } from '../../core/errors';
import { traceJsonPieces } from '../../core/trace';
import { parseInteger } from '../args';
import { checkWritable, writeWhole } from '../files';
import { EXIT_OK, type ExitCode } from '../exitCodes';
import type { Io } from '../io';
import { addScheduleOptions, addTopologyOptions, resolveSchedule, resolveTopology, type ScheduleFlags, type TopologyFlags } from '../scheduleOptions';

interface TraceFlags extends ScheduleFlags, TopologyFlags {
  elements?: string;
  out?: string;
}

/** Nothing is allocated per element, so the size may go far beyond what `run` holds: up to 4 TiB. */
const MAX_TRACE_ELEMENTS = 2 ** 40;

export function traceCommand(io: Io, done: (code: ExitCode) => void): Command {
  const command = new Command('trace').description('write the model timeline as Chrome trace JSON (Perfetto, chrome://tracing): one track per device');
  addScheduleOptions(command, true);
  command.option('--elements <K>', 'elements (f32) per device buffer').option('--out <file>', 'write the trace to this file instead of stdout');
  addTopologyOptions(command);
  command.action((flags: TraceFlags) => {
    if (flags.elements === undefined) throw new GradsyncError('bad-argument', 'missing --elements K');
    const elements = parseInteger('--elements', flags.elements, 1, MAX_TRACE_ELEMENTS);
    const schedule = resolveSchedule(flags);
    const topology = resolveTopology(flags, schedule);
    if (flags.out !== undefined) checkWritable(flags.out);
    // Validates and costs the schedule before anything is written.
    const pieces = traceJsonPieces(schedule, elements, topology);
    const first = pieces.next();
    const all = (function* () {
      if (!first.done) yield first.value;
      yield* pieces;
    })();
    if (flags.out !== undefined) writeWhole(flags.out, all);
    else for (const piece of all) io.out(piece);
    done(EXIT_OK);
  });
  return command;
}
