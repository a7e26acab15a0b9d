// How far N synchronized replicas may end from one device trained on the whole batch, from f32
// rounding alone: a bound computed along both runs, which the runs' measured gap must never exceed.
//
// Both runs take the exact step T(w) = w − η·∇f(w) plus errors. For a least-squares loss with
// curvature at most L and 0 < η ≤ 2/L, T never lengthens the distance between two points, so the
// gap after step t+1 is at most the gap after step t plus both runs' errors in that step (ℓ2):
// - a computed gradient component differs from the exact one by at most
//     1/M · Σ_i |x_ij| · (γ_{P+1}·A_i·(1 + γ_k) + γ_k·|r_i|),   A_i = |w_D| + Σ_k |w_k·x_ik| + |y_i|,
//   where the residual r_i takes P + 1 roundings and each term r_i·x_ij at most k more: the product
//   (1), the sum over the B samples of a shard (B − 1), f32(1/B) and its product (2), and for the
//   synchronized gradient avg's f32(1/N) and its product (2) and the N-term sum in any order
//   (N − 1), so k = B + N + 3; one device on M samples has k = M + 2 (Higham, Accuracy and
//   Stability of Numerical Algorithms, §3.1 and §4.2; an FMA only removes roundings);
// - the update w − f32(η·g) rounds twice: at most u·(|η·g_j| + |w'_j|)·(1 + 2u) per parameter;
// - replicas that differ (an algorithm that sums in a different order on each device) average
//   gradients taken at different points: at most 1/N · Σ_d L_d·‖w_d − w_r‖ more for replica r,
//   with L_d the shard's curvature bound.

import { gamma, UNIT_ROUNDOFF as U } from '../symbolic/numericCheck';
import { parameterCount, smoothness, type RegressionProblem } from './regression';

/** Adds, per parameter, the error bound of the terms of samples [first, first + count) at weights[from …]. */
function addGradientError(problem: RegressionProblem, weights: Float32Array, from: number, first: number, count: number, k: number, out: Float64Array): void {
  const D = problem.features;
  const samples = problem.y.length;
  const residualGamma = gamma(D + 2);
  const termGamma = gamma(k);
  for (let i = first; i < first + count; i++) {
    let residual = weights[from + D] - problem.y[i];
    let magnitude = Math.abs(weights[from + D]) + Math.abs(problem.y[i]);
    for (let j = 0; j < D; j++) {
      const product = weights[from + j] * problem.x[i * D + j];
      residual += product;
      magnitude += Math.abs(product);
    }
    const perUnitX = (residualGamma * magnitude * (1 + termGamma) + termGamma * Math.abs(residual)) / samples;
    for (let j = 0; j < D; j++) out[j] += Math.abs(problem.x[i * D + j]) * perUnitX;
    out[D] += perUnitX;
  }
}

function norm(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i] * values[i];
  return Math.sqrt(sum);
}

/** ‖the update's rounding‖ for one replica's step to `after` with gradient g (P values each from `from`). */
function updateError(after: Float32Array, gradients: Float32Array, from: number, P: number, learningRate: number): number {
  let sum = 0;
  for (let j = from; j < from + P; j++) {
    const rounding = U * (Math.abs(learningRate * gradients[j]) + Math.abs(after[j])) * (1 + 2 * U);
    sum += rounding * rounding;
  }
  return Math.sqrt(sum);
}

export interface GapStep {
  /** Every replica's weights before and after the step, and the synchronized gradient each applied (N·P). */
  before: Float32Array;
  after: Float32Array;
  gradients: Float32Array;
  /** The single device's weights before and after, and its gradient (P). */
  singleBefore: Float32Array;
  singleAfter: Float32Array;
  singleGradient: Float32Array;
}

/** The bound on max over replicas of ‖w_r − v‖₂ (v: one device on the whole batch), step by step. */
export class GapBound {
  /** The bound after the steps added so far. */
  value = 0;
  private readonly shardCurvature: number[];

  constructor(
    private readonly problem: RegressionProblem,
    private readonly learningRate: number,
  ) {
    const B = problem.samplesPerDevice;
    this.shardCurvature = Array.from({ length: problem.devices }, (_, d) => smoothness(problem, d * B, B));
  }

  add(step: GapStep): number {
    const { problem, learningRate } = this;
    const N = problem.devices;
    const B = problem.samplesPerDevice;
    const P = parameterCount(problem);
    const synced = new Float64Array(P);
    for (let d = 0; d < N; d++) addGradientError(problem, step.before, d * P, d * B, B, B + N + 3, synced);
    const single = new Float64Array(P);
    addGradientError(problem, step.singleBefore, 0, 0, N * B, N * B + 2, single);
    const singleError = learningRate * norm(single) + updateError(step.singleAfter, step.singleGradient, 0, P, learningRate);
    let worstReplica = 0;
    for (let r = 0; r < N; r++) {
      let coupling = 0;
      for (let d = 0; d < N; d++) {
        if (d === r) continue;
        const gap = new Float64Array(P);
        for (let j = 0; j < P; j++) gap[j] = step.before[d * P + j] - step.before[r * P + j];
        coupling += this.shardCurvature[d] * norm(gap);
      }
      const error = learningRate * (norm(synced) + coupling / N) + updateError(step.after, step.gradients, r * P, P, learningRate);
      worstReplica = Math.max(worstReplica, error);
    }
    this.value += worstReplica + singleError;
    return this.value;
  }
}
