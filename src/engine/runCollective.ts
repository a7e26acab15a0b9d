// One collective run, as the CLI and the app need it: execute the schedule on real data, then decide
// `verified` — the schedule proves its postcondition symbolically, the values are within tolerance of
// a float64 reference, and replicas agree bit for bit wherever every device computed the same
// expression (naive sums in a different order on each device, so there they may differ).

import type { ReduceOp } from '../core/ops';
import type { Schedule } from '../core/schedule';
import { verifySchedule, type VerifyResult } from '../core/symbolic';
import { checkResults, computeReference, type NumericCheck, type Reference } from './check';
import type { GpuProvider } from './webgpu/gpuDevice';
import { createEngine, type Backend } from './engines';

export interface RunRequest {
  schedule: Schedule;
  elements: number;
  op: ReduceOp;
  /** N·K input values, device-major. */
  inputs: Float32Array;
}

export interface RunReport {
  verified: boolean;
  backend: Backend;
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

/**
 * Runs the schedule on the WebGPU engine on `provider`'s GPU, or on the CPU engine without one.
 * engineMs includes loading and, on a GPU, waiting for it to finish; not the readback.
 */
export async function runCollective(request: RunRequest, provider?: GpuProvider | null): Promise<RunReport> {
  const { schedule, elements, op, inputs } = request;
  const checks = prepareChecks(request);
  const engine = await createEngine({ schedule, elements, op }, provider);
  try {
    const started = performance.now();
    engine.load(inputs);
    engine.run();
    await engine.finished();
    const engineMs = performance.now() - started;
    const buffers = await engine.read();
    const ran: Pick<RunReport, 'backend' | 'adapter'> = engine.backend === 'webgpu' ? { backend: 'webgpu', adapter: engine.adapterName } : { backend: 'cpu' };
    return { ...ran, ...finish(request, checks, buffers, engineMs) };
  } finally {
    engine.destroy();
  }
}
