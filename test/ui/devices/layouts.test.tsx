import { describe, expect, it } from 'vitest';
import { buildSchedule, type BuildRequest } from '../../../src/core/algorithms';
import { btree, dtree } from '../../../src/core/algorithms/btree';
import { binomialTreeRounds } from '../../../src/core/algorithms/broadcast';
import type { Schedule } from '../../../src/core/schedule';
import { deviceLayout, pairKey, usedPairs, type DeviceLayout, type LayoutKind } from '../../../src/ui/devices/layouts';

const COUNTS = Array.from({ length: 63 }, (_, i) => i + 2);

function largestProperDivisor(n: number): number {
  for (let g = Math.floor(n / 2); g >= 2; g--) if (n % g === 0) return g;
  return 0;
}

/** Every layout family, with the device counts it is drawn for. */
const FAMILIES: { name: string; kind: LayoutKind; request: (n: number) => BuildRequest | null }[] = [
  { name: 'ring', kind: 'circle', request: (n) => ({ algorithm: 'ring', devices: n }) },
  { name: 'naive', kind: 'circle', request: (n) => ({ algorithm: 'naive', devices: n }) },
  { name: 'recursive-doubling', kind: 'circle', request: (n) => ({ algorithm: 'recursive-doubling', devices: n }) },
  { name: 'master', kind: 'star', request: (n) => ({ algorithm: 'master', devices: n }) },
  { name: 'tree', kind: 'tree', request: (n) => ({ algorithm: 'tree', devices: n }) },
  { name: 'double-tree', kind: 'double-tree', request: (n) => ({ algorithm: 'double-tree', devices: n }) },
  {
    name: 'hierarchical-ring',
    kind: 'nodes',
    request: (n) => (largestProperDivisor(n) ? { algorithm: 'hierarchical-ring', devices: n, devicesPerNode: largestProperDivisor(n) } : null),
  },
  { name: 'broadcast binomial-tree', kind: 'binomial-tree', request: (n) => ({ collective: 'broadcast', algorithm: 'binomial-tree', devices: n, root: n - 1 }) },
  { name: 'reduce binomial-tree', kind: 'binomial-tree', request: (n) => ({ collective: 'reduce', algorithm: 'binomial-tree', devices: n }) },
];

function edgeSet(pairs: [number, number][]): Set<number> {
  return new Set(pairs.map(([a, b]) => pairKey(a, b)));
}

function linkSet(layout: DeviceLayout, kind?: string): Set<number> {
  return new Set(layout.links.filter((link) => !kind || link.kind === kind).map((link) => pairKey(link.a, link.b)));
}

function treeEdges(parent: readonly number[]): [number, number][] {
  return parent.flatMap((p, d) => (p >= 0 ? [[p, d] as [number, number]] : []));
}

