// How complete every device is at a step, for the aggregate view: a forward cursor over the
// symbolic replay. Each step updates only the cells it wrote and logs their old and new shares, so
// going back undoes the log and going forward again redoes it; nothing replays from step 0 unless
// the log outgrew its cap.

import { compileSchedule, type CompiledSchedule } from '../../core/compile';
import type { Schedule } from '../../core/schedule';
import { ContributionTracker } from '../../core/tracker';
import { expectedRange, heldFraction } from './chunkViews';

/** Shares are stored as integers out of this, so undo and redo add up exactly. */
const SCALE = 65535;
/** Most logged cell writes kept (8 bytes each). */
const LOG_CAP = 1 << 22;

export class CompletenessCursor {
  readonly devices: number;
  readonly chunks: number;
  /** Steps applied to what `completeness` reports. */
  position = 0;
  private readonly compiled: CompiledSchedule;
  private readonly schedule: Schedule;
  private tracker!: ContributionTracker;
  private frontier = 0;
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
    this.shares = new Uint16Array(this.devices * this.chunks);
    this.sums = new Float64Array(this.devices);
    this.reset();
  }

  /** Share of the expected contributions device d holds, averaged over its chunks (0..1). */
  completeness(device: number): number {
    return this.sums[device] / (this.chunks * SCALE);
  }

  /** Moves to `step` (clamped to the schedule). */
  seek(step: number): void {
    const target = Math.max(0, Math.min(this.compiled.steps, step));
    if (target < this.position && !this.logging) this.reset();
    while (this.position > target) this.undo(--this.position);
    while (this.position < target) {
      if (this.position < this.frontier) this.redo(this.position);
      else this.advance();
      this.position++;
    }
  }

  private share(device: number, chunk: number): number {
    const expected = expectedRange(this.schedule, device, chunk);
    return Math.round(heldFraction(this.tracker.value(device, chunk).set, expected.lo, expected.hi) * SCALE);
  }

  private reset(): void {
    this.tracker = new ContributionTracker(this.compiled);
    this.frontier = 0;
    this.position = 0;
    this.logLength = 0;
    this.logStart = [0];
    this.logging = true;
    this.sums.fill(0);
    for (let d = 0; d < this.devices; d++) {
      for (let c = 0; c < this.chunks; c++) {
        const share = this.share(d, c);
        this.shares[d * this.chunks + c] = share;
        this.sums[d] += share;
      }
    }
  }

  private log(cell: number, old: number, next: number): void {
    if (this.logLength === this.logCell.length) {
      const size = this.logCell.length * 2;
      const grow = <T extends Int32Array | Uint16Array>(from: T, to: T): T => (to.set(from), to);
      this.logCell = grow(this.logCell, new Int32Array(size));
      this.logOld = grow(this.logOld, new Uint16Array(size));
      this.logNew = grow(this.logNew, new Uint16Array(size));
    }
    this.logCell[this.logLength] = cell;
    this.logOld[this.logLength] = old;
    this.logNew[this.logLength] = next;
    this.logLength++;
  }

  /** Applies the next step of the replay (position === frontier). */
  private advance(): void {
    const { stepStart, dst, chunk } = this.compiled;
    const s = this.frontier;
    this.tracker.apply();
    const begin = stepStart[s];
    const end = stepStart[s + 1];
    if (this.logging && this.logLength + (end - begin) > LOG_CAP) this.logging = false;
    for (let t = begin; t < end; t++) {
      const cell = dst[t] * this.chunks + chunk[t];
      const old = this.shares[cell];
      const next = this.share(dst[t], chunk[t]);
      if (this.logging) this.log(cell, old, next);
      this.shares[cell] = next;
      this.sums[dst[t]] += next - old;
    }
    this.frontier = s + 1;
    if (this.logging) this.logStart[this.frontier] = this.logLength;
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
