// A replay of a schedule that only ever moves forward, restarted from its nearest saved state when an
// earlier step is asked for: playing a 1024-device ring costs one step per step, stepping back a few.

import type { TrackerSnapshot } from '../core/terms';

/** What a tracker offers a cursor (ContributionTracker, or a Narrator's terms). */
export interface Replay<T> {
  readonly stepsApplied: number;
  apply(): void;
  snapshot(): TrackerSnapshot<T>;
  restore(snapshot: TrackerSnapshot<T>): void;
}

/** Cells kept in saved states, summed over all of them: a ring on 1024 devices has a million per state. */
const SAVED_CELLS_BUDGET = 4 << 20;
const SAVE_EVERY_AT_LEAST = 32;

export class StepCursor<T> {
  private readonly saved = new Map<number, TrackerSnapshot<T>>();
  private readonly saveEvery: number;

  constructor(
    private readonly replay: Replay<T>,
    steps: number,
    cells: number,
  ) {
    this.saved.set(0, replay.snapshot());
    this.saveEvery = Math.max(SAVE_EVERY_AT_LEAST, Math.ceil((steps * cells) / SAVED_CELLS_BUDGET));
  }

  get at(): number {
    return this.replay.stepsApplied;
  }

  /** The step a move to `step` replays from: here, or the nearest saved state before it. */
  startFor(step: number): number {
    return step >= this.at ? this.at : this.nearestSaved(step);
  }

  /** Moves to `step` steps applied; `beforeApply(s)` is told before step s (1-based) is applied. */
  moveTo(step: number, beforeApply?: (step: number) => void): void {
    this.moveToward(step, () => false, beforeApply);
  }

  /**
   * Moves toward `step` until `timeUp()` says to stop (asked after each applied step); true when
   * it got there. A long replay is spread over several tasks this way.
   */
  moveToward(step: number, timeUp: () => boolean, beforeApply?: (step: number) => void): boolean {
    if (this.at > step) this.replay.restore(this.saved.get(this.nearestSaved(step))!);
    while (this.at < step) {
      beforeApply?.(this.at + 1);
      this.replay.apply();
      const at = this.at;
      if (at % this.saveEvery === 0 && !this.saved.has(at)) this.saved.set(at, this.replay.snapshot());
      if (at < step && timeUp()) return false;
    }
    return true;
  }

  private nearestSaved(step: number): number {
    let from = 0;
    for (const at of this.saved.keys()) if (at <= step && at > from) from = at;
    return from;
  }
}
