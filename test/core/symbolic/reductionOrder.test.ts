import { describe, expect, it } from 'vitest';
import { buildSchedule, type BuildRequest } from '../../../src/core/algorithms';
import type { Schedule } from '../../../src/core/schedule/ir';
import { expressionGroups, reductionOrder, treeHeight, treeInputs, type ReductionTree } from '../../../src/core/symbolic/reductionOrder';
import { reductionExpression, replicaWords } from '../../../src/core/symbolic/reductionText';
import { explainElement } from '../../../src/core/symbolic/elementReduction';

const allreduce = (algorithm: string, devices: number, more: Partial<BuildRequest> = {}) => buildSchedule({ algorithm, devices, ...more });

/** The expression device 0 ends with for chunk `chunk`. */
function expressionOf(schedule: Schedule, chunk: number): string {
  return reductionExpression(reductionOrder(schedule, chunk).held[0].tree, schedule.devices);
}

describe('the expression tree behind a value', () => {
  it('is a chain for ring, starting at the chunk that GPU-i sends first, so the order depends on the chunk', () => {
    const ring4 = allreduce('ring', 4);
    // "GPU-0 sends a₁ to GPU-1, where it gets added to b₁", then on round the ring.
    expect(expressionOf(ring4, 0)).toBe('((a₁+b₁)+c₁)+d₁');
    expect(expressionOf(ring4, 1)).toBe('((b₂+c₂)+d₂)+a₂');
    expect(expressionOf(ring4, 3)).toBe('((d₄+a₄)+b₄)+c₄');
    const ring8 = allreduce('ring', 8);
    expect(expressionOf(ring8, 0)).toBe('((((((a₁+b₁)+c₁)+d₁)+e₁)+f₁)+g₁)+h₁');
    expect(expressionOf(ring8, 5)).toBe('((((((f₆+g₆)+h₆)+a₆)+b₆)+c₆)+d₆)+e₆');
  });

  it('is the binary tree for tree: an interior GPU adds its children one after the other into its own value', () => {
    // NCCL's btree on 4: 0 ← 2 ← {1, 3}; GPU-2 adds b, then d, and GPU-0 adds the result to a.
    expect(expressionOf(allreduce('tree', 4), 0)).toBe('(d₁+(b₁+c₁))+a₁');
    expect(expressionOf(allreduce('tree', 8), 2)).toBe('((h₃+(f₃+g₃))+((d₃+(b₃+c₃))+e₃))+a₃');
  });

  it("follows double-tree's two trees: the first half of the chunks up tree 0, the second up its mirror", () => {
    const four = allreduce('double-tree', 4);
    expect(expressionOf(four, 0)).toBe('(d₁+(b₁+c₁))+a₁');
    expect(expressionOf(four, 4)).toBe('(c₅+(a₅+b₅))+d₅');
    const eight = allreduce('double-tree', 8);
    expect(expressionOf(eight, 1)).toBe('((h₂+(f₂+g₂))+((d₂+(b₂+c₂))+e₂))+a₂');
    expect(expressionOf(eight, 7)).toBe('((g₈+(e₈+f₈))+((c₈+(a₈+b₈))+d₈))+h₈');
  });

  it('is balanced for halving-doubling: lg N rounds of pairs', () => {
    const four = allreduce('halving-doubling', 4);
    // Round 1 pairs GPUs 2 apart (c into a, d into b), round 2 neighbours (b's pair into a's).
    expect(expressionOf(four, 0)).toBe('(d₁+b₁)+(c₁+a₁)');
    expect(expressionOf(four, 3)).toBe('(a₄+c₄)+(b₄+d₄)');
    expect(expressionOf(allreduce('halving-doubling', 8), 0)).toBe('((h₁+d₁)+(f₁+b₁))+((g₁+c₁)+(e₁+a₁))');
  });

  it('measures depth in ⊕s on the longest path: N − 1 for the ring, lg N for halving-doubling', () => {
    const height = (algorithm: string, devices: number) => treeHeight(reductionOrder(allreduce(algorithm, devices), 0).held[0].tree);
    expect([4, 8, 16].map((n) => height('ring', n))).toEqual([3, 7, 15]);
    expect([4, 8, 16].map((n) => height('halving-doubling', n))).toEqual([2, 3, 4]);
    expect([4, 8, 16].map((n) => height('double-tree', n))).toEqual([3, 5, 7]);
    for (const n of [4, 8, 16]) expect(treeInputs(reductionOrder(allreduce('ring', n), 0).held[0].tree)).toBe(n);
  });

  it('names the step and the device of every ⊕, read from the transfers', () => {
    const root = reductionOrder(allreduce('ring', 4), 0).held[0].tree as Extract<ReductionTree, { kind: 'reduce' }>;
    // Step 3: GPU-2 sends ((a₁+b₁)+c₁) to GPU-3.
    expect([root.kind, root.step, root.device, root.from]).toEqual(['reduce', 3, 3, 2]);
    const first = (root.incoming as Extract<ReductionTree, { kind: 'reduce' }>).incoming as Extract<ReductionTree, { kind: 'reduce' }>;
    expect([first.step, first.device, first.from]).toEqual([1, 1, 0]);
    expect(first.incoming).toMatchObject({ kind: 'input', device: 0, chunk: 0 });
  });
});

