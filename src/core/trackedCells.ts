// The state a StepTracker moves: per (device, chunk) the contributions it holds (a set of the pool),
// their terms in the order they were combined, and how many of the contributions it must end with it
// holds; per device the sum of those. A step is applied a range of transfers at a time, remembering
// the value each cell had before the step wrote it, so it can be rolled back half done or undone once
// whole. The work is proportional to the transfers applied, never to devices × chunks.

import { OP_COPY, type CompiledSchedule } from './compile';
import { FurtherWrites, LastCombination, termsOf, type CellTerms } from './furtherWrites';
import { SetPool } from './setPool';
import type { TermSeq } from './terms';
import { fillRange } from './verify';

/** What a whole step changed: the cells it wrote, each once, with their values from before it. */
export interface StepUndo {
  readonly cells: Int32Array;
  readonly sets: Int32Array;
  readonly terms: readonly CellTerms[];
  readonly held: Uint16Array;
}

/** A copy of every cell, to restore later. */
export interface CellsCopy {
  readonly sets: Int32Array;
  readonly terms: readonly CellTerms[];
  readonly held: Uint16Array;
  readonly heldSum: Float64Array;
}

/** Per chunk, the contributions [lo, hi) every copy of it must end with (fillRange), and their count summed over chunks. */
export interface ChunkRanges {
  readonly lo: Uint16Array;
  readonly hi: Uint16Array;
  /** Per device, what its chunks must end with, summed: the same for every device. */
  readonly expected: number;
}

function chunkRanges(compiled: CompiledSchedule): ChunkRanges {
  const { chunks, schedule } = compiled;
  const lo = new Uint16Array(chunks);
  const hi = new Uint16Array(chunks);
  let expected = 0;
  for (let c = 0; c < chunks; c++) {
    const range = fillRange(schedule.collective, compiled, c);
    lo[c] = range.lo;
    hi[c] = range.hi;
    expected += range.hi - range.lo;
  }
  return { lo, hi, expected };
}

/** Before the first step: whether device d's own contribution, all chunk c holds, counts toward c. */
function ownCounts({ lo, hi }: ChunkRanges, device: number, chunk: number): number {
  return lo[chunk] <= device && device < hi[chunk] ? 1 : 0;
}

/** Every device's completeness before the first step (0..1), as a tracker reset there has it, without one. */
export function startCompleteness(compiled: CompiledSchedule, ranges = chunkRanges(compiled)): Float32Array {
  const shares = new Float32Array(compiled.devices);
  for (let d = 0; d < compiled.devices; d++) {
    let held = 0;
    for (let c = 0; c < compiled.chunks; c++) held += ownCounts(ranges, d, c);
    shares[d] = held / ranges.expected;
  }
  return shares;
}

function grown<T extends Int32Array | Uint16Array>(array: T, bigger: T): T {
  bigger.set(array);
  return bigger;
}

export class TrackedCells {
  readonly pool: SetPool;
  /** Per cell, the id of its set in `pool`. */
  readonly sets: Int32Array;
  terms: CellTerms[] = [];
  /** Contributions each cell holds of those it must end with (each counted once). */
  readonly held: Uint16Array;
  /** Per device, `held` summed over its chunks — as of the last whole step. */
  readonly heldSum: Float64Array;
  /** Per device, how many contributions its chunks must end with, summed. */
  readonly expectedSum: Float64Array;
  /** Per chunk, the contributions [lo, hi) every copy of it must end with (all devices where the collective leaves it free). */
  readonly ranges: ChunkRanges;
  private readonly chunks: number;
  // The step in progress: the cells it wrote so far, each with its value before the step (what a
  // message from it carries). A cell was written in this step when its stamp is `pass` (stamps start
  // below every pass); `slot` then says where its old value is kept. Shares settle when the step ends.
  private pass = 1;
  private readonly stamp: Int32Array;
  private readonly slot: Int32Array;
  private touched = new Int32Array(1024);
  private setsBefore = new Int32Array(1024);
  private heldBefore = new Uint16Array(1024);
  private termsBefore: CellTerms[] = [];
  private count = 0;
  private readonly further: FurtherWrites;
  private readonly combine: LastCombination;

  constructor(private readonly compiled: CompiledSchedule) {
    const { devices, chunks } = compiled;
    const cells = devices * chunks;
    this.chunks = chunks;
    this.pool = new SetPool(devices);
    this.further = new FurtherWrites(this.pool);
    this.combine = new LastCombination(this.pool);
    this.sets = new Int32Array(cells);
    this.held = new Uint16Array(cells);
    this.ranges = chunkRanges(compiled);
    this.stamp = new Int32Array(cells);
    this.slot = new Int32Array(cells);
    this.heldSum = new Float64Array(devices);
    this.expectedSum = new Float64Array(devices).fill(this.ranges.expected);
    this.reset();
  }

  /** Back to the start: every device holds its own input in every chunk (set d of the pool is {d}). */
  reset(): void {
    const { devices } = this.compiled;
    const { chunks, ranges } = this;
    this.terms = new Array<CellTerms>(devices * chunks);
    for (let d = 0; d < devices; d++) {
      const from = d * chunks;
      this.sets.fill(d, from, from + chunks);
      this.terms.fill(d, from, from + chunks);
      let held = 0;
      for (let c = 0; c < chunks; c++) {
        const own = ownCounts(ranges, d, c);
        this.held[from + c] = own;
        held += own;
      }
      this.heldSum[d] = held;
    }
  }

