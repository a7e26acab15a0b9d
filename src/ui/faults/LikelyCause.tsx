// The transfer that most likely broke a wrong schedule, in one sentence after the verdict: the
// narration's last line in the app and the embed, and the presenter's, say where to look, as the
// faults panel does first.

import { useMemo } from 'react';
import type { Schedule } from '../../core/schedule';
import { causeOf } from './faultsOf';

export function LikelyCause({ schedule }: { schedule: Schedule }) {
  const likely = useMemo(() => causeOf(schedule).likely, [schedule]);
  if (!likely) return null;
  return <span className="gs-likely-cause"> Most likely: {likely.sentence}.</span>;
}
