// A lesson's worked problems, one part at a time: the problem, the question, and on demand (Enter) the
// answer with its working, the formula with the numbers in it. W moves to the next part, and past the
// last part to the next problem. Every number is the cost or training model's (core/lessons).

import { useEffect, useRef, useState, type RefObject } from 'react';
import type { CostPart } from '../../core/lessons';

/** A problem as the panel shows it: a cost question or a training question alike. */
export interface Problem {
  prompt: string;
  parts: readonly CostPart[];
}

export interface CostPanelProps {
  problems: readonly Problem[];
  /** Where Enter and W are read while the panel is shown: an element, or the whole document. */
  keysFrom: RefObject<HTMLElement | null> | 'document';
}

const TYPING = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

export function CostPanel({ problems, keysFrom }: CostPanelProps) {
  const [at, setAt] = useState({ problem: 0, part: 0, shown: false });
  const problem = problems[Math.min(at.problem, problems.length - 1)];
  const part = problem?.parts[Math.min(at.part, problem.parts.length - 1)];
  const next = () =>
    setAt(({ problem: p, part: q }) => {
      const parts = problems[p]?.parts.length ?? 0;
      if (q + 1 < parts) return { problem: p, part: q + 1, shown: false };
      return { problem: (p + 1) % Math.max(1, problems.length), part: 0, shown: false };
    });
  const toggle = () => setAt((now) => ({ ...now, shown: !now.shown }));

  const live = useRef({ next, toggle });
  live.current = { next, toggle };
  useEffect(() => {
    const element: HTMLElement | Document | null = keysFrom === 'document' ? document : keysFrom.current;
    if (!element) return;
    const onKey = (raw: Event) => {
      const event = raw as KeyboardEvent;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const from = event.target as HTMLElement | null;
      if (from && (TYPING.has(from.tagName) || from.tagName === 'BUTTON')) return;
      if (event.key === 'Enter') live.current.toggle();
      else if (event.key === 'w' || event.key === 'W') live.current.next();
      else return;
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    element.addEventListener('keydown', onKey, true);
    return () => element.removeEventListener('keydown', onKey, true);
  }, [keysFrom]);

  if (!problem || !part) {
    return (
      <section className="gs-cost" aria-label="Worked problem">
        <p className="gs-quiz-note">This lesson has no worked problem.</p>
      </section>
    );
  }
  const counts = `${problems.length > 1 ? `${at.problem + 1} of ${problems.length}, ` : ''}part ${at.part + 1} of ${problem.parts.length}`;
  return (
    <section className="gs-cost" aria-label="Worked problem">
      <header className="gs-quiz-head">
        <h2>Worked problem</h2>
        <span className="gs-quiz-phase">{counts}</span>
      </header>
      <p className="gs-cost-prompt">{problem.prompt}</p>
      <p className="gs-cost-question">{part.question}</p>
      <p className="gs-cost-buttons">
        <button type="button" onClick={toggle} aria-pressed={at.shown}>
          {at.shown ? 'Hide' : 'Answer'} <kbd>Enter</kbd>
        </button>
        <button type="button" onClick={next}>
          Next <kbd>W</kbd>
        </button>
      </p>
      <div aria-live="polite">
        {at.shown ? (
          <>
            <p className="gs-cost-answer">{part.answer}</p>
            <ol className="gs-cost-working" aria-label="Working">
              {part.working.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ol>
          </>
        ) : null}
      </div>
    </section>
  );
}
