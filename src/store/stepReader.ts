// The step tracker of one store (src/core/symbolic/stepTracker.ts): made for the schedule shown when a view
// first asks, so the app, the presenter and every embedded figure each replay their own, and every
// view of one store reads the same replay. A view that can wait (the aggregate picture, the narration)
// has it read toward a step in slices of a few milliseconds, one task each, and hears after each
// slice; the others move it at once. Once the picture of many devices rests at a step, the step after
// it is read ahead in the same slices, with the story and every device's completeness of both kept,
// so that stepping forward (or back to a step seen) reads nothing: on 1024 devices one step of
// halving-doubling or naive is half a million transfers or more.

import { afterFrame, task, type Timer } from './tasks';
import { compileSchedule, type CompiledSchedule, type Schedule } from '../core/schedule';
import { startCompleteness, type Contributions, StepTracker, type StepWrites, type TermSeq } from '../core/symbolic';

/** Longest slice of a long read per task (ms): about half a frame. */
const SLICE_MS = 8;
/** Transfers applied between two looks at the clock. */
const CHECK_EVERY = 2048;
/** Steps whose copies of every cell are kept for pictures that draw every cell. */
const KEPT_COPIES = 64;
/** Devices' completeness kept, over all steps kept (floats): 16 MB. */
const KEPT_COMPLETENESS = 1 << 22;

/** Every cell's contributions and terms at one step, device-major. */
export interface CellsAt {
  readonly step: number;
  readonly sets: readonly Contributions[];
  readonly terms: readonly TermSeq[];
}

interface Made {
  readonly schedule: Schedule;
  readonly compiled: CompiledSchedule;
  /** Made when first needed: before the first step the picture needs none (a million cells on 1024 devices). */
  tracker: StepTracker | null;
  readonly copies: Map<number, CellsAt>;
  /** Per step, every device's completeness (0..1), as the tracker found it there. */
  readonly completeness: Map<number, Float32Array>;
}

function trackerIn(made: Made): StepTracker {
  return (made.tracker ??= new StepTracker(made.compiled));
}

export class StepReader {
  private made: Made | null = null;
  /** The steps views are waiting for, the latest last; the reading heads for the latest. */
  private readonly waiting: { step: number }[] = [];
  private timer: Timer | null = null;
  private readonly listeners = new Set<() => void>();
  /** The step read ahead to while no view waits, and the step that read began from. */
  private ahead: { from: number; to: number; told: boolean } | null = null;
  /** The last step a reading ahead began from: each step is read ahead of once. */
  private aheadFrom = -1;

  /** The tracker of `schedule`, made on first use; another schedule replaces it. */
  trackerOf(schedule: Schedule): StepTracker {
    return trackerIn(this.madeFor(schedule));
  }

  /** Every cell at `step`, for pictures small enough to draw every cell (copied once per step). */
  cellsAt(schedule: Schedule, step: number): CellsAt {
    const made = this.madeFor(schedule);
    const { copies } = made;
    const tracker = trackerIn(made);
    const known = copies.get(step);
    if (known) return known;
    tracker.seek(step);
    const copy = { step: tracker.position, ...tracker.copyCells() };
    if (copies.size >= KEPT_COPIES) copies.clear();
    copies.set(step, copy);
    return copy;
  }

  /**
   * Every device's completeness at `step` (0..1, a kept array per step), where the tracker stands
   * there or has stood, and before the first step; null otherwise.
   */
  completenessAt(schedule: Schedule, step: number): Float32Array | null {
    const made = this.madeFor(schedule);
    const known = made.completeness.get(step);
    if (known) return known;
    if (step === 0 && !made.tracker) {
      const start = startCompleteness(made.compiled);
      made.completeness.set(0, start);
      return start;
    }
    if (made.tracker?.position !== step) return null;
    return this.keepCompleteness(made, made.tracker);
  }

  /**
   * Reads the step after `step` in slices while no view waits, where the tracker stands at `step`:
   * its story and completeness are kept, and the tracker is left there. Returns what stops it.
   */
  readAhead(schedule: Schedule, step: number): () => void {
    const { compiled, tracker } = this.madeFor(schedule);
    const resting = tracker ? tracker.position === step && tracker.target === step : step === 0;
    if (!resting || step >= compiled.steps || this.aheadFrom === step) return () => undefined;
    this.aheadFrom = step;
    const ahead = { from: step, to: step + 1, told: false };
    this.ahead = ahead;
    this.timer ??= afterFrame(this.slice);
    return () => {
      if (this.ahead !== ahead) return;
      this.ahead = null;
      if (this.waiting.length === 0) this.stop();
    };
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
    this.ahead = null;
    this.timer ??= task(this.slice);
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
    const target = wait?.step ?? this.ahead?.to;
    if (target === undefined || !this.made) return;
    const made = this.made;
    const tracker = trackerIn(made);
    if (!wait && this.ahead && !this.ahead.told) {
      // Told first, while it is cheap: the story of the step ahead reads the cells as they stand.
      this.ahead.told = true;
      tracker.storyWrites(this.ahead.to);
    }
    tracker.aim(target);
    const end = performance.now() + SLICE_MS;
    let there = tracker.advance(CHECK_EVERY);
    while (!there && performance.now() < end) there = tracker.advance(CHECK_EVERY);
    if (!there) this.timer = task(this.slice);
    else this.keepCompleteness(made, tracker);
    if (!wait) {
      // Read ahead: no view waits to hear of it.
      if (there) this.ahead = null;
      return;
    }
    for (const listener of [...this.listeners]) listener();
  };

  /** Keeps every device's completeness where the tracker stands, forgetting all kept when too many are. */
  private keepCompleteness({ completeness }: Made, tracker: StepTracker): Float32Array {
    const { devices } = tracker.compiled;
    const at = tracker.position;
    const known = completeness.get(at);
    if (known) return known;
    const shares = new Float32Array(devices);
    for (let d = 0; d < devices; d++) shares[d] = tracker.completeness(d);
    if ((completeness.size + 1) * devices > KEPT_COMPLETENESS) completeness.clear();
    completeness.set(at, shares);
    return shares;
  }

  private stop(): void {
    this.timer?.cancel();
    this.timer = null;
  }

  private madeFor(schedule: Schedule): Made {
    if (this.made?.schedule !== schedule) {
      this.stop();
      this.waiting.length = 0;
      this.ahead = null;
      this.aheadFrom = -1;
      this.made = { schedule, compiled: compileSchedule(schedule), tracker: null, copies: new Map(), completeness: new Map() };
    }
    return this.made;
  }
}
