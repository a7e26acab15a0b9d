import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY, merge, members, single } from '../../../src/core/symbolic/contributions';
import { SetPool } from '../../../src/core/symbolic/setPool';

describe('contribution sets in a pool', () => {
  it('hold sets of many runs, merged pairwise or all at once', () => {
    const pool = new SetPool(200);
    const evens = Array.from({ length: 50 }, (_, i) => 2 * i).reduce((sum, d) => pool.merge(sum, d));
    const odds = Array.from({ length: 50 }, (_, i) => 2 * i + 1).reduce((sum, d) => pool.merge(sum, d));
    expect(pool.get(evens).length).toBe(150);
    expect(Array.from(pool.get(pool.merge(evens, odds)))).toEqual([0, 100, 1]);
    expect(members(pool.get(pool.mergeAll(Array.from({ length: 60 }, (_, i) => 3 * i))))).toEqual(Array.from({ length: 60 }, (_, i) => 3 * i));
  });

  it('sum many sets at once as they sum one by one, counts and gaps included', () => {
    const pool = new SetPool(40);
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 39 }), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 30 }), (groups) => {
        const ids = groups.map((devices) => devices.reduce((sum, d) => pool.merge(sum, d), devices[0]));
        const oneByOne = groups.map((devices) => [devices[0], ...devices].map(single).reduce(merge, EMPTY)).reduce(merge, EMPTY);
        expect(Array.from(pool.get(pool.mergeAll(ids)))).toEqual(Array.from(oneByOne));
      }),
    );
  });

  it('keep each set once by value, set d being {d}', () => {
    const pool = new SetPool(40);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 39 }), { minLength: 1, maxLength: 12 }), (devices) => {
        const id = devices.reduce((sum, d) => pool.merge(sum, d), devices[0]);
        expect(pool.mergeAll([...devices, devices[0]])).toBe(id);
        expect(members(pool.get(id))).toEqual([devices[0], ...devices].sort((a, b) => a - b));
        expect(pool.countWithin(id, 10, 20)).toBe(new Set(devices.filter((d) => d >= 10 && d < 20)).size);
      }),
    );
    expect(Array.from(pool.get(7))).toEqual([7, 8, 1]);
  });
});
