// A model small enough to really train in a page: linear regression by least squares on generated
// data, split into equal shards across N data-parallel devices. Its f32 arithmetic is written out
// here in the order the WGSL kernel (shaders/gradient.wgsl) uses, so the CPU engine runs the same
// sums; the loss is evaluated in float64.
//
// Sample i has D features x_i and a target y_i = t·x_i + t_D + noise; the weights w hold D
// coefficients and a bias (P = D + 1, the bias last). The loss over M samples is
//   f(w) = 1/(2M) · Σ_i (w·x_i + w_D − y_i)²,  with gradient  1/M · Σ_i r_i·(x_i, 1),  r_i = w·x_i + w_D − y_i.
// Features have different scales (1 down to 0.35), so plain SGD needs tens of steps, not two.

import { GradsyncError } from '../errors';
import { random } from '../random';

export interface RegressionProblem {
  devices: number;
  /** Samples in each device's shard (B); the whole batch is M = N·B. */
  samplesPerDevice: number;
  /** Features per sample (D); the model has D + 1 parameters. */
  features: number;
  /** N·B·D features, device-major then sample-major (f32). */
  x: Float32Array;
  /** N·B targets, device-major. */
  y: Float32Array;
  /** The coefficients and bias the targets were made from (D + 1). */
  truth: Float64Array;
}

export const REGRESSION = {
  features: 15,
  samplesPerDevice: 32,
  noise: 0.3,
  seed: 7,
  steps: 60,
  maxSteps: 1000,
  maxDevices: 64,
} as const;

export function parameterCount(problem: Pick<RegressionProblem, 'features'>): number {
  return problem.features + 1;
}

function gaussian(next: () => number): number {
  // Box–Muller; 1 − next() is in (0, 1], so the logarithm is finite.
  return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}

export interface ProblemRequest {
  devices: number;
  samplesPerDevice?: number;
  features?: number;
  seed?: number;
  noise?: number;
}

/** The same request gives the same data everywhere; devices only decides how much of it there is. */
export function regressionProblem(request: ProblemRequest): RegressionProblem {
  const { devices, samplesPerDevice = REGRESSION.samplesPerDevice, features = REGRESSION.features, seed = REGRESSION.seed, noise = REGRESSION.noise } = request;
  if (!Number.isInteger(devices) || devices < 2 || devices > REGRESSION.maxDevices) {
    throw new GradsyncError('bad-argument', `the devices must be a whole number from 2 to ${REGRESSION.maxDevices}, got ${devices}`, {
      field: 'devices',
      value: devices,
      allowed: `be a whole number from 2 to ${REGRESSION.maxDevices}`,
    });
  }
  const next = random(seed);
  const scales = Array.from({ length: features }, (_, k) => 0.35 ** (k / Math.max(1, features - 1)));
  const truth = Float64Array.from({ length: features + 1 }, () => Math.fround(next() * 2 - 1));
  const samples = devices * samplesPerDevice;
  const x = new Float32Array(samples * features);
  const y = new Float32Array(samples);
  for (let i = 0; i < samples; i++) {
    let target = truth[features];
    for (let k = 0; k < features; k++) {
      const value = Math.fround(scales[k] * gaussian(next));
      x[i * features + k] = value;
      target += truth[k] * value;
    }
    y[i] = Math.fround(target + noise * gaussian(next));
  }
  return { devices, samplesPerDevice, features, x, y, truth };
}

/**
 * The mean gradient over samples [first, first + count) at `weights`, in f32, written to out[at …]:
 * for each parameter, the sum over samples in order of r_i·x_ij, times f32(1/count). r_i starts
 * from the bias and adds w_k·x_ik for k = 0 … D−1, then subtracts y_i — the kernel's order.
 */
export function meanGradient(
  problem: RegressionProblem,
  weights: Float32Array,
  from: number,
  first: number,
  count: number,
  out: Float32Array,
  at: number,
): void {
  const D = problem.features;
  const f = Math.fround;
  const sums = new Float32Array(D + 1);
  for (let i = first; i < first + count; i++) {
    const row = i * D;
    let prediction = weights[from + D];
    for (let k = 0; k < D; k++) prediction = f(prediction + f(weights[from + k] * problem.x[row + k]));
    const residual = f(prediction - problem.y[i]);
    for (let k = 0; k < D; k++) sums[k] = f(sums[k] + f(residual * problem.x[row + k]));
    sums[D] = f(sums[D] + residual);
  }
  const scale = f(1 / count);
  for (let j = 0; j <= D; j++) out[at + j] = f(sums[j] * scale);
}

/** Every device's gradient of its own shard at its own weights (both N·P, device-major). */
export function shardGradients(problem: RegressionProblem, weights: Float32Array, out: Float32Array): void {
  const P = parameterCount(problem);
  const B = problem.samplesPerDevice;
  for (let d = 0; d < problem.devices; d++) meanGradient(problem, weights, d * P, d * B, B, out, d * P);
}

/** One SGD step in f32, the same on every replica: w ← w − f32(η·g). */
export function sgdStep(weights: Float32Array, gradients: Float32Array, learningRate: number): void {
  const f = Math.fround;
  for (let j = 0; j < weights.length; j++) weights[j] = f(weights[j] - f(learningRate * gradients[j]));
}

/** The loss over the whole batch at `weights` (P values from `from`), in float64. */
export function batchLoss(problem: RegressionProblem, weights: Float32Array, from = 0): number {
  const D = problem.features;
  const samples = problem.y.length;
  let total = 0;
  for (let i = 0; i < samples; i++) {
    let residual = weights[from + D] - problem.y[i];
    for (let k = 0; k < D; k++) residual += weights[from + k] * problem.x[i * D + k];
    total += residual * residual;
  }
  return total / (2 * samples);
}

/**
 * An upper bound on the curvature (the largest eigenvalue of the Hessian 1/m · Σ (x_i, 1)(x_i, 1)ᵀ)
 * over samples [first, first + count): its largest absolute row sum (Gershgorin).
 */
export function smoothness(problem: RegressionProblem, first = 0, count = problem.y.length): number {
  const D = problem.features;
  const P = D + 1;
  const hessian = new Float64Array(P * P);
  const row = new Float64Array(P);
  for (let i = first; i < first + count; i++) {
    for (let k = 0; k < D; k++) row[k] = problem.x[i * D + k];
    row[D] = 1;
    for (let a = 0; a < P; a++) for (let b = 0; b < P; b++) hessian[a * P + b] += row[a] * row[b];
  }
  let largest = 0;
  for (let a = 0; a < P; a++) {
    let sum = 0;
    for (let b = 0; b < P; b++) sum += Math.abs(hessian[a * P + b]);
    largest = Math.max(largest, sum / count);
  }
  // float64's own rounding in the sums above, with room to spare.
  return largest * (1 + 1e-9);
}

/** The step size: 1/L for the whole batch's bound L, as an f32 (well inside 2/L, where SGD cannot grow a gap). */
export function learningRateOf(problem: RegressionProblem): number {
  return Math.fround(1 / smoothness(problem));
}
