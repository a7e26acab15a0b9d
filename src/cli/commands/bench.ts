// gradsync bench: an nccl-tests style table over message sizes — model time, algbw, busbw, #wrong —
// and the same table measured on the engine.

import { Command } from 'commander';
import { compileSchedule, elementsMultiple } from '../../core/schedule';
import { DEFAULT_ALGORITHM } from '../../core/algorithms';
import { modelCost, weighedProtocols, formatNcclTable, ncclTableRow, type NcclTableRow, describeTopology } from '../../core/model';
import { GradsyncError } from '../../core/errors';
import { REDUCE_OPS, parseReduceOp } from '../../core/ops';
import { generateInputs } from '../../engine/inputs';
import { measureEngine, type Measurement } from '../benchMeasure';
import { parseChoice, parseInteger, parseSize } from '../args';
import { EXIT_OK, EXIT_NOT_VERIFIED, type ExitCode } from '../exitCodes';
import type { Io } from '../io';
import { formatBytes } from '../../core/units';
import { checkBufferSize } from '../limits';
import { addScheduleOptions, addTopologyOptions, resolveSchedule, resolveTopology, type ScheduleFlags, type TopologyFlags } from '../scheduleOptions';
import { BACKENDS } from '../../engine/engines';
import { gpuFor } from '../gpu';

interface BenchFlags extends ScheduleFlags, TopologyFlags {
  minBytes: string;
  maxBytes: string;
  stepFactor: string;
  op: string;
  backend: string;
  iters: string;
  json?: boolean;
}

function benchSizes(minBytes: number, maxBytes: number, factor: number): number[] {
  const sizes: number[] = [];
  for (let size = minBytes; size <= maxBytes; size *= factor) sizes.push(size - (size % 4));
  return sizes;
}

