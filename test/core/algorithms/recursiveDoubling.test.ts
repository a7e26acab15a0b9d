import { describe, expect, it } from 'vitest';
import { recursiveDoubling } from '../../../src/core/algorithms/recursiveDoubling';
import type { Schedule } from '../../../src/core/schedule/ir';
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

describe('recursive-doubling all-reduce', () => {
  it('is a correct all-reduce for every device count from 1 to 64, with one chunk or several', () => {
    for (let n = 1; n <= 64; n++) {
      for (const chunks of [1, 3, 8]) {
        const result = verifySchedule(recursiveDoubling.build({ devices: n, chunks }));
        expect(result.violation?.message ?? 'ok', `N = ${n}, C = ${chunks}`).toBe('ok');
      }
    }
  });

  it('is a correct all-reduce for large and odd device counts up to 1024', () => {
    for (const n of [100, 127, 128, 129, 1000, 1024]) {
      expect(verifySchedule(recursiveDoubling.build({ devices: n })).ok, `N = ${n}`).toBe(true);
    }
  });

  it('takes lg p′ exchange steps, plus a fold and an unfold when N is not a power of two', () => {
    for (let n = 1; n <= 130; n++) {
      const lg = Math.log2(powerOfTwoBelow(n));
      const folds = powerOfTwoBelow(n) < n;
      const phases = [...(folds ? ['fold'] : []), ...Array<string>(lg).fill('exchange'), ...(folds ? ['unfold'] : [])];
      const schedule = recursiveDoubling.build({ devices: n });
      expect(
        schedule.steps.map((s) => s.phase),
        `N = ${n}`,
      ).toEqual(phases);
      expect(schedule.steps.length).toBe(lg + (folds ? 2 : 0));
    }
  });

  it('uses one chunk by default and any chunk count asked for', () => {
    expect(recursiveDoubling.build({ devices: 6 }).chunks).toBe(1);
    expect(recursiveDoubling.build({ devices: 6, chunks: 7 }).chunks).toBe(7);
  });

  it('on 4 devices exchanges whole buffers at distance 1, then 2', () => {
    expect(rows(recursiveDoubling.build({ devices: 4 }))).toEqual([
      {
        phase: 'exchange',
        transfers: [
          [0, 1, 0, 'r'],
          [1, 0, 0, 'r'],
          [2, 3, 0, 'r'],
          [3, 2, 0, 'r'],
        ],
      },
      {
        phase: 'exchange',
        transfers: [
          [0, 2, 0, 'r'],
          [1, 3, 0, 'r'],
          [2, 0, 0, 'r'],
          [3, 1, 0, 'r'],
        ],
      },
    ]);
  });

  it('sends every chunk of the buffer in a whole-buffer message', () => {
    expect(rows(recursiveDoubling.build({ devices: 2, chunks: 3 }))).toEqual([
      {
        phase: 'exchange',
        transfers: [
          [0, 1, 0, 'r'],
          [0, 1, 1, 'r'],
          [0, 1, 2, 'r'],
          [1, 0, 0, 'r'],
          [1, 0, 1, 'r'],
          [1, 0, 2, 'r'],
        ],
      },
    ]);
  });

  it('on 3 devices folds GPU-0 into GPU-1, exchanges between GPU-1 and GPU-2, and unfolds back to GPU-0', () => {
    expect(rows(recursiveDoubling.build({ devices: 3 }))).toEqual([
      { phase: 'fold', transfers: [[0, 1, 0, 'r']] },
      {
        phase: 'exchange',
        transfers: [
          [1, 2, 0, 'r'],
          [2, 1, 0, 'r'],
        ],
      },
      { phase: 'unfold', transfers: [[1, 0, 0, 'c']] },
    ]);
  });

  it('on 6 devices renumbers GPU-1, GPU-3, GPU-4, GPU-5 as ranks 0–3 after the fold', () => {
    expect(rows(recursiveDoubling.build({ devices: 6 }))).toEqual([
      {
        phase: 'fold',
        transfers: [
          [0, 1, 0, 'r'],
          [2, 3, 0, 'r'],
        ],
      },
      {
        phase: 'exchange',
        transfers: [
          [1, 3, 0, 'r'],
          [3, 1, 0, 'r'],
          [4, 5, 0, 'r'],
          [5, 4, 0, 'r'],
        ],
      },
      {
        phase: 'exchange',
        transfers: [
          [1, 4, 0, 'r'],
          [3, 5, 0, 'r'],
          [4, 1, 0, 'r'],
          [5, 3, 0, 'r'],
        ],
      },
      {
        phase: 'unfold',
        transfers: [
          [1, 0, 0, 'c'],
          [3, 2, 0, 'c'],
        ],
      },
    ]);
  });

  it('has no steps on one device', () => {
    expect(recursiveDoubling.build({ devices: 1 }).steps).toEqual([]);
  });
});
