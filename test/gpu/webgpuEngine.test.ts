import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/core/algorithms';
import { mscclXml } from '../../src/core/formats/msccl/exportXml';
import type { ReduceOp } from '../../src/core/ops';
import type { Schedule } from '../../src/core/schedule/ir';
import { parseScheduleText } from '../../src/core/formats/scheduleText';
import { CpuEngine } from '../../src/engine/cpu/cpuEngine';
import { generateInputs } from '../../src/engine/inputs';
import type { GpuProvider } from '../../src/engine/webgpu/gpuDevice';
import { WebGpuEngine } from '../../src/engine/webgpu/webgpuEngine';
import { describeScenario, gpuEquivalenceCases, type Scenario } from '../fixtures/scenarios';
import { probeGpu, skipNote } from './gpuProvider';

const probe = await probeGpu('test/gpu/webgpuEngine.test.ts');

function bits(values: Float32Array): Uint32Array {
  return new Uint32Array(values.buffer, values.byteOffset, values.length);
}

function cpuResult(scenario: Scenario, inputs: Float32Array, steps?: number): Float32Array {
  const engine = new CpuEngine({ schedule: buildSchedule(scenario), elements: scenario.elements, op: scenario.op });
  engine.load(inputs);
  if (steps === undefined) engine.run();
  else for (let s = 0; s < steps; s++) engine.step();
  return engine.read();
}

function firstDifference(a: Uint32Array, b: Uint32Array): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

