// Which terms each (device, chunk) value combines, in the order they were combined — the seeds'
// notation writes GPU-1's chunk after "GPU-0 sends a₁" as (a₁+b₁). In a plain schedule a term is the
// device whose input it is; its chunk is the cell's own, since a transfer never moves data between
// chunk indices. Otherwise cells are slots and a term is device d's chunk c as c·N + d, with
// nothingTerm for a place nothing was written to (contributionReplay.ts' contributions, alike).
// Sequences are immutable concatenation trees, so a reduce costs one node and a copy shares the sender's
// tree; a ring on 1024 devices then needs no per-cell arrays of up to 1024 terms.

import { compileSchedule, OP_COPY, type CompiledSchedule } from '../schedule/compile';
import { invariant } from '../errors';
import type { Schedule, TransferOp } from '../schedule/ir';
import { startTerm } from './contributionReplay';

/** A single term (a device id) or the concatenation of two sequences. */
export type TermSeq = number | TermConcat;

interface TermConcat {
  readonly first: TermSeq;
  readonly second: TermSeq;
  readonly length: number;
}

export function termCount(seq: TermSeq): number {
  return typeof seq === 'number' ? 1 : seq.length;
}

/** The terms of `first` followed by those of `second`. */
export function concatTerms(first: TermSeq, second: TermSeq): TermSeq {
  return { first, second, length: termCount(first) + termCount(second) };
}

// Trees may be thousands of levels deep (one level per reduce in a value's history), so walks keep
// their own stack instead of recursing.
function collect(seq: TermSeq, limit: number, fromEnd: boolean): number[] {
  const out: number[] = [];
  const pending: TermSeq[] = [seq];
  while (pending.length > 0 && out.length < limit) {
    const node = pending.pop()!;
    if (typeof node === 'number') out.push(node);
    else if (fromEnd) pending.push(node.first, node.second);
    else pending.push(node.second, node.first);
  }
  return fromEnd ? out.reverse() : out;
}

/** The first `k` terms (fewer when the sequence is shorter). */
export function headTerms(seq: TermSeq, k: number): number[] {
  return collect(seq, k, false);
}

/** The last `k` terms, in order. */
export function tailTerms(seq: TermSeq, k: number): number[] {
  return collect(seq, k, true);
}

/** Every term in order; for small values and tests. */
export function allTerms(seq: TermSeq): number[] {
  return collect(seq, termCount(seq), false);
}

/** One write as it is applied: the message (read at step start) and the receiver's value just before. */
export interface TermWrite {
  src: number;
  dst: number;
  /** The slot written (in a plain schedule, the chunk). */
  chunk: number;
  /** The slot read (in a plain schedule, `chunk`). */
  srcChunk: number;
  op: TransferOp;
  incoming: TermSeq;
  before: TermSeq;
}

/**
 * The first `limit` writes of step `step` (0-based) as applying it reports them, where `startOf(cell)`
 * is the cell's terms at the step's start. Costs O(limit), however many transfers the step has.
 */
export function firstWrites(compiled: CompiledSchedule, step: number, startOf: (cell: number) => TermSeq, limit: number): TermWrite[] {
  const { stepStart, src, dst, chunk, srcChunk, op, slots } = compiled;
  const begin = stepStart[step];
  const end = Math.min(stepStart[step + 1], begin + limit);
  // Every message reads a cell as it stood at the step's start; what the earlier writes of this
  // step made of a cell is kept aside.
  const written = new Map<number, TermSeq>();
  const writes: TermWrite[] = [];
  for (let t = begin; t < end; t++) {
    const cell = dst[t] * slots + chunk[t];
    const incoming = startOf(src[t] * slots + srcChunk[t]);
    const before = written.get(cell) ?? startOf(cell);
    const isCopy = op[t] === OP_COPY;
    written.set(cell, isCopy ? incoming : concatTerms(incoming, before));
    writes.push({ src: src[t], dst: dst[t], chunk: chunk[t], srcChunk: srcChunk[t], op: isCopy ? 'copy' : 'reduce', incoming, before });
  }
  return writes;
}

/**
 * Replays a schedule with the IR's semantics (sources read at step start, writes applied in listed
 * order); a reduce puts the incoming terms first, then the receiver's, as the seed writes (d₄+a₄).
 */
/** A tracker's cells (device-major, C per device) after `stepsApplied` steps. */
export interface TrackerSnapshot<T> {
  readonly stepsApplied: number;
  readonly cells: readonly T[];
}

export class TermReplay {
  readonly compiled: CompiledSchedule;
  /** Steps applied so far. */
  stepsApplied = 0;
  private cells: TermSeq[];

  constructor(schedule: Schedule | CompiledSchedule) {
    this.compiled = 'stepStart' in schedule ? schedule : compileSchedule(schedule);
    const { devices, slots } = this.compiled;
    this.cells = new Array<TermSeq>(devices * slots);
    for (let d = 0; d < devices; d++) for (let s = 0; s < slots; s++) this.cells[d * slots + s] = startTerm(this.compiled, d, s);
  }

  /** The state after `stepsApplied` steps; term sequences are immutable, so this is a cheap copy. */
  snapshot(): TrackerSnapshot<TermSeq> {
    return { stepsApplied: this.stepsApplied, cells: this.cells.slice() };
  }

  restore(snapshot: TrackerSnapshot<TermSeq>): void {
    this.cells = snapshot.cells.slice();
    this.stepsApplied = snapshot.stepsApplied;
  }

  get done(): boolean {
    return this.stepsApplied >= this.compiled.steps;
  }

  /** The terms of (device, slot); in a plain schedule slot c is chunk c. */
  terms(device: number, chunk: number): TermSeq {
    return this.cells[device * this.compiled.slots + chunk];
  }

  /** How many transfers the next step has. */
  get nextStepTransfers(): number {
    invariant(!this.done, 'TermReplay.nextStepTransfers asked after the last step');
    return this.compiled.stepStart[this.stepsApplied + 1] - this.compiled.stepStart[this.stepsApplied];
  }

  /**
   * The first `limit` writes of the next step, as `apply` would report them, without applying it: a
   * narration tells a few transfers of a step that may have a million. Costs O(limit).
   */
  peekWrites(limit: number): TermWrite[] {
    invariant(!this.done, 'TermReplay.peekWrites called after the last step');
    return firstWrites(this.compiled, this.stepsApplied, (cell) => this.cells[cell], limit);
  }

  /** Applies the next step, reporting each write in listed order to `onWrite`. */
  apply(onWrite?: (write: TermWrite) => void): void {
    invariant(!this.done, 'TermReplay.apply called after the last step');
    const { stepStart, src, dst, chunk, srcChunk, op, slots } = this.compiled;
    const begin = stepStart[this.stepsApplied];
    const end = stepStart[this.stepsApplied + 1];
    const messages = new Array<TermSeq>(end - begin);
    for (let t = begin; t < end; t++) messages[t - begin] = this.cells[src[t] * slots + srcChunk[t]];
    for (let t = begin; t < end; t++) {
      const cell = dst[t] * slots + chunk[t];
      const incoming = messages[t - begin];
      const before = this.cells[cell];
      const isCopy = op[t] === OP_COPY;
      this.cells[cell] = isCopy ? incoming : concatTerms(incoming, before);
      onWrite?.({ src: src[t], dst: dst[t], chunk: chunk[t], srcChunk: srcChunk[t], op: isCopy ? 'copy' : 'reduce', incoming, before });
    }
    this.stepsApplied++;
  }
}
