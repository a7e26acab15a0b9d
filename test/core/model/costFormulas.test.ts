import { describe, expect, it } from 'vitest';
import { algorithmIds, buildSchedule, findAlgorithm } from '../../../src/core/algorithms';
import { allreduceModel, allreduceModelTimeUs } from '../../../src/core/model/costFormulas';
import { modelCost, nodesTopology, type Topology } from '../../../src/core/model/cost';
import { GradsyncError } from '../../../src/core/errors';

const SWITCH: Topology = { kind: 'switch', latencyUs: 5, bandwidthGBs: 100 };
const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
const ALGORITHMS = algorithmIds('allreduce');
const overNodes = (algorithm: string) => findAlgorithm('allreduce', algorithm).takesDevicesPerNode === true;

/** K values per N: 0, fewer than N, divisible by N, and not. */
const sizesFor = (n: number) => [0, 1, Math.max(1, n - 1), n, 3 * n, 1000, 1001, 4099, 12 * n + 5];

function expectClose(actual: number, expected: number, what: string) {
  const scale = Math.max(Math.abs(expected), 1e-12);
  if (Math.abs(actual - expected) / scale > 1e-9) throw new Error(`${what}: ${actual} ≠ ${expected}`);
}

/** hierarchical-ring's G for N: a divisor of N other than 1 and N where one exists. */
function perNodeFor(n: number): number {
  for (const g of [4, 3, 2]) if (n % g === 0 && g < n) return g;
  return n;
}

function expectEqualsScheduled(algorithm: string, n: number, topology: Topology, perNode: number, chunks?: number) {
  const request = { algorithm, devices: n, topology, chunks, devicesPerNode: overNodes(algorithm) ? perNode : undefined };
  const model = allreduceModel(request);
  const schedule = buildSchedule(request);
  for (const k of sizesFor(n)) {
    expectClose(model(k), modelCost(schedule, k, topology).totalUs, `${algorithm} N=${n} K=${k} ${topology.kind}`);
  }
}

describe('closed forms equal the cost of the built schedule', () => {
  it('on a switch, every algorithm for N = 1..64', () => {
    for (const n of range(1, 64)) {
      for (const algorithm of ALGORITHMS) expectEqualsScheduled(algorithm, n, SWITCH, perNodeFor(n));
    }
  });

  it('on nodes of G (G dividing N), every algorithm for N = 1..64', () => {
    for (const n of range(1, 64)) {
      for (const g of [1, 2, 3, 4, 8].filter((g) => n % g === 0)) {
        const topology = nodesTopology(g, { latencyUs: 3, bandwidthGBs: 150 }, { latencyUs: 12, bandwidthGBs: 20 });
        for (const algorithm of ALGORITHMS) expectEqualsScheduled(algorithm, n, topology, g);
      }
    }
  });

  it('hierarchical-ring on nodes of another G than its own is still exact', () => {
    for (const n of [8, 12, 16, 24]) expectEqualsScheduled('hierarchical-ring', n, nodesTopology(2), 4);
  });

  it('more chunks than the natural count change tree and double-tree but not the closed forms', () => {
    for (const n of range(2, 24)) {
      for (const algorithm of ALGORITHMS) {
        const rule = findAlgorithm('allreduce', algorithm).chunks;
        const natural = rule.kind === 'segments' ? rule.segments(n) : 1;
        expectEqualsScheduled(algorithm, n, SWITCH, perNodeFor(n), natural * 3);
      }
    }
  });

  it('ring on a switch is 2(N−1)(α + ⌈K/N⌉·4/B), also when N does not divide K', () => {
    for (const n of range(2, 64)) {
      for (const k of [n * 10, n * 10 + 1, n * 10 + n - 1]) {
        const expected = 2 * (n - 1) * (5 + (Math.ceil(k / n) * 4) / 1e5);
        expectClose(allreduceModelTimeUs({ algorithm: 'ring', devices: n, topology: SWITCH, elements: k }), expected, `ring ${n} ${k}`);
      }
    }
  });

  it('naive and master cost one and two steps of (N−1)·K through one port', () => {
    for (const n of range(2, 64)) {
      const step = 5 + ((n - 1) * 1024 * 4) / 1e5;
      expectClose(allreduceModelTimeUs({ algorithm: 'naive', devices: n, topology: SWITCH, elements: 1024 }), step, 'naive');
      expectClose(allreduceModelTimeUs({ algorithm: 'master', devices: n, topology: SWITCH, elements: 1024 }), 2 * step, 'master');
    }
  });
});

describe('options', () => {
  it('rejects what buildSchedule rejects, with its message', () => {
    const cases = [
      { algorithm: 'nope', devices: 4 },
      { algorithm: 'ring', devices: 4, chunks: 6 },
      { algorithm: 'ring', devices: 0 },
      { algorithm: 'halving-doubling', devices: 6, chunks: 3 },
    ];
    for (const request of cases) {
      expect(() => buildSchedule(request)).toThrow(GradsyncError);
      let message = '';
      try {
        buildSchedule(request);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(() => allreduceModel({ ...request, topology: SWITCH })).toThrow(message);
    }
    expect(() => allreduceModel({ algorithm: 'hierarchical-ring', devices: 6, devicesPerNode: 4, topology: SWITCH })).toThrow(GradsyncError);
    expect(() => allreduceModel({ algorithm: 'ring', devices: 6, topology: nodesTopology(4) })).toThrow(GradsyncError);
    expect(() => allreduceModel({ algorithm: 'ring', devices: 4, topology: SWITCH })(-1)).toThrow(GradsyncError);
  });

  it('one device costs nothing', () => {
    for (const algorithm of ALGORITHMS) {
      expect(allreduceModelTimeUs({ algorithm, devices: 1, devicesPerNode: 1, topology: SWITCH, elements: 1 << 20 })).toBe(0);
    }
  });
});

describe('the compare grid', () => {
  it('gives a finite, positive time for 8 algorithms × N up to 1024, and × sizes 4 B … 1 GiB at N = 1024', () => {
    const perNode = 8;
    const topologyAt = (n: number): Topology => (n > perNode && n % perNode === 0 ? nodesTopology(perNode, SWITCH) : SWITCH);
    const devices = [...range(1, 10).map((e) => 2 ** e), 3, 6, 12, 24, 48, 96, 192, 384, 768];
    const sizes = range(2, 30).map((e) => 2 ** e);
    const times: number[] = [];
    for (const algorithm of ALGORITHMS) {
      for (const n of devices) {
        if (overNodes(algorithm) && n % perNode !== 0) continue;
        const devicesPerNode = overNodes(algorithm) ? perNode : undefined;
        times.push(allreduceModel({ algorithm, devices: n, devicesPerNode, topology: topologyAt(n) })((4 << 20) / 4));
      }
      const model = allreduceModel({ algorithm, devices: 1024, devicesPerNode: overNodes(algorithm) ? perNode : undefined, topology: topologyAt(1024) });
      for (const bytes of sizes) times.push(model(bytes / 4));
    }
    expect(times.every((t) => Number.isFinite(t) && t > 0)).toBe(true);
  });
});

it('covers every all-reduce algorithm, each with a closed form', () => {
  expect(ALGORITHMS).toHaveLength(8);
  expect(ALGORITHMS.filter((id) => findAlgorithm('allreduce', id).costForm === undefined)).toEqual([]);
});
