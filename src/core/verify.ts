// Symbolic verification: replays which contributions every (device, chunk) holds and proves the
// collective's postcondition, or names the first violation (step, device, chunk, contribution).

import { proveByChunk } from './chunkProof';
import { compileSchedule, type CompiledSchedule } from './compile';
import { firstAbsent, firstDoubled, isRangeOnce } from './contributions';
import { invariant } from './errors';
import { contributionLabel, deviceLabel, term } from './notation';
import { chunkOwner, rootOf, type Collective, type Schedule } from './schedule';
import { ContributionTracker, type SymbolicValue } from './tracker';

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

/** "GPU-0 chunk 4 (a₄)": chunks count from 1 wherever people read them, as the seeds' subscripts do. */
function cellLabel(device: number, chunk: number, devices: number): string {
  return `${deviceLabel(device)} chunk ${chunk + 1} (${term(device, chunk, devices)})`;
}

function describeViolation(v: Omit<Violation, 'message'>, lastStep: number, devices: number): string {
  const what = contributionLabel(v.contribution, devices);
  const where = cellLabel(v.heldBy.device, v.heldBy.chunk, devices);
  if (v.kind === 'doubled') {
    const origin = `step ${v.step}: ${cellLabel(v.device, v.chunk, devices)} holds ${what} twice`;
    return v.heldBy.device === v.device && v.heldBy.chunk === v.chunk ? origin : `${origin}; it ends up in ${where}`;
  }
  const produced = v.step === 0 ? 'it was never reduced' : `its value was last reduced at step ${v.step} on ${deviceLabel(v.device)}`;
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
  const collective = compiled.schedule.collective;
  const sameOrder = proveByChunk(compiled, (device, chunk) => expectedHolding(collective, compiled, device, chunk));
  return sameOrder ? { ok: true, collective, violation: null, sameOrder } : verifyByReplay(compiled);
}

/** The exact replay of every (device, chunk)'s contributions: the proof, or the first violation. */
export function verifyByReplay(compiled: CompiledSchedule): VerifyResult {
  const { devices, chunks } = compiled;
  const collective = compiled.schedule.collective;
  const tracker = new ContributionTracker(compiled);
  tracker.runToEnd();

  let first: Violation | null = null;
  const sameOrder = new Uint8Array(chunks).fill(1);
  for (let c = 0; c < chunks; c++) {
    let reference: SymbolicValue | null = null;
    for (let d = 0; d < devices; d++) {
      const expected = expectedHolding(collective, compiled, d, c);
      if (!expected) continue;
      const value = tracker.value(d, c);
      if (reference && (reference.h1 !== value.h1 || reference.h2 !== value.h2)) sameOrder[c] = 0;
      reference ??= value;
      const problem = checkCell(value, expected.lo, expected.hi);
      if (!problem) continue;
      const origin = problem.kind === 'doubled' && value.doubled ? value.doubled : null;
      const found: Omit<Violation, 'message'> = origin
        ? { kind: 'doubled', step: origin.step, device: origin.device, chunk: origin.chunk, contribution: origin.contribution, heldBy: { device: d, chunk: c } }
        : { kind: problem.kind, step: value.reducedAt, device: value.reducedOn, chunk: c, contribution: problem.contribution, heldBy: { device: d, chunk: c } };
      const violation = { ...found, message: describeViolation(found, compiled.steps, compiled.devices) };
      if (earlier(violation, first)) first = violation;
    }
  }
  return { ok: first === null, collective, violation: first, sameOrder };
}
