// What lets a StepTracker go back: a copy of every cell each `checkpointEvery` steps, within a fixed
// budget of cells, and an undo record of each step applied last, within a budget of cell values.
// Going back undoes steps or restores the nearest checkpoint before the target, whichever is less work.

import type { CompiledSchedule } from '../schedule/compile';
import type { CellsCopy, StepUndo, ReplayCells } from './replayCells';

export interface HistoryLimits {
  /** Cells kept in checkpoints, over all of them: a ring on 1024 devices has a million per checkpoint. */
  checkpointCells: number;
  /** Cell values kept in undo records, over all of them. */
  undoEntries: number;
}

export const HISTORY_LIMITS: HistoryLimits = { checkpointCells: 4 << 20, undoEntries: 1 << 21 };
const CHECKPOINT_EVERY_AT_LEAST = 32;

/** Steps between checkpoints, so that they hold at most `checkpointCells` cells in all (besides step 0). */
export function checkpointInterval(steps: number, cells: number, checkpointCells = HISTORY_LIMITS.checkpointCells): number {
  return Math.max(CHECKPOINT_EVERY_AT_LEAST, Math.ceil((steps * cells) / checkpointCells));
}

export class StepHistory<Story> {
  readonly checkpointEvery: number;
  /** By step; step 0 has no copy: it is made anew. */
  private readonly checkpoints = new Map<number, { cells: CellsCopy | null; story: Story | undefined }>();
  /** undos[i] undoes step undoFrom + i + 1; they reach up to the cells' step. */
  private readonly undos: StepUndo[] = [];
  private undoFrom = 0;
  private undoEntries = 0;
  private readonly limits: HistoryLimits;

  constructor(
    private readonly compiled: CompiledSchedule,
    limits: Partial<HistoryLimits> = {},
  ) {
    this.limits = { ...HISTORY_LIMITS, ...limits };
    this.checkpointEvery = checkpointInterval(compiled.steps, compiled.devices * compiled.slots, this.limits.checkpointCells);
    this.checkpoints.set(0, { cells: null, story: undefined });
  }

  get checkpointSteps(): number[] {
    return [...this.checkpoints.keys()];
  }

  /** Step `at` (1-based) was just applied to `cells`, with what undoes it and what it says. */
  passed(at: number, undo: StepUndo, cells: ReplayCells, story: Story | undefined): void {
    this.undos.push(undo);
    this.undoEntries += undo.cells.length;
    while (this.undoEntries > this.limits.undoEntries && this.undos.length > 1) {
      this.undoEntries -= this.undos.shift()!.cells.length;
      this.undoFrom++;
    }
    if (at % this.checkpointEvery === 0 && !this.checkpoints.has(at)) this.checkpoints.set(at, { cells: cells.copy(), story });
  }

  /** What undoes step `step` (1-based), while the records reach back to it. */
  undoOf(step: number): StepUndo | undefined {
    return step > this.undoFrom ? this.undos[step - this.undoFrom - 1] : undefined;
  }

  /** Transfers to replay after going back from `at` to `target` (none when undoing gets there). */
  replayBack(at: number, target: number): number {
    const { stepStart } = this.compiled;
    return this.undoCost(at, target) <= this.restoreCost(target) ? 0 : stepStart[target] - stepStart[this.checkpointBefore(target)];
  }

  /**
   * Takes `cells` from step `at` back to `target`, or to the checkpoint before it to replay from there;
   * returns the step the cells are at, and the story kept with a checkpoint restored.
   */
  moveBack(cells: ReplayCells, at: number, target: number): { at: number; story?: Story } {
    if (this.undoCost(at, target) <= this.restoreCost(target)) {
      for (let step = at; step > target; step--) {
        const undo = this.undos.pop()!;
        cells.undo(undo);
        this.undoEntries -= undo.cells.length;
      }
      return { at: target };
    }
    const from = this.checkpointBefore(target);
    const checkpoint = this.checkpoints.get(from)!;
    if (checkpoint.cells) cells.restore(checkpoint.cells);
    else cells.reset();
    // Undo records of steps up to the checkpoint still hold; later ones went with the cells.
    for (const dropped of this.undos.splice(Math.max(0, from - this.undoFrom))) this.undoEntries -= dropped.cells.length;
    this.undoFrom = Math.min(this.undoFrom, from);
    return { at: from, story: checkpoint.story };
  }

  /** Cell values an undo from `at` back to `target` puts back; Infinity where the records do not reach. */
  private undoCost(at: number, target: number): number {
    if (target < this.undoFrom) return Infinity;
    let entries = 0;
    for (let step = target + 1; step <= at; step++) entries += this.undoOf(step)!.cells.length;
    return entries;
  }

  /** Cells a restore copies, plus the transfers replayed after it. */
  private restoreCost(target: number): number {
    const { devices, slots, stepStart } = this.compiled;
    return devices * slots + stepStart[target] - stepStart[this.checkpointBefore(target)];
  }

  /** The latest checkpoint at or before `step` (there is always one at 0). */
  private checkpointBefore(step: number): number {
    let from = 0;
    for (const at of this.checkpoints.keys()) if (at <= step && at > from) from = at;
    return from;
  }
}
