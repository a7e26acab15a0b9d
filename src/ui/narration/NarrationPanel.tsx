// The current step in the seeds' words: the phase (share-reduce / share-only …) and one sentence per
// transfer, announced to screen readers as the step changes. Paged (an embedded figure, whose height
// is kept), it shows as many whole sentences as its box holds and turns pages for the rest.

import { LikelyCause } from '../faults/LikelyCause';
import { useRef, useState } from 'react';
import { compileSchedule, stepThreadblockTags, type Schedule } from '../../core/schedule';
import { buffersSentence, openingSentence, opPreface, planSentence } from '../../core/narration';
import type { ReduceOp } from '../../core/ops';
import { STORY_WRITES } from '../../core/symbolic';
import { useSim } from '../StoreContext';
import { useStepArrived } from '../devices/useStepArrived';
import { useEmptyWords, VERIFYING } from '../PreparingStatus';
import { useStepStory } from '../useStepStory';
import { SentencePager } from './SentencePager';
import { SentenceText } from './SentenceText';
import { useSentencePages } from './useSentencePages';

/** Sentences shown before "show all": a step of a large schedule is a wall of text otherwise. */
const SHOWN = 8;
/** Even "all" stops here: a 1024-device step has 1024 sentences, naive's a million. */
const MAX_SHOWN = STORY_WRITES;
/** GPUs whose inputs the opening names. */
const LISTED = 4;

export interface NarrationPanelProps {
  /** The panel keeps the height it is given and pages its sentences (an embedded figure); else it shows SHOWN and offers the rest. */
  paged?: boolean;
}

export function NarrationPanel({ paged = false }: NarrationPanelProps) {
  const [all, setAll] = useState(false);
  const box = useRef<HTMLElement>(null);
  const derived = useSim((s) => s.derived);
  const step = useSim((s) => s.step);
  const arrived = useStepArrived();
  const op = useSim((s) => s.config.op);
  const empty = useEmptyWords('Nothing to show yet.');
  const { story: narration, preparing } = useStepStory(derived?.schedule ?? null, op, step);
  const schedule = derived?.schedule ?? null;
  const opening = schedule && step === 0 ? openingSentences(schedule, op) : [];
  const pages = useSentencePages(box, step === 0 ? opening.join(' ') : narration, step === 0 ? opening.length : (narration?.told ?? 0), SHOWN);
  if (!derived || !schedule) {
    return (
      <section className="gs-panel gs-narration" aria-label="Narration">
        <h2>Narration</h2>
        <p className="gs-narration-empty">{empty}</p>
      </section>
    );
  }
  const steps = schedule.steps.length;
  const transfers = narration?.transfers ?? 0;
  const from = paged ? pages.from : 0;
  const sentences = narration?.sentences(from, paged ? from + pages.count : all ? MAX_SHOWN : SHOWN) ?? [];
  // An imported algorithm's sentences say where each transfer runs, where it uses more than one threadblock.
  const tags = stepThreadblockTags(schedule, step);
  const of = step === 0 ? opening.length : transfers;
  return (
    <section ref={paged ? box : undefined} className="gs-panel gs-narration" aria-label="Narration">
      {paged && preparing === null && (pages.pages > 1 || of > pages.count) && (
        <SentencePager pages={pages} noun={step === 0 ? 'sentence' : (narration?.unit ?? 'transfer')} of={of} />
      )}
      <h2>
        {step === 0 ? 'Before the first step' : `Step ${step} of ${steps}`}
        {narration && (
          <span className="gs-phase">{narration.phaseLabel === narration.phase ? narration.phase : `${narration.phaseLabel} · ${narration.phase}`}</span>
        )}
      </h2>
      <div aria-live="polite" aria-atomic="true">
        {step === 0 ? (
          <p>{(paged ? opening.slice(pages.from, pages.from + pages.count) : opening).join(' ')}</p>
        ) : preparing !== null ? (
          <p className="gs-narration-preparing" role="status">
            Reading the schedule up to step {step}… {Math.floor(preparing * 100)}%
          </p>
        ) : (
          <ol key={paged ? `${step}:${from}` : undefined} className="gs-sentences">
            {sentences.map((sentence, i) => {
              const tag = tags?.[from + i] ?? null;
              return (
                <li key={from + i}>
                  <SentenceText text={sentence} />
                  {tag && <span className="gs-sentence-tag"> {tag}</span>}
                </li>
              );
            })}
            {!paged && transfers > SHOWN && !all && (
              <li className="gs-more">
                … and {(transfers - SHOWN).toLocaleString('en-US')} more {narration?.unit ?? 'transfer'}s in this step.{' '}
                <button type="button" className="gs-link" onClick={() => setAll(true)}>
                  Show {transfers > MAX_SHOWN ? `the first ${MAX_SHOWN}` : 'all'}
                </button>
              </li>
            )}
            {!paged && all && transfers > SHOWN && (
              <li className="gs-more">
                {transfers > MAX_SHOWN && `… and ${(transfers - MAX_SHOWN).toLocaleString('en-US')} more. `}
                <button type="button" className="gs-link" onClick={() => setAll(false)}>
                  Show fewer
                </button>
              </li>
            )}
          </ol>
        )}
        {step === steps && steps > 0 && arrived && derived.verification === null && (
          <p className="gs-done gs-done--pending" role="status">
            {VERIFYING}
          </p>
        )}
        {step === steps &&
          steps > 0 &&
          arrived &&
          derived.verification &&
          (derived.verification.ok ? (
            <p className="gs-done">
              <span aria-hidden="true">✓ </span>Done: every device holds what the collective promises.
            </p>
          ) : (
            <p className="gs-done gs-done--failed">
              <span aria-hidden="true">✗ </span>Done: not correct — {derived.verification.violation!.message}.
              <LikelyCause schedule={derived.schedule} />
            </p>
          ))}
      </div>
    </section>
  );
}

/** Before the first step: what each GPU holds, where the schedule keeps it, the op, the steps to come, and what to press. */
function openingSentences(schedule: Schedule, op: ReduceOp): string[] {
  return [
    openingSentence(schedule.devices, schedule.chunks, LISTED),
    buffersSentence(compileSchedule(schedule)),
    opPreface(op, schedule.devices),
    planSentence(schedule),
    schedule.steps.length === 0 ? 'With one device there is nothing to do.' : 'Press → to take the first step.',
  ].filter((sentence): sentence is string => Boolean(sentence));
}
