// How complete every device is at a step, for the aggregate view: a forward cursor over a replay of
// which contributions each (device, chunk) holds. Each step updates only the cells it wrote and logs
// their old and new shares, so going back undoes the log and going forward again redoes it; nothing
// replays from step 0 unless the log outgrew its cap. A long move forward can be spread over several
// tasks, down to a slice of one step's transfers (naive on 1024 devices has a million in its step).

import { compileSchedule, OP_COPY, type CompiledSchedule } from '../../core/compile';
import { merge, single, type Contributions } from '../../core/contributions';
import type { Schedule } from '../../core/schedule';
import { expectedHolding } from '../../core/verify';
import { heldFraction } from './chunkViews';

/** Shares are stored as integers out of this, so undo and redo add up exactly. */
const SCALE = 65535;
/** Most logged cell writes kept (8 bytes each). */
const LOG_CAP = 1 << 22;
/** Transfers applied between two questions whether time is up. */
const CHECK_EVERY = 2048;
const NEVER = () => false;

export class CompletenessCursor {
  readonly devices: number;
  readonly chunks: number;
  /** Steps applied to what `completeness` reports. */
  position = 0;
  private readonly compiled: CompiledSchedule;
  private readonly schedule: Schedule;
  /** Contributions held per cell after `frontier` steps, plus the applied part of the step in progress. */
  private held: Contributions[] = [];
  private frontier = 0;
  /** Next transfer of step `frontier` to apply; −1 while that step has not begun. */
  private nextTransfer = -1;
  /** What the step in progress sends: its sources as they stood at its start. */
  private messages: Contributions[] = [];
  /** Cells the step in progress wrote, each once (stamped with the step, 1-based). */
  private readonly touched: Int32Array;
  private readonly touchedAt: Int32Array;
  private touchedCount = 0;
  /** Touched cells of the step in progress already turned into shares. */
  private finished = 0;
  private readonly shares: Uint16Array;
  private readonly sums: Float64Array;
  private logCell = new Int32Array(1024);
  private logOld = new Uint16Array(1024);
  private logNew = new Uint16Array(1024);
  private logLength = 0;
  /** Log offset where step s begins, for s ≤ frontier. */
  private logStart: number[] = [0];
  private logging = true;

  constructor(schedule: Schedule) {
    this.schedule = schedule;
    this.compiled = compileSchedule(schedule);
    this.devices = schedule.devices;
    this.chunks = schedule.chunks;
    const cells = this.devices * this.chunks;
    this.shares = new Uint16Array(cells);
    this.touched = new Int32Array(cells);
    this.touchedAt = new Int32Array(cells);
    this.sums = new Float64Array(this.devices);
    this.reset();
  }

  /** Share of the expected contributions device d holds, averaged over its chunks (0..1). */
  completeness(device: number): number {
    return this.sums[device] / (this.chunks * SCALE);
  }

  /** Transfers still to replay for a move to `step` (and cells still to finish): zero where the log covers it. */
  workTo(step: number): number {
    const { stepStart } = this.compiled;
    const target = Math.max(0, Math.min(this.compiled.steps, step));
    if (target < this.position && !this.logging) return stepStart[target];
    if (target <= this.frontier) return 0;
    // A step whose transfers are all applied may still have its written cells to turn into shares.
    const finishing = this.nextTransfer === stepStart[this.frontier + 1] ? this.touchedCount - this.finished : 0;
    return stepStart[target] - (this.nextTransfer >= 0 ? this.nextTransfer : stepStart[this.frontier]) + finishing;
  }

  /** Moves to `step` (clamped to the schedule). */
  seek(step: number): void {
    this.seekToward(step, NEVER);
  }

  /**
   * Moves toward `step` until `timeUp()` says to stop (asked every few thousand transfers and after
   * each step); true when it got there. `completeness` always reports a whole step, `position`.
   */
  seekToward(step: number, timeUp: () => boolean): boolean {
    const target = Math.max(0, Math.min(this.compiled.steps, step));
    if (target < this.position && !this.logging) this.reset();
    while (this.position > target) this.undo(--this.position);
    while (this.position < target) {
      if (this.position < this.frontier) this.redo(this.position);
      else if (!this.advanceToward(timeUp)) return false;
      this.position++;
      if (this.position < target && timeUp()) return false;
    }
    return true;
  }

  /** What the cell must hold at the end (everything where the collective leaves it free). */
  private expected(device: number, chunk: number): { lo: number; hi: number } {
    return expectedHolding(this.schedule.collective, this.compiled, device, chunk) ?? { lo: 0, hi: this.devices };
  }

