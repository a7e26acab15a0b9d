// The plain kernels the engine is measured against on the same device: a[i] = a[i] + b[i] over vec4s,
// and a copy from one buffer to another.

import type { ShaderSources } from './gpuDevice';
import { dispatchSize, shaderModule } from './resources';

/** Bytes of memory the add reads and writes for each element: two reads and a write. */
export const ADD_TRAFFIC_PER_ELEMENT = 12;

/**
 * The engine's memory traffic per second over the add's, the add run over the elements the engine
 * moved: 1 means the engine moves memory as fast as the plainest kernel that does its work. Every
 * front end (`gradsync bench`, `npm run bench`, `npm run bench:gpu`) states this ratio.
 */
export function ratioToAdd(engine: { trafficBytes: number; ms: number }, add: { movedBytes: number; ms: number }): number {
  const addTraffic = (add.movedBytes / 4) * ADD_TRAFFIC_PER_ELEMENT;
  return engine.trafficBytes / engine.ms / (addTraffic / add.ms);
}

/**
 * Milliseconds (best of `repeats`) of fused vec4 adds over `elements` f32 values in all (rounded up
 * to 4), in one submission, in workgroups of `workgroup`. Its two arrays together take
 * `workingSetBytes` (the engine's memory, so both work on as much memory); more elements are added in
 * several dispatches over them.
 */
export async function timeAddVec4(
  device: GPUDevice,
  shaders: ShaderSources,
  elements: number,
  repeats: number,
  workingSetBytes: number,
  workgroup: number,
): Promise<number> {
  const total = Math.max(1, Math.ceil(elements / 4));
  const vec4s = Math.max(1, Math.min(total, Math.floor(workingSetBytes / 32)));
  const make = (label: string) => device.createBuffer({ label, size: vec4s * 16, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
  const a = make('bench.addVec4.a');
  const b = make('bench.addVec4.b');
  const pipeline = device.createComputePipeline({
    label: 'bench.addVec4',
    layout: 'auto',
    compute: { module: shaderModule(device, 'add_vec4.wgsl', shaders.addVec4), entryPoint: 'main', constants: { WORKGROUP: workgroup } },
  });
  const bindGroup = device.createBindGroup({
    label: 'bench.addVec4.bindGroup',
    layout: pipeline.getBindGroupLayout(0),
    entries: [
      { binding: 0, resource: { buffer: a } },
      { binding: 1, resource: { buffer: b } },
    ],
  });
  let best = Infinity;
  for (let r = 0; r < repeats; r++) {
    const encoder = device.createCommandEncoder({ label: 'bench.addVec4.encoder' });
    const pass = encoder.beginComputePass({ label: 'bench.addVec4.pass' });
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, bindGroup);
    for (let left = total; left > 0; left -= vec4s) pass.dispatchWorkgroups(...dispatchSize(Math.ceil(Math.min(left, vec4s) / workgroup)));
    pass.end();
    const started = performance.now();
    device.queue.submit([encoder.finish()]);
    await device.queue.onSubmittedWorkDone();
    best = Math.min(best, performance.now() - started);
  }
  a.destroy();
  b.destroy();
  return best;
}

/**
 * Milliseconds (best of `repeats`) of copying `bytes` from one buffer to another on the device, in one
 * submission, over buffers of `workingSetBytes` in all (more bytes: several copies over them).
 */
export async function timeCopy(device: GPUDevice, bytes: number, repeats: number, workingSetBytes: number): Promise<number> {
  const size = Math.max(16, Math.min(Math.ceil(bytes / 16) * 16, Math.floor(workingSetBytes / 32) * 16));
  const make = (label: string) => device.createBuffer({ label, size, usage: GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST });
  const from = make('bench.copy.from');
  const to = make('bench.copy.to');
  let best = Infinity;
  for (let r = 0; r < repeats; r++) {
    const encoder = device.createCommandEncoder({ label: 'bench.copy.encoder' });
    for (let left = bytes; left > 0; left -= size) encoder.copyBufferToBuffer(from, 0, to, 0, Math.min(size, Math.ceil(left / 16) * 16));
    const started = performance.now();
    device.queue.submit([encoder.finish()]);
    await device.queue.onSubmittedWorkDone();
    best = Math.min(best, performance.now() - started);
  }
  from.destroy();
  to.destroy();
  return best;
}
