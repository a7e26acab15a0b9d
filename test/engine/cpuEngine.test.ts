import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/core/algorithms';
import { chunkStart } from '../../src/core/schedule/chunks';
import { REDUCE_OPS, type ReduceOp } from '../../src/core/ops';
import type { Schedule } from '../../src/core/schedule/ir';
import { CpuEngine } from '../../src/engine/cpu/cpuEngine';
import { generateInputs } from '../../src/engine/inputs';
import { runCollective } from '../../src/engine/runCollective';
import { checkResults, computeReference } from '../../src/engine/check';
import { verifySchedule } from '../../src/core/symbolic/verify';
import { elementSizes, everyAlgorithm } from '../fixtures/scenarios';

/**
 * An independent replay of the IR, written for clarity rather than speed: per device an array of
 * chunk arrays, every message copied out at the start of the step, applied in listed order with
 * Math.fround after each operation.
 */
function replay(schedule: Schedule, elements: number, op: ReduceOp, inputs: Float32Array): Float32Array[] {
  const n = schedule.devices;
  const reduces = ['allreduce', 'reduce-scatter', 'reduce'].includes(schedule.collective);
  const scale = op === 'avg' && reduces ? Math.fround(1 / n) : 1;
  const devices = Array.from({ length: n }, (_, d) =>
    Array.from(inputs.subarray(d * elements, (d + 1) * elements), (x) => (scale === 1 ? x : Math.fround(x * scale))),
  );
  const combine = (a: number, b: number): number => {
    switch (op) {
      case 'sum':
      case 'avg':
        return Math.fround(a + b);
      case 'prod':
        return Math.fround(a * b);
      case 'max':
        return b > a ? b : a;
      case 'min':
        return b < a ? b : a;
    }
  };
  for (const step of schedule.steps) {
    const messages = step.transfers.map((t) =>
      devices[t.src].slice(chunkStart(t.chunk, elements, schedule.chunks), chunkStart(t.chunk + 1, elements, schedule.chunks)),
    );
    step.transfers.forEach((t, i) => {
      const start = chunkStart(t.chunk, elements, schedule.chunks);
      messages[i].forEach((value, k) => {
        const target = devices[t.dst];
        target[start + k] = t.op === 'copy' ? value : combine(target[start + k], value);
      });
    });
  }
  return devices.map((values) => Float32Array.from(values));
}

function bits(values: Float32Array): Uint32Array {
  return new Uint32Array(values.buffer, values.byteOffset, values.length);
}

