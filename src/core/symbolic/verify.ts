// Symbolic verification: replays which contributions every (device, chunk) holds and proves the
// collective's postcondition, or names the first violation (step, device, chunk, contribution).

import { proveByChunk } from './chunkProof';
import { compileSchedule, type CompiledSchedule } from '../schedule/compile';
import { countOf, firstAbsent, firstDoubled, isRangeOnce } from './contributions';
import { invariant } from '../errors';
import { contributionLabel, deviceLabel, term } from '../notation';
import { chunkOwner, rootOf, type Collective, type Schedule } from '../schedule/ir';
import { resultSlot, slotPlace, type SlotLayout } from '../schedule/slots';
import { ContributionReplay, nothingTerm, type SymbolicValue } from './contributionReplay';

type ViolationKind = 'missing' | 'doubled' | 'unexpected';

interface Violation {
  kind: ViolationKind;
  /** Step (1-based) where the faulty value was produced; 0 when it is an input nothing changed. */
  step: number;
  device: number;
  chunk: number;
  /** The contribution (device id) that is missing, doubled or unexpected. */
  contribution: number;
  /** Where the faulty value ended up, when that differs from where it was produced. */
  heldBy: { device: number; chunk: number };
  message: string;
}

export interface VerifyResult {
  ok: boolean;
  collective: Collective;
  violation: Violation | null;
  /**
   * Per chunk: 1 when every device that must end with chunk c computes it by the same expression (up
   * to commuting operands), so the replicas must agree bit for bit; 0 when the order differs (naive).
   */
  sameOrder: Uint8Array;
}

/**
 * The contributions every device's copy of `chunk` is measured against as it fills: those it must end
 * with, or all devices where the collective leaves the copy free (expectedHolding's null). For every
 * collective this depends on the chunk alone — an owner's copy and a free one both count all devices —
 * so a tracker keeps it per chunk, not per cell.
 */
export function fillRange(collective: Collective, compiled: CompiledSchedule, chunk: number): { lo: number; hi: number } {
  if (collective === 'allgather' || collective === 'broadcast') return expectedHolding(collective, compiled, 0, chunk)!;
  return { lo: 0, hi: compiled.devices };
}

/** The contributions (d, c) must hold at the end, or null when the collective leaves it unconstrained. */
export function expectedHolding(collective: Collective, compiled: CompiledSchedule, device: number, chunk: number): { lo: number; hi: number } | null {
  const n = compiled.devices;
  const schedule = compiled.schedule;
  switch (collective) {
    case 'allreduce':
      return { lo: 0, hi: n };
    case 'reduce-scatter':
      return chunkOwner(schedule, chunk) === device ? { lo: 0, hi: n } : null;
    case 'reduce':
      return rootOf(schedule) === device ? { lo: 0, hi: n } : null;
    case 'allgather': {
      const owner = chunkOwner(schedule, chunk);
      return { lo: owner, hi: owner + 1 };
    }
    case 'broadcast': {
      const root = rootOf(schedule);
      return { lo: root, hi: root + 1 };
    }
  }
}

/** "GPU-0 chunk 4": chunks count from 1 wherever people read them, as the seeds' subscripts do. */
function cellLabel(device: number, chunk: number): string {
  return `${deviceLabel(device)} chunk ${chunk + 1}`;
}

/**
 * Where a wrong value was made: its last reduce, or, for a value no step reduced, whose input it is
 * (a device's own input, or another's copied over it unreduced).
 */
function producedWords(v: Omit<Violation, 'message'>): string {
  if (v.step > 0) return `its value was last reduced at step ${v.step} on ${deviceLabel(v.device)}`;
  return v.device === v.heldBy.device ? 'it was never reduced' : `its value is ${deviceLabel(v.device)}'s input, copied there without a reduce`;
}

