// gradsync trace: the model timeline as Chrome trace JSON (open it in Perfetto or chrome://tracing).
// The JSON is streamed in pieces, so ring on 1024 devices never builds one huge string.

import { Command } from 'commander';
import { GradsyncError } from '../../core/errors';
import type { Schedule } from '../../core/schedule';
import { dataflowTraceSource, measuredTraceEvents, traceJsonPieces, traceSourcePieces, type TraceEvent } from '../../core/formats';
import { parseChoice, parseInteger } from '../args';
import { checkWritable, readJson, writeWhole } from '../files';
import { EXIT_OK, type ExitCode } from '../exitCodes';
import type { Io } from '../io';
import { addScheduleOptions, addTopologyOptions, resolveSchedule, resolveTopology, type ScheduleFlags, type TopologyFlags } from '../scheduleOptions';

interface TraceFlags extends ScheduleFlags, TopologyFlags {
  elements?: string;
  out?: string;
  measured?: string;
  timing: string;
}

/** Step by step (the cost model's steps, one after the other) or as soon as ready (dataflowTiming). */
const TIMINGS = ['steps', 'dataflow'] as const;

/** Nothing is allocated per element, so the size may go far beyond what `run` holds: up to 4 TiB. */
const MAX_TRACE_ELEMENTS = 2 ** 40;

function measuredOf(path: string, schedule: Schedule): TraceEvent[] {
  const json = readJson(path, 'measured trace');
  try {
    return measuredTraceEvents(json, schedule);
  } catch (error) {
    if (error instanceof GradsyncError) throw new GradsyncError(error.code, `${path}: ${error.message}`);
    throw error;
  }
}

export function traceCommand(io: Io, done: (code: ExitCode) => void): Command {
  const command = new Command('trace').description('write the model timeline as Chrome trace JSON (Perfetto, chrome://tracing): one track per device');
  addScheduleOptions(command, true);
  command
    .option('--elements <K>', 'elements (f32) per device buffer')
    .option('--out <file>', 'write the trace to this file instead of stdout')
    .option('--measured <file>', 'a measured run of the same schedule (the torch program’s --trace), shown beside the model')
    .option('--timing <t>', "'steps': each step after the whole previous one; 'dataflow': each message as soon as its data and port are ready", 'steps');
  addTopologyOptions(command);
  command.action((flags: TraceFlags) => {
    if (flags.elements === undefined) throw new GradsyncError('bad-argument', 'missing --elements K');
    const elements = parseInteger('--elements', flags.elements, 1, MAX_TRACE_ELEMENTS);
    const timing = parseChoice('--timing', flags.timing, TIMINGS);
    const schedule = resolveSchedule(flags);
    const topology = resolveTopology(flags, schedule);
    if (flags.out !== undefined) checkWritable(flags.out);
    const measured = flags.measured === undefined ? [] : measuredOf(flags.measured, schedule);
    // Validates and costs the schedule before anything is written.
    const pieces =
      timing === 'dataflow'
        ? traceSourcePieces(dataflowTraceSource(schedule, elements, topology), undefined, measured)
        : traceJsonPieces(schedule, elements, topology, undefined, measured);
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
