import { describe, expect, it } from 'vitest';
import { btree, dtree, relabelTree, type TreeShape } from '../../../src/core/algorithms/btree';

const MAX_N = 1024;
const deviceCounts = Array.from({ length: MAX_N }, (_, i) => i + 1);

function table(tree: TreeShape) {
  return { root: tree.root, parent: [...tree.parent], children: tree.children.map((c) => [...c]) };
}

const isLeaf = (tree: TreeShape, d: number) => tree.children[d].length === 0;

/** NCCL's right-child ("down1") loop as written there: recompute from the current offset, then halve. */
function ncclRightChild(rank: number, n: number, bit: number): number {
  let lowbit = bit >> 1;
  let down1 = lowbit === 0 ? -1 : rank + lowbit;
  while (down1 >= n) {
    down1 = lowbit === 0 ? -1 : rank + lowbit;
    lowbit >>= 1;
  }
  return down1;
}

describe('btree (NCCL ncclGetBtree)', () => {
  it('builds 0 → 2 → {1, 3} on 4 devices', () => {
    expect(table(btree(4))).toEqual({ root: 0, parent: [-1, 2, 0, 2], children: [[2], [], [1, 3], []] });
  });

  it('builds 0 → 4 → {2 → {1, 3}, 6 → {5}} on 7 devices, dropping 6’s right child 7', () => {
    expect(table(btree(7))).toEqual({
      root: 0,
      parent: [-1, 2, 4, 2, 0, 6, 4],
      children: [[4], [], [1, 3], [], [2, 6], [], [5]],
    });
  });

  it('builds the complete tree 0 → 4 → {2 → {1, 3}, 6 → {5, 7}} on 8 devices', () => {
    expect(table(btree(8))).toEqual({
      root: 0,
      parent: [-1, 2, 4, 2, 0, 6, 4, 6],
      children: [[4], [], [1, 3], [], [2, 6], [], [5, 7], []],
    });
  });

  it('walks a right child down to the largest offset in range (NCCL’s 14-rank illustration: 12 → 13)', () => {
    const t = btree(14);
    expect(t.children[12]).toEqual([10, 13]);
    expect(t.parent[13]).toBe(12);
    expect(btree(13).children[12]).toEqual([10]);
    // 8's right child 12 is out of range for 11 devices; 8 + 2 = 10 is taken instead.
    expect(btree(11).children[8]).toEqual([4, 10]);
    expect(btree(11).parent[10]).toBe(8);
  });

  it('is a single device with no edges for N = 1', () => {
    expect(table(btree(1))).toEqual({ root: 0, parent: [-1], children: [[]] });
  });

  it('picks the same right child as NCCL’s down1 loop for every rank, N = 1..1024', () => {
    for (const n of deviceCounts) {
      const t = btree(n);
      for (let r = 1; r < n; r++) {
        const bit = r & -r;
        const right = ncclRightChild(r, n, bit);
        const expected = bit === 1 ? [] : right === -1 ? [r - bit / 2] : [r - bit / 2, right];
        if (t.children[r].join() !== expected.join()) {
          expect({ n, r, children: t.children[r] }).toEqual({ n, r, children: expected });
        }
      }
    }
  });
});

describe('dtree (NCCL ncclGetDtree)', () => {
  it('mirrors tree 0 on 4 devices: 3 → 1 → {0, 2}', () => {
    const [t0, t1] = dtree(4);
    expect(table(t0)).toEqual(table(btree(4)));
    expect(table(t1)).toEqual({ root: 3, parent: [1, 3, 1, -1], children: [[], [0, 2], [], [1]] });
  });

  it('shifts tree 0 by one on 7 devices: 1 → 5 → {0 → {6}, 3 → {2, 4}}', () => {
    const [t0, t1] = dtree(7);
    expect(table(t0)).toEqual(table(btree(7)));
    expect(table(t1)).toEqual({
      root: 1,
      parent: [5, -1, 3, 5, 3, 1, 0],
      children: [[6], [5], [], [2, 4], [], [0, 3], []],
    });
  });

  it('mirrors tree 0 on 8 devices: 7 → 3 → {1 → {0, 2}, 5 → {4, 6}}', () => {
    const [t0, t1] = dtree(8);
    expect(table(t0)).toEqual(table(btree(8)));
    expect(table(t1)).toEqual({
      root: 7,
      parent: [1, 3, 1, 7, 5, 3, 5, -1],
      children: [[], [0, 2], [], [1, 5], [], [4, 6], [], [3]],
    });
  });

  it('roots tree 1 where NCCL’s ncclGetDtreeRoots does: N−1 for even N, 1 for odd N > 1', () => {
    for (const n of deviceCounts) {
      expect(dtree(n)[1].root).toBe(n % 2 === 1 && n > 1 ? 1 : n - 1);
    }
  });
});

