// The story of a step for the narration, from the store's step tracker: told at once when little
// must be replayed to reach it (the next step while playing, naive's only step); otherwise — ring on
// 1024 devices opened at its last step — the tracker reads toward it in slices of a few milliseconds,
// one task each, and how far it got is shown. Told by message where a message carries several chunks.

import { useEffect, useMemo, useReducer } from 'react';
import { byMessage, stepStory, type StepStory } from '../core/narration';
import type { ReduceOp } from '../core/ops';
import { stepThreadblockTags, type Schedule } from '../core/schedule';
import { useStepReader } from './useStepReader';

/** Transfers replayed within one render: about a millisecond's work. */
const AT_ONCE_TRANSFERS = 20_000;

export interface StepStoryState {
  /** The story (null at step 0 and while it is being prepared). */
  story: StepStory | null;
  /** How much of the replay is done (0 to 1) while the story is being prepared; else null. */
  preparing: number | null;
}

export function useStepStory(schedule: Schedule | null, op: ReduceOp, step: number): StepStoryState {
  const slot = useStepReader();
  const at = schedule ? Math.min(step, schedule.steps.length) : 0;
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const writes = schedule && at > 0 ? slot.storyWrites(schedule, at, AT_ONCE_TRANSFERS) : null;
  const waiting = schedule !== null && at > 0 && writes === null;

  useEffect(() => {
    if (!waiting) return;
    const unsubscribe = slot.subscribe(redraw);
    const stop = slot.readToward(schedule, at);
    return () => {
      stop();
      unsubscribe();
    };
  }, [slot, schedule, at, waiting]);

  // A sentence per message where a message carries several chunks, unless each transfer is tagged with
  // where it runs (an imported algorithm's threadblocks), which its own sentence says.
  const story = useMemo(() => {
    if (!schedule || !writes) return null;
    const told = stepStory(schedule, writes.step - 1, writes.writes, writes.transfers, op);
    return stepThreadblockTags(schedule, writes.step) ? told : byMessage(told);
  }, [schedule, writes, op]);
  if (!waiting) return { story, preparing: null };
  const tracker = slot.trackerOf(schedule);
  const target = tracker.compiled.stepStart[at - 1];
  return { story: null, preparing: target === 0 ? 1 : Math.min(1, tracker.transfersApplied / target) };
}
