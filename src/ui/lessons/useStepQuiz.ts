// The exercise over a simulator's store: the question about the step that plays next (core/lessons'
// predictStep, seeded by the algorithm and the step), the option picked, the reveal that plays the
// step, and the score. Follows the store's step, so ← and Home ask again where they land, and the
// figure, so another algorithm or lesson asks afresh, with nothing picked.

import { useMemo, useState } from 'react';
import { refused } from '../../core/errors';
import { predictStep, type StepQuestionResult } from '../../core/lessons';
import { useSim, useSimStore } from '../StoreContext';
import { askAt, choose as pick, follows, NO_SCORE, questionSeed, reveal, type QuizState, type Score } from './quizState';

/**
 * Questions are asked up to this many GPUs: the picture draws each GPU's card, and the answer's
 * transfer and cell, only up to 64.
 */
const MOST_DEVICES = 64;

export interface StepQuiz {
  state: QuizState;
  score: Score;
  /** The question asked, or why there is none; null while no schedule is shown. */
  result: StepQuestionResult | null;
  playing: boolean;
  choose(option: number): void;
  /** Reveals and plays the step, or after a reveal asks about the next; false where there is nothing to do. */
  advance(): boolean;
}

/** A score kept by the caller (a lesson keeps one for the session), or by the quiz itself. */
export type ScoreKeeper = [Score, (score: Score) => void];

/** `active` false asks nothing (a panel given its quiz by the page, a lesson without a collective figure). */
export function useStepQuiz(keeper?: ScoreKeeper, active = true): StepQuiz {
  const store = useSimStore();
  const step = useSim((s) => s.step);
  const schedule = useSim((s) => s.derived?.schedule ?? null);
  const op = useSim((s) => s.config.op);
  const playing = useSim((s) => s.playing);
  // What the questions are about: another schedule or op asks other questions.
  const about = schedule ? `${schedule.collective}/${schedule.algorithm}/${schedule.devices}/${schedule.chunks}/${op}` : '';
  const [own, setOwnState] = useState<{ state: QuizState; about: string }>(() => ({ state: askAt(step), about }));
  const setOwn = (next: QuizState) => setOwnState({ state: next, about });
  const ownScore = useState<Score>(NO_SCORE);
  const [score, setScore] = keeper ?? ownScore;
  // A step moved by anything but the reveal, or another figure, asks again where it landed (state derived during render).
  const state = own.about === about && follows(own.state, step) ? own.state : askAt(step);
  if (state !== own.state) setOwn(state);

  const result = useMemo((): StepQuestionResult | null => {
    if (!schedule || !active) return null;
    if (schedule.devices > MOST_DEVICES) return refused(`questions are asked up to ${MOST_DEVICES} GPUs, where the picture draws every card`);
    if (state.asked > schedule.steps.length) return null;
    return predictStep({ schedule, applied: state.asked, seed: questionSeed(schedule.algorithm, schedule.devices, state.asked), op });
  }, [schedule, state.asked, op, active]);

  return {
    state,
    score,
    result,
    playing,
    choose: (option) => setOwn(pick(state, option)),
    advance() {
      if (playing) return false;
      if (state.phase === 'revealed') {
        setOwn(askAt(step));
        return true;
      }
      if (!result?.ok) return false;
      const next = reveal(state, score, result.question.answer);
      setOwn(next.state);
      setScore(next.score);
      store.getState().stepForward();
      return true;
    },
  };
}
