// The views' way to their store's step tracker (src/store/tracker.ts): which contributions every
// (device, chunk) holds at a step, in which order they were combined, and what each step says.

import { useMemo } from 'react';
import type { Contributions } from '../core/contributions';
import { valueExpression } from '../core/narration';
import type { ReduceOp } from '../core/ops';
import type { Schedule } from '../core/schedule';
import type { StepTracker } from '../core/stepTracker';
import type { TrackerSlot } from '../store/tracker';
import { useSim } from './StoreContext';

/** Above this many devices × chunks the views aggregate, and values are listed by device, not in order. */
export const DETAIL_LIMIT = 64 * 64;

/** What a picture of every cell draws at one step. */
export interface StepCells {
  /** Steps applied. */
  step: number;
  /** What (d, c) holds after `step` steps. */
  set(device: number, chunk: number): Contributions;
  /** The seeds' notation of (d, c) after `step` steps, e.g. (d₄+a₄). */
  expression(device: number, chunk: number): string;
}

export function useTrackerSlot(): TrackerSlot {
  return useSim((s) => s.tracker);
}

export function useTracker(schedule: Schedule): StepTracker {
  return useTrackerSlot().trackerOf(schedule);
}

/** Every cell at `step` (clamped to the schedule); for schedules of at most DETAIL_LIMIT cells. */
export function useStepCells(schedule: Schedule, op: ReduceOp, step: number): StepCells {
  const cells = useTrackerSlot().cellsAt(schedule, Math.min(step, schedule.steps.length));
  return useMemo(() => {
    const { chunks, devices } = schedule;
    return {
      step: cells.step,
      set: (d, c) => cells.sets[d * chunks + c],
      expression: (d, c) => valueExpression(cells.terms[d * chunks + c], c, devices, op),
    };
  }, [schedule, cells, op]);
}
