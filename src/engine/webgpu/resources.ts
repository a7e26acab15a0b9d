// Every GPU object one engine uses, labelled so validation messages say which buffer or pipeline.

import type { ReduceOp } from '../../core/ops';
import type { ShaderSources } from './gpuDevice';
import { OP_CODES, RANGES_PER_STEP, rangeKind, SNAPSHOT_RANGE, wgslPrelude, type GpuPlan } from './plan';

export interface Resources {
  memory: GPUBuffer;
  wire: GPUBuffer;
  tables: GPUBuffer[];
  params: GPUBuffer;
  snapshotPipeline: GPUComputePipeline;
  /** One pipeline per apply range of a step (plan.ts), made only for ranges this schedule uses; null otherwise. */
  applyPipelines: (GPUComputePipeline | null)[];
  snapshotBindGroup: GPUBindGroup;
  applyBindGroup: GPUBindGroup;
  querySet: GPUQuerySet | null;
}

/**
 * A buffer made holding `data`: written through its mapping at creation, one copy into memory the GPU
 * process shares, where a queue write of ring's 17 MB on 1024 devices held the page for a tenth of a second.
 */
export function tableBuffer(device: GPUDevice, label: string, data: Uint32Array, usage: number): GPUBuffer {
  const buffer = device.createBuffer({ label, size: Math.max(16, data.byteLength), usage, mappedAtCreation: true });
  new Uint32Array(buffer.getMappedRange(), 0, data.length).set(data);
  buffer.unmap();
  return buffer;
}

/** A shader module of one of the shaders, with the constants it shares with plan.ts before its text. */
export function shaderModule(device: GPUDevice, label: string, source: string): GPUShaderModule {
  return device.createShaderModule({ label, code: wgslPrelude() + source });
}

function layoutEntries(kinds: GPUBufferBindingType[], dynamicLast: boolean): GPUBindGroupLayoutEntry[] {
  return kinds.map((type, binding) => ({
    binding,
    visibility: GPUShaderStage.COMPUTE,
    buffer: { type, hasDynamicOffset: dynamicLast && binding === kinds.length - 1 },
  }));
}

export function createResources(
  device: GPUDevice,
  shaders: ShaderSources,
  plan: GpuPlan,
  memoryElements: number,
  op: ReduceOp,
  timestamps: boolean,
): Resources {
  const memory = device.createBuffer({
    label: 'engine.memory',
    size: Math.max(16, memoryElements * 4),
    usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC,
  });
  const wire = device.createBuffer({ label: 'engine.wire', size: Math.max(16, plan.wireElements * 4), usage: GPUBufferUsage.STORAGE });
  const storage = GPUBufferUsage.STORAGE;
  const copyRuns = tableBuffer(device, 'engine.copyRuns', plan.copyRuns, storage);
  const applyRuns = tableBuffer(device, 'engine.applyRuns', plan.applyRuns, storage);
  const multiTiles = tableBuffer(device, 'engine.multiTiles', plan.multiTiles, storage);
  const messages = tableBuffer(device, 'engine.messages', plan.messages, storage);
  const params = tableBuffer(device, 'engine.stepParams', plan.stepParams, GPUBufferUsage.UNIFORM);

  const snapshotLayout = device.createBindGroupLayout({
    label: 'engine.snapshotLayout',
    entries: layoutEntries(['read-only-storage', 'storage', 'read-only-storage', 'uniform'], true),
  });
  const applyLayout = device.createBindGroupLayout({
    label: 'engine.applyLayout',
    entries: layoutEntries(['storage', 'read-only-storage', 'read-only-storage', 'read-only-storage', 'read-only-storage', 'uniform'], true),
  });
  const snapshotPipeline = device.createComputePipeline({
    label: 'engine.snapshotMessages',
    layout: device.createPipelineLayout({ label: 'engine.snapshotPipelineLayout', bindGroupLayouts: [snapshotLayout] }),
    compute: { module: shaderModule(device, 'snapshot_messages.wgsl', shaders.snapshotMessages), entryPoint: 'main' },
  });
  const applyModule = shaderModule(device, 'apply_transfers.wgsl', shaders.combine + shaders.applyTransfers);
  const applyPipelineLayout = device.createPipelineLayout({ label: 'engine.applyPipelineLayout', bindGroupLayouts: [applyLayout] });
  const used = new Array<boolean>(RANGES_PER_STEP).fill(false);
  plan.tileCounts.forEach((count, i) => {
    if (count > 0) used[i % RANGES_PER_STEP] = true;
  });
  const applyPipelines = used.map((inUse, range) =>
    range === SNAPSHOT_RANGE || !inUse
      ? null
      : device.createComputePipeline({
          label: `engine.apply.range${range}`,
          layout: applyPipelineLayout,
          compute: { module: applyModule, entryPoint: 'main', constants: { OP: OP_CODES[op], RANGE: range, KIND: rangeKind(range) } },
        }),
  );
  const stepParams = { buffer: params, size: RANGES_PER_STEP * 16 };
  const snapshotBindGroup = device.createBindGroup({
    label: 'engine.snapshotBindGroup',
    layout: snapshotLayout,
    entries: [memory, wire, copyRuns].map((buffer, binding) => ({ binding, resource: { buffer } })).concat([{ binding: 3, resource: stepParams }]),
  });
  const applyBindGroup = device.createBindGroup({
    label: 'engine.applyBindGroup',
    layout: applyLayout,
    entries: [memory, wire, applyRuns, multiTiles, messages]
      .map((buffer, binding) => ({ binding, resource: { buffer } }))
      .concat([{ binding: 5, resource: stepParams }]),
  });
  const querySet = timestamps ? device.createQuerySet({ label: 'engine.timestamps', type: 'timestamp', count: 2 }) : null;
  return {
    memory,
    wire,
    tables: [copyRuns, applyRuns, multiTiles, messages],
    params,
    snapshotPipeline,
    applyPipelines,
    snapshotBindGroup,
    applyBindGroup,
    querySet,
  };
}

export function destroyResources(resources: Resources): void {
  for (const buffer of [resources.memory, resources.wire, resources.params, ...resources.tables]) buffer.destroy();
  resources.querySet?.destroy();
}

/** Splits a workgroup count over x and y, since one dimension holds at most 65,535. */
export function dispatchSize(workgroups: number): [number, number] {
  const x = Math.min(workgroups, 65535);
  return [x, Math.ceil(workgroups / x)];
}
