// The real training run on the GPU: each device's shard gradient in WGSL (shaders/gradient.wgsl) and
// the all-reduce on the WebGPU engine. The kernel's gradients stay within the rounding bound of the
// f32 sums on the CPU (on an adapter that does not fuse a·b + c they are the same bits), and the
// synchronized replicas keep every promise the CPU run keeps.

import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/core/algorithms';
import { parameterCount, regressionProblem, shardGradients } from '../../src/core/training/regression';
import { webgpuGradients } from '../../src/engine/training/gradients';
import { DataParallelRun } from '../../src/engine/training/dataParallel';
import { WebGpuEngine } from '../../src/engine/webgpu/webgpuEngine';
import { probeGpu, skipNote } from './gpuProvider';

const probe = await probeGpu('test/gpu/dataParallel.test.ts');

describe.skipIf(probe.skipReason !== null)(`the data-parallel run on WebGPU${skipNote(probe)}`, () => {
  it('computes every shard gradient in WGSL as the CPU does, to within a few units in the last place', async () => {
    const provider = probe.provider();
    const problem = regressionProblem({ devices: 6 });
    const P = parameterCount(problem);
    const engine = await WebGpuEngine.create({ schedule: buildSchedule({ algorithm: 'ring', devices: 6 }), elements: P, op: 'avg', provider });
    const gradients = webgpuGradients(engine.gpuDevice(), provider.shaders.gradient, problem);
    try {
      const weights = new Float32Array(6 * P).map((_, i) => Math.fround(Math.cos(i * 0.7)));
      const gpu = await gradients.compute(weights);
      const cpu = new Float32Array(6 * P);
      shardGradients(problem, weights, cpu);
      let same = 0;
      for (let i = 0; i < cpu.length; i++) {
        expect(Math.abs(gpu[i] - cpu[i])).toBeLessThanOrEqual(1e-5 * (1 + Math.abs(cpu[i])));
        if (Object.is(gpu[i], cpu[i])) same++;
      }
      console.info(`gradient kernel: ${same} of ${cpu.length} values the same bits as the CPU's f32 sums`);
    } finally {
      gradients.destroy();
      engine.destroy();
    }
  });

  it.each([
    ['ring', 4],
    ['double-tree', 5],
    ['naive', 3],
  ] as const)(
    '%s on %i devices: within the bound of one device on the whole batch, bit-identical where guaranteed, and as the CPU run',
    async (algorithm, devices) => {
      const schedule = buildSchedule({ algorithm, devices });
      const gpu = await DataParallelRun.create({ schedule, sync: true, provider: probe.provider() });
      const cpu = await DataParallelRun.create({ schedule, sync: true });
      try {
        expect(gpu.backend).toBe('webgpu');
        for (let s = 0; s < 30; s++) {
          const frame = await gpu.step();
          const reference = await cpu.step();
          expect(frame.gap).toBeLessThanOrEqual(frame.bound!);
          if (gpu.guaranteed) expect(frame.identical).toBe(true);
          expect(Math.abs(frame.losses[0] - reference.losses[0])).toBeLessThan(1e-5);
        }
        expect(gpu.frames[30].losses[0]).toBeLessThan(gpu.frames[0].losses[0] / 10);
      } finally {
        gpu.destroy();
        cpu.destroy();
      }
    },
  );

  it('without sync, the replicas drift apart on the GPU too', async () => {
    const run = await DataParallelRun.create({ schedule: buildSchedule({ algorithm: 'ring', devices: 4 }), sync: false, provider: probe.provider() });
    try {
      for (let s = 0; s < 30; s++) await run.step();
      expect(run.frames[30].spread).toBeGreaterThan(0.1);
    } finally {
      run.destroy();
    }
  });
});
