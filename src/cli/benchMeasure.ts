// Measured engine time per message size, for `gradsync bench`: the CPU engine, or the WebGPU engine
// next to a plain fused vec4 add kernel over the same bytes on the same device.

import type { ReduceOp } from '../core/ops';
import type { Schedule } from '../core/schedule';
import { countTraffic } from '../core/model';
import { invariant } from '../core/errors';
import type { CpuEngine } from '../engine/cpu/cpuEngine';
import { createEngine } from '../engine/engines';
import { runCollective } from '../engine/runCollective';
import type { GpuProvider } from '../engine/webgpu/gpuDevice';
import { ratioToAdd, timeAddVec4 } from '../engine/webgpu/addKernel';
import type { WebGpuEngine } from '../engine/webgpu/webgpuEngine';

export interface Measurement {
  /** Average (cpu) or best (webgpu) time of one whole run, µs. */
  timeUs: number;
  wrong: number;
  reducedBytes: number;
  movedBytes: number;
  /**
   * WebGPU only: a fused vec4 add over the same moved bytes, µs; submissions a whole run takes (one,
   * for a plain schedule), and a step takes when stepped one at a time, as the app steps.
   */
  plainAddUs?: number;
  /** WebGPU only: bytes a run reads and writes, and its memory traffic over the add's (addKernel.ts's ratioToAdd). */
  trafficBytes?: number;
  ratioToAdd?: number;
  submissionsPerRun?: number;
  submissionsPerStep?: number;
  readbacksWhileStepping?: number;
  /** WebGPU only: the adapter that ran it. */
  adapter?: string;
}

/**
 * The engine time of one whole run at one size, on the engine createEngine makes for `provider` (the
 * CPU engine without one), after a verified run of the same data counts its wrong values.
 */
export async function measureEngine(
  schedule: Schedule,
  elements: number,
  op: ReduceOp,
  inputs: Float32Array,
  iterations: number,
  provider: GpuProvider | null,
): Promise<Measurement> {
  const { numeric } = await runCollective({ schedule, elements, op, inputs }, provider);
  const engine = await createEngine({ schedule, elements, op }, provider);
  try {
    engine.load(inputs);
    if (engine.backend === 'cpu') return { ...timeOnCpu(engine, inputs, iterations), wrong: numeric.wrong };
    invariant(provider, 'a WebGPU engine has a provider');
    return { ...(await timeOnGpu(engine, provider, iterations)), wrong: numeric.wrong };
  } finally {
    engine.destroy();
  }
}

function timeOnCpu(engine: CpuEngine, inputs: Float32Array, iterations: number): Omit<Measurement, 'wrong'> {
  engine.run();
  const started = performance.now();
  for (let i = 0; i < iterations; i++) {
    engine.load(inputs);
    engine.run();
  }
  const timeUs = ((performance.now() - started) * 1000) / iterations;
  const traffic = countTraffic(engine.compiled.schedule, engine.elements);
  const reducedBytes = traffic.reducedBytes.reduce((a, b) => a + b, 0);
  return { timeUs, reducedBytes, movedBytes: traffic.bytesTransferred };
}

async function timeOnGpu(engine: WebGpuEngine, provider: GpuProvider, iterations: number): Promise<Omit<Measurement, 'wrong'>> {
  await engine.timedRun();
  // Interleaved, best of each: both see the same adapter state.
  let best = Infinity;
  let plainMs = Infinity;
  let submissionsPerRun = 0;
  for (let i = 0; i < iterations; i++) {
    const before = engine.stats.submissions;
    best = Math.min(best, (await engine.timedRun()).wallMs);
    submissionsPerRun = engine.stats.submissions - before;
    plainMs = Math.min(
      plainMs,
      await timeAddVec4(engine.gpuDevice(), provider.shaders, engine.movedBytesPerRun / 4, 1, engine.memoryBytes, engine.fit.addWorkgroup),
    );
  }
  // Stepped as the app steps: a submission a step, and nothing read back.
  engine.seek(0);
  const stepping = { ...engine.stats };
  while (engine.stepsApplied < engine.steps) engine.step();
  await engine.finished();
  const steps = engine.stats.stepsSubmitted - stepping.stepsSubmitted;
  return {
    timeUs: best * 1000,
    reducedBytes: engine.reducedBytesPerRun,
    movedBytes: engine.movedBytesPerRun,
    plainAddUs: plainMs * 1000,
    trafficBytes: engine.trafficBytesPerRun,
    ratioToAdd: ratioToAdd({ trafficBytes: engine.trafficBytesPerRun, ms: best }, { movedBytes: engine.movedBytesPerRun, ms: plainMs }),
    submissionsPerRun,
    submissionsPerStep: steps === 0 ? 0 : (engine.stats.submissions - stepping.submissions) / steps,
    readbacksWhileStepping: engine.stats.readbacks - stepping.readbacks,
    adapter: engine.adapterName,
  };
}
