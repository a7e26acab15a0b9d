import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/core/algorithms';
import { computeReference } from '../../src/engine/check';

describe('the reference a run is checked against', () => {
  it('averages as the engines do: inputs premultiplied by f32(1/N), then summed', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 3 });
    const reference = computeReference(schedule, 3, 'avg', Float32Array.of(1, 2, 3, 1, 2, 3, 1, 2, 3));
    const third = Math.fround(1 / 3);
    expect(Array.from(reference.expected)).toEqual([1, 2, 3].map((x) => 3 * (x * third)));
  });

  it('demands copy-only collectives hand on the owner’s input exactly, whatever the op', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 2, collective: 'allgather' });
    const reference = computeReference(schedule, 2, 'prod', Float32Array.of(1.5, 9, 9, 2.5));
    expect(Array.from(reference.expected)).toEqual([1.5, 2.5]);
    expect(Array.from(reference.tolerance)).toEqual([0, 0]);
  });
});
