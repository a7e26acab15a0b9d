// gradsync train: one data-parallel training iteration, modelled: memory per device, bytes moved and
// the iteration's time with and without overlapping communication with backward (core/training).

import { Command } from 'commander';
import { DEFAULT_ALGORITHM } from '../../core/algorithms';
import { GradsyncError } from '../../core/errors';
import { MAX_DEVICES } from '../../core/schedule';
import {
  DEFAULT_GPU,
  DEFAULT_UTILIZATION,
  GPU_PRESETS,
  MIB,
  type Iteration,
  customModel,
  MODEL_PRESETS,
  presetModel,
  trainingReport,
  STRATEGIES,
  STRATEGY_NAMES,
  type DeviceMemory,
} from '../../core/training';
import { formatBytes, formatMicroseconds } from '../../core/units';
import { parseChoice, parseInteger, parseNumber } from '../args';
import { EXIT_OK, type ExitCode } from '../exitCodes';
import type { Io } from '../io';
import { addTopologyOptions, resolveTopology, type TopologyFlags } from '../scheduleOptions';

interface TrainFlags extends TopologyFlags {
  model?: string;
  params?: string;
  devices?: string;
  strategy?: string;
  algorithm: string;
  bucketMb?: string;
  overlap: string;
  servers: string;
  gpu: string;
  tflops?: string;
  utilization: string;
  batch: string;
  json?: boolean;
}

export function trainCommand(io: Io, done: (code: ExitCode) => void): Command {
  const command = new Command('train')
    .description('model one data-parallel training iteration: memory per device, bytes moved, time with and without overlap')
    .option('--model <preset>', `a model preset (${MODEL_PRESETS.join(', ')})`)
    .option('--params <N>', 'a custom model of N parameters, split evenly into layers')
    .option('--devices <N>', `data-parallel devices, 1 to ${MAX_DEVICES}`)
    .option('--strategy <s>', `one of ${STRATEGIES.join(', ')}`)
    .option('--algorithm <id>', 'the collectives’ algorithm', DEFAULT_ALGORITHM)
    .option('--bucket-mb <B>', 'gradient bucket cap in MiB (DDP’s bucket_cap_mb; default 25)')
    .option('--overlap <on|off>', 'overlap communication with compute', 'on')
    .option('--servers <K>', 'parameter servers (ps)', '1')
    .option('--gpu <id>', `device throughput preset (${GPU_PRESETS.map((g) => g.id).join(', ')})`, DEFAULT_GPU)
    .option('--tflops <T>', 'sustained TFLOP/s of one device (instead of the preset × --utilization)')
    .option('--utilization <u>', 'share of the preset’s peak a run sustains', String(DEFAULT_UTILIZATION))
    .option('--batch <b>', 'samples per device per iteration', '8')
    .option('--json', 'print JSON');
  addTopologyOptions(command);
  command.action((flags: TrainFlags) => {
    if ((flags.model === undefined) === (flags.params === undefined)) throw new GradsyncError('bad-argument', 'give one of --model PRESET or --params N');
    if (flags.devices === undefined) throw new GradsyncError('bad-argument', 'missing --devices N');
    if (flags.strategy === undefined) throw new GradsyncError('bad-argument', `missing --strategy, one of ${STRATEGIES.join(', ')}`);
    const model = flags.model !== undefined ? presetModel(flags.model) : customModel(parseInteger('--params', flags.params!, 1, 1e13));
    const devices = parseInteger('--devices', flags.devices, 1, MAX_DEVICES);
    const strategy = parseChoice('--strategy', flags.strategy, STRATEGIES);
    const overlap = parseChoice('--overlap', flags.overlap, ['on', 'off'] as const) === 'on';
    const servers = parseInteger('--servers', flags.servers, 1, MAX_DEVICES);
    const batch = parseInteger('--batch', flags.batch, 1, 1 << 20);
    const gpu = parseChoice(
      '--gpu',
      flags.gpu,
      GPU_PRESETS.map((g) => g.id),
    );
    const tflops =
      flags.tflops !== undefined
        ? parseNumber('--tflops', flags.tflops, 0, true)
        : GPU_PRESETS.find((g) => g.id === gpu)!.peakTflops * parseNumber('--utilization', flags.utilization, 0, true);
    const bucketBytes = flags.bucketMb === undefined ? undefined : parseNumber('--bucket-mb', flags.bucketMb, 0, true) * MIB;
    const topology = resolveTopology(flags, { devices });
    const report = trainingReport({
      model,
      strategy,
      devices,
      algorithm: flags.algorithm,
      topology,
      flopsPerSecond: tflops * 1e12,
      batch,
      bucketBytes,
      servers,
    });
    const { params, memory, comm, overlapped: withOverlap, serial: without } = report;
    const shown = overlap ? withOverlap : without;
    if (flags.json) {
      const json = {
        model: { id: model.id, name: model.name, params, layers: model.layers.length, sample: model.sample },
        devices,
        strategy,
        algorithm: flags.algorithm,
        batch,
        tflopsPerDevice: tflops,
        overlap,
        memoryPerDeviceBytes: memory,
        ...(strategy === 'ps' && { servers, serverMemoryBytes: report.serverMemory }),
        commBytesPerDevice: comm,
        computeUs: shown.computeUs,
        iterationTimeUs: { overlap: withOverlap.iterationUs, noOverlap: without.iterationUs },
        exposedCommUs: { overlap: withOverlap.exposedUs, noOverlap: without.exposedUs },
        commOps: shown.comm.length,
      };
      io.out(`${JSON.stringify(json, null, 2)}\n`);
    } else {
      io.out(textReport(model.name, params, devices, STRATEGY_NAMES[strategy], memory, comm.total, withOverlap, without, overlap));
    }
    done(EXIT_OK);
  });
  return command;
}

function textReport(
  name: string,
  params: number,
  devices: number,
  strategy: string,
  memory: DeviceMemory,
  commBytes: number,
  on: Iteration,
  off: Iteration,
  overlap: boolean,
): string {
  const lines = [
    `${name} (${params.toLocaleString('en-US')} parameters) on ${devices} devices, ${strategy}`,
    `memory per device   ${formatBytes(memory.total)} (parameters ${formatBytes(memory.params)}, gradients ${formatBytes(memory.grads)}, optimizer ${formatBytes(memory.optimizer)})`,
    `sent per device     ${formatBytes(commBytes)} an iteration`,
    `compute             ${formatMicroseconds(on.computeUs)}`,
    `iteration           ${formatMicroseconds(on.iterationUs)} with overlap${overlap ? ' (shown)' : ''}, ${formatMicroseconds(off.iterationUs)} without${overlap ? '' : ' (shown)'}`,
    `exposed comm        ${formatMicroseconds(on.exposedUs)} with overlap, ${formatMicroseconds(off.exposedUs)} without`,
  ];
  return `${lines.join('\n')}\n`;
}