describe('which devices hold which tree', () => {
  it('is one tree, computed once and copied, on every device after ring, tree, double-tree and halving-doubling', () => {
    for (const algorithm of ['ring', 'tree', 'double-tree', 'halving-doubling']) {
      for (const devices of [4, 8]) {
        const schedule = allreduce(algorithm, devices);
        for (let chunk = 0; chunk < schedule.chunks; chunk++) {
          const { held } = reductionOrder(schedule, chunk);
          expect(new Set(held.map((h) => h.tree)).size, `${algorithm} on ${devices}, chunk ${chunk}`).toBe(1);
        }
      }
    }
    const ring = explainElement({ schedule: allreduce('ring', 4), inputs: new Float32Array(16).fill(1), elements: 4, element: 0, op: 'sum' });
    expect(ring.replicas).toHaveLength(1);
    expect(replicaWords(ring.replicas[0], 4)).toBe('computed on GPU-3 (finished in step 3), then copied to every other GPU');
  });

  it('tells apart recursive doubling, where every device computes the same expression itself, from naive, where orders differ', () => {
    const doubling = reductionOrder(allreduce('recursive-doubling', 4), 0);
    expect(new Set(doubling.held.map((h) => h.tree)).size).toBe(4);
    expect(expressionGroups(doubling)).toEqual([[0, 1, 2, 3]]);
    const ones = new Float32Array(4).fill(1);
    const words = explainElement({ schedule: allreduce('recursive-doubling', 4), inputs: ones, elements: 1, element: 0, op: 'sum' }).replicas.map((g) =>
      replicaWords(g, 4),
    );
    expect(words).toEqual(['each computes it itself (finished in step 2), in the same order up to swapped operands']);

    const naive = reductionOrder(allreduce('naive', 4), 0);
    // GPU-0 and GPU-1 both add b and a first (in either order); GPU-2 starts from a + c, GPU-3 from a + d.
    expect(expressionGroups(naive)).toEqual([[0, 1], [2], [3]]);
    expect(naive.held.map((h) => reductionExpression(h.tree, 4))).toEqual(['d₁+(c₁+(b₁+a₁))', 'd₁+(c₁+(a₁+b₁))', 'd₁+(b₁+(a₁+c₁))', 'c₁+(b₁+(a₁+d₁))']);
  });

  it('leaves only the owner with the whole result in reduce-scatter, and the root in reduce', () => {
    const scatter = buildSchedule({ collective: 'reduce-scatter', algorithm: 'ring', devices: 4 });
    const ones = new Float32Array(16).fill(1);
    // GPU-i ends owning chunk i (from 0): element 2 of 4 lies in chunk 2, so GPU-2's value is explained.
    const owned = explainElement({ schedule: scatter, inputs: ones, elements: 4, element: 2, op: 'sum' });
    expect(owned.device).toBe(2);
    // The others hold partial sums of chunk 2, which are no result to compare.
    expect(owned.replicas.map((g) => g.devices)).toEqual([[2]]);
    const reduce = buildSchedule({ collective: 'reduce', algorithm: 'binomial-tree', devices: 4, root: 1 });
    const explained = explainElement({ schedule: reduce, inputs: ones, elements: 4, element: 0, op: 'sum' });
    expect(explained.device).toBe(1);
    expect(treeInputs(explained.tree)).toBe(4);
    expect(explained.replicas.map((g) => g.devices)).toEqual([[1]]);
  });
});

describe('the expression in the seeds’ notation', () => {
  it('writes products with × and max and min as calls', () => {
    const tree = reductionOrder(allreduce('ring', 4), 0).held[0].tree;
    expect(reductionExpression(tree, 4, 'prod')).toBe('((a₁×b₁)×c₁)×d₁');
    expect(reductionExpression(tree, 4, 'max')).toBe('max(max(max(a₁, b₁), c₁), d₁)');
  });

  it('names gradients g0 … beyond 26 devices and walks trees a thousand ⊕s deep without recursion', () => {
    const tree = reductionOrder(allreduce('ring', 1024), 0).held[0].tree;
    expect(treeHeight(tree)).toBe(1023);
    const text = reductionExpression(tree, 1024);
    expect(text.startsWith('('.repeat(1022) + 'g0₁+g1₁)+g2₁)')).toBe(true);
    expect(text.endsWith('+g1023₁')).toBe(true);
  });
});
