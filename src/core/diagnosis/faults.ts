// Every (device, chunk) that ends wrong, with all it lacks, holds twice or should not hold at all —
// where verifySchedule stops at the first violation. Views outline each one; the CLI keeps the first.
// Where a schedule moves chunks between places, a result is checked where the collective leaves it
// (slots.ts resultSlot), and what it holds of other chunks, or of a place nothing was written to, is
// named too.

import { compileSchedule, type CompiledSchedule } from '../schedule/compile';
import { isRangeOnce, type Contributions } from '../symbolic/contributions';
import { term } from '../notation';
import { placeReading } from '../symbolic/placeReading';
import type { Schedule } from '../schedule/ir';
import { resultSlot } from '../schedule/slots';
import { ContributionReplay, contributionOf, nothingTerm, type SymbolicValue } from '../symbolic/contributionReplay';
import { expectedHolding } from '../symbolic/verify';

export interface CellFault {
  device: number;
  /** The chunk of the data whose result is wrong. */
  chunk: number;
  /** The place (slot) that holds it: `chunk` in a plain schedule. */
  slot: number;
  /** The schedule's device count, which the notation's names depend on. */
  devices: number;
  /** Terms of other chunks it holds (c·N + d), and C·N for a value of a place nothing was written to; empty in a plain schedule. */
  strays: Contributions;
  /** The schedule's chunk count, which tells the term for nothing (C·N). */
  chunks: number;
  /** Contributions it must hold but lacks, as runs [lo, hi, 1]. */
  missing: Contributions;
  /** Contributions it must hold but holds more than once: runs [lo, hi, times held]. */
  doubled: Contributions;
  /** Contributions it holds that the collective does not put there: runs [lo, hi, times held]. */
  unexpected: Contributions;
  /** Step (1-based) that wrote its final value; 0 when it still holds its input. */
  since: number;
  /**
   * Where the wrong value was made: the step and device that first counted a contribution twice, or
   * else the last reduce of the value (step 0 and the cell's own device for an untouched input).
   */
  origin: { step: number; device: number; slot: number };
  /** The first step after `origin.step` that overwrites the origin cell; steps + 1 when none does. */
  originUntil: number;
}

type Run = [lo: number, hi: number, count: number];

function runs(list: Run[]): Contributions {
  return Int32Array.from(list.flat());
}

/** Splits what a cell holds against the range [lo, hi) it must hold once. */
function classify(set: Contributions, lo: number, hi: number): Pick<CellFault, 'missing' | 'doubled' | 'unexpected'> {
  const missing: Run[] = [];
  const doubled: Run[] = [];
  const unexpected: Run[] = [];
  let expect = lo;
  for (let i = 0; i < set.length; i += 3) {
    const [a, b, count] = [set[i], set[i + 1], set[i + 2]];
    if (a < lo) unexpected.push([a, Math.min(b, lo), count]);
    if (b > hi) unexpected.push([Math.max(a, hi), b, count]);
    const inLo = Math.max(a, lo);
    const inHi = Math.min(b, hi);
    if (inLo >= inHi) continue;
    if (inLo > expect) missing.push([expect, inLo, 1]);
    if (count > 1) doubled.push([inLo, inHi, count]);
    expect = Math.max(expect, inHi);
  }
  if (expect < hi) missing.push([expect, hi, 1]);
  return { missing: runs(missing), doubled: runs(doubled), unexpected: runs(unexpected) };
}

/** For each cell, the 1-based steps that write it, ascending (only for the cells asked about). */
function writeSteps(compiled: CompiledSchedule, cells: Set<number>): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const cell of cells) out.set(cell, []);
  for (let s = 0; s < compiled.steps; s++) {
    for (let t = compiled.stepStart[s]; t < compiled.stepStart[s + 1]; t++) {
      const steps = out.get(compiled.dst[t] * compiled.slots + compiled.chunk[t]);
      if (steps && steps[steps.length - 1] !== s + 1) steps.push(s + 1);
    }
  }
  return out;
}

function originOf(value: SymbolicValue, hasDoubled: boolean, slot: number): { step: number; device: number; slot: number } {
  if (hasDoubled && value.doubled) return { step: value.doubled.step, device: value.doubled.device, slot: value.doubled.chunk };
  // An untouched input's reducedOn is the device whose input it is; in a plain schedule it sits in its own chunk.
  return { step: value.reducedAt, device: value.reducedOn, slot: value.reducedIn < 0 ? slot : value.reducedIn };
}

