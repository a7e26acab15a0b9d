// Symbolic replay of a schedule: which contributions each (device, chunk) holds after every step,
// with the IR's semantics (sources read at step start, writes applied in listed order). Values are
// immutable and shared by copies, so a step costs one small merge per reduce.

import { leafH1, leafH2, sumH1, sumH2 } from './fingerprint';
import { compileSchedule, OP_COPY, type CompiledSchedule } from './compile';
import { merge, firstDoubled, single, type Contributions } from './contributions';
import type { Schedule } from './schedule';
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
  readonly doubled: DoubledOrigin | null;
}

function leaf(device: number): SymbolicValue {
  return {
    set: single(device),
    h1: leafH1(device),
    h2: leafH2(device),
    reducedAt: 0,
    reducedOn: device,
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
    doubled,
  };
}

export class ContributionTracker {
  readonly compiled: CompiledSchedule;
  /** Steps applied so far. */
  stepsApplied = 0;
  private cells: SymbolicValue[];
  private incoming: SymbolicValue[] = [];

  constructor(schedule: Schedule | CompiledSchedule) {
    this.compiled = 'stepStart' in schedule ? schedule : compileSchedule(schedule);
    const { devices, chunks } = this.compiled;
    this.cells = new Array(devices * chunks);
    for (let d = 0; d < devices; d++) {
      const value = leaf(d);
      for (let c = 0; c < chunks; c++) this.cells[d * chunks + c] = value;
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

  value(device: number, chunk: number): SymbolicValue {
    return this.cells[device * this.compiled.chunks + chunk];
  }

  /** Applies the next step. */
  apply(): void {
    const { stepStart, src, dst, chunk, op, chunks } = this.compiled;
    const s = this.stepsApplied;
    const begin = stepStart[s];
    const end = stepStart[s + 1];
    const incoming = this.incoming;
    incoming.length = end - begin;
    for (let t = begin; t < end; t++) incoming[t - begin] = this.cells[src[t] * chunks + chunk[t]];
    for (let t = begin; t < end; t++) {
      const cell = dst[t] * chunks + chunk[t];
      const message = incoming[t - begin];
      this.cells[cell] = op[t] === OP_COPY ? message : combine(this.cells[cell], message, s + 1, dst[t], chunk[t], src[t]);
    }
    this.stepsApplied = s + 1;
  }

  runToEnd(): void {
    while (!this.done) this.apply();
  }
}
