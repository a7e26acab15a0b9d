// Which contributions every (device, slot) holds at any step, and the terms they combine in order,
// for the views that step through a schedule: one replay that seeks forward and back. Going back
// undoes steps or restores a checkpoint and replays from there (stepHistory.ts); a step costs work in
// proportion to the transfers it has. A long move can be made in slices (`aim`, then `advance` with a
// budget until `pending()` is 0), so a page stays responsive while naive's million transfers apply.

import type { CompiledSchedule } from '../schedule/compile';
import type { Contributions } from './contributions';
import { StepHistory, type HistoryLimits } from './stepHistory';
import { firstWrites, type TermSeq, type TermWrite } from './terms';
import { termsOf } from './furtherWrites';
import { ReplayCells } from './replayCells';
import { resultChunk } from './chunkRanges';

/** Writes of a step kept to tell its story (the rest are only counted). */
export const STORY_WRITES = 256;
/** Stories of steps kept besides those of checkpoints. */
const STORIES_KEPT = 64;

/** The first writes of a step, as it applies them, and how many transfers it has. */
export interface StepWrites {
  /** 1-based. */
  readonly step: number;
  readonly transfers: number;
  readonly writes: readonly TermWrite[];
}

export class StepTracker {
  private readonly cells: ReplayCells;
  private readonly history: StepHistory<StepWrites>;
  private readonly stories = new Map<number, StepWrites>();
  /** Whole steps applied: what every question is answered for. */
  private at = 0;
  private goal = 0;
  /** Next transfer of step `at` (0-based) to apply; −1 while no step is in progress. */
  private next = -1;

  constructor(
    readonly compiled: CompiledSchedule,
    limits?: Partial<HistoryLimits>,
  ) {
    this.cells = new ReplayCells(compiled);
    this.history = new StepHistory(compiled, limits);
  }

  /** Steps applied, whole: every question below is answered as of this step. */
  get position(): number {
    return this.at;
  }

  /** Where `advance` is heading. */
  get target(): number {
    return this.goal;
  }

  /** Transfers of the schedule applied to the cells, counting those of a step in progress. */
  get transfersApplied(): number {
    return this.next >= 0 ? this.next : this.compiled.stepStart[this.at];
  }

  /** Steps between checkpoints. */
  get checkpointEvery(): number {
    return this.history.checkpointEvery;
  }

  /** Steps with a checkpoint kept. */
  get checkpointSteps(): number[] {
    return this.history.checkpointSteps;
  }

  /** Moves to `step` (clamped to the schedule) at once. */
  seek(step: number): void {
    this.aim(step);
    this.advance(Infinity);
  }

  /**
   * Heads for `step` (clamped): a move back is made at once (undoing steps or restoring a checkpoint,
   * at most a copy of every cell), what is left to replay waits for `advance`.
   */
  aim(step: number): void {
    const target = Math.max(0, Math.min(this.compiled.steps, Math.floor(step)));
    if (this.next >= 0 && target <= this.at) {
      this.cells.rollBack();
      this.next = -1;
    }
    if (target < this.at) {
      const back = this.history.moveBack(this.cells, this.at, target);
      if (back.story) this.stories.set(back.at, back.story);
      this.at = back.at;
    }
    this.goal = target;
  }

  /** Transfers still to replay to reach the target. */
  pending(): number {
    return this.workTo(this.goal);
  }

  /** Transfers a move to `step` would replay from here (undoing and restoring copy, not replay). */
  workTo(step: number): number {
    const { stepStart, steps } = this.compiled;
    const target = Math.max(0, Math.min(steps, Math.floor(step)));
    if (target > this.at || (target === this.at && this.next < 0)) return stepStart[target] - (this.next >= 0 ? this.next : stepStart[this.at]);
    return this.history.replayBack(this.at, target);
  }

  /** Applies up to `budget` transfers toward the target; true once there. */
  advance(budget: number): boolean {
    const { stepStart } = this.compiled;
    let left = budget;
    while (this.at < this.goal && left > 0) {
      if (this.next < 0) this.startStep();
      const end = stepStart[this.at + 1];
      const stop = Math.min(end, this.next + left);
      this.cells.apply(this.next, stop);
      left -= stop - this.next;
      this.next = stop;
      if (stop === end) this.finishStep();
    }
    return this.at === this.goal;
  }

