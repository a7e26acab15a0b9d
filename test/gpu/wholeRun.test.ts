// The WebGPU engine's two ways through a run, on a real adapter: step by step (the app's stepping:
// one submission a step, nothing read back) and many steps in one submission (run, a seek forward);
// both equal the CPU engine bit for bit, whatever step a seek starts or ends at, and stepping back
// after a whole run still finds its checkpoints.

import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/core/algorithms';
import { buildColumnPlan } from '../../src/engine/webgpu/columnPlan';
import { gpuLayout } from '../../src/engine/webgpu/plan';
import { compileSchedule, type Schedule } from '../../src/core/schedule';
import { CpuEngine } from '../../src/engine/cpu/cpuEngine';
import { generateInputs } from '../../src/engine/inputs';
import { WebGpuEngine } from '../../src/engine/webgpu/webgpuEngine';
import type { AdapterFit } from '../../src/engine/webgpu/workgroup';
import { everyAlgorithm, type Scenario } from '../fixtures/scenarios';
import { probeGpu, skipNote } from './gpuProvider';

const probe = await probeGpu('test/gpu/wholeRun.test.ts');

const bits = (values: Float32Array) => Array.from(new Uint32Array(values.buffer, values.byteOffset, values.length));

function cpuAt(scenario: Scenario, inputs: Float32Array, steps: number): number[] {
  const engine = new CpuEngine({ schedule: buildSchedule(scenario), elements: scenario.elements, op: scenario.op });
  engine.load(inputs);
  for (let s = 0; s < steps; s++) engine.step();
  return bits(engine.read());
}

describe('the tables of a whole run in one dispatch', () => {
  it('walk each chunk’s column: one op a transfer, and a fill where a step reads what it already wrote', () => {
    const ring = compileSchedule(buildSchedule({ algorithm: 'ring', devices: 8 }));
    const plan = buildColumnPlan(ring, gpuLayout(ring, 64), { workgroup: 64, busy: 2 ** 18, opsPerStep: Infinity })!;
    // Ring never reads a chunk its own step wrote: no fill, no wire.
    expect([plan.columnCount, plan.invocations, plan.opSteps.length >= 8 * 14, plan.wireElements]).toEqual([8, 16, true, 4]);
    // A master's gather and scatter read and write GPU-0 in the same step only across different chunks.
    const naive = compileSchedule(buildSchedule({ algorithm: 'naive', devices: 4 }));
    expect(buildColumnPlan(naive, gpuLayout(naive, 16), { workgroup: 64, busy: 2 ** 18, opsPerStep: Infinity })).not.toBeNull();
  });
});

/** Swaps inside a step: each step reads chunks the same step already wrote, so a whole run goes through the wire. */
const SWAPS: Schedule = {
  format: 'gradsync-schedule/1',
  collective: 'allreduce',
  algorithm: 'swaps',
  devices: 3,
  chunks: 2,
  steps: [
    {
      phase: 'swap',
      transfers: [
        { src: 0, dst: 1, chunk: 0, op: 'reduce' },
        { src: 1, dst: 0, chunk: 0, op: 'reduce' },
        { src: 1, dst: 2, chunk: 0, op: 'copy' },
        { src: 2, dst: 1, chunk: 1, op: 'copy' },
        { src: 1, dst: 0, chunk: 1, op: 'reduce' },
      ],
    },
    {
      phase: 'swap',
      transfers: [
        { src: 2, dst: 0, chunk: 0, op: 'reduce' },
        { src: 0, dst: 2, chunk: 0, op: 'copy' },
        { src: 0, dst: 1, chunk: 1, op: 'reduce' },
      ],
    },
    { phase: 'swap', transfers: [{ src: 1, dst: 2, chunk: 1, op: 'reduce' }] },
  ],
};

