// npm run bench: the figures gradsync promises, measured in one run on this machine.
//  1. `gradsync run` of ring on 1024 devices × 65,536 elements, end to end with verification (≤ 10 s).
//  2. CPU engine throughput ÷ a plain TypedArray add loop over the same bytes (≥ 0.8).
//  3. WebGPU engine memory traffic ÷ a fused vec4 add kernel's over the same bytes on the same adapter (≥ 0.8),
//     submissions a whole run (1), submissions per step while stepping (1) and readbacks then (0);
//     npm run bench:gpu measures the engine against the card at scale.
//  4. The app's frame rate playing ring on 64 devices ÷ the same app idle, in headless Chromium (≥ 0.9).
//  5. Opening and one step at 1024 devices ÷ the same at 4, for ring, halving-doubling, double-tree and
//     naive, in headless Chromium on the production build (≤ 1.5 to open, ≤ 3 to step).

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildSchedule, type BuildRequest } from '../src/core/algorithms';
import { countTraffic } from '../src/core/model';
import { CpuEngine } from '../src/engine/cpu/cpuEngine';
import { generateInputs } from '../src/engine/inputs';
import { PlainKernels } from './baseline';
import { measureFps } from './fps';
import { measureOpening, OPEN_REPEATS, openingTable } from './open';
import { measureEngine } from '../src/cli/benchMeasure';
import { nodeGpu } from '../src/engine/webgpu/node';

const REPEATS = 5;

function endToEnd(): { seconds: number; verified: boolean } {
  const args = ['bin/gradsync.mjs', 'run', '--algorithm', 'ring', '--devices', '1024', '--elements', '65536', '--json'];
  const started = performance.now();
  const child = spawnSync(process.execPath, args, { cwd: fileURLToPath(new URL('..', import.meta.url)), encoding: 'utf8', maxBuffer: 1 << 28 });
  const seconds = (performance.now() - started) / 1000;
  if (child.status !== 0) throw new Error(`gradsync run failed: ${child.stderr.trim()}`);
  return { seconds, verified: JSON.parse(child.stdout).verified === true };
}

interface EngineFigure {
  name: string;
  reducedElements: number;
  copiedElements: number;
  engineMs: number;
  baselineMs: number;
}

function engineVersusPlain(name: string, request: BuildRequest, elements: number): EngineFigure {
  const schedule = buildSchedule(request);
  const traffic = countTraffic(schedule, elements);
  const reducedElements = traffic.reducedBytes.reduce((a, b) => a + b, 0) / 4;
  const copiedElements = traffic.elementsTransferred - reducedElements;
  const engine = new CpuEngine({ schedule, elements, op: 'sum' });
  const inputs = generateInputs(schedule.devices, elements, 'sum', 1);
  const plain = new PlainKernels(schedule.devices * elements);
  // Interleaved, best of each: both see the same machine state.
  let engineMs = Infinity;
  let baselineMs = Infinity;
  for (let r = 0; r < REPEATS; r++) {
    engine.load(inputs);
    const started = performance.now();
    engine.run();
    engineMs = Math.min(engineMs, performance.now() - started);
    baselineMs = Math.min(baselineMs, plain.addMs(reducedElements) + (copiedElements > 0 ? plain.copyMs(copiedElements) : 0));
  }
  return { name, reducedElements, copiedElements, engineMs, baselineMs };
}

