// The narration, large: the step and its phase, then the step's sentences in the seeds' words,
// announced as the step changes.

import { opPreface } from '../../core/narration';
import { deviceLetter, subscript } from '../../core/notation';
import { useSim } from '../StoreContext';
import { useStepState } from '../useStepState';

/** Sentences that fit large on a 720p projector; the rest are counted. */
const SHOWN = 6;

function opening(devices: number, chunks: number): string {
  const listed = devices <= 4 ? devices : 3;
  const who = Array.from({ length: listed }, (_, d) => `GPU-${d} holds ${deviceLetter(d)}${subscript(1)}…${deviceLetter(d)}${subscript(chunks)}`);
  return `Each GPU starts with its own gradient in ${chunks} chunk${chunks === 1 ? '' : 's'}: ${who.join(', ')}${devices > listed ? ' and so on' : ''}.`;
}

export function PresenterNarration() {
  const derived = useSim((s) => s.derived);
  const step = useSim((s) => s.step);
  const op = useSim((s) => s.config.op);
  const error = useSim((s) => s.error);
  const state = useStepState(derived?.schedule ?? null, op, step);
  if (!derived || !state) return <section className="gs-presenter-narration" aria-label="Narration"><p>{error ?? 'Nothing to show.'}</p></section>;
  const { schedule, verification } = derived;
  const steps = schedule.steps.length;
  const narration = state.narration;
  const sentences = narration?.sentences ?? [];
  const density = sentences.length <= 2 ? 'few' : sentences.length <= 4 ? 'some' : 'many';
  return (
    <section className="gs-presenter-narration" aria-label="Narration">
      <p className="gs-presenter-stepline">
        <span className="gs-presenter-stepno">{step === 0 ? 'Start' : `Step ${step}`}</span>
        <span className="gs-presenter-of"> of {steps}</span>
        {narration && <span className="gs-presenter-phase">{narration.phaseLabel === narration.phase ? narration.phase : `${narration.phaseLabel} · ${narration.phase}`}</span>}
      </p>
      <div aria-live="polite" aria-atomic="true">
        {step === 0 ? (
          <p className="gs-presenter-opening">
            {opening(schedule.devices, schedule.chunks)} {opPreface(op, schedule.devices)} {steps === 0 ? 'With one device there is nothing to do.' : 'Press → for the first step.'}
          </p>
        ) : (
          <ol className={`gs-presenter-sentences gs-presenter-sentences--${density}`}>
            {sentences.slice(0, SHOWN).map((sentence, i) => (
              <li key={i}>{sentence}</li>
            ))}
            {sentences.length > SHOWN && <li className="gs-presenter-more">… and {(sentences.length - SHOWN).toLocaleString('en-US')} more transfers at the same time.</li>}
          </ol>
        )}
        {step === steps && steps > 0 && (
          <p className={`gs-presenter-done${verification.ok ? '' : ' gs-presenter-done--bad'}`}>
            {verification.ok ? '✓ Done: every GPU holds what the collective promises.' : `✗ Not correct — ${verification.violation!.message}.`}
          </p>
        )}
      </div>
    </section>
  );
}