describe.skipIf(probe.skipReason !== null)(`the WebGPU engine, stepped and run whole${skipNote(probe)}`, () => {
  it('runs whole through the wire where a step reads what it already wrote, as the CPU engine does', async () => {
    const compiled = compileSchedule(SWAPS);
    expect(buildColumnPlan(compiled, gpuLayout(compiled, 40), { workgroup: 64, busy: 2 ** 18, opsPerStep: Infinity })!.wire).toBe(true);
    for (const op of ['sum', 'prod', 'max', 'avg'] as const) {
      const inputs = generateInputs(3, 40, op, 7, op === 'prod' ? 'uniform' : 'mixed');
      const engine = await WebGpuEngine.create({ schedule: SWAPS, elements: 40, op, provider: probe.provider() });
      engine.load(inputs);
      engine.run();
      const cpu = new CpuEngine({ schedule: SWAPS, elements: 40, op });
      cpu.load(inputs);
      cpu.run();
      expect([op, engine.stats.submissions, bits(await engine.read())]).toEqual([op, 1, bits(cpu.read())]);
      engine.destroy();
    }
  });

  const scenarios: Scenario[] = [5, 8].flatMap((devices) =>
    // Chunks a vec4 or two wide, and chunks wider than a workgroup's tile with a narrower last one.
    everyAlgorithm(devices).map((request, i) => ({
      ...request,
      elements: i % 2 ? 4 * devices + 3 : 600 * devices + 7,
      op: (['sum', 'prod', 'max', 'avg'] as const)[i % 4],
    })),
  );

  // The adapter's own cut, a GPU's (shallow invocations, many), and the deepest in narrow workgroups.
  const fits: (Partial<AdapterFit> | undefined)[] = [undefined, { workgroup: 64, busy: 2 ** 18 }, { workgroup: 32, busy: 1 }];

  it('equals the CPU engine after every step when stepped, after a whole run in one submission, and after seeks both ways, however the run is cut', async () => {
    const provider = probe.provider();
    const failures: string[] = [];
    for (const [index, scenario] of scenarios.entries()) {
      const schedule = buildSchedule(scenario);
      const inputs = generateInputs(schedule.devices, scenario.elements, scenario.op, index + 3, scenario.op === 'prod' ? 'uniform' : 'mixed');
      const fit = fits[index % fits.length];
      const engine = await WebGpuEngine.create({ schedule, elements: scenario.elements, op: scenario.op, provider, checkpointEvery: 3, fit });
      const name = `${scenario.collective ?? 'allreduce'}/${scenario.algorithm} N=${scenario.devices} ${scenario.op} cut ${JSON.stringify(fit ?? 'as the adapter would')}`;
      const check = async (label: string, steps: number) => {
        if (JSON.stringify(bits(await engine.read())) !== JSON.stringify(cpuAt(scenario, inputs, steps))) failures.push(`${name}: ${label}`);
      };
      engine.load(inputs);
      const stepping = { ...engine.stats };
      for (let s = 0; s < engine.steps; s++) engine.step();
      // Stepping: one submission a step, nothing read back.
      expect([engine.stats.submissions - stepping.submissions, engine.stats.readbacks - stepping.readbacks]).toEqual([engine.steps, 0]);
      await check('stepped to the end', engine.steps);
      engine.load(inputs);
      const whole = { ...engine.stats };
      engine.run();
      if (engine.steps > 1 && engine.stats.submissions - whole.submissions !== 1)
        failures.push(`${name}: a whole run took ${engine.stats.submissions - whole.submissions} submissions`);
      await check('run whole', engine.steps);
      // Again from the same inputs: the checkpoints made the first time hold, so none is copied and
      // the run is not cut (one dispatch where the schedule is plain).
      engine.seek(0);
      const again = { ...engine.stats };
      engine.run();
      if (engine.steps > 0 && engine.stats.submissions - again.submissions !== 1) failures.push(`${name}: a second whole run took more than one submission`);
      if (engine.compiled.plain && engine.steps > 0 && engine.stats.dispatches - again.dispatches !== 1)
        failures.push(`${name}: a second whole run took ${engine.stats.dispatches - again.dispatches} dispatches`);
      await check('run whole again', engine.steps);
      const middle = Math.floor(engine.steps / 2);
      engine.seek(middle);
      await check(`back to step ${middle}`, middle);
      engine.seek(0);
      engine.seek(Math.min(engine.steps, 2));
      engine.seek(engine.steps);
      await check('seek 0 → 2 → end', engine.steps);
      engine.destroy();
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
