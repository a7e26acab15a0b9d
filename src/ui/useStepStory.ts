// The story of a step for the narration: told at once when little must be replayed to reach it (the
// next step while playing, naive's only step); otherwise — ring on 1024 devices opened at its last
// step — the replay runs in slices of a few milliseconds, one task each, and its progress is shown.

import { useEffect, useReducer } from 'react';
import type { StepStory } from '../core/narration';
import type { ReduceOp } from '../core/ops';
import type { Schedule } from '../core/schedule';
import { stepCacheOf } from './useStepState';

/** Transfers replayed within one render: about a millisecond's work. */
const AT_ONCE_TRANSFERS = 20_000;
/** Work per slice of a longer replay, so a frame still fits around it. */
const SLICE_MS = 8;

export interface StepStoryState {
  /** The story (null at step 0 and while it is being prepared). */
  story: StepStory | null;
  /** How much of the replay is done (0 to 1) while the story is being prepared; else null. */
  preparing: number | null;
}

export function useStepStory(schedule: Schedule | null, op: ReduceOp, step: number): StepStoryState {
  const at = schedule ? Math.min(step, schedule.steps.length) : 0;
  const cache = schedule ? stepCacheOf(schedule, op) : null;
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const atOnce = !cache || cache.storyWork(at) <= AT_ONCE_TRANSFERS;

  useEffect(() => {
    if (atOnce || !cache) return;
    let timer: ReturnType<typeof setTimeout>;
    const slice = () => {
      const end = performance.now() + SLICE_MS;
      const done = cache.prepareStory(at, () => performance.now() > end);
      redraw();
      if (!done) timer = setTimeout(slice, 0);
    };
    timer = setTimeout(slice, 0);
    return () => clearTimeout(timer);
  }, [cache, at, atOnce]);

  if (!cache) return { story: null, preparing: null };
  return atOnce ? { story: cache.at(at).narration, preparing: null } : { story: null, preparing: cache.storyProgress(at) };
}