describe('device layouts', () => {
  for (const family of FAMILIES) {
    it(`${family.name}: one distinct position per device inside the unit square, for N = 2..64`, () => {
      for (const n of COUNTS) {
        const request = family.request(n);
        if (!request) continue;
        const layout = deviceLayout(buildSchedule(request));
        expect(layout.kind).toBe(family.kind);
        expect(layout.positions).toHaveLength(n);
        for (const p of layout.positions) {
          expect(p.x).toBeGreaterThanOrEqual(0);
          expect(p.x).toBeLessThanOrEqual(1);
          expect(p.y).toBeGreaterThanOrEqual(0);
          expect(p.y).toBeLessThanOrEqual(1);
        }
        const distinct = new Set(layout.positions.map((p) => `${p.x.toFixed(9)},${p.y.toFixed(9)}`));
        expect(distinct.size, `${family.name} N=${n}`).toBe(n);
      }
    });
  }

  it('draws every link the schedule uses, except for naive, which has none', () => {
    for (const n of COUNTS) {
      for (const family of FAMILIES) {
        const request = family.request(n);
        if (!request) continue;
        const schedule = buildSchedule(request);
        const layout = deviceLayout(schedule);
        if (family.name === 'naive') expect(layout.links).toHaveLength(0);
        else if (family.name !== 'recursive-doubling' || usedPairs(schedule).size <= 3 * n) {
          for (const pair of usedPairs(schedule)) expect(linkSet(layout).has(pair), `${family.name} N=${n}`).toBe(true);
        }
      }
    }
  });

  it('puts GPU-0 at the top of a circle and goes clockwise', () => {
    for (const n of [3, 4, 8, 64]) {
      const { positions } = deviceLayout(buildSchedule({ algorithm: 'ring', devices: n }));
      expect(positions[0]).toEqual({ x: 0.5, y: 0 });
      expect(positions[1].x).toBeGreaterThan(0.5);
      expect(positions[n - 1].x).toBeLessThan(0.5);
    }
    const ring = deviceLayout(buildSchedule({ algorithm: 'ring', devices: 4 }));
    expect([...linkSet(ring, 'ring')].sort((a, b) => a - b)).toEqual([pairKey(0, 1), pairKey(0, 3), pairKey(1, 2), pairKey(2, 3)]);
  });

  it('puts the master in the centre with a spoke to every other device', () => {
    for (const n of [2, 3, 6, 64]) {
      const layout = deviceLayout(buildSchedule({ algorithm: 'master', devices: n }));
      expect(layout.positions[0]).toEqual({ x: 0.5, y: 0.5 });
      expect(linkSet(layout, 'spoke')).toEqual(edgeSet(Array.from({ length: n - 1 }, (_, i) => [0, i + 1])));
    }
  });

  it("draws NCCL's btree top-down with an edge per parent and child", () => {
    for (const n of COUNTS) {
      const layout = deviceLayout(buildSchedule({ algorithm: 'tree', devices: n }));
      const tree = btree(n);
      expect(linkSet(layout)).toEqual(edgeSet(treeEdges(tree.parent)));
      expect(layout.links).toHaveLength(n - 1);
      expect(layout.positions[tree.root].y).toBe(0);
      for (const [parent, child] of treeEdges(tree.parent)) expect(layout.positions[child].y).toBeGreaterThan(layout.positions[parent].y);
    }
  });

  it('draws both trees of the double tree, tree 0 arching above the row and tree 1 below', () => {
    for (const n of COUNTS) {
      const layout = deviceLayout(buildSchedule({ algorithm: 'double-tree', devices: n }));
      const [first, second] = dtree(n);
      expect(linkSet(layout, 'tree0')).toEqual(edgeSet(treeEdges(first.parent)));
      expect(linkSet(layout, 'tree1')).toEqual(edgeSet(treeEdges(second.parent)));
      expect(layout.links).toHaveLength(2 * (n - 1));
      for (const link of layout.links) expect(link.control!.y < 0.5).toBe(link.kind === 'tree0');
      expect(layout.treeSplit).toBe(4);
    }
  });

  it('draws the binomial tree from its root, an edge per round edge', () => {
    for (const n of COUNTS) {
      for (const root of [0, n - 1]) {
        const layout = deviceLayout(buildSchedule({ collective: 'broadcast', algorithm: 'binomial-tree', devices: n, root }));
        expect(linkSet(layout)).toEqual(edgeSet(binomialTreeRounds(n, root).flat()));
        expect(layout.positions[root].y).toBe(0);
      }
    }
  });

  it('groups hierarchical-ring devices into labelled nodes, ring links inside and between them', () => {
    for (const [n, perNode] of [
      [8, 4],
      [8, 2],
      [64, 8],
      [12, 3],
    ]) {
      const layout = deviceLayout(buildSchedule({ algorithm: 'hierarchical-ring', devices: n, devicesPerNode: perNode }));
      expect(layout.groups.map((g) => g.devices)).toEqual(Array.from({ length: n / perNode }, (_, k) => Array.from({ length: perNode }, (_, l) => k * perNode + l)));
      expect(layout.groups.map((g) => g.label)).toEqual(Array.from({ length: n / perNode }, (_, k) => `node ${k}`));
      for (const link of layout.links) {
        const sameNode = Math.floor(link.a / perNode) === Math.floor(link.b / perNode);
        expect(link.kind).toBe(sameNode ? 'intra' : 'inter');
        if (!sameNode) expect(link.a % perNode).toBe(link.b % perNode);
      }
    }
  });

  it('draws a loaded schedule on a circle when its transfers leave the named structure', () => {
    const tree = buildSchedule({ algorithm: 'tree', devices: 8 });
    const odd: Schedule = { ...tree, steps: [...tree.steps, { phase: 'extra', transfers: [{ src: 1, dst: 7, chunk: 0, op: 'copy' }] }] };
    const layout = deviceLayout(odd);
    expect(layout.kind).toBe('circle');
    expect(linkSet(layout).has(pairKey(1, 7))).toBe(true);
  });
});
