// "Predict the step": the question about the step that plays next, its options (their number keys,
// 1 to the option count, or a click), then Enter or → reveals the answer, plays the step and
// highlights the transfer in the picture. The score counts the questions answered before their reveal.

import { useRef, type RefObject } from 'react';
import { optionLabel, optionRange } from '../../core/lessons';
import { phaseLabel } from '../../core/narration';
import { plural } from '../format';
import { useSim } from '../StoreContext';
import { RevealStyle } from './RevealStyle';
import { useQuizKeys } from './useQuizKeys';
import { useStepQuiz, type ScoreKeeper, type StepQuiz } from './useStepQuiz';

export interface PredictPanelProps {
  /** Where the keys are read: the presenter's or lesson's root, or the whole document (the app). */
  keysFrom: RefObject<HTMLElement | null> | 'document';
  /** A score kept across lessons; without it, the panel keeps its own. */
  score?: ScoreKeeper;
  /** The quiz, where the page keeps it (a lesson's key strip reads it too); without it, the panel's own. */
  quiz?: StepQuiz;
}

/** Sentences of the reveal shown in full; a cell written by more transfers says how many more. */
const TOLD = 2;

export function PredictPanel({ keysFrom, score: keeper, quiz: given }: PredictPanelProps) {
  const panel = useRef<HTMLElement>(null);
  const own = useStepQuiz(keeper, !given);
  const quiz = given ?? own;
  const schedule = useSim((s) => s.derived?.schedule ?? null);
  useQuizKeys(keysFrom, panel, quiz, true);
  const { state, result, score, playing } = quiz;
  const question = result?.ok ? result.question : null;
  const revealed = state.phase === 'revealed' && question !== null;
  const phase = question && schedule ? phaseLabel(schedule.steps[question.step - 1].phase ?? '') : '';
  const right = revealed && state.chosen === question.answer;
  return (
    <section ref={panel} className="gs-quiz" aria-label="Predict the step">
      <header className="gs-quiz-head">
        <h2>{question ? `Predict step ${question.step}` : 'Predict the step'}</h2>
        {phase && <span className="gs-quiz-phase">{phase}</span>}
        <span className="gs-quiz-score" data-testid="quiz-score">
          Score {score.right} / {score.answered}
        </span>
      </header>
      {playing ? (
        <p className="gs-quiz-note">Playing: pause (Space) to predict the next step.</p>
      ) : result && !result.ok ? (
        <p className="gs-quiz-note">No question here: {result.reason}.</p>
      ) : question ? (
        <>
          <p className="gs-quiz-prompt">{question.prompt}</p>
          <ol className="gs-quiz-options">
            {question.options.map((option, i) => {
              const classes = ['gs-quiz-option'];
              if (revealed && i === question.answer) classes.push('gs-quiz-option--right');
              if (revealed && i === state.chosen && i !== question.answer) classes.push('gs-quiz-option--wrong');
              return (
                <li key={`${question.prompt}-${i}`}>
                  <button type="button" className={classes.join(' ')} aria-pressed={state.chosen === i} disabled={revealed} onClick={() => quiz.choose(i)}>
                    <kbd>{optionLabel(i)}</kbd>
                    <span className="gs-quiz-option-text">{option}</span>
                    {revealed && i === question.answer && <span className="gs-quiz-mark">✓</span>}
                    {revealed && i === state.chosen && i !== question.answer && <span className="gs-quiz-mark">✗</span>}
                  </button>
                </li>
              );
            })}
          </ol>
          <div className="gs-quiz-foot" aria-live="polite">
            {revealed ? (
              <>
                <p className={`gs-quiz-verdict${right ? ' gs-quiz-verdict--right' : ''}`}>
                  {right
                    ? '✓ Right.'
                    : `${state.chosen === null ? '' : '✗ '}The answer is ${optionLabel(question.answer)}: ${question.options[question.answer]}.`}
                </p>
                {question.sentences.slice(0, TOLD).map((sentence) => (
                  <p key={sentence} className="gs-quiz-sentence">
                    {sentence}
                  </p>
                ))}
                {question.sentences.length > TOLD && (
                  <p className="gs-quiz-hint">and {plural(question.sentences.length - TOLD, 'more transfer')} into the same chunk.</p>
                )}
                <p className="gs-quiz-hint">Enter or → for the next question.</p>
              </>
            ) : (
              <p className="gs-quiz-hint">Pick {optionRange(question.options.length)}, then Enter or → to reveal and play the step.</p>
            )}
          </div>
        </>
      ) : (
        <p className="gs-quiz-note">Nothing to ask yet.</p>
      )}
      <RevealStyle panel={panel} question={revealed ? question : null} />
    </section>
  );
}
