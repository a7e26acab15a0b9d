import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import type { Transfer } from '../../../src/core/schedule/ir';
import { compileSchedule } from '../../../src/core/schedule/compile';
import { pickCompiledStep, pickTransfers } from '../../../src/ui/devices/motion/sprites';

const transfer = (src: number, dst: number, chunk: number): Transfer => ({ src, dst, chunk, op: 'reduce' });

describe('the transfers a crowded step draws', () => {
  it('draws every transfer up to the limit, in order', () => {
    const transfers = [transfer(0, 1, 0), transfer(0, 1, 1), transfer(2, 0, 0)];
    expect(pickTransfers(transfers, 3)).toEqual(transfers);
  });

  it('beyond the limit, keeps each device pair’s first transfer', () => {
    const transfers = [transfer(0, 1, 0), transfer(0, 1, 1), transfer(1, 0, 0), transfer(2, 0, 0), transfer(1, 0, 1)];
    expect(pickTransfers(transfers, 4)).toEqual([transfer(0, 1, 0), transfer(1, 0, 0), transfer(2, 0, 0)]);
  });

  it('beyond the limit in device pairs too, takes an even sample of the pairs: naive on 1024 devices draws 256 of its 1,047,552', () => {
    const { transfers } = buildSchedule({ algorithm: 'naive', devices: 1024 }).steps[0];
    const picked = pickTransfers(transfers);
    expect(picked).toHaveLength(256);
    // Pairs are in naive's order (by source, then destination); the sample takes every 4,092nd, 4 sources of 1,023 pairs apart.
    expect(picked.slice(0, 3).map(({ src, dst }) => [src, dst])).toEqual([
      [0, 1],
      [4, 0],
      [8, 0],
    ]);
    expect(new Set(picked.map(({ src, dst }) => src * 1024 + dst)).size).toBe(256);
    expect(pickTransfers(transfers)).toBe(picked);
  });

  it('picks the same from the compiled arrays as from the objects, at every step and limit', () => {
    for (const [algorithm, devices] of [
      ['naive', 64],
      ['halving-doubling', 32],
      ['ring', 8],
    ] as const) {
      const schedule = buildSchedule({ algorithm, devices });
      const compiled = compileSchedule(schedule);
      schedule.steps.forEach(({ transfers }, step) => {
        for (const max of [4, 100, 256]) expect(pickCompiledStep(compiled, step, max)).toEqual(pickTransfers(transfers, max));
      });
    }
  });
});
