// The lesson as one printed page (the browser's Print, or Save as PDF): title, framing, a still of the
// figure at the step shown, and the exercises with room to answer; with answers, each answer and its
// working in place of the room. Hidden on screen (`hidden`); the print stylesheet shows it alone.

import type { ReactNode } from 'react';
import { optionLabel, type Lesson, type StepQuestion } from '../../core/lessons';
import type { Problem } from './CostPanel';
import type { HandoutStill } from './useHandoutPicture';

export interface HandoutProps {
  lesson: Lesson;
  /** "Lesson 3 of 10". */
  place: string;
  /** Where the figure stands: "Before step 1 of 6", "After step 2 of 6 · share-reduce". */
  shown: string;
  still: HandoutStill | null;
  /** Where the figure prints as it is (a table), in place of a still. */
  figure?: ReactNode;
  questions: readonly StepQuestion[];
  problems: readonly Problem[];
  answers: boolean;
}

/** The still of the figure, or why it is missing. */
export function HandoutStillImage({ still }: { still: HandoutStill | null }) {
  if (!still) return <p className="gs-handout-missing">The picture is being drawn; print again in a moment.</p>;
  if ('error' in still) return <p className="gs-handout-missing">The picture could not be drawn: {still.error}</p>;
  return (
    <img
      className={`gs-handout-picture${still.dark ? ' gs-handout-picture--dark' : ''}`}
      src={still.src}
      alt=""
      style={{ aspectRatio: `${still.width} / ${still.height}` }}
    />
  );
}

export function Handout({ lesson, place, shown, still, figure, questions, problems, answers }: HandoutProps) {
  let number = 0;
  // Worked problems alone (NCCL 2.4's lesson) print side by side, so their working fits the page.
  const columns = questions.length === 0 && problems.length > 1;
  return (
    <article className="gs-handout" hidden>
      <header className="gs-handout-head">
        <h1>{lesson.title}</h1>
        <p>
          gradsync · {place} · {shown}
        </p>
      </header>
      <p className="gs-handout-framing">{lesson.framing}</p>
      <p className="gs-handout-source">After “{lesson.source}”.</p>
      <div className={figure ? 'gs-handout-figure' : 'gs-handout-figure gs-handout-figure--still'}>{figure ?? <HandoutStillImage still={still} />}</div>
      <ol className={columns ? 'gs-handout-questions gs-handout-questions--columns' : 'gs-handout-questions'}>
        {questions.map((question) => (
          <li key={question.prompt} value={++number}>
            <p className="gs-handout-prompt">{question.prompt}</p>
            <ul className="gs-handout-options">
              {question.options.map((option, i) => (
                <li key={option} className={answers && i === question.answer ? 'gs-handout-right' : undefined}>
                  <span className="gs-handout-box">{answers && i === question.answer ? '☒' : '☐'}</span>{' '}
                  <span className="gs-handout-label">{optionLabel(i)}</span> {option}
                </li>
              ))}
            </ul>
            {answers && <p className="gs-handout-answer">{question.sentences.join(' ')}</p>}
          </li>
        ))}
        {problems.map((problem) => (
          <li key={problem.prompt} value={++number}>
            <p className="gs-handout-prompt">{problem.prompt}</p>
            <ol className="gs-handout-parts" type="a">
              {problem.parts.map((part) => (
                <li key={part.question}>
                  {part.question}
                  {answers ? (
                    <div className="gs-handout-answer">
                      <p>{part.answer}</p>
                      <p className="gs-handout-working">{part.working.join(' · ')}</p>
                    </div>
                  ) : (
                    <div className="gs-handout-blank" />
                  )}
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
    </article>
  );
}