/** What a cell lacks or holds twice, as the faults panel says it: "c₁ (GPU-2's contribution)". */
function describeViolation(v: Omit<Violation, 'message'>, lastStep: number, devices: number): string {
  const what = contributionLabel(v.contribution, v.heldBy.chunk, devices);
  const where = cellLabel(v.heldBy.device, v.heldBy.chunk);
  if (v.kind === 'doubled') {
    const origin = `step ${v.step}: ${cellLabel(v.device, v.chunk)} holds ${contributionLabel(v.contribution, v.chunk, devices)} twice`;
    return v.heldBy.device === v.device && v.heldBy.chunk === v.chunk ? origin : `${origin}; it ends up in ${where}`;
  }
  const produced = producedWords(v);
  if (v.kind === 'missing' && v.contribution === v.heldBy.device) {
    // Its own input is what it lacks: named once, not as the cell's label and again as the lack.
    return `after step ${lastStep}, ${deviceLabel(v.heldBy.device)} chunk ${v.heldBy.chunk + 1} lacks its own ${term(v.heldBy.device, v.heldBy.chunk, devices)}; ${produced}`;
  }
  const verb = v.kind === 'missing' ? 'lacks' : 'still holds';
  return `after step ${lastStep}, ${where} ${verb} ${what}; ${produced}`;
}

function checkCell(value: SymbolicValue, lo: number, hi: number): { kind: ViolationKind; contribution: number } | null {
  if (isRangeOnce(value.set, lo, hi)) return null;
  const twice = firstDoubled(value.set);
  if (twice >= 0) return { kind: 'doubled', contribution: twice };
  const absent = firstAbsent(value.set, lo, hi);
  if (absent >= 0) return { kind: 'missing', contribution: absent };
  // Everything expected is there once, so something else is too.
  return { kind: 'unexpected', contribution: strayOutside(value, lo, hi) };
}

function strayOutside(value: SymbolicValue, lo: number, hi: number): number {
  for (let i = 0; i < value.set.length; i += 3) {
    if (value.set[i] < lo) return value.set[i];
    if (value.set[i + 1] > hi) return Math.max(value.set[i], hi);
  }
  invariant(false, 'a wrong contribution set with nothing outside the expected range');
}

function earlier(a: Violation, b: Violation | null): boolean {
  if (!b) return true;
  if (a.step !== b.step) return a.step < b.step;
  if (a.device !== b.device) return a.device < b.device;
  return a.chunk < b.chunk;
}

/**
 * Verifies a schedule for its collective; the schedule is validated first (and may throw). A correct
 * schedule is proven chunk by chunk on bitsets; any other is replayed exactly, to name its violation.
 */
export function verifySchedule(schedule: Schedule | CompiledSchedule): VerifyResult {
  const compiled = 'stepStart' in schedule ? schedule : compileSchedule(schedule);
  if (!compiled.plain) return verifyByReplay(compiled);
  const collective = compiled.schedule.collective;
  const sameOrder = proveByChunk(compiled, (device, chunk) => expectedHolding(collective, compiled, device, chunk));
  return sameOrder ? { ok: true, collective, violation: null, sameOrder } : verifyByReplay(compiled);
}

/**
 * The exact replay of every (device, chunk)'s contributions: the proof, or the first violation. Each
 * result is checked where the collective leaves it: in a plain schedule cell (d, c); otherwise the
 * output buffer's place for chunk c, a contribution then being a device's chunk (contributionReplay.ts' terms).
 */
