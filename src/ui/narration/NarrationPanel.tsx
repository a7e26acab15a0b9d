// The current step in the seeds' words: the phase (share-reduce / share-only …) and one sentence per
// transfer, announced to screen readers as the step changes.

import { useState } from 'react';
import { opPreface } from '../../core/narration';
import { deviceLetter, subscript } from '../../core/notation';
import { useSim } from '../StoreContext';
import { useStepState } from '../useStepState';

/** Sentences shown before "show all": a step of a large schedule is a wall of text otherwise. */
const SHOWN = 8;
/** Even "all" stops here: a 1024-device step has 1024 sentences. */
const MAX_SHOWN = 256;

function opening(devices: number, chunks: number): string {
  const who = Array.from({ length: Math.min(devices, 4) }, (_, d) => `GPU-${d} holds ${deviceLetter(d)}${subscript(1)}…${deviceLetter(d)}${subscript(chunks)}`);
  return `Each GPU starts with its own gradient, split into ${chunks} chunk${chunks === 1 ? '' : 's'}: ${who.join(', ')}${devices > 4 ? ', …' : ''}.`;
}

export function NarrationPanel() {
  const [all, setAll] = useState(false);
  const derived = useSim((s) => s.derived);
  const step = useSim((s) => s.step);
  const op = useSim((s) => s.config.op);
  const error = useSim((s) => s.error);
  const state = useStepState(derived?.schedule ?? null, op, step);
  if (!derived || !state) {
    return (
      <section className="gs-panel gs-narration" aria-label="Narration">
        <h2>Narration</h2>
        <p className="gs-narration-empty">{error ?? 'Nothing to show yet.'}</p>
      </section>
    );
  }
  const { schedule } = derived;
  const steps = schedule.steps.length;
  const narration = state.narration;
  const preface = opPreface(op, schedule.devices);
  const sentences = narration?.sentences ?? [];
  return (
    <section className="gs-panel gs-narration" aria-label="Narration">
      <h2>
        {step === 0 ? 'Before the first step' : `Step ${step} of ${steps}`}
        {narration && <span className="gs-phase">{narration.phaseLabel === narration.phase ? narration.phase : `${narration.phaseLabel} · ${narration.phase}`}</span>}
      </h2>
      <div aria-live="polite" aria-atomic="true">
        {step === 0 ? (
          <p>
            {opening(schedule.devices, schedule.chunks)} {preface} {steps === 0 ? 'With one device there is nothing to do.' : 'Press → to take the first step.'}
          </p>
        ) : (
          <ol className="gs-sentences">
            {sentences.slice(0, all ? MAX_SHOWN : SHOWN).map((sentence, i) => (
              <li key={i}>{sentence}</li>
            ))}
            {sentences.length > SHOWN && !all && (
              <li className="gs-more">
                … and {(sentences.length - SHOWN).toLocaleString('en-US')} more transfers in this step.{' '}
                <button type="button" className="gs-link" onClick={() => setAll(true)}>
                  Show {sentences.length > MAX_SHOWN ? `the first ${MAX_SHOWN}` : 'all'}
                </button>
              </li>
            )}
            {all && sentences.length > SHOWN && (
              <li className="gs-more">
                {sentences.length > MAX_SHOWN && `… and ${(sentences.length - MAX_SHOWN).toLocaleString('en-US')} more. `}
                <button type="button" className="gs-link" onClick={() => setAll(false)}>
                  Show fewer
                </button>
              </li>
            )}
          </ol>
        )}
        {step === steps && steps > 0 && <p className="gs-done">Done: {derived.verification.ok ? 'every device holds what the collective promises.' : `not correct — ${derived.verification.violation!.message}.`}</p>}
      </div>
    </section>
  );
}
