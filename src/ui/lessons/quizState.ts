// The "predict the step" exercise as named states: asking about the step that plays next, then, once
// revealed, the answer shown over the step that played. A step moved any other way (←, Home, the
// scrubber, playing) asks again where it lands. The score counts the questions answered before the
// reveal; a question revealed unanswered is shown, not scored.

type QuizPhase = 'asking' | 'revealed';

export interface Score {
  right: number;
  answered: number;
}

export interface QuizState {
  phase: QuizPhase;
  /** Steps shown when the question was asked: it is about step `asked` + 1. */
  asked: number;
  /** The option picked, by index; null until one is. */
  chosen: number | null;
}

export const NO_SCORE: Score = { right: 0, answered: 0 };

export function askAt(step: number): QuizState {
  return { phase: 'asking', asked: step, chosen: null };
}

export function choose(state: QuizState, option: number): QuizState {
  return state.phase === 'asking' ? { ...state, chosen: option } : state;
}

/** Whether `state` still belongs to the step shown: asked there, or revealed over the step it asked about. */
export function follows(state: QuizState, step: number): boolean {
  return state.phase === 'asking' ? step === state.asked : step === state.asked + 1;
}

/** The revealed state and the score after it, for a question whose right option is `answer`. */
export function reveal(state: QuizState, score: Score, answer: number): { state: QuizState; score: Score } {
  if (state.phase !== 'asking') return { state, score };
  const answered = state.chosen !== null;
  return {
    state: { ...state, phase: 'revealed' },
    score: answered ? { right: score.right + (state.chosen === answer ? 1 : 0), answered: score.answered + 1 } : score,
  };
}

/**
 * The seed of the question about step `applied` + 1 of an algorithm's schedule: the same lesson asks the
 * same questions, so the handout and the screen agree and a class can be run twice alike.
 */
export function questionSeed(algorithm: string, devices: number, applied: number): number {
  let hash = 0x811c9dc5;
  for (const char of `${algorithm}/${devices}/${applied}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash >>> 0;
}