export function verifyByReplay(compiled: CompiledSchedule): VerifyResult {
  const { devices, chunks, layout, plain } = compiled;
  const collective = compiled.schedule.collective;
  const tracker = new ContributionReplay(compiled);
  tracker.runToEnd();
  const nothing = nothingTerm(compiled);

  let first: Violation | null = null;
  const sameOrder = new Uint8Array(chunks).fill(1);
  for (let c = 0; c < chunks; c++) {
    let reference: SymbolicValue | null = null;
    const shift = plain ? 0 : c * devices;
    for (let d = 0; d < devices; d++) {
      const expected = expectedHolding(collective, compiled, d, c);
      const slot = plain ? c : resultSlot(layout, d, c);
      if (!expected || slot < 0) continue;
      const value = tracker.value(d, slot);
      if (reference && (reference.h1 !== value.h1 || reference.h2 !== value.h2)) sameOrder[c] = 0;
      reference ??= value;
      const checked = checkCell(value, shift + expected.lo, shift + expected.hi);
      if (!checked) continue;
      // A value built on a place that held nothing is named as such before what it lacks.
      const problem = !plain && countOf(value.set, nothing) > 0 ? { kind: 'unexpected' as const, contribution: nothing } : checked;
      const origin = problem.kind === 'doubled' && value.doubled ? value.doubled : null;
      const heldBy = { device: d, chunk: slot };
      const found: Omit<Violation, 'message'> = origin
        ? { kind: 'doubled', step: origin.step, device: origin.device, chunk: origin.chunk, contribution: origin.contribution, heldBy }
        : { kind: problem.kind, step: value.reducedAt, device: value.reducedOn, chunk: slot, contribution: problem.contribution, heldBy };
      const message = plain ? describeViolation(found, compiled.steps, devices) : describePlaceViolation(compiled, found);
      const violation = { ...found, message };
      if (earlier(violation, first)) first = violation;
    }
  }
  return { ok: first === null, collective, violation: first, sameOrder };
}

/** "GPU-1 output chunk 4" (out of place), "GPU-1 scratch chunk 2", or in place "GPU-1 chunk 4". */
function placeLabel(layout: SlotLayout, device: number, slot: number): string {
  const { buffer, chunk } = slotPlace(layout, slot);
  if (buffer !== 'scratch' && layout.inPlace) return cellLabel(device, chunk);
  return `${deviceLabel(device)} ${buffer} chunk ${chunk + 1}`;
}

/** A term of a schedule that is not plain: "c₄ (GPU-2's chunk 4)", or what stands for nothing. */
function termLabel(compiled: CompiledSchedule, contribution: number): string {
  if (contribution === nothingTerm(compiled)) return 'a value of a place nothing was written to';
  const device = contribution % compiled.devices;
  const chunk = Math.floor(contribution / compiled.devices);
  return `${term(device, chunk, compiled.devices)} (${deviceLabel(device)}'s chunk ${chunk + 1})`;
}

function describePlaceViolation(compiled: CompiledSchedule, v: Omit<Violation, 'message'>): string {
  const { layout } = compiled;
  const what = termLabel(compiled, v.contribution);
  const where = placeLabel(layout, v.heldBy.device, v.heldBy.chunk);
  if (v.kind === 'doubled') {
    const origin = `step ${v.step}: ${placeLabel(layout, v.device, v.chunk)} holds ${what} twice`;
    return v.heldBy.device === v.device && v.heldBy.chunk === v.chunk ? origin : `${origin}; it ends up in ${where}`;
  }
  const produced = producedWords(v);
  if (v.contribution === nothingTerm(compiled)) {
    return v.step === 0
      ? `after step ${compiled.steps}, ${where} holds nothing: no result was written there`
      : `after step ${compiled.steps}, ${where} holds a value reduced with a place nothing was written to; ${produced}`;
  }
  const own = layout.inPlace && v.contribution === v.heldBy.chunk * compiled.devices + v.heldBy.device;
  if (v.kind === 'missing' && own) {
    return `after step ${compiled.steps}, ${deviceLabel(v.heldBy.device)} chunk ${v.heldBy.chunk + 1} lacks its own ${term(v.heldBy.device, v.heldBy.chunk, compiled.devices)}; ${produced}`;
  }
  const verb = v.kind === 'missing' ? 'lacks' : 'still holds';
  return `after step ${compiled.steps}, ${where} ${verb} ${what}; ${produced}`;
}