/** Every (device, chunk) whose final value breaks the collective's promise, by device then chunk; empty when it verifies. */
export function listFaults(schedule: Schedule | CompiledSchedule): CellFault[] {
  const compiled = 'stepStart' in schedule ? schedule : compileSchedule(schedule);
  const { devices, chunks, slots, steps, layout, plain } = compiled;
  const collective = compiled.schedule.collective;
  const tracker = new ContributionReplay(compiled);
  tracker.runToEnd();

  const found: { fault: Omit<CellFault, 'since' | 'originUntil'>; originCell: number }[] = [];
  for (let d = 0; d < devices; d++) {
    for (let c = 0; c < chunks; c++) {
      const expected = expectedHolding(collective, compiled, d, c);
      const slot = plain ? c : resultSlot(layout, d, c);
      if (!expected || slot < 0) continue;
      const value = tracker.value(d, slot);
      const base = contributionOf(compiled, 0, c);
      if (isRangeOnce(value.set, base + expected.lo, base + expected.hi)) continue;
      // Terms of this chunk, read as devices; the rest are strays.
      const own = placeReading(compiled, slot, value.set, c);
      const parts = classify(own.set, expected.lo, expected.hi);
      const origin = originOf(value, parts.doubled.length > 0, slot);
      found.push({
        fault: { device: d, chunk: c, slot, devices, chunks, strays: own.strays, ...parts, origin },
        originCell: origin.device * slots + origin.slot,
      });
    }
  }
  const asked = new Set<number>();
  for (const { fault, originCell } of found) asked.add(fault.device * slots + fault.slot).add(originCell);
  const writes = writeSteps(compiled, asked);
  return found.map(({ fault, originCell }) => {
    const own = writes.get(fault.device * slots + fault.slot)!;
    const after = writes.get(originCell)!.find((step) => step > fault.origin.step);
    return { ...fault, since: own.length > 0 ? own[own.length - 1] : 0, originUntil: after ?? steps + 1 };
  });
}

/** Runs listed term by term up to this many terms; longer lists end with a count of the rest. */
const LISTED_TERMS = 6;

/** "a₁, b₁" or "a₁, b₁, c₁, d₁, e₁, f₁ and 1,018 more": the terms of runs, for chunk `chunk`. */
export function termList(set: Contributions, chunk: number, devices: number, times = false): string {
  const names: string[] = [];
  let total = 0;
  for (let i = 0; i < set.length; i += 3) {
    for (let d = set[i]; d < set[i + 1]; d++) {
      total++;
      if (names.length < LISTED_TERMS) names.push(times && set[i + 2] > 1 ? `${term(d, chunk, devices)} ${timesWord(set[i + 2])}` : term(d, chunk, devices));
    }
  }
  const rest = total - names.length;
  return rest > 0 ? `${names.join(', ')} and ${rest.toLocaleString('en-US')} more` : names.join(', ');
}

function timesWord(count: number): string {
  return count === 2 ? 'twice' : `${count} times`;
}

/** What is wrong with a cell in the seeds' notation: "lacks a₁, b₁", "holds b₁ twice", "also holds c₁". */
export function faultNote(fault: CellFault): string {
  const parts: string[] = [];
  if (fault.missing.length > 0) parts.push(`lacks ${termList(fault.missing, fault.chunk, fault.devices)}`);
  if (fault.doubled.length > 0) parts.push(`holds ${termList(fault.doubled, fault.chunk, fault.devices, true)}`);
  if (fault.unexpected.length > 0) parts.push(`also holds ${termList(fault.unexpected, fault.chunk, fault.devices, true)}`);
  if (fault.strays.length > 0) parts.push(strayNote(fault));
  return parts.join('; ');
}

/** "also holds c₂, d₂" (terms of other chunks), "is built on a place nothing was written to". */
function strayNote({ strays, chunks, devices }: CellFault): string {
  const nothing = nothingTerm({ chunks, devices });
  const names: string[] = [];
  let empty = false;
  for (let i = 0; i < strays.length; i += 3) {
    for (let t = strays[i]; t < strays[i + 1]; t++) {
      if (t === nothing) empty = true;
      else if (names.length < LISTED_TERMS) names.push(term(t % devices, Math.floor(t / devices), devices));
    }
  }
  const parts = names.length > 0 ? [`also holds ${names.join(', ')} of other chunks`] : [];
  if (empty) parts.push('is built on a place nothing was written to');
  return parts.join('; ');
}
