import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { REDUCE_OPS } from '../../../src/core/ops';
import { compileSchedule } from '../../../src/core/schedule/compile';
import { dyadicToNumber } from '../../../src/core/symbolic/exactValue';
import { explainElement } from '../../../src/core/symbolic/elementReduction';
import { combinationFor, gamma } from '../../../src/core/symbolic/numericCheck';
import { reductionAccuracy } from '../../../src/core/symbolic/reductionBound';
import { reductionOrder } from '../../../src/core/symbolic/reductionOrder';
import { elementReader } from '../../../src/core/symbolic/reductionValue';
import { generateInputs } from '../../../src/engine/inputs';
import { everyAlgorithm } from '../../fixtures/scenarios';

const U = 2 ** -24;

/** The accuracy of element 0 (chunk 0's tree on device 0) of a 4-device all-reduce. */
function accuracyOf(algorithm: string, op: (typeof REDUCE_OPS)[number], inputs: Float32Array, devices = 4) {
  const schedule = buildSchedule({ algorithm, devices });
  const compiled = compileSchedule(schedule);
  const tree = reductionOrder(compiled, 0).held[0].tree;
  return reductionAccuracy(tree, elementReader(compiled, inputs, 1, 0), combinationFor(op, 'allreduce', devices));
}

describe('the rounding bound of a reduction tree', () => {
  it('counts the ⊕s on the longest path: N − 1 for the ring’s chain, lg N for halving-doubling’s pairs', () => {
    const inputs = Float32Array.of(0.5, -0.25, 2, 1.5, 0.75, -1, 3, 0.125);
    for (const [algorithm, roundings] of [
      ['ring', 7],
      ['halving-doubling', 3],
      ['double-tree', 5],
    ] as const) {
      const accuracy = accuracyOf(algorithm, 'sum', inputs, 8);
      expect(accuracy.roundings, algorithm).toBe(roundings);
      expect(accuracy.magnitude).toBe(9.125);
      expect(accuracy.gamma).toBe((roundings * U) / (1 - roundings * U));
      expect(accuracy.bound).toBe(gamma(roundings) * 9.125);
      expect(dyadicToNumber(accuracy.exact)).toBe(6.625);
    }
  });

  it('adds avg’s premultiply, takes every multiply of a product, and nothing for max and min', () => {
    const inputs = Float32Array.of(1.5, -2, 0.5, 3);
    const third = Math.fround(1 / 4);
    const avg = accuracyOf('ring', 'avg', inputs);
    expect(avg.roundings).toBe(4);
    expect(dyadicToNumber(avg.exact)).toBe(3 * third);
    expect(avg.magnitude).toBe(7 * third);
    const prod = accuracyOf('halving-doubling', 'prod', inputs);
    // Every multiply rounds the whole product, however balanced the tree.
    expect(prod.roundings).toBe(3);
    expect(dyadicToNumber(prod.exact)).toBe(-4.5);
    expect(prod.bound).toBe(gamma(3) * 4.5);
    const max = accuracyOf('ring', 'max', inputs);
    expect([max.roundings, max.bound, dyadicToNumber(max.exact)]).toEqual([0, 0, 3]);
  });

  it('holds for every algorithm of every collective, every op and element, on random data of both spreads', () => {
    const failures: string[] = [];
    for (const devices of [2, 3, 4, 7, 8, 16]) {
      for (const request of everyAlgorithm(devices)) {
        const schedule = buildSchedule(request);
        const elements = 3 * schedule.chunks;
        for (const op of REDUCE_OPS) {
          for (const [seed, spread] of [
            [1, 'mixed'],
            [2, 'uniform'],
            [3, 'mixed'],
          ] as const) {
            const inputs = generateInputs(devices, elements, op, seed, spread);
            for (let element = 0; element < elements; element++) {
              const explained = explainElement({ schedule, inputs, elements, element, op });
              if (!explained.within) {
                const where = `${request.collective}/${request.algorithm} N=${devices} ${op} seed ${seed} element ${element}`;
                failures.push(`${where}: error ${explained.error} > ${explained.accuracy.bound}`);
              }
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('is nearly reached by a chain that loses every small term', () => {
    // 1 and N − 1 halves of its ulp: each + lands halfway and rounds to even, back to 1, so all are lost.
    const devices = 16;
    const inputs = new Float32Array(devices).fill(2 ** -24);
    inputs[0] = 1;
    const accuracy = accuracyOf('ring', 'sum', inputs, devices);
    const explained = explainElement({ schedule: buildSchedule({ algorithm: 'ring', devices }), inputs, elements: 1, element: 0, op: 'sum' });
    expect(explained.value).toBe(1);
    expect(explained.error).toBe(-15 * 2 ** -24);
    expect(Math.abs(explained.error)).toBeLessThanOrEqual(accuracy.bound);
    expect(Math.abs(explained.error) / accuracy.bound).toBeGreaterThan(0.8);
  });
});
