// One collective run, as the CLI and the app need it: execute the schedule on real data, then decide
// `verified` — the schedule proves its postcondition symbolically, the values are within tolerance of
// a float64 reference, and replicas agree bit for bit wherever every device computed the same
// expression (naive sums in a different order on each device, so there they may differ).

import type { ReduceOp } from '../core/ops';
import type { Schedule } from '../core/schedule';
import { verifySchedule, type VerifyResult } from '../core/symbolic';
import { checkResults, computeReference, type NumericCheck, type Reference } from './check';
import { CpuEngine } from './cpu/cpuEngine';
import type { GpuProvider } from './webgpu/gpuDevice';
import { WebGpuEngine } from './webgpu/webgpuEngine';

export interface RunRequest {
  schedule: Schedule;
  elements: number;
  op: ReduceOp;
  /** N·K input values, device-major. */
  inputs: Float32Array;
}

export interface RunReport {
  verified: boolean;
  backend: 'cpu' | 'webgpu';
  /** The GPU adapter that ran it (webgpu). */
  adapter?: string;
  symbolic: VerifyResult;
  numeric: NumericCheck;
  /** Wall time of loading and executing every step, without verification. */
  engineMs: number;
  /** Final buffers, device-major. */
  buffers: Float32Array;
}

/** The symbolic proof and the float64 reference, computed before the run (inputs may be large). */
function prepareChecks(request: RunRequest): { symbolic: VerifyResult; reference: Reference } {
  return {
    symbolic: verifySchedule(request.schedule),
    reference: computeReference(request.schedule, request.elements, request.op, request.inputs),
  };
}

function finish(
  request: RunRequest,
  checks: { symbolic: VerifyResult; reference: Reference },
  buffers: Float32Array,
  engineMs: number,
): Omit<RunReport, 'backend'> {
  const { symbolic, reference } = checks;
  const numeric = checkResults(request.schedule, request.elements, buffers, reference, symbolic.sameOrder);
  const verified = symbolic.ok && numeric.wrong === 0 && !numeric.replicaMismatchWhereDemanded;
  return { verified, symbolic, numeric, engineMs, buffers };
}

export function runOnCpu(request: RunRequest): RunReport {
  const { schedule, elements, op, inputs } = request;
  const checks = prepareChecks(request);
  const engine = new CpuEngine({ schedule, elements, op });
  const started = performance.now();
  engine.load(inputs);
  engine.run();
  const engineMs = performance.now() - started;
  return { backend: 'cpu', ...finish(request, checks, engine.read(), engineMs) };
}

/** The same run on the WebGPU engine; engineMs includes upload and waiting for the GPU, not the readback. */
export async function runOnWebGpu(request: RunRequest, provider: GpuProvider): Promise<RunReport> {
  const { schedule, elements, op, inputs } = request;
  const checks = prepareChecks(request);
  const engine = await WebGpuEngine.create({ schedule, elements, op, provider });
  try {
    const started = performance.now();
    engine.load(inputs);
    engine.run();
    await engine.finished();
    const engineMs = performance.now() - started;
    const buffers = await engine.read();
    return { backend: 'webgpu', adapter: engine.adapterName, ...finish(request, checks, buffers, engineMs) };
  } finally {
    engine.destroy();
  }
}