  /** Starts a step: messages read every source as it stands now. */
  start(): void {
    this.pass++;
    this.count = 0;
  }

  /** Applies transfers [from, to) of the step in progress, in listed order. */
  apply(from: number, to: number): void {
    const { src, dst, chunk, op } = this.compiled;
    const chunks = this.chunks;
    const { sets, terms, stamp, slot, pass } = this;
    for (let t = from; t < to; t++) {
      const cell = dst[t] * chunks + chunk[t];
      const source = src[t] * chunks + chunk[t];
      const changed = stamp[source] === pass;
      const setIn = changed ? this.setsBefore[slot[source]] : sets[source];
      const termsIn = termsOf(changed ? this.termsBefore[slot[source]] : terms[source]);
      if (stamp[cell] === pass) {
        // A further write in the step: a reduce (the IR allows no copy beside another write), kept
        // aside until the step ends.
        terms[cell] = this.further.add(slot[cell], cell, sets[cell], setIn, terms[cell], termsIn);
        continue;
      }
      this.remember(cell);
      if (op[t] === OP_COPY) {
        sets[cell] = setIn;
        terms[cell] = termsIn;
      } else {
        sets[cell] = this.combine.merge(sets[cell], setIn);
        terms[cell] = this.combine.concat(termsIn, termsOf(terms[cell]));
      }
    }
  }

  /** Ends the step in progress, settling what each written cell holds; returns what undoes the step. */
  finish(): StepUndo {
    const { sets, held, pool } = this;
    const { lo, hi } = this.ranges;
    this.further.settle(sets);
    const chunks = this.chunks;
    for (let i = 0; i < this.count; i++) {
      const cell = this.touched[i];
      const c = cell % chunks;
      const now = pool.countWithin(sets[cell], lo[c], hi[c]);
      this.heldSum[Math.floor(cell / this.chunks)] += now - held[cell];
      held[cell] = now;
    }
    const n = this.count;
    const undo = { cells: this.touched.slice(0, n), sets: this.setsBefore.slice(0, n), terms: this.termsBefore, held: this.heldBefore.slice(0, n) };
    this.termsBefore = [];
    this.endStep();
    return undo;
  }

  /** Puts back every cell the step in progress wrote, as if it had not begun. */
  rollBack(): void {
    for (let i = 0; i < this.count; i++) {
      const cell = this.touched[i];
      this.sets[cell] = this.setsBefore[i];
      this.terms[cell] = this.termsBefore[i];
    }
    this.termsBefore.length = 0;
    this.endStep();
  }

  /** Undoes a whole step (the last one applied). */
  undo(step: StepUndo): void {
    for (let i = step.cells.length - 1; i >= 0; i--) {
      const cell = step.cells[i];
      this.heldSum[Math.floor(cell / this.chunks)] += step.held[i] - this.held[cell];
      this.held[cell] = step.held[i];
      this.sets[cell] = step.sets[i];
      this.terms[cell] = step.terms[i];
    }
  }

  /** The terms of `cell` at the start of the step in progress (now, when none is). */
  startTerms(cell: number): TermSeq {
    return termsOf(this.stamp[cell] === this.pass ? this.termsBefore[this.slot[cell]] : this.terms[cell]);
  }

  /** For each of `cells`, the terms it had before the step `undo` undoes (the last one applied). */
  termsUndoneBy(undo: StepUndo, cells: readonly number[]): (cell: number) => TermSeq {
    const wanted = new Set(cells);
    const before = new Map<number, CellTerms>();
    for (let i = 0; i < undo.cells.length; i++) if (wanted.has(undo.cells[i])) before.set(undo.cells[i], undo.terms[i]);
    return (cell) => termsOf(before.has(cell) ? before.get(cell)! : this.terms[cell]);
  }

  copy(): CellsCopy {
    return { sets: this.sets.slice(), terms: this.terms.slice(), held: this.held.slice(), heldSum: this.heldSum.slice() };
  }

  restore(copy: CellsCopy): void {
    this.sets.set(copy.sets);
    this.terms = copy.terms.slice();
    this.held.set(copy.held);
    this.heldSum.set(copy.heldSum);
  }

  private remember(cell: number): void {
    const i = this.count++;
    this.stamp[cell] = this.pass;
    this.slot[cell] = i;
    if (i === this.touched.length) {
      this.touched = grown(this.touched, new Int32Array(i * 2));
      this.setsBefore = grown(this.setsBefore, new Int32Array(i * 2));
      this.heldBefore = grown(this.heldBefore, new Uint16Array(i * 2));
    }
    this.touched[i] = cell;
    this.setsBefore[i] = this.sets[cell];
    this.heldBefore[i] = this.held[cell];
    this.termsBefore.push(this.terms[cell]);
  }

  private endStep(): void {
    this.further.clear();
    this.count = 0;
    this.pass++;
  }
}