describe('the CPU engine', () => {
  it('equals an independent step-by-step replay bit for bit, for every algorithm, size and op', () => {
    for (const n of [1, 2, 3, 4, 5, 7, 8, 12, 16]) {
      for (const request of everyAlgorithm(n)) {
        const schedule = buildSchedule(request);
        for (const elements of elementSizes(n)) {
          for (const op of REDUCE_OPS) {
            const inputs = generateInputs(n, elements, op, n * 1000 + elements, 'mixed');
            const engine = new CpuEngine({ schedule, elements, op });
            engine.load(inputs);
            engine.run();
            const expected = replay(schedule, elements, op, inputs);
            for (let d = 0; d < n; d++) {
              expect(bits(engine.device(d)), `${schedule.algorithm} ${schedule.collective} N=${n} K=${elements} ${op} GPU-${d}`).toEqual(bits(expected[d]));
            }
          }
        }
      }
    }
  });

  it('steps one at a time to the same state as the replay of that prefix', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 5 });
    const inputs = generateInputs(5, 23, 'sum', 9, 'mixed');
    const engine = new CpuEngine({ schedule, elements: 23, op: 'sum' });
    engine.load(inputs);
    for (let s = 1; s <= schedule.steps.length; s++) {
      engine.step();
      const prefix = { ...schedule, steps: schedule.steps.slice(0, s) };
      const expected = replay(prefix, 23, 'sum', inputs);
      for (let d = 0; d < 5; d++) expect(bits(engine.device(d))).toEqual(bits(expected[d]));
    }
  });

  it('reads every message as a snapshot from the start of the step (recursive doubling exchanges)', () => {
    const schedule = buildSchedule({ algorithm: 'recursive-doubling', devices: 2 });
    const engine = new CpuEngine({ schedule, elements: 1, op: 'sum' });
    engine.load(Float32Array.of(1, 10));
    engine.run();
    expect(Array.from(engine.read())).toEqual([11, 11]);
  });

  it('averages the way NCCL does for floats: premultiply by f32(1/N), then sum', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 3 });
    const engine = new CpuEngine({ schedule, elements: 3, op: 'avg' });
    engine.load(Float32Array.of(1, 2, 3, 4, 5, 6, 7, 8, 9));
    engine.run();
    const third = Math.fround(1 / 3);
    const expected = [1, 2, 3].map((_, e) => {
      const terms = [0, 1, 2].map((d) => Math.fround((d * 3 + e + 1) * third));
      return terms;
    });
    // Ring on 3 devices: chunk c is summed starting at GPU-c, around the ring.
    const sums = expected.map((terms, c) => Math.fround(Math.fround(terms[c] + terms[(c + 1) % 3]) + terms[(c + 2) % 3]));
    for (let d = 0; d < 3; d++) expect(Array.from(engine.device(d))).toEqual(sums);
  });
});

describe('a run', () => {
  it('is verified for every algorithm and op', async () => {
    for (const n of [1, 3, 8]) {
      for (const request of everyAlgorithm(n)) {
        for (const op of REDUCE_OPS) {
          const schedule = buildSchedule(request);
          const report = await runCollective({ schedule, elements: 50, op, inputs: generateInputs(n, 50, op, 3, 'mixed') });
          expect(
            report.verified,
            `${schedule.algorithm} ${schedule.collective} N=${n} ${op}: ${report.symbolic.violation?.message ?? ''} wrong=${report.numeric.wrong}`,
          ).toBe(true);
        }
      }
    }
  });

  it('leaves naive replicas free to differ in the last bits, but demands identical replicas from ring', async () => {
    const inputs = generateInputs(6, 4096, 'sum', 5, 'mixed');
    const naive = await runCollective({ schedule: buildSchedule({ algorithm: 'naive', devices: 6 }), elements: 4096, op: 'sum', inputs });
    expect(naive.symbolic.sameOrder[0]).toBe(0);
    expect(naive.numeric.replicasIdentical).toBe(false);
    expect(naive.verified).toBe(true);
    const ring = await runCollective({ schedule: buildSchedule({ algorithm: 'ring', devices: 6 }), elements: 4096, op: 'sum', inputs });
    expect(Array.from(ring.symbolic.sameOrder)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(ring.numeric.replicasIdentical).toBe(true);
  });

  it('counts values outside the tolerance and replicas that differ where they must not', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 4 });
    const inputs = generateInputs(4, 8, 'sum', 1);
    const engine = new CpuEngine({ schedule, elements: 8, op: 'sum' });
    engine.load(inputs);
    engine.run();
    const symbolic = verifySchedule(schedule);
    const reference = computeReference(schedule, 8, 'sum', inputs);
    const buffers = engine.read();
    expect(checkResults(schedule, 8, buffers, reference, symbolic.sameOrder).wrong).toBe(0);
    // GPU-1's element 5 (chunk 2) off by 0.5: one wrong value, and a replica that differs.
    buffers[8 + 5] += 0.5;
    const check = checkResults(schedule, 8, buffers, reference, symbolic.sameOrder);
    expect(check.wrong).toBe(1);
    expect(check.firstWrong).toMatchObject({ device: 1, element: 5 });
    expect(check.replicasIdentical).toBe(false);
    expect(check.replicaMismatchWhereDemanded).toBe(true);
  });
});
