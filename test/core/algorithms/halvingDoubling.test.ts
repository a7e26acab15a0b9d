import { describe, expect, it } from 'vitest';
import { halvingDoubling } from '../../../src/core/algorithms/halvingDoubling';
import { chunkLength } from '../../../src/core/schedule/chunks';
import { isRangeOnce } from '../../../src/core/symbolic/contributions';
import { GradsyncError } from '../../../src/core/errors';
import type { Schedule } from '../../../src/core/schedule/ir';
import { ContributionReplay } from '../../../src/core/symbolic/contributionReplay';
import { verifySchedule } from '../../../src/core/symbolic/verify';

type Row = [src: number, dst: number, chunk: number, op: 'r' | 'c'];

function rows(schedule: Schedule): { phase: string; transfers: Row[] }[] {
  return schedule.steps.map((step) => ({
    phase: step.phase,
    transfers: step.transfers.map((t): Row => [t.src, t.dst, t.chunk, t.op === 'reduce' ? 'r' : 'c']),
  }));
}

function powerOfTwoBelow(n: number): number {
  return 2 ** Math.floor(Math.log2(n));
}

/** New rank r → device: the odd devices below 2·rem, then every device from 2·rem on. */
function survivorsOf(n: number): number[] {
  const rem = n - powerOfTwoBelow(n);
  const out: number[] = [];
  for (let d = 0; d < n; d++) if (d >= 2 * rem || d % 2 === 1) out.push(d);
  return out;
}

