// gradsync run: executes a schedule on real data, verifies it and reports traffic and model time.

import { causeOf } from '../causeText';
import { Command } from 'commander';
import { modelCost, dataflowTiming, bandwidthMetrics } from '../../core/model';
import { GradsyncError } from '../../core/errors';
import { REDUCE_OPS, parseReduceOp } from '../../core/ops';
import { generateInputs, type Distribution } from '../../engine/inputs';
import { runCollective } from '../../engine/runCollective';
import { BACKENDS } from '../../engine/engines';
import { gpuFor } from '../gpu';
import { parseChoice, parseInteger } from '../args';
import { checkWritable, readInputs, writeOutputs } from '../files';
import { EXIT_OK, EXIT_NOT_VERIFIED, type ExitCode } from '../exitCodes';
import type { Io } from '../io';
import { checkBufferSize, MAX_VALUES } from '../limits';
import { formatRunReport, runJson } from '../runReport';
import { elementJson, formatElementReport } from '../elementReport';
import { checkExplainFlags, explainRuns, planExplanation, type ExplainFlags } from '../explainRun';
import { addScheduleOptions, addTopologyOptions, resolveSchedule, resolveTopology, type ScheduleFlags, type TopologyFlags } from '../scheduleOptions';

interface RunFlags extends ScheduleFlags, TopologyFlags, ExplainFlags {
  elements?: string;
  input?: string;
  op: string;
  backend: string;
  output?: string;
  seed: string;
  data: string;
  json?: boolean;
}

export function runCommand(io: Io, done: (code: ExitCode) => void): Command {
  const command = new Command('run').description('run a schedule on real data, verify it and report traffic and model time');
  addScheduleOptions(command, true);
  command
    .option('--elements <K>', 'elements per device (random data; see --seed, --data)')
    .option('--input <file>', 'JSON array of N arrays of K numbers: the devices’ gradients')
    .option('--op <op>', `reduction: ${REDUCE_OPS.join(', ')}`, 'sum')
    .option('--backend <b>', 'cpu or webgpu', 'cpu')
    .option('--output <file>', 'write the final buffers (JSON, same shape as --input)')
    .option('--seed <n>', 'seed of the random data', '1')
    .option('--data <kind>', "random data: 'uniform' in [−1, 1), 'mixed' magnitudes 2⁻¹⁰…2¹⁰ or 'integers' 1…9", 'uniform')
    .option(
      '--explain-element <I>',
      'explain element I (from 0): the order its reduction added the inputs in, its f32 value and bits, the exact result and the rounding bound',
    )
    .option('--compare-with <algorithm>', 'with --explain-element: also run this algorithm on the same data and say how many ulps apart element I ends')
    .option('--json', 'print one JSON object');
  addTopologyOptions(command);
  command.action(async (flags: RunFlags) => {
    const op = parseReduceOp(flags.op);
    const backend = parseChoice('--backend', flags.backend, BACKENDS);
    if (flags.elements !== undefined && flags.input !== undefined) throw new GradsyncError('bad-argument', 'give either --elements or --input, not both');
    if (flags.elements === undefined && flags.input === undefined) throw new GradsyncError('bad-argument', 'missing --elements K (or --input FILE)');
    const elementsFlag = flags.elements === undefined ? undefined : parseInteger('--elements', flags.elements, 1, MAX_VALUES);
    const seed = parseInteger('--seed', flags.seed, 0, 2 ** 32 - 1);
    const distribution = parseChoice<Distribution>('--data', flags.data, ['uniform', 'mixed', 'integers']);
    checkExplainFlags(flags);
    const schedule = resolveSchedule(flags);
    const topology = resolveTopology(flags, schedule);
    if (elementsFlag !== undefined) checkBufferSize(schedule.devices, elementsFlag);
    if (flags.output !== undefined) checkWritable(flags.output);
    // Found before the data is read, so a missing GPU is reported at once.
    const provider = await gpuFor(backend);
    let elements: number;
    let inputs: Float32Array;
    if (flags.input !== undefined) {
      const read = readInputs(flags.input, MAX_VALUES);
      if (read.devices !== schedule.devices) {
        throw new GradsyncError('bad-input', `${flags.input} holds ${read.devices} devices' data but the schedule has ${schedule.devices} devices`);
      }
      elements = read.elements;
      inputs = read.values;
    } else {
      elements = elementsFlag!;
      inputs = generateInputs(schedule.devices, elements, op, seed, distribution);
    }
    const explain = planExplanation(flags, schedule, elements);
    const cost = modelCost(schedule, elements, topology);
    const request = { schedule, elements, op, inputs };
    const report = await runCollective(request, provider);
    // The same data on the same engine: the two results differ only by the order of their reductions.
    const compared = explain?.compareWith ? await runCollective({ ...request, schedule: explain.compareWith }, provider) : null;
    const metrics = bandwidthMetrics(schedule.collective, schedule.devices, elements, cost.totalUs);
    if (flags.output !== undefined) writeOutputs(flags.output, report.buffers, schedule.devices, elements);
    const dataflowTimeUs = dataflowTiming(schedule, elements, topology).totalUs;
    const cause = report.symbolic.ok ? null : causeOf(schedule);
    const summary = { schedule, elements, op, backend, adapter: report.adapter, topology, cost, metrics, dataflowTimeUs, report, cause };
    const data = flags.input !== undefined ? `data from ${flags.input}` : `${distribution} data, seed ${seed}`;
    const ran = [
      { schedule, buffers: report.buffers },
      ...(compared && explain?.compareWith ? [{ schedule: explain.compareWith, buffers: compared.buffers }] : []),
    ];
    const element = explain && explainRuns(explain, { inputs, elements, op, data }, ran);
    if (flags.json) io.out(`${JSON.stringify({ ...runJson(summary), ...(element ? { explain: elementJson(element) } : {}) })}\n`);
    else io.out(formatRunReport(summary) + (element ? formatElementReport(element, backend) : ''));
    done(report.verified ? EXIT_OK : EXIT_NOT_VERIFIED);
  });
  return command;
}
