import { describe, expect, it } from 'vitest';
import { hierarchicalRing } from '../../../src/core/algorithms/hierarchicalRing';
import { ring } from '../../../src/core/algorithms/ring';
import { suggestDevicesPerNode } from '../../../src/core/algorithms/options';
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

function divisors(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1).filter((g) => n % g === 0);
}

function errorOf(build: () => unknown): GradsyncError {
  try {
    build();
  } catch (error) {
    if (error instanceof GradsyncError) return error;
    throw error;
  }
  throw new Error('expected a GradsyncError');
}

describe('hierarchical-ring all-reduce', () => {
  it('is a correct all-reduce for every device count from 1 to 64 and every devices-per-node dividing it', () => {
    for (let n = 1; n <= 64; n++) {
      for (const g of divisors(n)) {
        const result = verifySchedule(hierarchicalRing.build({ devices: n, devicesPerNode: g }));
        expect(result.violation?.message ?? 'ok', `N = ${n}, G = ${g}`).toBe('ok');
      }
    }
  });

  it('is a correct all-reduce on large machines', () => {
    for (const [n, g] of [
      [100, 4],
      [1000, 8],
      [1024, 8],
    ]) {
      expect(verifySchedule(hierarchicalRing.build({ devices: n, devicesPerNode: g })).ok, `N = ${n}, G = ${g}`).toBe(true);
    }
  });

  it('is a correct all-reduce with several chunks per segment', () => {
    for (const [n, g] of [
      [4, 2],
      [6, 3],
      [12, 4],
    ]) {
      const schedule = hierarchicalRing.build({ devices: n, devicesPerNode: g, chunks: 3 * n });
      expect(schedule.chunks).toBe(3 * n);
      expect(verifySchedule(schedule).ok, `N = ${n}, G = ${g}`).toBe(true);
    }
  });

  it('takes 2(G−1) intra-node steps and 2(M−1) inter-node steps, in phase order', () => {
    for (let n = 1; n <= 48; n++) {
      for (const g of divisors(n)) {
        const m = n / g;
        const phases = [
          ...Array<string>(g - 1).fill('intra-reduce-scatter'),
          ...Array<string>(m - 1).fill('inter-reduce-scatter'),
          ...Array<string>(m - 1).fill('inter-allgather'),
          ...Array<string>(g - 1).fill('intra-allgather'),
        ];
        const schedule = hierarchicalRing.build({ devices: n, devicesPerNode: g });
        expect(
          schedule.steps.map((s) => s.phase),
          `N = ${n}, G = ${g}`,
        ).toEqual(phases);
        expect(schedule.steps.length).toBe(2 * (g - 1) + 2 * (m - 1));
      }
    }
  });

  it('records devices per node on the schedule and uses N chunks by default', () => {
    const schedule = hierarchicalRing.build({ devices: 12, devicesPerNode: 4 });
    expect(schedule.devicesPerNode).toBe(4);
    expect(schedule.chunks).toBe(12);
  });

  it('on 4 devices in 2 nodes reduce-scatters in each node, rings between equal local ranks, then gathers', () => {
    expect(rows(hierarchicalRing.build({ devices: 4, devicesPerNode: 2 }))).toEqual([
      {
        phase: 'intra-reduce-scatter',
        transfers: [
          [0, 1, 0, 'r'],
          [0, 1, 1, 'r'],
          [1, 0, 2, 'r'],
          [1, 0, 3, 'r'],
          [2, 3, 0, 'r'],
          [2, 3, 1, 'r'],
          [3, 2, 2, 'r'],
          [3, 2, 3, 'r'],
        ],
      },
      {
        phase: 'inter-reduce-scatter',
        transfers: [
          [0, 2, 2, 'r'],
          [2, 0, 3, 'r'],
          [1, 3, 0, 'r'],
          [3, 1, 1, 'r'],
        ],
      },
      {
        phase: 'inter-allgather',
        transfers: [
          [0, 2, 3, 'c'],
          [2, 0, 2, 'c'],
          [1, 3, 1, 'c'],
          [3, 1, 0, 'c'],
        ],
      },
      {
        phase: 'intra-allgather',
        transfers: [
          [0, 1, 2, 'c'],
          [0, 1, 3, 'c'],
          [1, 0, 0, 'c'],
          [1, 0, 1, 'c'],
          [2, 3, 2, 'c'],
          [2, 3, 3, 'c'],
          [3, 2, 0, 'c'],
          [3, 2, 1, 'c'],
        ],
      },
    ]);
  });

  it('leaves local rank l holding super-segment (l+1) mod G summed over its node after the intra-node reduce-scatter', () => {
    for (const [n, g] of [
      [4, 2],
      [6, 3],
      [12, 4],
      [16, 8],
      [30, 5],
    ]) {
      const m = n / g;
      const tracker = new ContributionReplay(hierarchicalRing.build({ devices: n, devicesPerNode: g }));
      for (let s = 0; s < g - 1; s++) tracker.apply();
      for (let d = 0; d < n; d++) {
        const node = Math.floor(d / g);
        const held = ((d % g) + 1) % g;
        for (let c = held * m; c < (held + 1) * m; c++) {
          expect(isRangeOnce(tracker.value(d, c).set, node * g, (node + 1) * g), `N = ${n}, G = ${g}, GPU-${d}, chunk ${c}`).toBe(true);
        }
      }
    }
  });

  it('keeps intra-node phases inside a node and the inter-node ring among equal local ranks', () => {
    for (const [n, g] of [
      [8, 2],
      [12, 3],
      [16, 4],
    ]) {
      for (const step of hierarchicalRing.build({ devices: n, devicesPerNode: g }).steps) {
        for (const t of step.transfers) {
          if (step.phase.startsWith('inter-')) expect(t.src % g, `${step.phase} ${t.src}→${t.dst}`).toBe(t.dst % g);
          else expect(Math.floor(t.src / g), `${step.phase} ${t.src}→${t.dst}`).toBe(Math.floor(t.dst / g));
        }
      }
    }
  });

  it('moves the same transfers as the plain ring when G = 1 or G = N', () => {
    for (const n of [1, 2, 3, 5, 8]) {
      const plain = ring.build({ devices: n }).steps.map((s) => s.transfers);
      for (const g of [1, n]) {
        expect(
          hierarchicalRing.build({ devices: n, devicesPerNode: g }).steps.map((s) => s.transfers),
          `N = ${n}, G = ${g}`,
        ).toEqual(plain);
      }
    }
  });

  it('rejects devices per node that do not divide the device count, suggesting one that does', () => {
    for (const [n, g, suggestion] of [
      [8, 3, 4],
      [8, 0, 4],
      [8, 16, 4],
      [6, 1.5, 3],
      [6, -2, 3],
    ]) {
      const error = errorOf(() => hierarchicalRing.build({ devices: n, devicesPerNode: g }));
      expect(error.code).toBe('bad-argument');
      expect(error.message).toBe(`hierarchical-ring needs devices per node G dividing the device count N, got G = ${g} for N = ${n}; try G = ${suggestion}`);
      expect({ field: error.field, value: error.value }).toEqual({ field: 'devicesPerNode', value: g });
    }
    expect(errorOf(() => hierarchicalRing.build({ devices: 4, devicesPerNode: 3 })).allowed).toBe('divide the 4 devices: 1, 2 or 4');
    expect(errorOf(() => hierarchicalRing.build({ devices: 1024, devicesPerNode: 3 })).allowed).toBe('divide the 1,024 devices, such as 8');
  });

  it('rejects a missing devices per node, suggesting one', () => {
    const error = errorOf(() => hierarchicalRing.build({ devices: 8 }));
    expect(error.code).toBe('bad-argument');
    expect(error.message).toBe('hierarchical-ring needs devices per node G dividing the device count N, got none for N = 8; try G = 4');
    expect({ field: error.field, value: error.value, allowed: error.allowed }).toEqual({
      field: 'devicesPerNode',
      value: undefined,
      allowed: 'divide the 8 devices: 1, 2, 4 or 8',
    });
  });

  it('suggests the largest divisor up to 8 that makes at least 2 nodes, and 1 where none does', () => {
    const suggested = [1, 2, 3, 4, 6, 7, 8, 9, 12, 16, 24, 64, 1024].map((n) => [n, suggestDevicesPerNode(n)]);
    expect(suggested).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 2],
      [6, 3],
      [7, 1],
      [8, 4],
      [9, 3],
      [12, 6],
      [16, 8],
      [24, 8],
      [64, 8],
      [1024, 8],
    ]);
    for (let n = 1; n <= 64; n++) {
      const g = suggestDevicesPerNode(n);
      expect(n % g, `N = ${n}`).toBe(0);
      expect(hierarchicalRing.build({ devices: n, devicesPerNode: g }).devicesPerNode).toBe(g);
    }
  });

  it('rejects a chunk count that is not a multiple of the device count', () => {
    const error = errorOf(() => hierarchicalRing.build({ devices: 4, devicesPerNode: 2, chunks: 6 }));
    expect(error.message).toBe('hierarchical-ring splits the buffer into 4 segments, so chunks must be a multiple of 4, got 6');
  });
});