describe('halving-doubling all-reduce', () => {
  it('is a correct all-reduce for every device count from 1 to 64', () => {
    for (let n = 1; n <= 64; n++) {
      const result = verifySchedule(halvingDoubling.build({ devices: n }));
      expect(result.violation?.message ?? 'ok', `N = ${n}`).toBe('ok');
    }
  });

  it('is a correct all-reduce for large and odd device counts up to 1024', () => {
    for (const n of [100, 127, 128, 129, 1000, 1024]) {
      expect(verifySchedule(halvingDoubling.build({ devices: n })).ok, `N = ${n}`).toBe(true);
    }
  });

  it('is a correct all-reduce with several chunks per segment', () => {
    for (const n of [2, 3, 5, 8, 12]) {
      const p = powerOfTwoBelow(n);
      const schedule = halvingDoubling.build({ devices: n, chunks: 3 * p });
      expect(schedule.chunks).toBe(3 * p);
      expect(verifySchedule(schedule).ok, `N = ${n}`).toBe(true);
    }
  });

  it('takes 2·lg p′ steps, plus a fold and an unfold when N is not a power of two', () => {
    for (let n = 1; n <= 130; n++) {
      const lg = Math.log2(powerOfTwoBelow(n));
      const folds = powerOfTwoBelow(n) < n;
      const phases = [
        ...(folds ? ['fold'] : []),
        ...Array<string>(lg).fill('reduce-scatter'),
        ...Array<string>(lg).fill('allgather'),
        ...(folds ? ['unfold'] : []),
      ];
      const schedule = halvingDoubling.build({ devices: n });
      expect(
        schedule.steps.map((s) => s.phase),
        `N = ${n}`,
      ).toEqual(phases);
      expect(schedule.steps.length).toBe(2 * lg + (folds ? 2 : 0));
    }
  });

  it('splits the buffer into 2^⌊lg N⌋ chunks by default', () => {
    expect([1, 2, 3, 4, 7, 8, 9, 1000].map((n) => halvingDoubling.build({ devices: n }).chunks)).toEqual([1, 2, 2, 4, 4, 8, 8, 512]);
  });

  it('on 4 devices halves from the farthest partner, then doubles from the nearest', () => {
    expect(rows(halvingDoubling.build({ devices: 4 }))).toEqual([
      {
        phase: 'reduce-scatter',
        transfers: [
          [0, 2, 2, 'r'],
          [0, 2, 3, 'r'],
          [1, 3, 2, 'r'],
          [1, 3, 3, 'r'],
          [2, 0, 0, 'r'],
          [2, 0, 1, 'r'],
          [3, 1, 0, 'r'],
          [3, 1, 1, 'r'],
        ],
      },
      {
        phase: 'reduce-scatter',
        transfers: [
          [0, 1, 1, 'r'],
          [1, 0, 0, 'r'],
          [2, 3, 3, 'r'],
          [3, 2, 2, 'r'],
        ],
      },
      {
        phase: 'allgather',
        transfers: [
          [0, 1, 0, 'c'],
          [1, 0, 1, 'c'],
          [2, 3, 2, 'c'],
          [3, 2, 3, 'c'],
        ],
      },
      {
        phase: 'allgather',
        transfers: [
          [0, 2, 0, 'c'],
          [0, 2, 1, 'c'],
          [1, 3, 0, 'c'],
          [1, 3, 1, 'c'],
          [2, 0, 2, 'c'],
          [2, 0, 3, 'c'],
          [3, 1, 2, 'c'],
          [3, 1, 3, 'c'],
        ],
      },
    ]);
  });

  it('on 3 devices folds GPU-0 into GPU-1, runs on GPU-1 and GPU-2, and unfolds back to GPU-0', () => {
    expect(rows(halvingDoubling.build({ devices: 3 }))).toEqual([
      {
        phase: 'fold',
        transfers: [
          [0, 1, 0, 'r'],
          [0, 1, 1, 'r'],
        ],
      },
      {
        phase: 'reduce-scatter',
        transfers: [
          [1, 2, 1, 'r'],
          [2, 1, 0, 'r'],
        ],
      },
      {
        phase: 'allgather',
        transfers: [
          [1, 2, 0, 'c'],
          [2, 1, 1, 'c'],
        ],
      },
      {
        phase: 'unfold',
        transfers: [
          [1, 0, 0, 'c'],
          [1, 0, 1, 'c'],
        ],
      },
    ]);
  });

  it('leaves new rank r holding the fully reduced segment r after the reduce-scatter', () => {
    for (const n of [...Array.from({ length: 40 }, (_, i) => i + 1), 100, 129]) {
      for (const perSegment of [1, 2]) {
        const p = powerOfTwoBelow(n);
        const schedule = halvingDoubling.build({ devices: n, chunks: p * perSegment });
        const tracker = new ContributionReplay(schedule);
        const reduceScatterEnd = (p < n ? 1 : 0) + Math.log2(p);
        for (let s = 0; s < reduceScatterEnd; s++) tracker.apply();
        survivorsOf(n).forEach((device, r) => {
          for (let k = 0; k < perSegment; k++) {
            const { set } = tracker.value(device, r * perSegment + k);
            expect(isRangeOnce(set, 0, n), `N = ${n}, rank ${r} (GPU-${device}), chunk ${r * perSegment + k}: [${set}]`).toBe(true);
          }
        });
      }
    }
  });

  it('makes every device send and receive exactly 2·(N−1)/N of the buffer when N is a power of two', () => {
    for (let n = 1; n <= 512; n *= 2) {
      for (const chunks of [n, 4 * n]) {
        const elements = 6 * chunks;
        const sent = new Array<number>(n).fill(0);
        const received = new Array<number>(n).fill(0);
        for (const step of halvingDoubling.build({ devices: n, chunks }).steps) {
          for (const t of step.transfers) {
            sent[t.src] += chunkLength(t.chunk, elements, chunks);
            received[t.dst] += chunkLength(t.chunk, elements, chunks);
          }
        }
        const expected = (2 * (n - 1) * elements) / n;
        expect(sent, `N = ${n}, C = ${chunks}`).toEqual(new Array<number>(n).fill(expected));
        expect(received, `N = ${n}, C = ${chunks}`).toEqual(new Array<number>(n).fill(expected));
      }
    }
  });

  it('rejects a chunk count that is not a multiple of 2^⌊lg N⌋', () => {
    expect(() => halvingDoubling.build({ devices: 6, chunks: 6 })).toThrow(GradsyncError);
    expect(() => halvingDoubling.build({ devices: 6, chunks: 6 })).toThrow(
      'halving-doubling splits the buffer into 4 segments, so chunks must be a multiple of 4, got 6',
    );
  });
});
