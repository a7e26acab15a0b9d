// Measured engine time per message size, for `gradsync bench`: the CPU engine, or the WebGPU engine
// next to a plain fused vec4 add kernel over the same bytes on the same device.

import type { ReduceOp } from '../core/ops';
import type { Schedule } from '../core/schedule';
import { countTraffic } from '../core/model';
import { CpuEngine } from '../engine/cpu/cpuEngine';
import { runOnCpu, runOnWebGpu } from '../engine/runCollective';
import type { GpuProvider } from '../engine/webgpu/gpuDevice';
import { timeAddVec4 } from '../engine/webgpu/addKernel';
import { WebGpuEngine } from '../engine/webgpu/webgpuEngine';

export interface Measurement {
  /** Average (cpu) or best (webgpu) time of one whole run, µs. */
  timeUs: number;
  wrong: number;
  reducedBytes: number;
  movedBytes: number;
  /** WebGPU only: a fused vec4 add over the same moved bytes, µs, and submissions per step. */
  plainAddUs?: number;
  submissionsPerStep?: number;
  readbacksWhileStepping?: number;
}

export async function measureCpu(schedule: Schedule, elements: number, op: ReduceOp, inputs: Float32Array, iterations: number): Promise<Measurement> {
  const { numeric } = runOnCpu({ schedule, elements, op, inputs });
  const engine = new CpuEngine({ schedule, elements, op });
  engine.load(inputs);
  engine.run();
  const started = performance.now();
  for (let i = 0; i < iterations; i++) {
    engine.load(inputs);
    engine.run();
  }
  const timeUs = ((performance.now() - started) * 1000) / iterations;
  const traffic = countTraffic(schedule, elements);
  const reducedBytes = traffic.reducedBytes.reduce((a, b) => a + b, 0);
  return { timeUs, wrong: numeric.wrong, reducedBytes, movedBytes: traffic.bytesTransferred };
}

export async function measureWebGpu(
  schedule: Schedule,
  elements: number,
  op: ReduceOp,
  inputs: Float32Array,
  iterations: number,
  provider: GpuProvider,
): Promise<Measurement & { adapter: string }> {
  const { numeric } = await runOnWebGpu({ schedule, elements, op, inputs }, provider);
  const engine = await WebGpuEngine.create({ schedule, elements, op, provider });
  try {
    engine.load(inputs);
    await engine.timedRun();
    const before = { ...engine.stats };
    // Interleaved, best of each: both see the same adapter state.
    let best = Infinity;
    let plainMs = Infinity;
    for (let i = 0; i < iterations; i++) {
      best = Math.min(best, (await engine.timedRun()).wallMs);
      plainMs = Math.min(plainMs, await timeAddVec4(engine.gpuDevice(), provider.shaders, engine.movedBytesPerRun / 4, 1, engine.memoryBytes));
    }
    const steps = engine.stats.stepsSubmitted - before.stepsSubmitted;
    return {
      timeUs: best * 1000,
      wrong: numeric.wrong,
      reducedBytes: engine.reducedBytesPerRun,
      movedBytes: engine.movedBytesPerRun,
      plainAddUs: plainMs * 1000,
      submissionsPerStep: steps === 0 ? 0 : (engine.stats.submissions - before.submissions) / steps,
      readbacksWhileStepping: engine.stats.readbacks - before.readbacks,
      adapter: engine.adapterName,
    };
  } finally {
    engine.destroy();
  }
}
