import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { compareElements, explainElement } from '../../../src/core/symbolic/elementReduction';
import { dyadicDecimal, dyadicToNumber, exactDecimal } from '../../../src/core/symbolic/exactValue';
import { f32Hex } from '../../../src/core/symbolic/f32Bits';
import { reductionExpression } from '../../../src/core/symbolic/reductionText';
import { generateInputs, type Distribution } from '../../../src/engine/inputs';

const DEVICES = 8;
const ELEMENTS = 64;

function explainAll(algorithm: string, distribution: Distribution, seed: number) {
  const schedule = buildSchedule({ algorithm, devices: DEVICES });
  const inputs = generateInputs(DEVICES, ELEMENTS, 'sum', seed, distribution);
  return Array.from({ length: ELEMENTS }, (_, element) => explainElement({ schedule, inputs, elements: ELEMENTS, element, op: 'sum' }));
}

describe('one element explained on two algorithms', () => {
  it('gives identical bits on integer data, whose sums f32 holds exactly whatever the order', () => {
    const ring = explainAll('ring', 'integers', 1);
    const tree = explainAll('double-tree', 'integers', 1);
    for (let e = 0; e < ELEMENTS; e++) {
      expect(compareElements(ring[e], tree[e])).toEqual({ ulps: 0, identical: true, sameExpression: false });
      expect(ring[e].error).toBe(0);
      expect(ring[e].value).toBe(dyadicToNumber(ring[e].accuracy.exact));
    }
  });

  it('may differ in the last bits on data of mixed magnitudes, each result within its own bound of the exact sum', () => {
    let differing = 0;
    for (const seed of [1, 2, 3]) {
      const ring = explainAll('ring', 'mixed', seed);
      const tree = explainAll('double-tree', 'mixed', seed);
      for (let e = 0; e < ELEMENTS; e++) {
        const compared = compareElements(ring[e], tree[e]);
        if (!compared.identical) differing++;
        expect(ring[e].within && tree[e].within).toBe(true);
        // Both lie within their bounds of one exact sum, so never farther apart than the two bounds.
        expect(Math.abs(ring[e].value - tree[e].value)).toBeLessThanOrEqual(ring[e].accuracy.bound + tree[e].accuracy.bound);
        expect(dyadicToNumber(ring[e].accuracy.exact)).toBe(dyadicToNumber(tree[e].accuracy.exact));
      }
    }
    expect(differing).toBeGreaterThan(0);
  });

  it('explains element 5 of ring and double-tree on 8 devices, mixed data of seed 1, to the bit', () => {
    const inputs = generateInputs(DEVICES, 16, 'sum', 1, 'mixed');
    const explain = (algorithm: string) =>
      explainElement({ schedule: buildSchedule({ algorithm, devices: DEVICES }), inputs, elements: 16, element: 5, op: 'sum' });
    const ring = explain('ring');
    const tree = explain('double-tree');
    // 16 elements in 8 chunks: element 5 lies in chunk 2 (a₃ …); double-tree's chunk 2 goes up tree 0.
    expect(reductionExpression(ring.tree, DEVICES)).toBe('((((((c₃+d₃)+e₃)+f₃)+g₃)+h₃)+a₃)+b₃');
    expect(reductionExpression(tree.tree, DEVICES)).toBe('((h₃+(f₃+g₃))+((d₃+(b₃+c₃))+e₃))+a₃');
    expect([ring.accuracy.roundings, tree.accuracy.roundings]).toEqual([7, 5]);
    // The chain happens to land on the exact sum; the tree, though shallower, ends one f32 below it.
    expect([f32Hex(ring.value), f32Hex(tree.value)]).toEqual(['0xc47ef2e6', '0xc47ef2e5']);
    expect(exactDecimal(ring.value)).toBe('-1019.7952880859375');
    expect(dyadicDecimal(ring.accuracy.exact)).toBe('-1019.7952880859375');
    expect([ring.error, tree.error]).toEqual([0, 2 ** -14]);
    expect(compareElements(ring, tree)).toEqual({ ulps: 1, identical: false, sameExpression: false });
  });

  it('calls the same expression with swapped operands the same, and a run against itself identical', () => {
    const inputs = generateInputs(4, 4, 'sum', 7, 'mixed');
    const explain = (algorithm: string, device?: number) =>
      explainElement({ schedule: buildSchedule({ algorithm, devices: 4 }), inputs, elements: 4, element: 0, op: 'sum', device });
    expect(compareElements(explain('recursive-doubling', 0), explain('recursive-doubling', 1))).toEqual({ ulps: 0, identical: true, sameExpression: true });
    expect(compareElements(explain('ring'), explain('ring'))).toEqual({ ulps: 0, identical: true, sameExpression: true });
  });

  it('groups naive’s devices by the order each sums in, each group with its own value', () => {
    const inputs = generateInputs(4, 1, 'sum', 2, 'mixed');
    const naive = explainElement({ schedule: buildSchedule({ algorithm: 'naive', devices: 4 }), inputs, elements: 1, element: 0, op: 'sum', device: 2 });
    expect(naive.replicas.map((g) => g.devices)).toEqual([[2], [0, 1], [3]]);
    expect(naive.replicas[0].value).toBe(naive.value);
    expect(naive.replicas.map((g) => g.reducedOn)).toEqual([[2], [0, 1], [3]]);
  });
});