describe.skipIf(probe.skipReason !== null)(`the WebGPU engine on a real adapter${skipNote(probe)}`, () => {
  it('has an adapter (required when CI=true)', () => {
    expect(probe.provider()).toBeTruthy();
  });

  it('equals the CPU engine bit for bit for every algorithm, collective, size and op', async () => {
    const provider = probe.provider();
    const failures: string[] = [];
    const cases = gpuEquivalenceCases();
    for (const [index, scenario] of cases.entries()) {
      const schedule = buildSchedule(scenario);
      const inputs = generateInputs(schedule.devices, scenario.elements, scenario.op, index + 1, 'mixed');
      const engine = await WebGpuEngine.create({ schedule, elements: scenario.elements, op: scenario.op, provider });
      engine.load(inputs);
      engine.run();
      const gpu = bits(await engine.read());
      engine.destroy();
      const at = firstDifference(gpu, bits(cpuResult(scenario, inputs)));
      if (at >= 0) failures.push(`${describeScenario(scenario)}: first difference at value ${at}`);
    }
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThan(200);
  }, 600_000);

  it('equals the CPU engine bit for bit, after every step and after the rest in one submission, on schedules with buffers, scratch and local operations', async () => {
    const provider = probe.provider();
    const schedules: Schedule[] = [
      ...readdirSync('test/fixtures/msccl')
        .filter((name) => !/^(bad_|deadlock)/.test(name))
        .map((name) => parseScheduleText(readFileSync(`test/fixtures/msccl/${name}`, 'utf8'))),
      parseScheduleText(readFileSync('test/fixtures/schedules/allpairs-3.json', 'utf8')),
      parseScheduleText(mscclXml(buildSchedule({ algorithm: 'double-tree', devices: 5 }))),
    ];
    const failures: string[] = [];
    for (const [index, schedule] of schedules.entries()) {
      for (const op of ['sum', 'prod', 'max', 'avg'] as ReduceOp[]) {
        const elements = schedule.chunks * 12;
        const inputs = generateInputs(schedule.devices, elements, op, index + 1, op === 'prod' ? 'uniform' : 'mixed');
        const cpu = new CpuEngine({ schedule, elements, op });
        const gpu = await WebGpuEngine.create({ schedule, elements, op, provider });
        cpu.load(inputs);
        gpu.load(inputs);
        for (let s = 0; s < cpu.steps; s++) {
          cpu.step();
          gpu.step();
          const at = firstDifference(bits(await gpu.read()), bits(cpu.read()));
          if (at >= 0) failures.push(`${schedule.algorithm} ${op}, step ${s + 1}: first difference at value ${at}`);
        }
        gpu.seek(1);
        cpu.seek(1);
        if (firstDifference(bits(await gpu.read()), bits(cpu.read())) >= 0) failures.push(`${schedule.algorithm} ${op}: differs after stepping back`);
        // The rest in one submission, whether or not its chunks meet.
        const before = gpu.stats.submissions;
        gpu.seek(cpu.steps);
        cpu.seek(cpu.steps);
        const submissions = gpu.stats.submissions - before;
        if (submissions !== Math.min(1, cpu.steps - 1)) failures.push(`${schedule.algorithm} ${op}: the rest of the run took ${submissions} submissions`);
        if (firstDifference(bits(await gpu.read()), bits(cpu.read())) >= 0)
          failures.push(`${schedule.algorithm} ${op}: differs after the rest in one submission`);
        gpu.destroy();
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('submits once per step and reads nothing back until asked', async () => {
    const provider = probe.provider();
    const schedule = buildSchedule({ algorithm: 'ring', devices: 8 });
    const engine = await WebGpuEngine.create({ schedule, elements: 4096, op: 'sum', provider });
    engine.load(generateInputs(8, 4096, 'sum', 1));
    for (let s = 1; s <= engine.steps; s++) {
      engine.step();
      expect(engine.stats).toMatchObject({ submissions: s, readbacks: 0 });
    }
    await engine.read();
    expect(engine.stats.readbacks).toBe(1);
    engine.destroy();
  });

  it('steps back to any step, from a checkpoint or from the inputs', async () => {
    const provider = probe.provider();
    const scenario: Scenario = { algorithm: 'double-tree', devices: 8, elements: 777, op: 'avg' };
    const schedule = buildSchedule(scenario);
    const inputs = generateInputs(8, 777, 'avg', 2, 'mixed');
    const engine = await WebGpuEngine.create({ schedule, elements: 777, op: 'avg', provider, checkpointEvery: 3 });
    engine.load(inputs);
    engine.run();
    for (const target of [7, 2, 0, 5, engine.steps, 1]) {
      engine.seek(target);
      expect(engine.stepsApplied).toBe(target);
      expect(bits(await engine.read()), `after seeking to step ${target}`).toEqual(bits(cpuResult(scenario, inputs, target)));
    }
    engine.destroy();
  });

  it('recreates a lost device and replays to where it was, losing nothing', async () => {
    const provider = probe.provider();
    const scenario: Scenario = { algorithm: 'ring', devices: 8, elements: 10_000, op: 'sum' };
    const schedule = buildSchedule(scenario);
    const inputs = generateInputs(8, 10_000, 'sum', 3, 'mixed');
    const engine = await WebGpuEngine.create({ schedule, elements: 10_000, op: 'sum', provider });
    engine.load(inputs);
    for (let s = 0; s < 5; s++) engine.step();
    engine.loseDevice();
    engine.step();
    await new Promise((resolve) => setTimeout(resolve, 0));
    engine.step();
    expect(bits(await engine.read())).toEqual(bits(cpuResult(scenario, inputs, 7)));
    engine.run();
    expect(bits(await engine.read())).toEqual(bits(cpuResult(scenario, inputs)));
    expect(engine.stats.devicesLost).toBe(1);
    engine.destroy();
  });

  it('times a whole run with timestamp queries where the adapter has them', async () => {
    const provider = probe.provider();
    const engine = await WebGpuEngine.create({ schedule: buildSchedule({ algorithm: 'ring', devices: 4 }), elements: 1 << 16, op: 'sum', provider });
    engine.load(generateInputs(4, 1 << 16, 'sum', 4));
    const { wallMs, gpuMs } = await engine.timedRun();
    expect(wallMs).toBeGreaterThan(0);
    if (engine.hasTimestamps) expect(gpuMs).toBeGreaterThan(0);
    else expect(gpuMs).toBeNull();
    engine.destroy();
  });
});

describe('a configuration that does not fit', () => {
  function shrunk(real: GpuProvider, maxStorageBufferBindingSize: number): GpuProvider {
    const gpu = {
      async requestAdapter(options?: GPURequestAdapterOptions) {
        const adapter = await real.gpu.requestAdapter(options);
        if (!adapter) return null;
        const limits = new Proxy(adapter.limits, {
          get: (target, key) => (key === 'maxStorageBufferBindingSize' ? maxStorageBufferBindingSize : Reflect.get(target, key)),
        });
        return new Proxy(adapter, {
          get: (target, key) => (key === 'limits' ? limits : Reflect.get(target, key)),
        });
      },
    } as unknown as GPU;
    return { gpu, shaders: real.shaders, cores: real.cores };
  }

  it.skipIf(probe.skipReason !== null)(`is a clear error naming the size and the limit, not a validation dump${skipNote(probe)}`, async () => {
    const provider = probe.provider();
    const schedule = buildSchedule({ algorithm: 'ring', devices: 4 });
    await expect(WebGpuEngine.create({ schedule, elements: 1 << 20, op: 'sum', provider: shrunk(provider, 1 << 20) })).rejects.toThrow(
      /need 16\.0 MiB in one storage binding, but this adapter allows at most 1\.0 MiB \(maxStorageBufferBindingSize\)/,
    );
  });

  it('with no adapter at all, says so', async () => {
    const none = {
      gpu: { requestAdapter: async () => null } as unknown as GPU,
      shaders: { snapshotMessages: '', applyTransfers: '', runColumns: '', combine: '', addVec4: '', gradient: '' },
      cores: 1,
    };
    await expect(WebGpuEngine.create({ schedule: buildSchedule({ algorithm: 'ring', devices: 2 }), elements: 4, op: 'sum', provider: none })).rejects.toThrow(
      /no WebGPU adapter/,
    );
  });
});