export function benchCommand(io: Io, done: (code: ExitCode) => void): Command {
  const command = new Command('bench').description('nccl-tests style table over message sizes: model and measured engine');
  addScheduleOptions(command, true)
    .option('--min-bytes <size>', 'smallest message (nccl-tests -b)', '1K')
    .option('--max-bytes <size>', 'largest message (nccl-tests -e)', '16M')
    .option('--step-factor <f>', 'size multiplier between rows (nccl-tests -f)', '4')
    .option('--op <op>', `reduction: ${REDUCE_OPS.join(', ')}`, 'sum')
    .option('--backend <b>', 'cpu or webgpu', 'cpu')
    .option('--iters <n>', 'timed iterations per size (nccl-tests -n)', '5')
    .option('--json', 'print the rows as JSON');
  addTopologyOptions(command);
  command.action(async (flags: BenchFlags) => {
    const op = parseReduceOp(flags.op);
    const backend = parseChoice('--backend', flags.backend, BACKENDS);
    const minBytes = parseSize('--min-bytes', flags.minBytes);
    const maxBytes = parseSize('--max-bytes', flags.maxBytes);
    if (maxBytes < minBytes) throw new GradsyncError('bad-argument', `--max-bytes (${flags.maxBytes}) must be at least --min-bytes (${flags.minBytes})`);
    const factor = parseInteger('--step-factor', flags.stepFactor, 2, 1024);
    const iterations = parseInteger('--iters', flags.iters, 1, 10000);
    if (flags.algorithm === undefined && flags.schedule === undefined) flags.algorithm = DEFAULT_ALGORITHM;
    flags.devices ??= flags.schedule === undefined ? '8' : undefined;
    const schedule = resolveSchedule(flags);
    const topology = resolveTopology(flags, schedule);
    checkBufferSize(schedule.devices, maxBytes / 4);
    const provider = await gpuFor(backend);

    const model: NcclTableRow[] = [];
    // The protocol modelled at each size: where it changes, for a transport that weighs several.
    const picks: { bytes: number; protocol: string }[] = [];
    const measured: NcclTableRow[] = [];
    let last: Measurement | null = null;
    let adapter = '';
    // As nccl-tests aligns its counts: down to what the schedule's chunks need (MSCCL: equal chunks).
    const multiple = elementsMultiple(compileSchedule(schedule));
    for (const size of benchSizes(minBytes, maxBytes, factor)) {
      const elements = Math.floor(size / 4 / multiple) * multiple;
      if (elements === 0) continue;
      const cost = modelCost(schedule, elements, topology);
      if (picks.length === 0 || picks[picks.length - 1].protocol !== cost.protocol) picks.push({ bytes: elements * 4, protocol: cost.protocol });
      const inputs = generateInputs(schedule.devices, elements, op, size);
      try {
        last = await measureEngine(schedule, elements, op, inputs, iterations, provider);
      } catch (error) {
        // The elements here are the message sizes: name the largest that fitted.
        if (!(error instanceof GradsyncError) || error.code !== 'too-large' || size === minBytes) throw error;
        throw new GradsyncError('too-large', `${error.message} (sizes up to ${formatBytes(size / factor)} fit: --max-bytes ${size / factor})`);
      }
      adapter = last.adapter ?? adapter;
      model.push(ncclTableRow(schedule, elements, op, cost.totalUs, last.wrong));
      measured.push(ncclTableRow(schedule, elements, op, last.timeUs, last.wrong));
    }
    if (last === null) {
      throw new GradsyncError(
        'bad-argument',
        `no size up to --max-bytes ${flags.maxBytes} holds the ${multiple} equal chunks this schedule moves between places`,
      );
    }
    const engineGBs = last!.reducedBytes / (last!.timeUs * 1e3);
    const movedGBs = last!.movedBytes / (last!.timeUs * 1e3);
    const plainGBs = last!.plainAddUs === undefined ? null : last!.movedBytes / (last!.plainAddUs * 1e3);
    const summary = {
      engineReducedGBs: engineGBs,
      engineMovedGBs: movedGBs,
      ...(plainGBs === null
        ? {}
        : {
            plainAddVec4GBs: plainGBs,
            ratio: last!.ratioToAdd,
            submissionsPerRun: last!.submissionsPerRun,
            submissionsPerStep: last!.submissionsPerStep,
            readbacksWhileStepping: last!.readbacksWhileStepping,
          }),
    };
    const weighs = weighedProtocols(topology).length > 1;
    if (flags.json) {
      io.out(
        `${JSON.stringify({ algorithm: schedule.algorithm, collective: schedule.collective, devices: schedule.devices, op, backend, ...(adapter ? { adapter } : {}), topology, model, ...(weighs ? { protocolFrom: picks } : {}), measured, ...summary })}\n`,
      );
    } else {
      const what = `${schedule.algorithm} ${schedule.collective} on ${schedule.devices} devices`;
      io.out(formatNcclTable(model, [`gradsync bench: ${what}, α-β model (${describeTopology(topology)})`]));
      if (weighs)
        io.out(`# the fastest protocol: ${picks.map((pick, i) => `${pick.protocol} ${i === 0 ? 'at' : 'from'} ${formatBytes(pick.bytes)}`).join(', ')}\n`);
      io.out('\n');
      const engineTitle = provider
        ? `webgpu engine on ${adapter}, measured: best of ${iterations} runs per size`
        : `cpu engine, measured: average of ${iterations} runs per size`;
      io.out(formatNcclTable(measured, [engineTitle]));
      io.out(
        `# engine throughput at ${maxBytes} B: ${engineGBs.toFixed(3)} GB/s of reduced bytes, ${movedGBs.toFixed(3)} GB/s of moved (reduced + copied) bytes\n`,
      );
      if (plainGBs !== null) {
        const engineTraffic = last!.trafficBytes! / (last!.timeUs * 1e3);
        io.out(
          `# memory traffic (reads and writes) of a whole run: ${engineTraffic.toFixed(3)} GB/s; a fused vec4 add over the same elements: ${(engineTraffic / last!.ratioToAdd!).toFixed(3)} GB/s; engine ÷ add = ${last!.ratioToAdd!.toFixed(2)}\n`,
        );
        io.out(
          `# a whole run: ${last!.submissionsPerRun} submission${last!.submissionsPerRun === 1 ? '' : 's'}; stepped: ${last!.submissionsPerStep!.toFixed(2)} submissions per step, ${last!.readbacksWhileStepping} readbacks\n`,
        );
      }
    }
    done(allCorrect(model) ? EXIT_OK : EXIT_NOT_VERIFIED);
  });
  return command;
}

function allCorrect(rows: NcclTableRow[]): boolean {
  return rows.every((row) => row.wrong === 0);
}
