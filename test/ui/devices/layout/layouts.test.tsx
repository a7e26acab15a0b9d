import { describe, expect, it } from 'vitest';
import { buildSchedule, type BuildRequest } from '../../../../src/core/algorithms';
import { btree, dtree } from '../../../../src/core/algorithms/btree';
import { binomialTreeRounds } from '../../../../src/core/algorithms/broadcast';
import { foldPlan } from '../../../../src/core/algorithms/fold';
import type { Schedule } from '../../../../src/core/schedule/ir';
import { deviceLayout, pairKey, usedPairs, type DeviceLayout, type LayoutKind } from '../../../../src/ui/devices/layout/layouts';

const COUNTS = Array.from({ length: 63 }, (_, i) => i + 2);

function largestProperDivisor(n: number): number {
  for (let g = Math.floor(n / 2); g >= 2; g--) if (n % g === 0) return g;
  return 0;
}

/** Every layout family, with the device counts it is drawn for. */
const FAMILIES: { name: string; kind: LayoutKind; request: (n: number) => BuildRequest | null }[] = [
  { name: 'ring', kind: 'circle', request: (n) => ({ algorithm: 'ring', devices: n }) },
  { name: 'naive', kind: 'circle', request: (n) => ({ algorithm: 'naive', devices: n }) },
  { name: 'recursive-doubling', kind: 'partners', request: (n) => ({ algorithm: 'recursive-doubling', devices: n }) },
  { name: 'halving-doubling', kind: 'partners', request: (n) => ({ algorithm: 'halving-doubling', devices: n }) },
  { name: 'recursive-doubling allgather', kind: 'partners', request: (n) => ({ collective: 'allgather', algorithm: 'recursive-doubling', devices: n }) },
  { name: 'master', kind: 'star', request: (n) => ({ algorithm: 'master', devices: n }) },
  { name: 'tree', kind: 'tree', request: (n) => ({ algorithm: 'tree', devices: n }) },
  { name: 'double-tree', kind: 'double-tree', request: (n) => ({ algorithm: 'double-tree', devices: n }) },
  {
    name: 'hierarchical-ring',
    kind: 'nodes',
    request: (n) => (largestProperDivisor(n) ? { algorithm: 'hierarchical-ring', devices: n, devicesPerNode: largestProperDivisor(n) } : null),
  },
  {
    name: 'broadcast binomial-tree',
    kind: 'binomial-tree',
    request: (n) => ({ collective: 'broadcast', algorithm: 'binomial-tree', devices: n, root: n - 1 }),
  },
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
        else for (const pair of usedPairs(schedule)) expect(linkSet(layout).has(pair), `${family.name} N=${n}`).toBe(true);
      }
    }
  });

  it('still builds every structure for up to 1024 devices, one distinct position each', () => {
    for (const n of [100, 1024]) {
      for (const family of FAMILIES) {
        // Circles and nodes take no structure from N; their schedules are slow to build this large.
        const request = n > 100 && ['ring', 'naive', 'hierarchical-ring'].includes(family.name) ? null : family.request(n);
        if (!request) continue;
        const layout = deviceLayout(buildSchedule(request));
        expect(layout.kind, `${family.name} N=${n}`).toBe(family.kind);
        expect(new Set(layout.positions.map((p) => `${p.x},${p.y}`)).size, `${family.name} N=${n}`).toBe(n);
      }
    }
  }, 20_000);

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

  it('draws the double tree as two trees: tree 0 hangs from its root on top, tree 1 grows up from its root at the bottom', () => {
    for (const n of COUNTS) {
      const layout = deviceLayout(buildSchedule({ algorithm: 'double-tree', devices: n }));
      const [first, second] = dtree(n);
      const { positions } = layout;
      expect(linkSet(layout, 'tree0')).toEqual(edgeSet(treeEdges(first.parent)));
      expect(linkSet(layout, 'tree1')).toEqual(edgeSet(treeEdges(second.parent)));
      expect(layout.links).toHaveLength(2 * (n - 1));
      expect(positions[first.root].y, `N=${n}`).toBe(0);
      expect(positions[second.root].y, `N=${n}`).toBe(1);
      for (const [parent, child] of treeEdges(first.parent))
        expect(positions[child].y, `N=${n} tree 0 ${parent}→${child}`).toBeGreaterThan(positions[parent].y);
      // GPU-0 of odd N is inside both trees and stands on top as tree 0's root, above its tree-1 children.
      for (const [parent, child] of treeEdges(second.parent)) {
        if (n % 2 === 1 && parent === 0) continue;
        expect(positions[child].y, `N=${n} tree 1 ${parent}→${child}`).toBeLessThan(positions[parent].y);
      }
      // The top half holds tree 0's inside devices, the bottom half tree 1's: leaves of the other tree.
      for (let d = 0; d < n; d++) {
        const top = positions[d].y < 0.5;
        expect(top, `N=${n} GPU-${d}`).toBe(first.children[d].length > 0);
        if (n % 2 === 0 || d !== 0) expect(second.children[d].length === 0, `N=${n} GPU-${d}`).toBe(top);
      }
      expect(layout.treeSplit).toBe(4);
      expect(layout.roots!.map((mark) => [mark.device, mark.label, mark.kind])).toEqual([
        [0, 'tree 0 root', 'tree0'],
        [n % 2 === 0 ? n - 1 : 1, 'tree 1 root', 'tree1'],
      ]);
    }
  });

  it('places the double tree of 8 devices in rows by depth, columns by rank, tree 1 the half turn of tree 0', () => {
    const { positions } = deviceLayout(buildSchedule({ algorithm: 'double-tree', devices: 8 }));
    // Rows: 0 | 4 | 2 6 | gap | 1 5 | 3 | 7, the gap half a row.
    const span = 5.5;
    expect(positions.map((p) => p.y)).toEqual([0, 3.5 / span, 2 / span, 4.5 / span, 1 / span, 3.5 / span, 2 / span, 1]);
    expect(positions.map((p) => p.x)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((d) => d / 7));
    for (const n of [2, 4, 8, 16, 32, 64]) {
      const { positions: at } = deviceLayout(buildSchedule({ algorithm: 'double-tree', devices: n }));
      for (let d = 0; d < n; d++) {
        expect(at[n - 1 - d].x, `N=${n} GPU-${d}`).toBeCloseTo(1 - at[d].x, 12);
        expect(at[n - 1 - d].y, `N=${n} GPU-${d}`).toBeCloseTo(1 - at[d].y, 12);
      }
    }
  });

  it('bows the two links of a pair both trees use to opposite sides', () => {
    const layout = deviceLayout(buildSchedule({ algorithm: 'double-tree', devices: 8 }));
    const bows = layout.links.filter((link) => link.bend !== undefined).map((link) => [link.kind, link.a, link.b, link.bend]);
    // 2–1 and 6–5 are in both trees; bends are to the left of a→b, so equal bends on opposite directions part.
    expect(bows).toEqual([
      ['tree0', 2, 1, -0.35],
      ['tree0', 6, 5, -0.35],
      ['tree1', 1, 2, -0.35],
      ['tree1', 5, 6, -0.35],
    ]);
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
      expect(layout.groups.map((g) => g.devices)).toEqual(
        Array.from({ length: n / perNode }, (_, k) => Array.from({ length: perNode }, (_, l) => k * perNode + l)),
      );
      expect(layout.groups.map((g) => g.label)).toEqual(Array.from({ length: n / perNode }, (_, k) => `node ${k}`));
      for (const link of layout.links) {
        const sameNode = Math.floor(link.a / perNode) === Math.floor(link.b / perNode);
        expect(link.kind).toBe(sameNode ? 'intra' : 'inter');
        if (!sameNode) expect(link.a % perNode).toBe(link.b % perNode);
      }
    }
  });

  it('draws recursive halving and doubling as partners by distance: the far half straight across, nearer partners in arcs', () => {
    for (const n of COUNTS) {
      for (const algorithm of ['halving-doubling', 'recursive-doubling']) {
        const layout = deviceLayout(buildSchedule({ algorithm, devices: n }));
        const { ranks, folded, survivors } = foldPlan(n);
        const half = ranks / 2;
        const { positions } = layout;
        const name = `${algorithm} N=${n}`;
        for (let r = 0; r < ranks; r++) {
          // The lower half of the ranks stands on top, in rank order, the upper half below it.
          expect(positions[survivors[r]].y, name).toBe(positions[survivors[r < half ? 0 : half]].y);
          expect(positions[survivors[r]].x, name).toBe(positions[survivors[r % half]].x);
        }
        if (ranks > 1) expect(positions[survivors[0]].y, name).toBeLessThan(positions[survivors[half]].y);
        const partners = layout.links.filter((link) => link.kind === 'partner');
        const expected: string[] = [];
        for (let d = 1; d < ranks; d *= 2) for (let r = 0; r < ranks; r++) if ((r ^ d) > r) expected.push(`${survivors[r]}-${survivors[r ^ d]} d=${d}`);
        expect(
          partners.map((link) => `${link.a}-${link.b} d=${link.distance}`),
          name,
        ).toEqual(expected);
        for (const link of partners) {
          if (link.distance === half) expect(link.arc, name).toBeUndefined();
          else {
            const topRow = positions[link.a].y === positions[survivors[0]].y;
            expect(link.arc, name).toEqual({
              side: topRow ? 'above' : 'below',
              reach: (Math.log2(link.distance!) + 1) / Math.log2(half),
              ...(folded > (topRow ? 0 : half) ? { limit: positions[topRow ? 0 : 2 * half].y } : {}),
            });
          }
        }
        // A device that folds first stands beyond the arcs, in its partner's column.
        const folds = layout.links.filter((link) => link.kind === 'fold');
        expect(
          folds.map((link) => [link.a, link.b]),
          name,
        ).toEqual(Array.from({ length: folded }, (_, i) => [2 * i, 2 * i + 1]));
        for (let i = 0; i < folded; i++) {
          expect(positions[2 * i].x, name).toBe(positions[2 * i + 1].x);
          expect(positions[2 * i].y, name).toBe(i < half ? 0 : 1);
        }
      }
    }
  });

  it('numbers the first pair of each distance, for the legend to name', () => {
    const layout = deviceLayout(buildSchedule({ algorithm: 'halving-doubling', devices: 16 }));
    expect(layout.links.filter((link) => link.label).map((link) => [link.a, link.b, link.label])).toEqual([
      [0, 1, 'd=1'],
      [0, 2, 'd=2'],
      [0, 4, 'd=4'],
      [0, 8, 'd=8'],
    ]);
    const { positions } = layout;
    expect(positions.slice(0, 8).map((p) => p.x)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((c) => c / 7));
    expect(new Set(positions.slice(0, 8).map((p) => p.y)).size).toBe(1);
    expect(positions.slice(8).map((p) => p.x)).toEqual(positions.slice(0, 8).map((p) => p.x));
  });

  it('orders a binomial tree’s children left to right by the round that serves them', () => {
    const layout = deviceLayout(buildSchedule({ collective: 'broadcast', algorithm: 'binomial-tree', devices: 16 }));
    const xs = (devices: number[]) => devices.map((d) => layout.positions[d].x);
    for (const children of [[1, 2, 4, 8], [3, 5, 9], [6, 10], [7, 11], [13]]) {
      const at = xs(children);
      expect(at, children.join(',')).toEqual([...at].sort((a, b) => a - b));
    }
  });

  it('draws halving-doubling on a circle when a loaded schedule sends between devices that are not partners', () => {
    const schedule = buildSchedule({ algorithm: 'halving-doubling', devices: 8 });
    const odd: Schedule = { ...schedule, steps: [...schedule.steps, { phase: 'extra', transfers: [{ src: 0, dst: 3, chunk: 0, op: 'copy' }] }] };
    expect(deviceLayout(schedule).kind).toBe('partners');
    expect(deviceLayout(odd).kind).toBe('circle');
  });

  it('draws a loaded schedule on a circle when its transfers leave the named structure', () => {
    const tree = buildSchedule({ algorithm: 'tree', devices: 8 });
    const odd: Schedule = { ...tree, steps: [...tree.steps, { phase: 'extra', transfers: [{ src: 1, dst: 7, chunk: 0, op: 'copy' }] }] };
    const layout = deviceLayout(odd);
    expect(layout.kind).toBe('circle');
    expect(linkSet(layout).has(pairKey(1, 7))).toBe(true);
  });
});
