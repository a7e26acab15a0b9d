import { describe, expect, it } from 'vitest';
import { askAt, choose, follows, NO_SCORE, questionSeed, reveal } from '../../../src/ui/lessons/quizState';

describe('the exercise’s states', () => {
  it('asks at a step, takes a pick, and scores it at the reveal', () => {
    const asked = choose(askAt(2), 1);
    expect(asked).toEqual({ phase: 'asking', asked: 2, chosen: 1 });
    const right = reveal(asked, NO_SCORE, 1);
    expect(right.state.phase).toBe('revealed');
    expect(right.score).toEqual({ right: 1, answered: 1 });
    const wrong = reveal(choose(askAt(3), 0), right.score, 2);
    expect(wrong.score).toEqual({ right: 1, answered: 2 });
  });

  it('shows a question revealed unanswered without scoring it, and keeps a revealed pick', () => {
    expect(reveal(askAt(0), { right: 2, answered: 3 }, 1).score).toEqual({ right: 2, answered: 3 });
    const { state } = reveal(choose(askAt(0), 2), NO_SCORE, 2);
    expect(choose(state, 0)).toBe(state);
    expect(reveal(state, { right: 1, answered: 1 }, 2).score).toEqual({ right: 1, answered: 1 });
  });

  it('belongs to the step it asked at, and once revealed to the step that played', () => {
    expect(follows(askAt(2), 2)).toBe(true);
    expect(follows(askAt(2), 3)).toBe(false);
    const { state } = reveal(askAt(2), NO_SCORE, 0);
    expect(follows(state, 3)).toBe(true);
    expect(follows(state, 1)).toBe(false);
  });

  it('seeds the same question for the same algorithm, size and step only', () => {
    expect(questionSeed('ring', 4, 1)).toBe(questionSeed('ring', 4, 1));
    const seeds = new Set([questionSeed('ring', 4, 1), questionSeed('ring', 4, 2), questionSeed('ring', 8, 1), questionSeed('tree', 4, 1)]);
    expect(seeds.size).toBe(4);
  });
});
