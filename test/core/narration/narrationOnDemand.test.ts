import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { byMessage, inputExpression, narrateStep, Narrator, openingSentence } from '../../../src/core/narration/narration';
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

describe('a step told by message', () => {
  it('tells halving-doubling on 8 one sentence per message: a half, a quarter, then one chunk', () => {
    const schedule = buildSchedule({ algorithm: 'halving-doubling', devices: 8 });
    const narrator = new Narrator(schedule);
    const first = narrator.peekNext(Infinity);
    expect(first.messages()).toHaveLength(8);
    expect(first.messages()[0]).toEqual([0, 4]);
    expect(first.messageSentences(0, 1)).toEqual(['GPU-0 sends a₅, a₆, a₇ and a₈ to GPU-4, where they get added to e₅, e₆, e₇ and e₈.']);
    narrator.skip();
    const second = narrator.peekNext(Infinity);
    expect(second.messages()).toHaveLength(8);
    expect(second.messageSentences(0, 1)).toEqual(['GPU-0 sends (e₃+a₃) and (e₄+a₄) to GPU-2, where they get added to (g₃+c₃) and (g₄+c₄).']);
    narrator.skip();
    // One chunk a message: the sentence of its one transfer.
    const third = narrator.peekNext(Infinity);
    expect(third.messageSentences(0, 8)).toEqual(third.sentences(0, 8));
  });

  it('says "stores them" for a message of copies, and a ring keeps one sentence per transfer', () => {
    const hd = buildSchedule({ algorithm: 'halving-doubling', devices: 4 });
    const narrator = new Narrator(hd);
    for (let s = 0; s < hd.steps.length - 1; s++) narrator.skip();
    const last = narrator.peekNext(Infinity);
    // The last step of all-gather sends each half back: two chunks a message, stored.
    expect(last.messageSentences(0, 1)[0]).toMatch(/^GPU-0 sends .+ and .+ to GPU-2, which stores them\.$/);
    const ring = new Narrator(buildSchedule({ algorithm: 'ring', devices: 4 })).peekNext(Infinity);
    expect(ring.messages()).toHaveLength(4);
    expect(ring.messageSentences(0, 4)).toEqual(ring.sentences(0, 4));
  });
});

describe('a story by message', () => {
  it('counts and tells messages where one carries several chunks, and is the story itself where none does', () => {
    const hd = new Narrator(buildSchedule({ algorithm: 'halving-doubling', devices: 8 })).peekNext(Infinity);
    const told = byMessage(hd);
    expect([told.unit, told.transfers, told.told]).toEqual(['message', 8, 8]);
    expect(told.sentences(0, 2)).toEqual(hd.messageSentences(0, 2));
    // Told in part: the untold transfers count one each.
    const part = byMessage(new Narrator(buildSchedule({ algorithm: 'halving-doubling', devices: 8 })).peekNext(6));
    expect([part.transfers, part.told]).toEqual([2 + 26, 2]);
    const ring = new Narrator(buildSchedule({ algorithm: 'ring', devices: 4 })).peekNext(Infinity);
    expect(byMessage(ring)).toBe(ring);
  });
});