  private share(cell: number): number {
    const expected = this.expected(Math.floor(cell / this.chunks), cell % this.chunks);
    return Math.round(heldFraction(this.held[cell], expected.lo, expected.hi) * SCALE);
  }

  private reset(): void {
    const cells = this.devices * this.chunks;
    this.held = new Array(cells);
    for (let d = 0; d < this.devices; d++) {
      const own = single(d);
      for (let c = 0; c < this.chunks; c++) this.held[d * this.chunks + c] = own;
    }
    this.frontier = 0;
    this.position = 0;
    this.nextTransfer = -1;
    this.messages = [];
    this.touchedCount = 0;
    this.finished = 0;
    this.touchedAt.fill(0);
    this.logLength = 0;
    this.logStart = [0];
    this.logging = true;
    this.sums.fill(0);
    for (let cell = 0; cell < cells; cell++) {
      const share = this.share(cell);
      this.shares[cell] = share;
      this.sums[Math.floor(cell / this.chunks)] += share;
    }
  }

  /** Makes room in the log for `length` entries in all (once per step, not per entry). */
  private reserve(length: number): void {
    if (length <= this.logCell.length) return;
    const size = Math.max(length, this.logCell.length * 2);
    const cells = new Int32Array(size);
    cells.set(this.logCell);
    const olds = new Uint16Array(size);
    olds.set(this.logOld);
    const news = new Uint16Array(size);
    news.set(this.logNew);
    this.logCell = cells;
    this.logOld = olds;
    this.logNew = news;
  }

  private log(cell: number, old: number, next: number): void {
    this.logCell[this.logLength] = cell;
    this.logOld[this.logLength] = old;
    this.logNew[this.logLength] = next;
    this.logLength++;
  }

  /**
   * Applies step `frontier` as far as time allows, with the IR's semantics: messages are the sources
   * at the step's start, writes land in listed order. True once the whole step is applied.
   */
  private advanceToward(timeUp: () => boolean): boolean {
    const { stepStart, src, dst, chunk, op } = this.compiled;
    const chunks = this.chunks;
    const s = this.frontier;
    const begin = stepStart[s];
    const end = stepStart[s + 1];
    if (this.nextTransfer < 0) {
      this.messages = new Array(end - begin);
      for (let t = begin; t < end; t++) this.messages[t - begin] = this.held[src[t] * chunks + chunk[t]];
      this.nextTransfer = begin;
    }
    while (this.nextTransfer < end) {
      const stop = Math.min(end, this.nextTransfer + CHECK_EVERY);
      for (let t = this.nextTransfer; t < stop; t++) {
        const cell = dst[t] * chunks + chunk[t];
        const message = this.messages[t - begin];
        this.held[cell] = op[t] === OP_COPY ? message : merge(this.held[cell], message);
        if (this.touchedAt[cell] !== s + 1) {
          this.touchedAt[cell] = s + 1;
          this.touched[this.touchedCount++] = cell;
        }
      }
      this.nextTransfer = stop;
      if (stop < end && timeUp()) return false;
    }
    return this.finishToward(timeUp);
  }

  /**
   * Turns the cells the step wrote into shares, logged so the step can be undone and redone, as far as
   * time allows (halving-doubling's first step on 1024 devices writes half a million cells).
   */
  private finishToward(timeUp: () => boolean): boolean {
    if (this.finished === 0) {
      if (this.logging && this.logLength + this.touchedCount > LOG_CAP) this.logging = false;
      if (this.logging) this.reserve(this.logLength + this.touchedCount);
    }
    while (this.finished < this.touchedCount) {
      const stop = Math.min(this.touchedCount, this.finished + CHECK_EVERY);
      for (let i = this.finished; i < stop; i++) {
        const cell = this.touched[i];
        const old = this.shares[cell];
        const next = this.share(cell);
        if (this.logging) this.log(cell, old, next);
        this.write(cell, next);
      }
      this.finished = stop;
      if (stop < this.touchedCount && timeUp()) return false;
    }
    this.finished = 0;
    this.touchedCount = 0;
    this.nextTransfer = -1;
    this.messages = [];
    this.frontier++;
    if (this.logging) this.logStart[this.frontier] = this.logLength;
    return true;
  }

  private undo(s: number): void {
    for (let i = this.logStart[s + 1] - 1; i >= this.logStart[s]; i--) this.write(this.logCell[i], this.logOld[i]);
  }

  private redo(s: number): void {
    for (let i = this.logStart[s]; i < this.logStart[s + 1]; i++) this.write(this.logCell[i], this.logNew[i]);
  }

  private write(cell: number, share: number): void {
    const device = Math.floor(cell / this.chunks);
    this.sums[device] += share - this.shares[cell];
    this.shares[cell] = share;
  }
}
