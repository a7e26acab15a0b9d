import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { stepPlace } from '../../../src/core/lessons';

describe('where the figure stands', () => {
  const ring = buildSchedule({ algorithm: 'ring', devices: 4 });

  it('says the start as the step it comes before, and the steps in all', () => {
    expect(stepPlace(ring, 0)).toBe('Before step 1 of 6');
  });

  it('says a step that has played, and its phase in the seeds’ words', () => {
    expect(stepPlace(ring, 2)).toBe('After step 2 of 6 · share-reduce');
    expect(stepPlace(ring, 6)).toBe('After step 6 of 6 · share-only');
  });

  it('says so where there is nothing to step', () => {
    expect(stepPlace({ steps: [] }, 0)).toBe('No steps to play');
  });
});
