import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { askableTogether, lessonById, predictStep } from '../../../src/core/lessons';
import { handoutQuestions, lessonProblems } from '../../../src/ui/lessons/lessonProblems';
import { trainingAt } from '../../../src/ui/lessons/lessonUrl';
import { questionSeed } from '../../../src/ui/lessons/quizState';

describe('what a lesson asks', () => {
  it('asks on the handout the screen’s question and one of another kind that gives neither answer away', () => {
    for (const [algorithm, devices, alone] of [
      ['ring', 4, 0],
      ['double-tree', 8, 0],
      ['naive', 4, 0],
      // Master's steps all go to GPU-0 or all come from it: any second question would say where.
      ['master', 4, 2],
    ] as const) {
      const schedule = buildSchedule({ algorithm, devices });
      let single = 0;
      for (let step = 0; step < schedule.steps.length; step++) {
        const [first, second, ...more] = handoutQuestions(schedule, step, 'sum');
        const screen = predictStep({ schedule, applied: step, seed: questionSeed(algorithm, devices, step) });
        expect(screen.ok && screen.question).toEqual(first);
        expect(more).toEqual([]);
        if (!second) {
          single++;
          continue;
        }
        const name = `${algorithm} step ${step + 1}`;
        expect(second.kind, name).not.toBe(first.kind);
        expect(second.step, name).toBe(step + 1);
        expect(askableTogether(first, second), name).toBe(true);
        // What a reader sees: neither prompt writes the other's value, nor do its options offer it.
        for (const [by, of] of [
          [first, second],
          [second, first],
        ]) {
          if (of.kind === 'receiver') continue;
          const value = of.options[of.answer];
          expect(by.prompt, name).not.toContain(value);
          expect(by.options, name).not.toContain(value);
        }
      }
      expect(single, algorithm).toBe(alone);
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
