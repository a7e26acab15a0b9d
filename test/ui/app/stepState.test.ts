import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { members } from '../../../src/core/contributions';
import { narrateStep, type StepStory } from '../../../src/core/narration';
import { ContributionTracker } from '../../../src/core/tracker';
import { MAX_TOLD, stepStateOf } from '../../../src/ui/useStepState';

const allTold = (story: StepStory | null) => (story ? story.sentences(0, story.told) : null);

describe('the per-step state the views draw', () => {
  it('is the same as a fresh replay, whatever order the steps are asked in', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 6, chunks: 12 });
    const order = [0, 3, 10, 2, 10, 9, 1, 0, 7, 5, 6, 8, 4];
    for (const step of order) {
      const state = stepStateOf(schedule, 'sum', step);
      const tracker = new ContributionTracker(schedule);
      for (let s = 0; s < step; s++) tracker.apply();
      for (let d = 0; d < 6; d++) for (let c = 0; c < 12; c++) expect(members(state.value(d, c).set)).toEqual(members(tracker.value(d, c).set));
      expect(allTold(state.narration)).toEqual(step > 0 ? narrateStep(schedule, step - 1).sentences : null);
    }
  });

  it('follows ring on 1024 devices step by step, abbreviating long values', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 1024 });
    for (let step = 1; step <= 40; step++) {
      const story = stepStateOf(schedule, 'sum', step).narration!;
      expect([story.transfers, story.told]).toEqual([1024, MAX_TOLD]);
      expect(story.sentences(0, MAX_TOLD)).toEqual(narrateStep(schedule, step - 1).sentences.slice(0, MAX_TOLD));
    }
    expect(stepStateOf(schedule, 'sum', 40).expression(39, 0)).toBe('(g0₁+g1₁+g2₁+…+g38₁+g39₁, 40 terms)');
  });

  it('tells naive on 1024 devices from its first transfers and counts the rest, without replaying the step', () => {
    const schedule = buildSchedule({ algorithm: 'naive', devices: 1024 });
    const story = stepStateOf(schedule, 'sum', 1).narration!;
    expect([story.step, story.phase, story.transfers, story.told]).toEqual([1, 'exchange', 1024 * 1023, MAX_TOLD]);
    expect(story.sentences(0, 2)).toEqual(['GPU-0 sends g0₁ to GPU-1, where it gets added to g1₁.', 'GPU-0 sends g0₁ to GPU-2, where it gets added to g2₁.']);
    expect(story.sentences(255, 300)).toEqual(['GPU-0 sends g0₁ to GPU-256, where it gets added to g256₁.']);
  });

  it('writes a step’s sentences the same whether its cells were drawn first or its story was read first', () => {
    const schedule = buildSchedule({ algorithm: 'double-tree', devices: 8 });
    for (let step = 1; step <= schedule.steps.length; step++) {
      const drawnFirst = stepStateOf(schedule, 'max', step);
      drawnFirst.expression(0, 0);
      expect(allTold(drawnFirst.narration)).toEqual(narrateStep(schedule, step - 1, 'max').sentences);
    }
  });
});
