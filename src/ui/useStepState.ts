// What the views draw for a step: which contributions every (device, chunk) holds, in which order
// they were combined, and the sentences of the step — replayed from the schedule and cached per
// schedule so playing and scrubbing stay cheap.

import { useMemo } from 'react';
import { Narrator, valueExpression, type StepNarration } from '../core/narration';
import type { ReduceOp } from '../core/ops';
import type { Schedule } from '../core/schedule';
import type { TermSeq, TrackerSnapshot } from '../core/terms';
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

/** Snapshots kept every this many steps, so stepping back replays little. */
const SNAPSHOT_EVERY = 32;

interface Saved {
  values: TrackerSnapshot<SymbolicValue>;
  terms: TrackerSnapshot<TermSeq>;
}

/**
 * A forward cursor (tracker and narrator) that only ever moves ahead, restarted from the nearest
 * saved snapshot when asked for an earlier step: playing a 1024-device ring costs one step per step.
 */
class StepCache {
  private readonly states = new Map<number, StepState>();
  private readonly saved = new Map<number, Saved>();
  private readonly tracker: ContributionTracker;
  private readonly narrator: Narrator;

  constructor(
    private readonly schedule: Schedule,
    private readonly op: ReduceOp,
  ) {
    this.tracker = new ContributionTracker(schedule);
    this.narrator = new Narrator(schedule, op);
  }

  at(step: number): StepState {
    const cached = this.states.get(step);
    if (cached) return cached;
    const target = Math.max(0, step - 1);
    if (this.tracker.stepsApplied > target) {
      let from = 0;
      for (const at of this.saved.keys()) if (at <= target && at > from) from = at;
      const saved = this.saved.get(from);
      if (saved) {
        this.tracker.restore(saved.values);
        this.narrator.restore(saved.terms);
      } else {
        this.tracker.restore({ stepsApplied: 0, cells: new ContributionTracker(this.schedule).snapshot().cells });
        this.narrator.restore({ stepsApplied: 0, cells: new Narrator(this.schedule, this.op).snapshot().cells });
      }
    }
    while (this.tracker.stepsApplied < target) this.advance(false);
    const narration = step > 0 ? this.advance(true) : null;
    const values = this.tracker.snapshot().cells;
    const terms = this.narrator.snapshot().cells;
    const chunks = this.schedule.chunks;
    const state: StepState = {
      step,
      value: (d, c) => values[d * chunks + c],
      expression: (d, c) => valueExpression(terms[d * chunks + c], c, this.op),
      narration,
    };
    if (this.states.size > 64) this.states.clear();
    this.states.set(step, state);
    return state;
  }

  private advance(narrate: boolean): StepNarration | null {
    this.tracker.apply();
    const narration = narrate ? this.narrator.narrateNext() : (this.narrator.skip(), null);
    const at = this.tracker.stepsApplied;
    if (at % SNAPSHOT_EVERY === 0 && !this.saved.has(at)) this.saved.set(at, { values: this.tracker.snapshot(), terms: this.narrator.snapshot() });
    return narration;
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
