// gradsync fit: a real data-parallel training run. Each of N replicas computes the gradient of its own
// data shard, the schedule all-reduces them (avg) on the CPU or WebGPU engine, every replica takes the
// same SGD step; beside them one device trains on the whole batch. Exit 1 when synchronized replicas
// end farther from it than rounding allows, or differ where the schedule guarantees the same bits.

import { Command } from 'commander';
import { DEFAULT_ALGORITHM } from '../../core/algorithms';
import { parameterCount, REGRESSION, keptPromises, lossRange, realRunStory, tiny, type RunFacts, type RunFrame } from '../../core/training';
import { DataParallelRun } from '../../engine/training/dataParallel';
import { parseChoice, parseInteger } from '../args';
import { EXIT_NOT_VERIFIED, EXIT_OK, type ExitCode } from '../exitCodes';
import type { Io } from '../io';
import { addScheduleOptions, resolveSchedule, type ScheduleFlags } from '../scheduleOptions';
import { BACKENDS } from '../../engine/engines';
import { gpuFor } from '../gpu';

interface FitFlags extends ScheduleFlags {
  steps: string;
  sync: string;
  seed: string;
  backend: string;
  json?: boolean;
}

function row(frame: RunFrame): string {
  const apart = frame.identical ? '0 (same bits)' : tiny(frame.spread);
  return [
    String(frame.step).padEnd(6),
    lossRange(frame.losses).padEnd(16),
    frame.singleLoss.toFixed(4).padEnd(11),
    apart.padEnd(15),
    tiny(frame.gap).padEnd(9),
    frame.bound === null ? '—' : tiny(frame.bound),
  ].join(' ');
}

function facts(run: DataParallelRun, algorithm: string): RunFacts {
  return { algorithm, sync: run.request.sync, guaranteed: run.guaranteed, frames: run.frames };
}

function textReport(run: DataParallelRun, algorithm: string, every: number): string {
  const { problem } = run;
  const where = run.backend === 'webgpu' ? `WebGPU (${run.adapter})` : 'the CPU engine';
  const how = run.request.sync ? `gradients averaged by ${algorithm} all-reduce (avg) on ${where}` : `no sync: each replica alone on its shard, on ${where}`;
  const lines = [
    `least squares, ${parameterCount(problem)} parameters; ${problem.devices} replicas × ${problem.samplesPerDevice} samples; ${how}; SGD at η = ${run.learningRate.toPrecision(3)}`,
    'step   loss, replicas   one device  replicas apart  gap       bound',
    ...run.frames.filter((frame) => frame.step % every === 0 || frame.step === run.steps).map(row),
  ];
  lines.push(...realRunStory(facts(run, algorithm)));
  return `${lines.join('\n')}\n`;
}

export function fitCommand(io: Io, done: (code: ExitCode) => void): Command {
  const command = new Command('fit').description(
    'train a small model data-parallel for real: gradients per shard, averaged by the schedule, one SGD step per replica',
  );
  addScheduleOptions(command, true);
  command
    .option('--steps <T>', `SGD steps, 1 to ${REGRESSION.maxSteps}`, String(REGRESSION.steps))
    .option('--sync <on|off>', 'average the gradients every step (off: each replica trains on its shard alone)', 'on')
    .option('--seed <n>', 'seed of the generated data', String(REGRESSION.seed))
    .option('--backend <b>', 'cpu or webgpu', 'cpu')
    .option('--json', 'print one JSON object');
  command.action(async (flags: FitFlags) => {
    const schedule = resolveSchedule({
      ...flags,
      algorithm: flags.schedule === undefined ? (flags.algorithm ?? DEFAULT_ALGORITHM) : flags.algorithm,
      devices: flags.devices ?? (flags.schedule === undefined ? '4' : undefined),
    });
    const steps = parseInteger('--steps', flags.steps, 1, REGRESSION.maxSteps);
    const sync = parseChoice('--sync', flags.sync, ['on', 'off'] as const) === 'on';
    const seed = parseInteger('--seed', flags.seed, 0, 2 ** 32 - 1);
    const backend = parseChoice('--backend', flags.backend, BACKENDS);
    const provider = await gpuFor(backend);
    const run = await DataParallelRun.create({ schedule, sync, seed, provider });
    try {
      for (let s = 0; s < steps; s++) await run.step();
      const verified = keptPromises(facts(run, schedule.algorithm));
      if (flags.json) {
        const P = parameterCount(run.problem);
        const json = {
          model: { kind: 'least-squares', parameters: P, samplesPerDevice: run.problem.samplesPerDevice },
          devices: run.problem.devices,
          algorithm: schedule.algorithm,
          sync,
          backend: run.backend,
          ...(run.adapter && { adapter: run.adapter }),
          learningRate: run.learningRate,
          guaranteedIdentical: run.guaranteed,
          verified,
          frames: run.frames,
          weights: Array.from({ length: run.problem.devices }, (_, d) => Array.from(run.weights.subarray(d * P, (d + 1) * P))),
          singleDeviceWeights: Array.from(run.single),
        };
        io.out(`${JSON.stringify(json)}\n`);
      } else {
        io.out(textReport(run, schedule.algorithm, Math.max(1, Math.ceil(steps / 10))));
      }
      done(verified ? EXIT_OK : EXIT_NOT_VERIFIED);
    } finally {
      run.destroy();
    }
  });
  return command;
}
