import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { reductionOrder } from '../../../src/core/symbolic/reductionOrder';
import { layoutTree } from '../../../src/ui/inspector/order/treeLayout';

const METRICS = { inputGap: 36, rowHeight: 30, pad: 18 };

function drawn(algorithm: string, devices: number, chunk = 0) {
  const tree = reductionOrder(buildSchedule({ algorithm, devices }), chunk).held[0].tree;
  return layoutTree(tree, devices, 'sum', METRICS);
}

describe('where a reduction tree is drawn', () => {
  it('puts the inputs on one baseline in the order the expression writes them, one gap apart', () => {
    const ring = drawn('ring', 4);
    expect(ring.inputs.map((input) => input.label)).toEqual(['a₁', 'b₁', 'c₁', 'd₁']);
    expect(ring.inputs.map((input) => input.x)).toEqual([36, 72, 108, 144]);
    expect(new Set(ring.inputs.map((input) => input.y))).toEqual(new Set([18 + 3 * 30]));
    expect([ring.width, ring.height]).toEqual([2 * 18 + 4 * 36, 2 * 18 + 3 * 30]);
  });

  it('stands each ⊕ on the row of its depth, midway over its operands: a chain climbs, pairs stay low', () => {
    const ring = drawn('ring', 4);
    // ((a+b)+c)+d: depths 1, 2, 3 from the baseline up.
    expect(ring.ops.map((op) => [op.x, op.y])).toEqual([
      [54, 78],
      [81, 48],
      [112.5, 18],
    ]);
    const halving = drawn('halving-doubling', 4);
    expect(halving.height).toBe(2 * 18 + 2 * 30);
    expect(halving.ops.map((op) => op.y).sort()).toEqual([18, 48, 48]);
  });

  it('marks the longest path, the one the bound counts, from the root down to an input', () => {
    const ring = drawn('ring', 8);
    expect(ring.edges.filter((edge) => edge.onLongestPath)).toHaveLength(7);
    expect(ring.ops.every((op) => op.onLongestPath)).toBe(true);
    const tree = drawn('double-tree', 8);
    expect(tree.edges.filter((edge) => edge.onLongestPath)).toHaveLength(5);
    expect(tree.ops.filter((op) => op.onLongestPath)).toHaveLength(5);
    expect(tree.edges.filter((edge) => edge.fromInput)).toHaveLength(8);
  });

  it('says in each ⊕’s title who added what, and when', () => {
    const ring = drawn('ring', 4);
    expect(ring.ops.map((op) => op.title)).toEqual([
      'GPU-1 adds what GPU-0 sent, in step 1',
      'GPU-2 adds what GPU-1 sent, in step 2',
      'GPU-3 adds what GPU-2 sent, in step 3',
    ]);
  });
});
