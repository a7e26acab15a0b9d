// The current step in the seeds' words: the phase (share-reduce / share-only …) and one sentence per
// transfer, announced to screen readers as the step changes.

import { LikelyCause } from '../faults/LikelyCause';
import { useState } from 'react';
import { compileSchedule, stepThreadblockTags } from '../../core/schedule';
import { buffersSentence, openingSentence, opPreface } from '../../core/narration';
import { STORY_WRITES } from '../../core/symbolic';
import { useSim } from '../StoreContext';
import { useEmptyWords, VERIFYING } from '../PreparingStatus';
import { useStepStory } from '../useStepStory';
import { SentenceText } from './SentenceText';

/** Sentences shown before "show all": a step of a large schedule is a wall of text otherwise. */
const SHOWN = 8;
/** Even "all" stops here: a 1024-device step has 1024 sentences, naive's a million. */
const MAX_SHOWN = STORY_WRITES;
/** GPUs whose inputs the opening names. */
const LISTED = 4;

export function NarrationPanel() {
  const [all, setAll] = useState(false);
  const derived = useSim((s) => s.derived);
  const step = useSim((s) => s.step);
  const op = useSim((s) => s.config.op);
  const empty = useEmptyWords('Nothing to show yet.');
  const { story: narration, preparing } = useStepStory(derived?.schedule ?? null, op, step);
  if (!derived) {
    return (
      <section className="gs-panel gs-narration" aria-label="Narration">
        <h2>Narration</h2>
        <p className="gs-narration-empty">{empty}</p>
      </section>
    );
  }
  const { schedule } = derived;
  const steps = schedule.steps.length;
  const preface = opPreface(op, schedule.devices);
  const transfers = narration?.transfers ?? 0;
  const sentences = narration?.sentences(0, all ? MAX_SHOWN : SHOWN) ?? [];
  // An imported algorithm's sentences say where each transfer runs, where it uses more than one threadblock.
  const tags = stepThreadblockTags(schedule, step);
  const places = buffersSentence(compileSchedule(schedule));
  return (
    <section className="gs-panel gs-narration" aria-label="Narration">
      <h2>
        {step === 0 ? 'Before the first step' : `Step ${step} of ${steps}`}
        {narration && (
          <span className="gs-phase">{narration.phaseLabel === narration.phase ? narration.phase : `${narration.phaseLabel} · ${narration.phase}`}</span>
        )}
      </h2>
      <div aria-live="polite" aria-atomic="true">
        {step === 0 ? (
          <p>
            {[
              openingSentence(schedule.devices, schedule.chunks, LISTED),
              places,
              preface,
              steps === 0 ? 'With one device there is nothing to do.' : 'Press → to take the first step.',
            ]
              .filter(Boolean)
              .join(' ')}
          </p>
        ) : preparing !== null ? (
          <p className="gs-narration-preparing" role="status">
            Reading the schedule up to step {step}… {Math.floor(preparing * 100)}%
          </p>
        ) : (
          <ol className="gs-sentences">
            {sentences.map((sentence, i) => {
              const tag = tags?.[i] ?? null;
              return (
                <li key={i}>
                  <SentenceText text={sentence} />
                  {tag && <span className="gs-sentence-tag"> {tag}</span>}
                </li>
              );
            })}
            {transfers > SHOWN && !all && (
              <li className="gs-more">
                … and {(transfers - SHOWN).toLocaleString('en-US')} more transfers in this step.{' '}
                <button type="button" className="gs-link" onClick={() => setAll(true)}>
                  Show {transfers > MAX_SHOWN ? `the first ${MAX_SHOWN}` : 'all'}
                </button>
              </li>
            )}
            {all && transfers > SHOWN && (
              <li className="gs-more">
                {transfers > MAX_SHOWN && `… and ${(transfers - MAX_SHOWN).toLocaleString('en-US')} more. `}
                <button type="button" className="gs-link" onClick={() => setAll(false)}>
                  Show fewer
                </button>
              </li>
            )}
          </ol>
        )}
        {step === steps && steps > 0 && derived.verification === null && (
          <p className="gs-done gs-done--pending" role="status">
            {VERIFYING}
          </p>
        )}
        {step === steps &&
          steps > 0 &&
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