async function webgpuFigures(): Promise<void> {
  let provider;
  try {
    provider = await nodeGpu();
  } catch (error) {
    console.log(`\nWebGPU: not measured (${(error as Error).message})`);
    return;
  }
  console.log('\nWebGPU engine ÷ a fused vec4 add kernel over the same bytes, same adapter, interleaved best of 7:');
  console.log(
    'workload | adapter | engine GB/s (moved) | add GB/s (moved) | ÷ add (memory traffic) | submissions a whole run | submissions/step stepped | readbacks while stepping',
  );
  const workloads: [string, BuildRequest, number][] = [
    ['ring reduce-scatter, 8 × 2,097,152', { collective: 'reduce-scatter', algorithm: 'ring', devices: 8 }, 1 << 21],
    ['ring all-reduce, 8 × 2,097,152', { algorithm: 'ring', devices: 8 }, 1 << 21],
    ['double-tree all-reduce, 16 × 1,048,576', { algorithm: 'double-tree', devices: 16 }, 1 << 20],
    ['naive all-reduce, 8 × 524,288', { algorithm: 'naive', devices: 8 }, 1 << 19],
  ];
  for (const [name, request, elements] of workloads) {
    const schedule = buildSchedule(request);
    const inputs = generateInputs(schedule.devices, elements, 'sum', 1);
    const m = await measureEngine(schedule, elements, 'sum', inputs, 7, provider);
    const engine = m.movedBytes / (m.timeUs * 1e3);
    const plain = m.movedBytes / (m.plainAddUs! * 1e3);
    console.log(
      [
        name,
        m.adapter,
        engine.toFixed(3),
        plain.toFixed(3),
        m.ratioToAdd!.toFixed(2),
        m.submissionsPerRun,
        m.submissionsPerStep!.toFixed(2),
        m.readbacksWhileStepping,
      ].join(' | '),
    );
  }
}

async function main(): Promise<void> {
  console.log('gradsync bench — CPU engine and CLI, measured in one run\n');
  const e2e = endToEnd();
  console.log(
    `gradsync run --algorithm ring --devices 1024 --elements 65536: ${e2e.seconds.toFixed(2)} s end to end (verified: ${e2e.verified}); target ≤ 10 s`,
  );
  console.log('');
  const figures = [
    engineVersusPlain('ring reduce-scatter, 64 × 1,048,576', { collective: 'reduce-scatter', algorithm: 'ring', devices: 64 }, 1 << 20),
    engineVersusPlain('ring reduce-scatter, 1024 × 65,536', { collective: 'reduce-scatter', algorithm: 'ring', devices: 1024 }, 65536),
    engineVersusPlain('ring all-reduce, 1024 × 65,536', { algorithm: 'ring', devices: 1024 }, 65536),
    engineVersusPlain('ring all-reduce, 8 × 4,194,304', { algorithm: 'ring', devices: 8 }, 1 << 22),
    engineVersusPlain('double-tree all-reduce, 64 × 262,144', { algorithm: 'double-tree', devices: 64 }, 1 << 18),
    engineVersusPlain('naive all-reduce, 16 × 262,144', { algorithm: 'naive', devices: 16 }, 1 << 18),
  ];
  const header = ['workload', 'reduced', 'copied', 'engine ms', 'plain ms', 'engine GB/s', 'ratio'];
  console.log(header.join(' | '));
  for (const f of figures) {
    const gbs = ((f.reducedElements + f.copiedElements) * 4) / (f.engineMs * 1e6);
    console.log(
      [
        f.name,
        f.reducedElements.toLocaleString('en-US'),
        f.copiedElements.toLocaleString('en-US'),
        f.engineMs.toFixed(1),
        f.baselineMs.toFixed(1),
        gbs.toFixed(2),
        (f.baselineMs / f.engineMs).toFixed(2),
      ].join(' | '),
    );
  }
  console.log('\nratio = plain loop time ÷ engine time over the same bytes (plain: a[i] += b[i] for reduced bytes, copyWithin for copied bytes); target ≥ 0.8');
  await webgpuFigures();
  try {
    const { idle, app } = await measureFps();
    console.log(
      `\nAnimation: the app idle (ring on 64, paused) ${idle.toFixed(1)} fps; app playing ring on 64 devices at 4 steps/s ${app.toFixed(1)} fps; ratio ${(app / idle).toFixed(2)} (target ≥ 0.9)`,
    );
  } catch (error) {
    console.log(`\nAnimation: not measured (${(error as Error).message.split('\n')[0]})`);
  }
  try {
    const figures = await measureOpening();
    console.log(
      `\nOpening (navigation to the first painted picture and narration) (best of ${OPEN_REPEATS}) and one step (key to the first painted frame of it; median of ${OPEN_REPEATS}), interleaved:`,
    );
    for (const line of openingTable(figures)) console.log(line);
  } catch (error) {
    console.log(`\nOpening: not measured (${(error as Error).message.split('\n')[0]})`);
  }
}

await main();
