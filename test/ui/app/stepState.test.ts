import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { members } from '../../../src/core/contributions';
import { narrateStep } from '../../../src/core/narration';
import { ContributionTracker } from '../../../src/core/tracker';
import { stepStateOf } from '../../../src/ui/useStepState';

describe('the per-step state the views draw', () => {
  it('is the same as a fresh replay, whatever order the steps are asked in', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 6, chunks: 12 });
    const order = [0, 3, 10, 2, 10, 9, 1, 0, 7, 5, 6, 8, 4];
    for (const step of order) {
      const state = stepStateOf(schedule, 'sum', step);
      const tracker = new ContributionTracker(schedule);
      for (let s = 0; s < step; s++) tracker.apply();
      for (let d = 0; d < 6; d++) for (let c = 0; c < 12; c++) expect(members(state.value(d, c).set)).toEqual(members(tracker.value(d, c).set));
      expect(state.narration?.sentences ?? null).toEqual(step > 0 ? narrateStep(schedule, step - 1).sentences : null);
    }
  });

  it('follows ring on 1024 devices step by step, abbreviating long values', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 1024 });
    for (let step = 1; step <= 40; step++) expect(stepStateOf(schedule, 'sum', step).narration!.sentences).toHaveLength(1024);
    expect(stepStateOf(schedule, 'sum', 40).expression(39, 0)).toBe('(a₁+b₁+c₁+…+g39₁+g40₁, 40 terms)');
  });
});
