// Counting what each place holds gives every device's completeness as the step tracker's replay of
// sets does, at every step and for every collective, forward and back; and it tells how many chunks
// have met whole on one place and how many are whole everywhere they must end.

import { describe, expect, it } from 'vitest';
import { ALGORITHMS, buildSchedule } from '../../../src/core/algorithms';
import { COLLECTIVES, compileSchedule } from '../../../src/core/schedule';
import { StepTracker } from '../../../src/core/symbolic';
import { ChunkProgress } from '../../../src/core/symbolic/chunkProgress';

const SIZES = [2, 5, 8, 12];

describe('chunk progress by counting', () => {
  for (const collective of COLLECTIVES) {
    for (const spec of ALGORITHMS[collective]) {
      it(`matches the step tracker's completeness for ${collective} ${spec.id}`, () => {
        for (const devices of SIZES) {
          let compiled;
          try {
            compiled = compileSchedule(buildSchedule({ collective, algorithm: spec.id, devices, devicesPerNode: devices % 4 === 0 ? 4 : devices }));
          } catch {
            continue;
          }
          if (!compiled.plain) continue;
          const progress = new ChunkProgress(compiled);
          const tracker = new StepTracker(compiled);
          // Forward, then back over every step: what was kept and what is counted again agree.
          const order = [
            ...Array.from({ length: compiled.steps + 1 }, (_, s) => s),
            ...Array.from({ length: compiled.steps + 1 }, (_, s) => compiled.steps - s),
          ];
          for (const step of order) {
            tracker.seek(step);
            const shares = progress.progressAt(step).completeness;
            for (let d = 0; d < devices; d++) expect(shares[d], `${devices} devices, step ${step}, GPU-${d}`).toBeCloseTo(tracker.completeness(d), 5);
          }
          const end = progress.progressAt(compiled.steps);
          expect(end.shared).toBe(1);
          expect(end.chunksShared).toBe(compiled.chunks);
        }
      });
    }
  }

  it('tells ring on 8 reducing one more contribution of every chunk a step, then sharing one more place a step', () => {
    const progress = new ChunkProgress(compileSchedule(buildSchedule({ algorithm: 'ring', devices: 8 })));
    expect(progress.progressAt(0)).toMatchObject({ reduced: 1 / 8, chunksReduced: 0, shared: 0, chunksShared: 0 });
    expect(progress.progressAt(3)).toMatchObject({ reduced: 4 / 8, chunksReduced: 0, shared: 0 });
    expect(progress.progressAt(7)).toMatchObject({ reduced: 1, chunksReduced: 8, shared: 1 / 8, chunksShared: 0 });
    expect(progress.progressAt(10)).toMatchObject({ reduced: 1, shared: 4 / 8, chunksShared: 0 });
    expect(progress.progressAt(14)).toMatchObject({ shared: 1, chunksShared: 8 });
  });

  it('counts a long move in slices of whole steps, to the same progress as at once', () => {
    const compiled = compileSchedule(buildSchedule({ algorithm: 'ring', devices: 64 }));
    const sliced = new ChunkProgress(compiled);
    expect(sliced.workTo(126)).toBe(126 * 64);
    let slices = 1;
    while (!sliced.advanceToward(126, 1000)) slices++;
    expect(slices).toBe(Math.ceil(126 / Math.ceil(1000 / 64)));
    expect(sliced.position).toBe(126);
    expect(sliced.workTo(126)).toBe(0);
    expect(sliced.progressAt(126)).toEqual(new ChunkProgress(compiled).progressAt(126));
  });

  it('reads ring on 1024 devices from its start to its last step, 2,046 steps, in well under a second', () => {
    const progress = new ChunkProgress(compileSchedule(buildSchedule({ algorithm: 'ring', devices: 1024 })));
    const started = performance.now();
    expect(progress.progressAt(2046).shared).toBe(1);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('chunk progress by group', () => {
  it('gives each tree’s share of the double tree apart, which together make the whole', () => {
    const compiled = compileSchedule(buildSchedule({ algorithm: 'double-tree', devices: 16, chunks: 4 }));
    const progress = new ChunkProgress(compiled, Uint8Array.from([0, 0, 1, 1]));
    for (let step = 0; step <= compiled.steps; step++) {
      const { completeness, byGroup } = progress.progressAt(step);
      expect(byGroup).toHaveLength(2);
      for (let d = 0; d < 16; d++) expect((byGroup[0][d] + byGroup[1][d]) / 2).toBeCloseTo(completeness[d], 6);
    }
    // Tree 0's root holds its tree's chunks whole before tree 1's.
    const middle = progress.progressAt(Math.floor(compiled.steps / 2) + 1);
    expect(middle.byGroup[0][0]).toBe(1);
    expect(middle.byGroup[1][0]).toBeLessThan(1);
  });
});
