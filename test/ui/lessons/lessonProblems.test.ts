import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { lessonById, predictStep } from '../../../src/core/lessons';
import { handoutQuestions, lessonProblems } from '../../../src/ui/lessons/lessonProblems';
import { trainingAt } from '../../../src/ui/lessons/lessonUrl';
import { questionSeed } from '../../../src/ui/lessons/quizState';

describe('what a lesson asks', () => {
  it('asks on the handout the screen’s question and one of another kind', () => {
    for (const [algorithm, devices] of [
      ['ring', 4],
      ['double-tree', 8],
      ['master', 4],
    ] as const) {
      const schedule = buildSchedule({ algorithm, devices });
      for (let step = 0; step < schedule.steps.length; step++) {
        const [first, second] = handoutQuestions(schedule, step, 'sum');
        const screen = predictStep({ schedule, applied: step, seed: questionSeed(algorithm, devices, step) });
        expect(screen.ok && screen.question).toEqual(first);
        expect(second.kind).not.toBe(first.kind);
        expect(second.step).toBe(step + 1);
      }
      expect(handoutQuestions(schedule, schedule.steps.length, 'sum')).toEqual([]);
    }
  });

  it('makes every lesson’s worked problems, and says why where a link’s settings are refused', () => {
    const ring = lessonProblems(lessonById('ring')!, null);
    expect(ring.error).toBeNull();
    expect(ring.problems.map((problem) => problem.parts.length)).toEqual([3]);
    const zero = lessonById('zero')!;
    expect(lessonProblems(zero, trainingAt(zero, 0)).problems).toHaveLength(1);
    const server = lessonById('parameter-server')!;
    const refused = lessonProblems(server, { ...trainingAt(server, 0)!, servers: 0 });
    expect(refused.problems).toEqual([]);
    expect(refused.error).toBe('the servers must be a whole number from 1, got 0');
  });
});
