// How far a plain schedule has got at each step, counted instead of replayed as sets: per cell how many
// of the contributions its chunk must end with it holds, per device their sum (its completeness, as
// StepTracker gives it), and per chunk how far its reduction got and on how many devices it is whole.
// A step costs a few array operations per transfer, so any step of 1024 devices is read at once.
// Chunks may come in groups (the double tree's two halves): each device's completeness is then also
// given per group, over the group's chunks alone.
// The counts equal the tracker's where no cell ever holds a contribution twice, which every schedule
// the algorithms build keeps (a loaded one may not: read those with StepTracker).

import { OP_COPY, type CompiledSchedule } from '../schedule/compile';
import { chunkRanges, type ChunkRanges } from './chunkRanges';
import { expectedHolding } from './verify';

export interface StepProgress {
  readonly step: number;
  /** Per device, the share of the contributions it must end with that it holds (0..1). */
  readonly completeness: Float32Array;
  /** Per group of chunks, per device, the same share over the group's chunks alone. */
  readonly byGroup: readonly Float32Array[];
  /** Of every chunk's contributions, the share gathered so far on the one place that gathered most of it. */
  readonly reduced: number;
  /** Chunks whose contributions have all met on one place so far. */
  readonly chunksReduced: number;
  /** Of the places that must end holding a chunk whole, the share that hold it whole. */
  readonly shared: number;
  /** Chunks whole on every place that must end with them. */
  readonly chunksShared: number;
}

/** Device shares kept over all steps (floats): 16 MB; beyond, the kept steps are forgotten and counted again. */
const KEPT_SHARES = 1 << 22;

export class ChunkProgress {
  private readonly ranges: ChunkRanges;
  private readonly span: Int32Array;
  /** Per cell, contributions held of those its chunk must end with. */
  private readonly held: Int32Array;
  /** Per cell, 1 where the collective leaves a result there; null: every cell. */
  private readonly mustEnd: Uint8Array | null;
  private readonly mustPerChunk: Int32Array;
  /** Per device and group (device-major), contributions held. */
  private readonly perDevice: Float64Array;
  private readonly groupOf: Uint8Array;
  /** Per group, contributions each device must end with. */
  private readonly expected: Float64Array;
  private readonly totalSpan: number;
  private readonly totalMust: number;
  private readonly stamp: Int32Array;
  private readonly slot: Int32Array;
  private readonly before: Int32Array;
  private readonly touched: Int32Array;
  private readonly best: Int32Array;
  private readonly wholeCells: Int32Array;
  private readonly kept = new Map<number, StepProgress>();
  private at = 0;
  private pass = 0;
  private gathered = 0;
  private chunksReduced = 0;
  private whole = 0;
  private chunksShared = 0;

  /** `groups`: per chunk, its group (0, 1, …); null: one group. */
  constructor(
    readonly compiled: CompiledSchedule,
    groups: Uint8Array | null = null,
  ) {
    const { devices, chunks, stepStart, schedule } = compiled;
    if (!compiled.plain) throw new Error('ChunkProgress counts plain schedules only');
    const ranges = (this.ranges = chunkRanges(compiled));
    const cells = devices * chunks;
    this.span = Int32Array.from({ length: chunks }, (_, c) => ranges.hi[c] - ranges.lo[c]);
    this.totalSpan = this.span.reduce((a, b) => a + b, 0);
    this.groupOf = groups ?? new Uint8Array(chunks);
    this.expected = new Float64Array(Math.max(0, ...this.groupOf) + 1);
    for (let c = 0; c < chunks; c++) this.expected[this.groupOf[c]] += this.span[c];
    const everywhere = schedule.collective === 'allreduce' || schedule.collective === 'allgather' || schedule.collective === 'broadcast';
    this.mustEnd = everywhere ? null : new Uint8Array(cells);
    this.mustPerChunk = new Int32Array(chunks).fill(everywhere ? devices : 0);
    if (this.mustEnd) {
      for (let d = 0; d < devices; d++)
        for (let c = 0; c < chunks; c++)
          if (expectedHolding(schedule.collective, compiled, d, c) !== null) {
            this.mustEnd[d * chunks + c] = 1;
            this.mustPerChunk[c]++;
          }
    }
    this.totalMust = this.mustPerChunk.reduce((a, b) => a + b, 0);
    let widest = 0;
    for (let s = 0; s < compiled.steps; s++) widest = Math.max(widest, stepStart[s + 1] - stepStart[s]);
    this.held = new Int32Array(cells);
    this.stamp = new Int32Array(cells);
    this.slot = new Int32Array(cells);
    this.before = new Int32Array(widest);
    this.touched = new Int32Array(widest);
    this.best = new Int32Array(chunks);
    this.wholeCells = new Int32Array(chunks);
    this.perDevice = new Float64Array(devices * this.expected.length);
    this.reset();
  }

  /** What the schedule has reached after `step` steps (clamped); kept once counted. */
  progressAt(step: number): StepProgress {
    const known = this.kept.get(this.clamp(step));
    if (known) return known;
    this.advanceToward(step, Infinity);
    return this.keep();
  }

