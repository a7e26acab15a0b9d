import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { inputExpression, narrateStep, Narrator, openingSentence } from '../../../src/core/narration/narration';
import { allTerms, TermReplay } from '../../../src/core/symbolic/terms';

describe('a step told on demand', () => {
  it('writes the same sentences as the full narration, for every step and any slice', () => {
    for (const algorithm of ['ring', 'double-tree', 'halving-doubling', 'naive']) {
      const schedule = buildSchedule({ algorithm, devices: 6 });
      const narrator = new Narrator(schedule, 'max');
      for (let s = 0; s < schedule.steps.length; s++) {
        const full = narrateStep(schedule, s, 'max');
        const story = narrator.peekNext(4);
        expect([story.step, story.phase, story.phaseLabel, story.transfers]).toEqual([full.step, full.phase, full.phaseLabel, full.sentences.length]);
        expect(story.told).toBe(Math.min(4, full.sentences.length));
        expect(story.sentences(1, 9)).toEqual(full.sentences.slice(1, 4));
        narrator.skip();
      }
    }
  });

  it('leaves the narrator where it was: peeking applies nothing', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 4 });
    const narrator = new Narrator(schedule);
    narrator.skip();
    narrator.peekNext(Infinity);
    expect(narrator.stepsApplied).toBe(1);
    expect(narrator.narrateNext().sentences).toEqual(narrateStep(schedule, 1).sentences);
  });

  it('reads a later write into a cell as the value the earlier writes of the same step made', () => {
    // master: GPU-0 receives every other buffer in one step, each added to what the previous made.
    const schedule = buildSchedule({ algorithm: 'master', devices: 4 });
    const writes = new TermReplay(schedule).peekWrites(3);
    expect(writes.map((w) => [w.src, w.dst, allTerms(w.incoming), allTerms(w.before)])).toEqual([
      [1, 0, [1], [0]],
      [2, 0, [2], [1, 0]],
      [3, 0, [3], [2, 1, 0]],
    ]);
  });
});

describe('the opening sentence', () => {
  it('writes a whole buffer as a₁ and a chunked one as a₁…a₄', () => {
    expect(inputExpression(0, 1, 4)).toBe('a₁');
    expect(inputExpression(1, 4, 4)).toBe('b₁…b₄');
    expect(inputExpression(30, 12, 64)).toBe('g30₁…g30₁₂');
  });

  it('names the first GPUs and says "and so on" when there are more', () => {
    expect(openingSentence(2, 2, 3)).toBe('Each GPU starts with its own gradient, split into 2 chunks: GPU-0 holds a₁…a₂ and GPU-1 holds b₁…b₂.');
    // One more than listed is named rather than left to "and so on".
    expect(openingSentence(4, 1, 3)).toBe(
      'Each GPU starts with its own gradient, in one chunk: GPU-0 holds a₁, GPU-1 holds b₁, GPU-2 holds c₁ and GPU-3 holds d₁.',
    );
    expect(openingSentence(5, 1, 3)).toMatch(/GPU-2 holds c₁ and so on\.$/);
    expect(openingSentence(1024, 1, 3)).toBe(
      'Each GPU starts with its own gradient, in one chunk: GPU-0 holds g0₁, GPU-1 holds g1₁, GPU-2 holds g2₁ and so on.',
    );
  });
});
