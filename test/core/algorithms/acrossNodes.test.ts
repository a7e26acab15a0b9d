// NCCL's trees across nodes (btree.ts acrossNodes): the tree over nodes joined to a chain inside each
// node, and tree and double-tree built that way when given devices per node.
import { describe, expect, it } from 'vitest';
import { acrossNodes, btree, dtree, dtreeAcrossNodes, type TreeShape } from '../../../src/core/algorithms/btree';
import { doubleTree } from '../../../src/core/algorithms/doubleTree';
import { depths, subtreeHeights } from '../../../src/core/algorithms/pipelinedTree';
import { tree } from '../../../src/core/algorithms/tree';
import { GradsyncError } from '../../../src/core/errors';
import { verifySchedule } from '../../../src/core/symbolic/verify';

const table = (t: TreeShape) => ({ root: t.root, parent: [...t.parent], children: t.children.map((c) => [...c]) });

describe('acrossNodes (NCCL connect.cc: trees over nodes, a chain inside each)', () => {
  it('joins 3 nodes of 2 as btree(3) over their heads, each head the top of its node’s chain', () => {
    // btree(3): 0 → 2 → 1.
    expect(table(acrossNodes(btree(3), 2))).toEqual({
      root: 0,
      parent: [-1, 0, 4, 2, 0, 4],
      children: [[1, 4], [], [3], [], [2, 5], []],
    });
  });

  it('is the tree itself with one device per node', () => {
    for (let n = 1; n <= 40; n++) expect(table(acrossNodes(btree(n), 1))).toEqual(table(btree(n)));
  });

  it('puts every device but the head below the one before it, and every network edge between heads, for N/G nodes of G', () => {
    for (const g of [2, 3, 6, 8]) {
      for (const nodes of [1, 2, 5, 16, 33]) {
        const [first, second] = dtreeAcrossNodes(nodes * g, g);
        const [overFirst, overSecond] = dtree(nodes);
        for (const [across, over] of [
          [first, overFirst],
          [second, overSecond],
        ] as const) {
          for (let d = 0; d < nodes * g; d++) {
            const local = d % g;
            const node = Math.floor(d / g);
            if (local > 0) expect(across.parent[d]).toBe(d - 1);
            else expect(across.parent[d]).toBe(over.parent[node] === -1 ? -1 : over.parent[node] * g);
          }
          // Height: the chain's G − 1 below the deepest head, plus the node tree's own.
          expect(subtreeHeights(across)[across.root]).toBe(g - 1 + subtreeHeights(over)[over.root]);
          expect(Math.max(...depths(across))).toBe(g - 1 + Math.max(...depths(over)));
        }
        // Both trees share the chains.
        for (let d = 0; d < nodes * g; d++) if (d % g > 0) expect(second.parent[d]).toBe(first.parent[d]);
      }
    }
  });
});

describe.each([tree, doubleTree])('$id given devices per node', (spec) => {
  it('is a verified all-reduce across N/G nodes of G, N up to 48, chunks 1, 3, 8', () => {
    for (let n = 1; n <= 48; n++) {
      for (let g = 1; g <= n; g++) {
        if (n % g !== 0) continue;
        for (const chunks of [1, 3, 8]) {
          const result = verifySchedule(spec.build({ devices: n, chunks, devicesPerNode: g }));
          if (!result.ok) expect({ n, g, chunks, violation: result.violation?.message }).toBe('ok');
        }
      }
    }
  });

  it('records G in the schedule, and takes the same schedule as before without it', () => {
    expect(spec.build({ devices: 12, devicesPerNode: 6 }).devicesPerNode).toBe(6);
    expect(spec.build({ devices: 12 }).devicesPerNode).toBeUndefined();
    expect(spec.build({ devices: 12, devicesPerNode: 1 }).steps).toEqual(spec.build({ devices: 12 }).steps);
  });

  it('rejects devices per node that do not divide the devices', () => {
    expect(() => spec.build({ devices: 12, devicesPerNode: 5 })).toThrow(GradsyncError);
    expect(() => spec.build({ devices: 12, devicesPerNode: 5 })).toThrow(/G = 5 for N = 12/);
  });
});
