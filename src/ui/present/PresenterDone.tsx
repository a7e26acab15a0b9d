// The presenter's verdict under the last step: done, or not correct and where to look. Its room is
// kept from the moment the last step starts, so the narration is fitted with it (useNarrationFit)
// and its arrival, the climax, neither shrinks nor moves the sentences the room is reading.

import type { Schedule } from '../../core/schedule';
import type { VerifyResult } from '../../core/symbolic';
import { LikelyCause } from '../faults/LikelyCause';
import { causeOf } from '../faults/faultsOf';
import { VERIFYING } from '../PreparingStatus';

export interface PresenterDoneProps {
  schedule: Schedule;
  verification: VerifyResult | null;
  /** The last step's messages have landed: the verdict is said; until then its room is only kept. */
  arrived: boolean;
}

export function PresenterDone({ schedule, verification, arrived }: PresenterDoneProps) {
  const bad = verification !== null && !verification.ok;
  const className = `gs-presenter-done${bad ? ' gs-presenter-done--bad' : ''}`;
  const verdict =
    verification === null
      ? VERIFYING
      : verification.ok
        ? '✓ Done: every GPU holds what the collective promises.'
        : `✗ Not correct — ${verification.violation!.message}.`;
  if (!arrived) {
    // The same words, drawn unseen from an attribute: they take their room, and neither a screen
    // reader nor a search of the page finds the verdict before its time. Its own element (key), so
    // the narration's live region announces the verdict as it is added.
    const likely = bad ? causeOf(schedule).likely : null;
    const words = likely ? `${verdict} Most likely: ${likely.sentence}.` : verdict;
    return <p key="kept" className={`${className} gs-presenter-done--kept`} aria-hidden="true" data-words={words} />;
  }
  return (
    <p key="said" className={className}>
      {verdict}
      {bad && <LikelyCause schedule={schedule} />}
    </p>
  );
}
