import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { GradsyncError } from '../../../src/core/errors';
import { costQuestion } from '../../../src/core/lessons/costQuestion';
import { modelCost } from '../../../src/core/model/cost';
import { formatMicroseconds } from '../../../src/core/units';

const GIB = 2 ** 30;
const SWITCH = { latencyUs: 5, bandwidthGBs: 100 };

describe('cost questions', () => {
  it('works the seeds’ ring by hand: 2·(G−1) steps of one segment each, α + (S/G)/B every step', () => {
    const question = costQuestion({ algorithm: 'ring', devices: 8, bytes: GIB, ...SWITCH, versus: 'double-tree' });
    expect(question.prompt).toBe('Ring all-reduce on 8 GPUs, 1.00 GiB of gradients on each; every port moves 100 GB/s (B) and every step costs 5 µs (α).');
    const [time, bound, versus] = question.parts;
    // 14 steps of 128 MiB: 14 × (5 µs + 134,217,728 B / 1e5 B/µs) = 18,860.4 µs.
    expect(time.answer).toBe(`${formatMicroseconds(14 * (5 + 2 ** 27 / 1e5))}.`);
    expect(time.answer).toBe('18.9 ms.');
    expect(time.working).toEqual([
      't = S·α + V/B (S steps that move bytes; V bytes through the busiest port)',
      'ring on 8 GPUs: S = 14, V = 14 × 128 MiB = 1.75 GiB',
      't = 14 × 5 µs + 1.75 GiB ÷ 100 GB/s',
      '= 70.0 µs + 18.8 ms = 18.9 ms',
    ]);
    expect(bound.answer).toMatch(/^Bandwidth-bound: moving the bytes takes 18\.8 ms; the latency of its 14 steps only 70\.0 µs/);
    expect(versus.question).toBe('What changes with double-tree?');
    expect(versus.answer).toMatch(/^double-tree takes .+ as long as ring \(18\.9 ms\): 9 steps instead of 14, /);
  });

  it('answers with the cost model, for every algorithm and size asked', () => {
    for (const algorithm of ['naive', 'master', 'ring', 'tree', 'double-tree', 'halving-doubling']) {
      for (const devices of [2, 5, 8, 16]) {
        for (const bytes of [8, 4096, 64 * 2 ** 20]) {
          const question = costQuestion({ algorithm, devices, bytes, ...SWITCH });
          const cost = modelCost(buildSchedule({ algorithm, devices }), bytes / 4, { kind: 'switch', ...SWITCH });
          const latencyUs = cost.stepLatencyUs.reduce((sum, us) => sum + us, 0);
          const name = `${algorithm} on ${devices}, ${bytes} B`;
          expect(question.parts[0].answer, name).toBe(`${formatMicroseconds(cost.totalUs)}.`);
          expect(question.parts[0].working.at(-1), name).toBe(
            `= ${formatMicroseconds(latencyUs)} + ${formatMicroseconds(cost.totalUs - latencyUs)} = ${formatMicroseconds(cost.totalUs)}`,
          );
          const bound = latencyUs > cost.totalUs - latencyUs ? 'Latency' : 'Bandwidth';
          expect(question.parts[1].answer.startsWith(`${bound}-bound`), name).toBe(true);
        }
      }
    }
  });

  it('says the tree on few bytes is latency-bound and counts its steps against the ring’s 2·(N−1)', () => {
    const [, bound, versus] = costQuestion({ algorithm: 'tree', devices: 64, bytes: 65536, ...SWITCH, versus: 'ring' }).parts;
    expect(bound.answer).toMatch(/^Latency-bound: its 15 steps cost 75\.0 µs of latency/);
    expect(versus.answer).toContain('126 steps instead of 15');
  });

  it('refuses bytes that are not whole f32 elements', () => {
    expect(() => costQuestion({ algorithm: 'ring', devices: 4, bytes: 6, ...SWITCH })).toThrow(GradsyncError);
    expect(() => costQuestion({ algorithm: 'ring', devices: 4, bytes: 6, ...SWITCH })).toThrow('the bytes per GPU must be a positive multiple of 4');
    expect(() => costQuestion({ algorithm: 'ring', devices: 4, bytes: 4, latencyUs: 5, bandwidthGBs: 0 })).toThrow(GradsyncError);
  });
});
