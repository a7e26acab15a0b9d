// What the views draw for a step: which contributions every (device, chunk) holds, in which order
// they were combined, and the sentences of the step — replayed from the schedule and cached per
// schedule so scrubbing back and forth stays cheap.

import { useMemo } from 'react';
import { Narrator, type StepNarration } from '../core/narration';
import type { ReduceOp } from '../core/ops';
import type { Schedule } from '../core/schedule';
import { ContributionTracker, type SymbolicValue } from '../core/tracker';

export interface StepState {
  /** Steps applied. */
  step: number;
  /** value(d, c) after `step` steps. */
  value(device: number, chunk: number): SymbolicValue;
  /** The seeds' notation of (d, c) after `step` steps, e.g. (d₄+a₄). */
  expression(device: number, chunk: number): string;
  /** The narration of the step that led here (null at step 0). */
  narration: StepNarration | null;
}

/** Above this many devices × chunks the views aggregate; per-cell detail is not replayed. */
export const DETAIL_LIMIT = 64 * 64;

class StepCache {
  private readonly states = new Map<number, StepState>();

  constructor(
    private readonly schedule: Schedule,
    private readonly op: ReduceOp,
  ) {}

  at(step: number): StepState {
    let state = this.states.get(step);
    if (state) return state;
    const tracker = new ContributionTracker(this.schedule);
    const narrator = new Narrator(this.schedule, this.op);
    let narration: StepNarration | null = null;
    for (let s = 0; s < step; s++) {
      tracker.apply();
      if (s === step - 1) narration = narrator.narrateNext();
      else narrator.skip();
    }
    state = {
      step,
      value: (d, c) => tracker.value(d, c),
      expression: (d, c) => narrator.valueExpression(d, c),
      narration,
    };
    if (this.states.size > 256) this.states.clear();
    this.states.set(step, state);
    return state;
  }
}

const caches = new WeakMap<Schedule, Map<ReduceOp, StepCache>>();

export function stepStateOf(schedule: Schedule, op: ReduceOp, step: number): StepState {
  let byOp = caches.get(schedule);
  if (!byOp) caches.set(schedule, (byOp = new Map()));
  let cache = byOp.get(op);
  if (!cache) byOp.set(op, (cache = new StepCache(schedule, op)));
  return cache.at(step);
}

export function useStepState(schedule: Schedule | null, op: ReduceOp, step: number): StepState | null {
  return useMemo(() => (schedule ? stepStateOf(schedule, op, Math.min(step, schedule.steps.length)) : null), [schedule, op, step]);
}