function checkSpanningTree(tree: TreeShape): string | null {
  const n = tree.devices;
  if (tree.parent[tree.root] !== -1) return `root ${tree.root} has a parent`;
  for (let d = 0; d < n; d++) {
    const kids = tree.children[d];
    if (kids.length > 2) return `device ${d} has ${kids.length} children`;
    for (let i = 0; i < kids.length; i++) {
      if (tree.parent[kids[i]] !== d) return `child ${kids[i]} of ${d} names ${tree.parent[kids[i]]} as parent`;
      if (i > 0 && kids[i] <= kids[i - 1]) return `children of ${d} are not ascending`;
    }
    if (d !== tree.root && !tree.children[tree.parent[d]]?.includes(d)) return `parent of ${d} does not list it`;
    // Every device reaches the root in fewer than n hops, so there is no cycle.
    let at = d;
    for (let hops = 0; at !== tree.root; hops++) {
      if (hops >= n || at < 0 || at >= n) return `device ${d} does not reach the root`;
      at = tree.parent[at];
    }
  }
  return null;
}

describe('tree properties for N = 1..1024', () => {
  it('both trees are spanning trees of at most two children per device, parents and children agreeing', () => {
    for (const n of deviceCounts) {
      for (const [i, t] of dtree(n).entries()) {
        const problem = checkSpanningTree(t);
        if (problem) expect(`N = ${n}, tree ${i}: ${problem}`).toBe(null);
      }
    }
  });

  it('makes exactly the odd devices the leaves of tree 0 (N ≥ 2)', () => {
    for (const n of deviceCounts.filter((n) => n >= 2)) {
      const t0 = btree(n);
      const leaves = Array.from({ length: n }, (_, d) => d).filter((d) => isLeaf(t0, d));
      expect(leaves).toEqual(Array.from({ length: Math.floor(n / 2) }, (_, i) => 2 * i + 1));
    }
  });

  it('for odd N ≥ 3 keeps GPU-0 interior in both trees and every other device a leaf in exactly one', () => {
    for (const n of deviceCounts.filter((n) => n % 2 === 1 && n >= 3)) {
      const [t0, t1] = dtree(n);
      expect([isLeaf(t0, 0), isLeaf(t1, 0)]).toEqual([false, false]);
      for (let d = 1; d < n; d++) {
        if (isLeaf(t0, d) === isLeaf(t1, d)) expect({ n, d, leafIn0: isLeaf(t0, d) }).toBe('a leaf in exactly one tree');
      }
    }
  });

  it('for even N makes every device a leaf in exactly one of the two trees', () => {
    for (const n of deviceCounts.filter((n) => n % 2 === 0)) {
      const [t0, t1] = dtree(n);
      for (let d = 0; d < n; d++) {
        if (isLeaf(t0, d) === isLeaf(t1, d)) expect({ n, d, leafIn0: isLeaf(t0, d) }).toBe('a leaf in exactly one tree');
      }
    }
  });

  it('has height ⌈log2 N⌉ in both trees', () => {
    for (const n of deviceCounts) {
      const expected = Math.ceil(Math.log2(n));
      for (const t of dtree(n)) {
        let height = 0;
        for (let d = 0; d < n; d++) {
          let depth = 0;
          for (let at = d; at !== t.root; at = t.parent[at]) depth++;
          height = Math.max(height, depth);
        }
        expect(height).toBe(expected);
      }
    }
  });
});

describe('relabelTree', () => {
  it('renames parents, children and the root, keeping children ascending', () => {
    const reversed = relabelTree(btree(4), (d) => 3 - d);
    expect(table(reversed)).toEqual({ root: 3, parent: [1, 3, 1, -1], children: [[], [0, 2], [], [1]] });
  });
});
