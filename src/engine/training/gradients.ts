// Where each simulated device's gradient of its own data shard is computed: in WGSL on the GPU
// (shaders/gradient.wgsl, on the device the collective engine runs on), or by the same f32 sums on
// the CPU (core/training/regression.ts).

import { parameterCount, shardGradients, type RegressionProblem } from '../../core/training';
import { WORKGROUP_SIZE } from '../webgpu/plan';
import { dispatchSize, shaderModule } from '../webgpu/resources';

export interface GradientSource {
  /** Every device's gradient of its shard at its own weights (both N·P, device-major). */
  compute(weights: Float32Array): Promise<Float32Array>;
  destroy(): void;
}

export function cpuGradients(problem: RegressionProblem): GradientSource {
  const out = new Float32Array(problem.devices * parameterCount(problem));
  return {
    compute: async (weights) => {
      shardGradients(problem, weights, out);
      return out.slice();
    },
    destroy: () => {},
  };
}

/** The kernel's buffers hold the shards once; each call uploads the weights and reads the gradients back. */
export function webgpuGradients(device: GPUDevice, source: string, problem: RegressionProblem): GradientSource {
  const values = problem.devices * parameterCount(problem);
  const storage = (label: string, data: Float32Array | number, usage = 0) => {
    const size = typeof data === 'number' ? data * 4 : data.byteLength;
    const buffer = device.createBuffer({ label, size, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | usage });
    if (typeof data !== 'number') device.queue.writeBuffer(buffer, 0, data.buffer, data.byteOffset, data.byteLength);
    return buffer;
  };
  const x = storage('training.x', problem.x);
  const y = storage('training.y', problem.y);
  const weights = storage('training.weights', values);
  const gradients = storage('training.gradients', values, GPUBufferUsage.COPY_SRC);
  const readback = device.createBuffer({ label: 'training.readback', size: values * 4, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const shape = device.createBuffer({ label: 'training.shape', size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  const words = new ArrayBuffer(16);
  new Uint32Array(words, 0, 3).set([problem.devices, problem.samplesPerDevice, problem.features]);
  new Float32Array(words, 12, 1)[0] = Math.fround(1 / problem.samplesPerDevice);
  device.queue.writeBuffer(shape, 0, words);
  const pipeline = device.createComputePipeline({
    label: 'training.gradient',
    layout: 'auto',
    compute: { module: shaderModule(device, 'gradient.wgsl', source), entryPoint: 'main' },
  });
  const bindGroup = device.createBindGroup({
    label: 'training.gradient.bindGroup',
    layout: pipeline.getBindGroupLayout(0),
    entries: [x, y, weights, gradients, shape].map((buffer, binding) => ({ binding, resource: { buffer } })),
  });
  return {
    async compute(current) {
      device.queue.writeBuffer(weights, 0, current.buffer, current.byteOffset, current.byteLength);
      const encoder = device.createCommandEncoder({ label: 'training.gradient.encoder' });
      const pass = encoder.beginComputePass({ label: 'training.gradient.pass' });
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, bindGroup);
      pass.dispatchWorkgroups(...dispatchSize(Math.ceil(values / WORKGROUP_SIZE)));
      pass.end();
      encoder.copyBufferToBuffer(gradients, 0, readback, 0, values * 4);
      device.queue.submit([encoder.finish()]);
      await readback.mapAsync(GPUMapMode.READ);
      const out = new Float32Array(readback.getMappedRange().slice(0));
      readback.unmap();
      return out;
    },
    destroy() {
      for (const buffer of [x, y, weights, gradients, readback, shape]) buffer.destroy();
    },
  };
}
