// One collective run, as the CLI and the app need it: execute the schedule on real data, then decide
// `verified` — the schedule proves its postcondition symbolically, the values are within tolerance of
// a float64 reference, and replicas agree bit for bit wherever every device computed the same
// expression (naive sums in a different order on each device, so there they may differ).

import type { ReduceOp } from '../core/ops';
import type { Schedule } from '../core/schedule';
import { verifySchedule, type VerifyResult } from '../core/verify';
import { checkResults, computeReference, type NumericCheck } from './check';
import { CpuEngine } from './cpu/cpuEngine';

export interface RunRequest {
  schedule: Schedule;
  elements: number;
  op: ReduceOp;
  /** N·K input values, device-major. */
  inputs: Float32Array;
}

export interface RunReport {
  verified: boolean;
  symbolic: VerifyResult;
  numeric: NumericCheck;
  /** Wall time of loading and executing every step, without verification. */
  engineMs: number;
  /** Final buffers, device-major. */
  buffers: Float32Array;
}

export function runOnCpu(request: RunRequest): RunReport {
  const { schedule, elements, op, inputs } = request;
  const symbolic = verifySchedule(schedule);
  const reference = computeReference(schedule, elements, op, inputs);
  const engine = new CpuEngine({ schedule, elements, op });
  const started = performance.now();
  engine.load(inputs);
  engine.run();
  const engineMs = performance.now() - started;
  const buffers = engine.read();
  const numeric = checkResults(schedule, elements, buffers, reference, symbolic.sameOrder);
  const verified = symbolic.ok && numeric.wrong === 0 && !numeric.replicaMismatchWhereDemanded;
  return { verified, symbolic, numeric, engineMs, buffers };
}
