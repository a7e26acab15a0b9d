// The state a StepTracker moves: per cell (device, slot) the contributions it holds (a set of the
// pool), their terms in the order they were combined, and how many of the contributions it must end
// with it holds; per device the sum of those. In a plain schedule a slot is a chunk and a contribution
// a device; otherwise (chunks moving between buffers and scratch) a contribution is a term, device d's
// chunk c as c·N + d (contributionReplay.ts), and only the places where the collective leaves a result count
// toward what a device holds. A step is applied a range of transfers at a time, remembering the value
// each cell had before the step wrote it, so it can be rolled back half done or undone once whole. The
// work is proportional to the transfers applied, never to devices × slots. What each cell must end
// with is chunkRanges.ts's.

import { OP_COPY, type CompiledSchedule } from '../schedule/compile';
import { FurtherWrites, LastCombination, termsOf, type CellTerms } from './furtherWrites';
import { SetPool } from './setPool';
import type { TermSeq } from './terms';
import { nothingTerm, startTerm } from './contributionReplay';
import { chunkRanges, resultChunk, startHeld, type ChunkRanges } from './chunkRanges';

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

function grown<T extends Int32Array | Uint16Array | Uint8Array>(array: T, bigger: T): T {
  bigger.set(array);
  return bigger;
}

export class ReplayCells {
  readonly pool: SetPool;
  /** Per cell, the id of its set in `pool`. */
  readonly sets: Int32Array;
  terms: CellTerms[] = [];
  /** Contributions each cell holds of those it must end with (each counted once). */
  readonly held: Uint16Array;
  /** Per device, `held` summed over its cells — as of the last whole step. */
  readonly heldSum: Float64Array;
  /** Per device, how many contributions its results must end with, summed. */
  readonly expectedSum: Float64Array;
  /** Per chunk, the contributions [lo, hi) every result of it must end with (all devices where the collective leaves it free). */
  readonly ranges: ChunkRanges;
  /** Cells per device. */
  private readonly slots: number;
  // The step in progress: the cells it wrote so far, each with its value before the step (what a
  // message from it carries). A cell was written in this step when its stamp is `pass` (stamps start
  // below every pass); `slot` then says where its old value is kept. Shares settle when the step ends.
  private pass = 1;
  private readonly stamp: Int32Array;
  private readonly slot: Int32Array;
  private touched = new Int32Array(1024);
  private setsBefore = new Int32Array(1024);
  private heldBefore = new Uint16Array(1024);
  /** Per cell written in the step, 1 where its first write was a copy. */
  private firstCopied = new Uint8Array(1024);
  private termsBefore: CellTerms[] = [];
  private count = 0;
  private readonly further: FurtherWrites;
  private readonly combine: LastCombination;

  constructor(private readonly compiled: CompiledSchedule) {
    const { devices, slots, plain } = compiled;
    const cells = devices * slots;
    this.slots = slots;
    // Members are devices, or terms and the one for nothing: the latter's singletons are made as met.
    this.pool = plain ? new SetPool(devices) : new SetPool(nothingTerm(compiled) + 1, 0);
    this.further = new FurtherWrites(this.pool);
    this.combine = new LastCombination(this.pool);
    this.sets = new Int32Array(cells);
    this.held = new Uint16Array(cells);
    this.ranges = chunkRanges(compiled);
    this.stamp = new Int32Array(cells);
    this.slot = new Int32Array(cells);
    this.heldSum = new Float64Array(devices);
    this.expectedSum = this.ranges.expected;
    this.reset();
  }

  /** Back to the start: every device holds its own input in every chunk, and nothing in its other places. */
  reset(): void {
    const { compiled, slots, ranges, pool } = this;
    const { devices, plain } = compiled;
    this.terms = new Array<CellTerms>(devices * slots);
    for (let d = 0; d < devices; d++) {
      const from = d * slots;
      if (plain) {
        // Every chunk holds the device's own input, and set d of the pool is {d}.
        this.sets.fill(d, from, from + slots);
        this.terms.fill(d, from, from + slots);
      } else {
        for (let s = 0; s < slots; s++) {
          const member = startTerm(compiled, d, s);
          this.sets[from + s] = pool.single(member);
          this.terms[from + s] = member;
        }
      }
      this.heldSum[d] = startHeld(compiled, ranges, d, this.held);
    }
  }

  /** Starts a step: messages read every source as it stands now. */
  start(): void {
    this.pass++;
    this.count = 0;
  }

  /** Applies transfers [from, to) of the step in progress, in listed order. */
  apply(from: number, to: number): void {
    const { src, dst, chunk, srcChunk, op } = this.compiled;
    const slots = this.slots;
    const { sets, terms, stamp, slot, pass } = this;
    for (let t = from; t < to; t++) {
      const cell = dst[t] * slots + chunk[t];
      const source = src[t] * slots + srcChunk[t];
      const changed = stamp[source] === pass;
      const setIn = changed ? this.setsBefore[slot[source]] : sets[source];
      const termsIn = termsOf(changed ? this.termsBefore[slot[source]] : terms[source]);
      if (stamp[cell] === pass) {
        // A further write in the step: a reduce (the IR allows a copy beside other writes only as the
        // first), kept aside until the step ends.
        terms[cell] = this.further.add(slot[cell], cell, sets[cell], setIn, terms[cell], termsIn, this.firstCopied[slot[cell]] === 1);
        continue;
      }
      this.remember(cell);
      this.firstCopied[slot[cell]] = op[t] === OP_COPY ? 1 : 0;
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
    const { sets, held, pool, slots } = this;
    const { lo, hi } = this.ranges;
    this.further.settle(sets);
    for (let i = 0; i < this.count; i++) {
      const cell = this.touched[i];
      const c = resultChunk(this.ranges, cell);
      const now = c < 0 ? 0 : pool.countWithin(sets[cell], lo[c], hi[c]);
      this.heldSum[Math.floor(cell / slots)] += now - held[cell];
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
      this.heldSum[Math.floor(cell / this.slots)] += step.held[i] - this.held[cell];
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
      this.firstCopied = grown(this.firstCopied, new Uint8Array(i * 2));
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
