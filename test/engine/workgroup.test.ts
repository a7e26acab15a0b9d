// How the whole run and the add are cut for an adapter (workgroup.ts), and how the whole run's tables
// follow it (columnPlan.ts): a GPU gets enough shallow invocations to fill it, a CPU a few deep tasks
// for each of its cores.

import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/core/algorithms';
import { compileSchedule } from '../../src/core/schedule';
import { buildColumnPlan } from '../../src/engine/webgpu/columnPlan';
import { gpuLayout } from '../../src/engine/webgpu/plan';
import { adapterShape, fitFor, type AdapterShape } from '../../src/engine/webgpu/workgroup';

const gpu = (subgroupMaxSize: number, maxWidth = 256): AdapterShape => ({ cpu: false, subgroupMaxSize, maxWidth, cores: 16 });
const cpu = (cores: number, maxWidth = 256): AdapterShape => ({ cpu: true, subgroupMaxSize: 4, maxWidth, cores });

function adapter(info: Partial<GPUAdapterInfo> & { subgroupMaxSize?: number }, maxWidth = 256): GPUAdapter {
  const limits = { maxComputeInvocationsPerWorkgroup: maxWidth, maxComputeWorkgroupSizeX: 256 };
  return { info: { vendor: '', architecture: '', description: '', ...info }, limits } as unknown as GPUAdapter;
}

describe('the cut of work for an adapter', () => {
  it('tells a CPU standing in for a GPU from a GPU, by what the adapter says of itself', () => {
    expect(adapterShape(adapter({ vendor: 'google', architecture: 'swiftshader', description: 'SwiftShader driver 5.0.0' }), 2)).toEqual({
      cpu: true,
      subgroupMaxSize: 0,
      maxWidth: 256,
      cores: 2,
    });
    expect(adapterShape(adapter({ vendor: 'nvidia', architecture: 'hopper', subgroupMaxSize: 32 }, 1024), 64)).toMatchObject({
      cpu: false,
      subgroupMaxSize: 32,
      maxWidth: 256,
    });
    expect(adapterShape(adapter({ vendor: 'mesa', description: 'llvmpipe (LLVM 15.0.6, 256 bits)' }), 0)).toMatchObject({ cpu: true, cores: 1 });
  });

  it('fills a GPU with workgroups of whole subgroups, and gives a CPU a few deep tasks a core', () => {
    expect(fitFor(gpu(32))).toEqual({ workgroup: 64, busy: 2 ** 18, addWorkgroup: 64, opsPerStep: 64 });
    expect(fitFor(gpu(64))).toEqual({ workgroup: 64, busy: 2 ** 18, addWorkgroup: 64, opsPerStep: 64 });
    expect(fitFor(gpu(128))).toEqual({ workgroup: 128, busy: 2 ** 18, addWorkgroup: 128, opsPerStep: 64 });
    // An adapter that allows less than a subgroup's width gets what it allows.
    expect(fitFor(gpu(128, 64)).workgroup).toBe(64);
    expect(fitFor(gpu(0, 32)).workgroup).toBe(32);
    expect(fitFor(cpu(2))).toEqual({ workgroup: 64, busy: 64 * 8 * 2, addWorkgroup: 256, opsPerStep: 1024 });
    expect(fitFor(cpu(2, 128))).toEqual({ workgroup: 64, busy: 1024, addWorkgroup: 128, opsPerStep: 1024 });
    expect(fitFor(cpu(32)).busy).toBe(64 * 8 * 32);
  });

  it('leaves to the step kernels a run whose columns are deeper than the adapter walks for each step', () => {
    const tables = (algorithm: string, devices: number, fit: AdapterShape) => {
      const compiled = compileSchedule(buildSchedule({ algorithm, devices }));
      return buildColumnPlan(compiled, gpuLayout(compiled, devices * 64), fitFor(fit));
    };
    // Ring: a column holds one op a step. Naive: a chunk's N(N − 1) transfers and the N − 1 fills
    // they read, in its one step: 63 on 8 devices, 255 on 16, 4,095 on 64.
    expect([tables('ring', 64, gpu(32)), tables('ring', 64, cpu(2))].map((plan) => plan !== null)).toEqual([true, true]);
    expect([tables('naive', 8, gpu(32)), tables('naive', 16, gpu(32)), tables('naive', 16, cpu(2))].map((plan) => plan !== null)).toEqual([true, false, true]);
    expect(tables('naive', 64, cpu(2))).toBeNull();
  });

  it('gives a whole run deep invocations on a CPU and shallow ones on a GPU, every vec4 of every column covered once', () => {
    const ring = compileSchedule(buildSchedule({ algorithm: 'ring', devices: 64 }));
    // 64 chunks of 1,024 elements: 256 vec4s a column.
    const layout = gpuLayout(ring, 64 * 1024);
    const onCpu = buildColumnPlan(ring, layout, fitFor(cpu(2)))!;
    const onGpu = buildColumnPlan(ring, layout, fitFor(gpu(32)))!;
    // A device holds 16,384 vec4s: 16 each keeps 1,024 invocations busy on 2 cores; a GPU wants more than there are.
    expect([onCpu.each, onCpu.invocations, onCpu.workgroup]).toEqual([16, 64 * 16, 64]);
    expect([onGpu.each, onGpu.invocations]).toEqual([1, 64 * 256]);
    // A column narrower than a workgroup: its one last tile has ceil(vec4s / each) invocations.
    const narrow = gpuLayout(ring, 64 * 40);
    expect(buildColumnPlan(ring, narrow, { workgroup: 64, busy: 1, opsPerStep: Infinity })).toMatchObject({ each: 10, invocations: 64 });
    expect(buildColumnPlan(ring, narrow, { workgroup: 64, busy: 10 ** 9, opsPerStep: Infinity })).toMatchObject({ each: 1, invocations: 64 * 10 });
    // 100 vec4s at 64 each (the most): a whole tile would be 4,096; the last tile has ceil(100 / 64) = 2.
    expect(buildColumnPlan(ring, gpuLayout(ring, 64 * 400), { workgroup: 64, busy: 1, opsPerStep: Infinity })).toMatchObject({ each: 64, invocations: 64 * 2 });
    // 9,000 vec4s at 64 each: two whole tiles of 64 invocations, and ceil(808 / 64) = 13 in the last.
    expect(buildColumnPlan(ring, gpuLayout(ring, 64 * 36000), { workgroup: 64, busy: 1, opsPerStep: Infinity })).toMatchObject({
      each: 64,
      invocations: 64 * (2 * 64 + 13),
    });
  });
});
