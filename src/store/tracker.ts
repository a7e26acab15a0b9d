// The step tracker of one store (src/core/stepTracker.ts): made for the schedule shown when a view
// first asks, so the app, the presenter and every embedded figure each replay their own, and every
// view of one store reads the same replay. A view that can wait (the aggregate picture, the narration)
// has it read toward a step in slices of a few milliseconds, one task each, and hears after each
// slice; the others move it at once.

import { compileSchedule } from '../core/compile';
import type { Contributions } from '../core/contributions';
import type { Schedule } from '../core/schedule';
import { StepTracker, type StepWrites } from '../core/stepTracker';
import type { TermSeq } from '../core/terms';

/** Longest slice of a long read per task (ms): about half a frame. */
const SLICE_MS = 8;
/** Transfers applied between two looks at the clock. */
const CHECK_EVERY = 2048;
/** Steps whose copies of every cell are kept for pictures that draw every cell. */
const KEPT_COPIES = 64;

/** Every cell's contributions and terms at one step, device-major. */
export interface CellsAt {
  readonly step: number;
  readonly sets: readonly Contributions[];
  readonly terms: readonly TermSeq[];
}

interface Made {
  readonly schedule: Schedule;
  readonly tracker: StepTracker;
  readonly copies: Map<number, CellsAt>;
}

export class TrackerSlot {
  private made: Made | null = null;
  /** The steps views are waiting for, the latest last; the reading heads for the latest. */
  private readonly waiting: { step: number }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();

  /** The tracker of `schedule`, made on first use; another schedule replaces it. */
  trackerOf(schedule: Schedule): StepTracker {
    return this.madeFor(schedule).tracker;
  }

  /** Every cell at `step`, for pictures small enough to draw every cell (copied once per step). */
  cellsAt(schedule: Schedule, step: number): CellsAt {
    const { tracker, copies } = this.madeFor(schedule);
    const known = copies.get(step);
    if (known) return known;
    tracker.seek(step);
    const copy = { step: tracker.position, ...tracker.copyCells() };
    if (copies.size >= KEPT_COPIES) copies.clear();
    copies.set(step, copy);
    return copy;
  }

  /**
   * The first writes of step `step` (1-based) for its story, where at most `atOnce` transfers must be
   * replayed now to get them; null while a longer read is needed (see `readToward`).
   */
  storyWrites(schedule: Schedule, step: number, atOnce = Infinity): StepWrites | null {
    const tracker = this.trackerOf(schedule);
    const known = tracker.storyWrites(step);
    if (known || tracker.workTo(step) > atOnce) return known;
    tracker.seek(step);
    return tracker.storyWrites(step);
  }

  /**
   * Reads toward `step` a slice per task until the tracker is there, telling listeners after each
   * slice. Returns what says the view no longer waits (the reading stops when no view does).
   */
  readToward(schedule: Schedule, step: number): () => void {
    this.madeFor(schedule);
    const wait = { step };
    this.waiting.push(wait);
    this.timer ??= setTimeout(this.slice, 0);
    return () => {
      const at = this.waiting.indexOf(wait);
      if (at >= 0) this.waiting.splice(at, 1);
      if (this.waiting.length === 0) this.stop();
    };
  }

  /** Hears every slice of a reading; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private readonly slice = (): void => {
    this.timer = null;
    const wait = this.waiting.at(-1);
    if (!wait || !this.made) return;
    const { tracker } = this.made;
    tracker.aim(wait.step);
    const end = performance.now() + SLICE_MS;
    let there = tracker.advance(CHECK_EVERY);
    while (!there && performance.now() < end) there = tracker.advance(CHECK_EVERY);
    if (!there) this.timer = setTimeout(this.slice, 0);
    for (const listener of [...this.listeners]) listener();
  };

  private stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private madeFor(schedule: Schedule): Made {
    if (this.made?.schedule !== schedule) {
      this.stop();
      this.waiting.length = 0;
      this.made = { schedule, tracker: new StepTracker(compileSchedule(schedule)), copies: new Map() };
    }
    return this.made;
  }
}
