// The real data-parallel run on the CPU engine: synchronized replicas stay within the rounding bound
// of one device trained on the whole batch, bit-identical wherever the schedule guarantees it; without
// sync they drift apart; the bound is a real constraint (a wrong average breaks it).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { algorithmIds, buildSchedule } from '../../src/core/algorithms';
import { GradsyncError } from '../../src/core/errors';
import { importMscclXml } from '../../src/core/formats/msccl/importXml';
import { GapBound } from '../../src/core/training/roundingBound';
import {
  batchLoss,
  learningRateOf,
  meanGradient,
  parameterCount,
  regressionProblem,
  sgdStep,
  shardGradients,
  smoothness,
} from '../../src/core/training/regression';
import { DataParallelRun } from '../../src/engine/training/dataParallel';

const schedule = (algorithm: string, devices: number) =>
  buildSchedule({ algorithm, devices, devicesPerNode: algorithm === 'hierarchical-ring' ? (devices % 2 === 0 ? 2 : 1) : undefined });

async function trained(algorithm: string, devices: number, sync: boolean, steps = 40): Promise<DataParallelRun> {
  const run = await DataParallelRun.create({ schedule: schedule(algorithm, devices), sync });
  for (let s = 0; s < steps; s++) await run.step();
  run.destroy();
  return run;
}

/** The largest eigenvalue of the whole batch's Hessian, by power iteration in float64. */
function largestEigenvalue(devices: number): number {
  const problem = regressionProblem({ devices });
  const D = problem.features;
  const P = D + 1;
  let v = new Float64Array(P).fill(1);
  let lambda = 0;
  for (let it = 0; it < 500; it++) {
    const next = new Float64Array(P);
    for (let i = 0; i < problem.y.length; i++) {
      let dot = v[D];
      for (let k = 0; k < D; k++) dot += v[k] * problem.x[i * D + k];
      for (let k = 0; k < D; k++) next[k] += (dot * problem.x[i * D + k]) / problem.y.length;
      next[D] += dot / problem.y.length;
    }
    lambda = Math.hypot(...next);
    v = next.map((value) => value / lambda);
  }
  return lambda;
}