  /**
   * What (device, slot) holds: devices in a plain schedule, where slot c is chunk c; otherwise terms
   * (contributionReplay.ts), read as devices of one chunk by placeReading.
   */
  contributions(device: number, slot: number): Contributions {
    return this.cells.pool.get(this.cells.sets[device * this.compiled.slots + slot]);
  }

  terms(device: number, slot: number): TermSeq {
    return termsOf(this.cells.terms[device * this.compiled.slots + slot]);
  }

  /** Of the contributions (device, slot) must end with, how many it holds (each counted once); 0 where it ends with no result. */
  held(device: number, slot: number): number {
    return this.cells.held[device * this.compiled.slots + slot];
  }

  /** The share of the contributions (device, slot) must end with that it holds (0..1); 0 where it ends with no result. */
  share(device: number, slot: number): number {
    const { lo, hi } = this.cells.ranges;
    const c = resultChunk(this.cells.ranges, device * this.compiled.slots + slot);
    return c < 0 ? 0 : this.cells.held[device * this.compiled.slots + slot] / (hi[c] - lo[c]);
  }

  /**
   * The share of the contributions `device` must end with that it holds, over all its chunks (0..1).
   * Every chunk of a device must end with equally many, so this is also the mean of their shares.
   */
  completeness(device: number): number {
    return this.cells.heldSum[device] / this.cells.expectedSum[device];
  }

  /** What each slot of `device` holds. */
  deviceContributions(device: number): Contributions[] {
    const { slots } = this.compiled;
    return Array.from(this.cells.sets.subarray(device * slots, (device + 1) * slots), (id) => this.cells.pool.get(id));
  }

  /** The terms of each slot of `device`. */
  deviceTerms(device: number): TermSeq[] {
    const { slots } = this.compiled;
    return this.cells.terms.slice(device * slots, (device + 1) * slots).map(termsOf);
  }

  /** Every cell's contributions and terms, device-major (a copy). */
  copyCells(): { sets: Contributions[]; terms: TermSeq[] } {
    return { sets: Array.from(this.cells.sets, (id) => this.cells.pool.get(id)), terms: this.cells.terms.map(termsOf) };
  }

  /**
   * The first STORY_WRITES writes of step `step` (1-based), read where the tracker stands at the
   * step's start (also with the step in progress) or just after it; null elsewhere.
   */
  storyWrites(step: number): StepWrites | null {
    const known = this.stories.get(step);
    if (known || step < 1 || step > this.compiled.steps) return known ?? null;
    if (this.at === step - 1) return this.keepStory(step, (cell) => this.cells.startTerms(cell));
    if (this.at !== step || this.next >= 0) return null;
    const undo = this.history.undoOf(step);
    if (undo) return this.keepStory(step, this.cells.termsUndoneBy(undo, this.cellsRead(step)));
    // The undo records no longer reach back to this step: read it from the step before.
    this.seek(step - 1);
    const story = this.storyWrites(step)!;
    this.seek(step);
    return story;
  }

  /** The cells the story of `step` reads: the sources and destinations of its first writes. */
  private cellsRead(step: number): number[] {
    const { stepStart, src, dst, chunk, srcChunk, slots } = this.compiled;
    const cells: number[] = [];
    for (let t = stepStart[step - 1]; t < Math.min(stepStart[step], stepStart[step - 1] + STORY_WRITES); t++) {
      cells.push(src[t] * slots + srcChunk[t], dst[t] * slots + chunk[t]);
    }
    return cells;
  }

  private keepStory(step: number, startOf: (cell: number) => TermSeq): StepWrites {
    const { stepStart } = this.compiled;
    const story = { step, transfers: stepStart[step] - stepStart[step - 1], writes: firstWrites(this.compiled, step - 1, startOf, STORY_WRITES) };
    if (this.stories.size >= STORIES_KEPT) this.stories.clear();
    this.stories.set(step, story);
    return story;
  }

  private startStep(): void {
    // A checkpoint keeps the story of the step that leads to it, read while it is cheap.
    if ((this.at + 1) % this.history.checkpointEvery === 0) this.storyWrites(this.at + 1);
    this.cells.start();
    this.next = this.compiled.stepStart[this.at];
  }

  private finishStep(): void {
    const undo = this.cells.finish();
    this.at++;
    this.next = -1;
    this.history.passed(this.at, undo, this.cells, this.stories.get(this.at));
  }
}
