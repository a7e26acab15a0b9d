// Symbolic replay of a schedule: which contributions each (device, chunk) holds after every step,
// with the IR's semantics (sources read at step start, writes applied in listed order). Values are
// immutable and shared by copies, so a step costs one small merge per reduce.
//
// In a plain schedule (compile.ts) chunk c only ever meets chunk c, so a contribution is a device id.
// Otherwise values move between places and a contribution is a term: device d's chunk c is c·N + d,
// and `nothingTerm` (C·N) stands for a place that held nothing (an out-of-place output or scratch
// before anything was written there), so a value built on nothing shows it.

import { leafH1, leafH2, sumH1, sumH2 } from './fingerprint';
import { compileSchedule, OP_COPY, type CompiledSchedule } from '../schedule/compile';
import { merge, firstDoubled, single, type Contributions } from './contributions';
import type { Schedule } from '../schedule/ir';
import { initialChunk } from '../schedule/slots';
import type { TrackerSnapshot } from './terms';

/** Where a contribution was first counted twice. */
interface DoubledOrigin {
  step: number;
  device: number;
  chunk: number;
  contribution: number;
  from: number;
}

export interface SymbolicValue {
  readonly set: Contributions;
  /** Fingerprint of the expression (equal up to commuting operands means bit-identical results). */
  readonly h1: number;
  readonly h2: number;
  /** Step (1-based) of the last reduce that produced this value, 0 for an untouched input. */
  readonly reducedAt: number;
  /** Device on which that reduce happened. */
  readonly reducedOn: number;
  /**
   * The slot it happened in; for an untouched input, the slot it started in, or −1 in a plain schedule,
   * where device d's one input value is shared by all its chunks.
   */
  readonly reducedIn: number;
  readonly doubled: DoubledOrigin | null;
}

function leaf(contribution: number, device: number, slot: number): SymbolicValue {
  return {
    set: single(contribution),
    h1: leafH1(contribution),
    h2: leafH2(contribution),
    reducedAt: 0,
    reducedOn: device,
    reducedIn: slot,
    doubled: null,
  };
}

function combine(into: SymbolicValue, incoming: SymbolicValue, step: number, device: number, chunk: number, from: number): SymbolicValue {
  // Order the operands so the fingerprint ignores which side each came from (⊕ commutes).
  const [x, y] = into.h1 < incoming.h1 || (into.h1 === incoming.h1 && into.h2 <= incoming.h2) ? [into, incoming] : [incoming, into];
  const set = merge(into.set, incoming.set);
  let doubled = into.doubled ?? incoming.doubled;
  if (!doubled) {
    const twice = firstDoubled(set);
    if (twice >= 0) doubled = { step, device, chunk, contribution: twice, from };
  }
  return {
    set,
    h1: sumH1(x.h1, x.h2, y.h1, y.h2),
    h2: sumH2(x.h1, x.h2, y.h1, y.h2),
    reducedAt: step,
    reducedOn: device,
    reducedIn: chunk,
    doubled,
  };
}

/** The term standing for "nothing was written here" in a schedule that is not plain. */
export function nothingTerm(compiled: Pick<CompiledSchedule, 'devices' | 'chunks'>): number {
  return compiled.chunks * compiled.devices;
}

/** Device d's chunk c as a contribution: d in a plain schedule, else the term c·N + d. */
export function contributionOf(compiled: Pick<CompiledSchedule, 'devices' | 'plain'>, device: number, chunk: number): number {
  return compiled.plain ? device : chunk * compiled.devices + device;
}

/** What (device, slot) holds before the first step: device d's own contribution, or nothing. */
export function startTerm(compiled: Pick<CompiledSchedule, 'devices' | 'chunks' | 'plain' | 'layout'>, device: number, slot: number): number {
  if (compiled.plain) return device;
  const chunk = initialChunk(compiled.layout, device, slot);
  return chunk < 0 ? nothingTerm(compiled) : contributionOf(compiled, device, chunk);
}

export class ContributionReplay {
  readonly compiled: CompiledSchedule;
  /** Steps applied so far. */
  stepsApplied = 0;
  private cells: SymbolicValue[];
  private incoming: SymbolicValue[] = [];

  constructor(schedule: Schedule | CompiledSchedule) {
    this.compiled = 'stepStart' in schedule ? schedule : compileSchedule(schedule);
    const { devices, slots, plain } = this.compiled;
    this.cells = new Array(devices * slots);
    for (let d = 0; d < devices; d++) {
      if (plain) this.cells.fill(leaf(d, d, -1), d * slots, (d + 1) * slots);
      else for (let s = 0; s < slots; s++) this.cells[d * slots + s] = leaf(startTerm(this.compiled, d, s), d, s);
    }
  }

  get done(): boolean {
    return this.stepsApplied >= this.compiled.steps;
  }

  /** The state after `stepsApplied` steps; values are immutable, so this is a cheap copy. */
  snapshot(): TrackerSnapshot<SymbolicValue> {
    return { stepsApplied: this.stepsApplied, cells: this.cells.slice() };
  }

  restore(snapshot: TrackerSnapshot<SymbolicValue>): void {
    this.cells = snapshot.cells.slice();
    this.stepsApplied = snapshot.stepsApplied;
  }

  /** The value of (device, slot); in a plain schedule slot c is chunk c. */
  value(device: number, chunk: number): SymbolicValue {
    return this.cells[device * this.compiled.slots + chunk];
  }

  /** Applies the next step. */
  apply(): void {
    const { stepStart, src, dst, chunk, srcChunk, op, slots } = this.compiled;
    const s = this.stepsApplied;
    const begin = stepStart[s];
    const end = stepStart[s + 1];
    const incoming = this.incoming;
    incoming.length = end - begin;
    for (let t = begin; t < end; t++) incoming[t - begin] = this.cells[src[t] * slots + srcChunk[t]];
    for (let t = begin; t < end; t++) {
      const cell = dst[t] * slots + chunk[t];
      const message = incoming[t - begin];
      this.cells[cell] = op[t] === OP_COPY ? message : combine(this.cells[cell], message, s + 1, dst[t], chunk[t], src[t]);
    }
    this.stepsApplied = s + 1;
  }

  runToEnd(): void {
    while (!this.done) this.apply();
  }
}
