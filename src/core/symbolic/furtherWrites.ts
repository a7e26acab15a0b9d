// How a step's writes are combined cheaply. A step may reduce into a cell more than once: naive reduces
// 1023 values into each device's chunk in its one step. The writes after the first are kept aside and
// combined once: their sets when the step ends, their terms when first read, since nothing may ever
// read them in order. And consecutive writes often combine the same two values.

import type { SetPool } from './setPool';
import { concatTerms, type TermSeq } from './terms';

/** The terms `base` with each of `incoming` reduced into it in turn, the incoming ones first. */
class PendingTerms {
  private seq: TermSeq | null = null;

  constructor(
    private readonly base: TermSeq,
    private readonly incoming: TermSeq[],
  ) {}

  add(terms: TermSeq): void {
    this.incoming.push(terms);
  }

  get terms(): TermSeq {
    if (this.seq === null) {
      let seq = this.base;
      for (const terms of this.incoming) seq = concatTerms(terms, seq);
      this.seq = seq;
    }
    return this.seq;
  }
}

/** What a cell's terms are kept as. */
export type CellTerms = TermSeq | PendingTerms;

export function termsOf(value: CellTerms): TermSeq {
  return value instanceof PendingTerms ? value.terms : value;
}

/** The further writes of the step in progress, by the slot of the cell they write. */
export class FurtherWrites {
  /** Per slot, 1 + the index of its pile of sets; 0 while it has none. */
  private pileOf = new Int32Array(1024);
  /** Sets of the pool. */
  private piles: number[][] = [];
  private cells: number[] = [];
  private slots: number[] = [];

  constructor(private readonly pool: SetPool) {}

  /**
   * Another reduce of `set` and `terms` into `cell`, whose first write this step (at `slot`, a copy
   * when `firstCopied`) left it holding `firstSet` and `current`; returns the cell's terms from now on.
   */
  add(slot: number, cell: number, firstSet: number, set: number, current: CellTerms, terms: TermSeq, firstCopied: boolean): CellTerms {
    if (slot >= this.pileOf.length) {
      const bigger = new Int32Array(Math.max(slot + 1, this.pileOf.length * 2));
      bigger.set(this.pileOf);
      this.pileOf = bigger;
    }
    if (this.pileOf[slot] > 0) this.piles[this.pileOf[slot] - 1].push(set);
    else {
      this.pileOf[slot] = this.piles.push([firstSet, set]);
      this.cells.push(cell);
      this.slots.push(slot);
    }
    if (current instanceof PendingTerms) {
      current.add(terms);
      return current;
    }
    // A first copy left the message itself; a first reduce made (incoming first) ⊕ (what the cell held).
    if (firstCopied) return new PendingTerms(current, [terms]);
    const first = current as Exclude<TermSeq, number>;
    return new PendingTerms(first.second, [first.first, terms]);
  }

  /** Writes into `sets` what each cell holds once all its writes are combined, and forgets them. */
  settle(sets: Int32Array): void {
    for (let p = 0; p < this.piles.length; p++) sets[this.cells[p]] = this.pool.mergeAll(this.piles[p]);
    this.clear();
  }

  clear(): void {
    if (this.piles.length === 0) return;
    for (const slot of this.slots) this.pileOf[slot] = 0;
    this.piles = [];
    this.cells = [];
    this.slots = [];
  }
}

/**
 * Reuses the last combination when the same two values come again, and shares its result: halving-
 * doubling sends half a device's chunks, all alike, to one partner.
 */
export class LastCombination {
  private mergedA = -1;
  private mergedB = -1;
  private merged = -1;
  private joinedA: TermSeq = -1;
  private joinedB: TermSeq = -1;
  private joined: TermSeq = -1;

  constructor(private readonly pool: SetPool) {}

  /** Sets of the pool: a ⊎ b. */
  merge(a: number, b: number): number {
    if (a !== this.mergedA || b !== this.mergedB) {
      this.mergedA = a;
      this.mergedB = b;
      this.merged = this.pool.merge(a, b);
    }
    return this.merged;
  }

  /** The terms of `first` followed by those of `second`. */
  concat(first: TermSeq, second: TermSeq): TermSeq {
    if (first !== this.joinedA || second !== this.joinedB) {
      this.joinedA = first;
      this.joinedB = second;
      this.joined = concatTerms(first, second);
    }
    return this.joined;
  }
}
