// What the views draw for a step: which contributions every (device, chunk) holds, in which order
// they were combined, and the step's story — replayed from the schedule and cached per schedule so
// playing and scrubbing stay cheap. Each part is replayed only when a view asks for it: the narration
// of naive on 1024 devices reads 8 of its million transfers and replays nothing.

import { useMemo } from 'react';
import { compileSchedule, type CompiledSchedule } from '../core/compile';
import { Narrator, valueExpression, type StepStory } from '../core/narration';
import type { ReduceOp } from '../core/ops';
import type { Schedule } from '../core/schedule';
import type { TermSeq } from '../core/terms';
import { ContributionTracker, type SymbolicValue } from '../core/tracker';
import { StepCursor } from './stepCursor';

export interface StepState {
  /** Steps applied. */
  step: number;
  /** value(d, c) after `step` steps. */
  value(device: number, chunk: number): SymbolicValue;
  /** The seeds' notation of (d, c) after `step` steps, e.g. (d₄+a₄). */
  expression(device: number, chunk: number): string;
  /** The story of the step that led here (null at step 0): its sentences are written when asked for. */
  readonly narration: StepStory | null;
}

/** Above this many devices × chunks the views aggregate; per-cell detail is not replayed. */
export const DETAIL_LIMIT = 64 * 64;

/** Sentences of one step a view may ask for ("show all" stops here); the rest are only counted. */
export const MAX_TOLD = 256;

/** Steps whose states (and stories) are kept. */
const KEPT_STATES = 64;

export class StepCache {
  private readonly states = new Map<number, StepState>();
  private readonly stories = new Map<number, StepStory>();
  private readonly values: StepCursor<SymbolicValue>;
  private readonly terms: StepCursor<TermSeq>;
  private readonly tracker: ContributionTracker;
  private readonly narrator: Narrator;
  private readonly compiled: CompiledSchedule;

  constructor(
    private readonly schedule: Schedule,
    private readonly op: ReduceOp,
  ) {
    const { steps, devices, chunks } = schedule;
    this.compiled = compileSchedule(schedule);
    this.tracker = new ContributionTracker(schedule);
    this.narrator = new Narrator(schedule, op);
    const narrator = this.narrator;
    this.values = new StepCursor(this.tracker, steps.length, devices * chunks);
    this.terms = new StepCursor(
      {
        get stepsApplied() {
          return narrator.stepsApplied;
        },
        apply: () => narrator.skip(),
        snapshot: () => narrator.snapshot(),
        restore: (snapshot) => narrator.restore(snapshot),
      },
      steps.length,
      devices * chunks,
    );
  }

  at(step: number): StepState {
    const cached = this.states.get(step);
    if (cached) return cached;
    const chunks = this.schedule.chunks;
    let values: readonly SymbolicValue[] | null = null;
    let terms: readonly TermSeq[] | null = null;
    let story: StepStory | null | undefined;
    const tell = () => this.storyOf(step);
    const state: StepState = {
      step,
      value: (d, c) => (values ??= this.valuesAt(step))[d * chunks + c],
      expression: (d, c) => valueExpression((terms ??= this.termsAt(step))[d * chunks + c], c, this.schedule.devices, this.op),
      get narration() {
        return story === undefined ? (story = tell()) : story;
      },
    };
    if (this.states.size > KEPT_STATES) this.states.clear();
    this.states.set(step, state);
    return state;
  }

  /** Transfers to replay before the story of `step` can be told. */
  storyWork(step: number): number {
    if (step === 0 || this.stories.has(step)) return 0;
    const { stepStart } = this.compiled;
    return stepStart[step - 1] - stepStart[this.terms.startFor(step - 1)];
  }

  /** Replays toward the start of `step` until `timeUp()`; true when its story can be told at once. */
  prepareStory(step: number, timeUp: () => boolean): boolean {
    return step === 0 || this.stories.has(step) || this.terms.moveToward(step - 1, timeUp);
  }

  /** How much of the replay toward the start of `step` is done, from 0 to 1. */
  storyProgress(step: number): number {
    const { stepStart } = this.compiled;
    const target = stepStart[Math.max(0, step - 1)];
    return target === 0 ? 1 : Math.min(1, stepStart[Math.min(this.terms.at, step - 1)] / target);
  }

  private valuesAt(step: number): readonly SymbolicValue[] {
    this.values.moveTo(step);
    return this.tracker.snapshot().cells;
  }

  private termsAt(step: number): readonly TermSeq[] {
    // Passing through the step's start is the cheap moment to read its story.
    this.terms.moveTo(step, (s) => {
      if (s === step) this.keepStory(s);
    });
    return this.narrator.snapshot().cells;
  }

  private storyOf(step: number): StepStory | null {
    if (step === 0) return null;
    const known = this.stories.get(step);
    if (known) return known;
    this.terms.moveTo(step - 1);
    return this.keepStory(step);
  }

  /** The story of `step`, read while the narrator stands at its start. */
  private keepStory(step: number): StepStory {
    let story = this.stories.get(step);
    if (!story) {
      story = this.narrator.peekNext(MAX_TOLD);
      if (this.stories.size > KEPT_STATES) this.stories.clear();
      this.stories.set(step, story);
    }
    return story;
  }
}

const caches = new WeakMap<Schedule, Map<ReduceOp, StepCache>>();

/** The one cache of `schedule` under `op`, shared by every view of it. */
export function stepCacheOf(schedule: Schedule, op: ReduceOp): StepCache {
  let byOp = caches.get(schedule);
  if (!byOp) caches.set(schedule, (byOp = new Map()));
  let cache = byOp.get(op);
  if (!cache) byOp.set(op, (cache = new StepCache(schedule, op)));
  return cache;
}

export function stepStateOf(schedule: Schedule, op: ReduceOp, step: number): StepState {
  return stepCacheOf(schedule, op).at(step);
}

export function useStepState(schedule: Schedule | null, op: ReduceOp, step: number): StepState | null {
  return useMemo(() => (schedule ? stepStateOf(schedule, op, Math.min(step, schedule.steps.length)) : null), [schedule, op, step]);
}