describe('the least-squares problem', () => {
  it('is the same data for the same seed, and more devices only add samples', () => {
    const four = regressionProblem({ devices: 4 });
    const eight = regressionProblem({ devices: 8 });
    expect(eight.x.subarray(0, four.x.length)).toEqual(four.x);
    expect(eight.y.subarray(0, four.y.length)).toEqual(four.y);
    expect(regressionProblem({ devices: 4, seed: 8 }).y).not.toEqual(four.y);
  });

  it('steps at 1/L with L a true upper bound on the curvature, so SGD cannot widen a gap (η·λmax ≤ 2)', () => {
    for (const devices of [2, 3, 8, 16]) {
      const lambda = largestEigenvalue(devices);
      const problem = regressionProblem({ devices });
      expect(smoothness(problem)).toBeGreaterThanOrEqual(lambda);
      expect(learningRateOf(problem) * lambda).toBeLessThanOrEqual(1 + 1e-6);
      expect(learningRateOf(problem) * lambda).toBeGreaterThan(0.3);
    }
  });

  it('has f32 shard gradients whose mean is the whole batch gradient up to rounding', () => {
    const problem = regressionProblem({ devices: 4 });
    const P = parameterCount(problem);
    const weights = new Float32Array(4 * P).map((_, i) => Math.fround(Math.sin(i) * 0.5));
    for (let d = 1; d < 4; d++) weights.copyWithin(d * P, 0, P);
    const shards = new Float32Array(4 * P);
    shardGradients(problem, weights, shards);
    const whole = new Float32Array(P);
    meanGradient(problem, weights, 0, 0, problem.y.length, whole, 0);
    for (let j = 0; j < P; j++) {
      const mean = (shards[j] + shards[P + j] + shards[2 * P + j] + shards[3 * P + j]) / 4;
      expect(Math.abs(mean - whole[j])).toBeLessThan(1e-5 * (1 + Math.abs(whole[j])));
    }
  });

  it('refuses too few or too many devices in one line that names the setting', () => {
    for (const devices of [1, 65, 2.5]) {
      let error: unknown;
      try {
        regressionProblem({ devices });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(GradsyncError);
      expect((error as GradsyncError).setting?.field).toBe('devices');
      expect((error as GradsyncError).message).not.toContain('\n');
    }
  });
});

describe('synchronized replicas', () => {
  const cases = algorithmIds('allreduce').flatMap((algorithm) => [2, 3, 4, 6].map((devices) => [algorithm, devices] as const));

  it.each(cases)(
    '%s on %i devices ends within the rounding bound of one device on the whole batch, bit-identical where guaranteed',
    async (algorithm, devices) => {
      const run = await trained(algorithm, devices, true);
      for (const frame of run.frames) {
        expect(frame.gap).toBeLessThanOrEqual(frame.bound!);
        if (run.guaranteed) expect(frame.identical).toBe(true);
      }
      const last = run.frames[run.frames.length - 1];
      expect(last.losses[0]).toBeLessThan(run.frames[0].losses[0] / 10);
      expect(Math.abs(last.losses[0] - last.singleLoss)).toBeLessThan(1e-5);
      // The bound says something: far below what drifting replicas show.
      expect(last.bound!).toBeLessThan(5e-3);
    },
  );

  it('naive, which sums in a different order on each device, is not guaranteed the same bits, and does differ', async () => {
    const run = await trained('naive', 5, true);
    expect(run.guaranteed).toBe(false);
    expect(run.frames.some((frame) => !frame.identical)).toBe(true);
  });

  it('runs an imported schedule whose equal chunks need the gradients padded', async () => {
    const imported = importMscclXml(readFileSync('test/fixtures/msccl/allreduce_ring_fused.xml', 'utf8'));
    const run = await DataParallelRun.create({ schedule: imported, sync: true });
    for (let s = 0; s < 20; s++) await run.step();
    run.destroy();
    expect(run.frames.every((frame) => frame.gap <= frame.bound!)).toBe(true);
    expect(run.frames[20].losses[0]).toBeLessThan(run.frames[0].losses[0] / 5);
  });

  it('refuses a schedule that is not an all-reduce, in one line', async () => {
    await expect(DataParallelRun.create({ schedule: buildSchedule({ collective: 'allgather', algorithm: 'ring', devices: 4 }), sync: true })).rejects.toThrow(
      /average their gradients with an all-reduce, and this schedule's collective is all-gather/,
    );
  });
});

describe('without sync', () => {
  it('the replicas drift apart, each worse on the whole batch than one model trained on all of it', async () => {
    const run = await trained('ring', 6, false, 60);
    const last = run.frames[run.frames.length - 1];
    expect(last.spread).toBeGreaterThan(0.1);
    expect(last.bound).toBeNull();
    expect(Math.min(...last.losses)).toBeGreaterThan(last.singleLoss);
    // Far beyond what rounding could explain for a synchronized run of the same length.
    const synced = await trained('ring', 6, true, 60);
    expect(last.gap).toBeGreaterThan(100 * synced.frames[60].bound!);
  });
});

describe('the rounding bound', () => {
  it('is broken by an average that is off by one part in a thousand', () => {
    const problem = regressionProblem({ devices: 4 });
    const P = parameterCount(problem);
    const rate = learningRateOf(problem);
    const bound = new GapBound(problem, rate);
    const weights = new Float32Array(4 * P);
    const single = new Float32Array(P);
    let gap = 0;
    for (let step = 0; step < 10; step++) {
      const local = new Float32Array(4 * P);
      shardGradients(problem, weights, local);
      // A faulty all-reduce: every device gets the mean of the shards' gradients, scaled by 1.001.
      const averaged = new Float32Array(4 * P);
      for (let j = 0; j < P; j++) {
        const mean = Math.fround(((local[j] + local[P + j] + local[2 * P + j] + local[3 * P + j]) / 4) * 1.001);
        for (let d = 0; d < 4; d++) averaged[d * P + j] = mean;
      }
      const singleGradient = new Float32Array(P);
      meanGradient(problem, single, 0, 0, problem.y.length, singleGradient, 0);
      const before = weights.slice();
      const singleBefore = single.slice();
      sgdStep(weights, averaged, rate);
      sgdStep(single, singleGradient, rate);
      bound.add({ before, after: weights, gradients: averaged, singleBefore, singleAfter: single, singleGradient });
      gap = Math.hypot(...Array.from(single, (v, j) => weights[j] - v));
    }
    expect(gap).toBeGreaterThan(bound.value);
    expect(batchLoss(problem, weights)).toBeGreaterThan(0);
  });
});
