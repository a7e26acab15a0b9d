// The narration in a few lines, for a figure with little room (controls="minimal"): the step's phase,
// as many of its sentences in the seeds' words as the lines hold, each whole, and how many more
// transfers the step has, a button that shows the next of them in the same lines (and, on the last,
// one back to the first); before the first step, the opening sentence. Its height is the figure's to
// keep (the element reserves it), so what it says never moves anything.

import { Fragment, useRef } from 'react';
import { openingSentence } from '../../core/narration';
import { useSim } from '../StoreContext';
import { useEmptyWords } from '../PreparingStatus';
import { useStepStory } from '../useStepStory';
import { SentenceText } from './SentenceText';
import { useSentencePages } from './useSentencePages';

/** GPUs whose inputs the opening names. */
const LISTED = 4;
/** Sentences of a step the lines try first: more than fit in a few lines at any width. */
const TRIED = 4;

export function NarrationLine() {
  const box = useRef<HTMLDivElement>(null);
  const derived = useSim((s) => s.derived);
  const step = useSim((s) => s.step);
  const op = useSim((s) => s.config.op);
  const empty = useEmptyWords('Nothing to show yet.');
  const { story, preparing } = useStepStory(derived?.schedule ?? null, op, step);
  const told = story?.told ?? 0;
  // The lines hold as many sentences as fit, and count the rest, a page at a time.
  const pages = useSentencePages(box, story ?? step, told, TRIED);
  let phase: string | null = null;
  let sentences: string[];
  let more = 0;
  if (!derived) sentences = [empty];
  else if (step === 0) sentences = [openingSentence(derived.schedule.devices, derived.schedule.chunks, LISTED)];
  else if (!story) sentences = [`Reading the schedule up to step ${step}… ${Math.floor((preparing ?? 0) * 100)}%`];
  else {
    phase = story.phaseLabel;
    sentences = story.sentences(pages.from, pages.from + Math.max(1, pages.count));
    more = story.transfers - pages.from - sentences.length;
  }
  const text = sentences.join(' ');
  return (
    <div ref={box} className="gs-narration-line" role="status" aria-label="Narration" title={phase ? `${phase}: ${text}` : text}>
      {/* Each step's lines are new text, not the last step's text moved about. */}
      <p key={step}>
        {phase && <span className="gs-phase">{phase}</span>}
        {sentences.map((sentence, i) => (
          <Fragment key={i}>
            {(phase || i > 0) && ' '}
            <span className="gs-narration-line-text">
              <SentenceText text={sentence} />
            </span>
          </Fragment>
        ))}
        {more > 0 && (
          <>
            {' '}
            {pages.page < pages.pages - 1 ? (
              <button type="button" className="gs-narration-line-more" onClick={() => pages.turn(pages.page + 1)}>
                +{more.toLocaleString('en-US')} more ›
              </button>
            ) : (
              <span className="gs-narration-line-more">+{more.toLocaleString('en-US')} more</span>
            )}
          </>
        )}
        {more <= 0 && pages.page > 0 && (
          <>
            {' '}
            <button type="button" className="gs-narration-line-more" onClick={() => pages.turn(0)}>
              ‹ from the first
            </button>
          </>
        )}
      </p>
    </div>
  );
}