  /** Steps counted so far: what `progressAt` of this step returns at once. */
  get position(): number {
    return this.at;
  }

  /** Transfers still to count before step `step` is known (from the start, for a step behind not kept). */
  workTo(step: number): number {
    const target = this.clamp(step);
    if (this.kept.has(target)) return 0;
    const { stepStart } = this.compiled;
    return stepStart[target] - stepStart[target < this.at ? 0 : this.at];
  }

  /**
   * Counts whole steps toward `step` until about `budget` transfers are counted (at least one step), so
   * a long move (the last step of ring on 1024 devices: two million transfers) can be made in slices;
   * returns whether the step is reached.
   */
  advanceToward(step: number, budget: number): boolean {
    const target = this.clamp(step);
    if (this.kept.has(target)) return true;
    if (target < this.at) this.reset();
    const { stepStart } = this.compiled;
    const until = stepStart[this.at] + budget;
    while (this.at < target) {
      this.apply(this.at++);
      this.keep();
      if (stepStart[this.at] >= until) break;
    }
    return this.at === target;
  }

  private clamp(step: number): number {
    return Math.max(0, Math.min(this.compiled.steps, step));
  }

  private reset(): void {
    const { devices, chunks } = this.compiled;
    const { lo, hi } = this.ranges;
    this.at = 0;
    this.gathered = 0;
    this.chunksReduced = 0;
    this.whole = 0;
    this.chunksShared = 0;
    this.best.fill(0);
    this.wholeCells.fill(0);
    this.perDevice.fill(0);
    // Every cell starts with its device's own contribution: it counts where the chunk's result needs it.
    for (let d = 0; d < devices; d++)
      for (let c = 0; c < chunks; c++) {
        const own = lo[c] <= d && d < hi[c] ? 1 : 0;
        this.held[d * chunks + c] = own;
        this.perDevice[d * this.expected.length + this.groupOf[c]] += own;
        this.settle(d * chunks + c, 0, own);
      }
  }

  /** Applies step s: every message carries its source as it stood when the step began. */
  private apply(s: number): void {
    const { src, dst, chunk, srcChunk, op, stepStart, chunks } = this.compiled;
    const { held, stamp, slot, before, touched } = this;
    const pass = ++this.pass;
    let n = 0;
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
      const cell = dst[t] * chunks + chunk[t];
      const source = src[t] * chunks + srcChunk[t];
      const value = stamp[source] === pass ? before[slot[source]] : held[source];
      if (stamp[cell] === pass) {
        held[cell] += value;
        continue;
      }
      stamp[cell] = pass;
      slot[cell] = n;
      before[n] = held[cell];
      touched[n++] = cell;
      held[cell] = op[t] === OP_COPY ? value : held[cell] + value;
    }
    for (let i = 0; i < n; i++) {
      const cell = touched[i];
      this.perDevice[Math.floor(cell / chunks) * this.expected.length + this.groupOf[cell % chunks]] += held[cell] - before[i];
      this.settle(cell, before[i], held[cell]);
    }
  }

  /** Moves the chunk counts of `cell` from holding `was` to holding `now`. */
  private settle(cell: number, was: number, now: number): void {
    const c = cell % this.compiled.chunks;
    const span = this.span[c];
    const reach = Math.min(now, span);
    if (reach > this.best[c]) {
      this.gathered += reach - this.best[c];
      if (reach === span && span > 0) this.chunksReduced++;
      this.best[c] = reach;
    }
    if (this.mustEnd && this.mustEnd[cell] === 0) return;
    const change = (now >= span ? 1 : 0) - (was >= span ? 1 : 0);
    if (change === 0) return;
    const full = this.wholeCells[c] === this.mustPerChunk[c];
    this.wholeCells[c] += change;
    this.whole += change;
    this.chunksShared += (this.wholeCells[c] === this.mustPerChunk[c] ? 1 : 0) - (full ? 1 : 0);
  }

  private keep(): StepProgress {
    const known = this.kept.get(this.at);
    if (known) return known;
    const { devices } = this.compiled;
    const groups = this.expected.length;
    const completeness = new Float32Array(devices);
    // One group is the whole: its shares are the completeness itself.
    const byGroup = groups === 1 ? [completeness] : Array.from(this.expected, () => new Float32Array(devices));
    for (let d = 0; d < devices; d++) {
      let held = 0;
      for (let g = 0; g < groups; g++) {
        const value = this.perDevice[d * groups + g];
        held += value;
        if (groups > 1) byGroup[g][d] = this.expected[g] > 0 ? value / this.expected[g] : 1;
      }
      completeness[d] = this.totalSpan > 0 ? held / this.totalSpan : 1;
    }
    if ((this.kept.size + 1) * devices * (groups === 1 ? 1 : groups + 1) > KEPT_SHARES) this.kept.clear();
    const progress: StepProgress = {
      step: this.at,
      completeness,
      byGroup,
      reduced: this.totalSpan > 0 ? this.gathered / this.totalSpan : 1,
      chunksReduced: this.chunksReduced,
      shared: this.totalMust > 0 ? this.whole / this.totalMust : 1,
      chunksShared: this.chunksShared,
    };
    this.kept.set(this.at, progress);
    return progress;
  }
}
