import { describe, expect, it } from 'vitest';
import { buildSchedule, type BuildRequest } from '../../../src/core/algorithms';
import { ring } from '../../../src/core/algorithms/ring';
import { compileSchedule } from '../../../src/core/schedule/compile';
import { expectedHolding, fillRange, verifySchedule } from '../../../src/core/symbolic/verify';

describe('verifySchedule', () => {
  it('proves ring all-reduce on 4 devices', () => {
    expect(verifySchedule(ring.build({ devices: 4 })).ok).toBe(true);
  });
});

describe('fillRange', () => {
  it('is what every device’s copy of a chunk is measured against, for every collective: its chunk alone decides', () => {
    const requests: BuildRequest[] = [
      { algorithm: 'ring', devices: 6 },
      { collective: 'allgather', algorithm: 'ring', devices: 6 },
      { collective: 'broadcast', algorithm: 'binomial-tree', devices: 9, root: 4 },
      { collective: 'reduce-scatter', algorithm: 'ring', devices: 5 },
      { collective: 'reduce', algorithm: 'binomial-tree', devices: 7, root: 2 },
    ];
    for (const request of requests) {
      const compiled = compileSchedule(buildSchedule(request));
      const { collective } = compiled.schedule;
      for (let d = 0; d < compiled.devices; d++) {
        for (let c = 0; c < compiled.chunks; c++) {
          const expected = expectedHolding(collective, compiled, d, c) ?? { lo: 0, hi: compiled.devices };
          expect(fillRange(collective, compiled, c), `${collective}, GPU-${d} chunk ${c}`).toEqual(expected);
        }
      }
    }
  });
});
