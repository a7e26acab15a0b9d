// The one-transfer repairs of a wrong schedule: every way of changing a single transfer (dropping
// it, swapping copy and reduce, moving another chunk, sending to another GPU) or adding one that
// makes the schedule verify. A repair is the strongest evidence contributions alone can give: the
// schedule is one change away from right, and that change is here. Several repairs can exist (a lost
// contribution may be carried by more than one GPU); they are ranked by how well each fits the
// schedule's own pattern: a link it already uses, a step where the GPUs are otherwise idle.
//
// Only plain schedules (chunk c at both ends) are tried with every kind of change; others with drops
// and swaps, whose meaning does not depend on places. Every try is a whole proof, so the tries stop at
// a budget of transfers replayed.

import type { CompiledSchedule } from '../schedule/compile';
import type { Schedule, Transfer } from '../schedule/ir';
import { countOf } from '../symbolic/contributions';
import { ContributionReplay } from '../symbolic/contributionReplay';
import { verifySchedule } from '../symbolic/verify';
import { GradsyncError } from '../errors';
import type { CellFault } from './faults';

type RepairEdit = { kind: 'drop' } | { kind: 'op' } | { kind: 'chunk'; chunk: number } | { kind: 'dst'; dst: number } | { kind: 'add' };

export interface Repair {
  edit: RepairEdit;
  /** 1-based step. */
  step: number;
  /** The transfer's index among its step's (for 'add', where it goes: the end of the step). */
  index: number;
  /** The schedule's transfer (for 'add', the one added). */
  transfer: Transfer;
  /** What it becomes (absent for 'drop' and 'add'). */
  repaired?: Transfer;
}

/** Transfers replayed at most in all the tries of one diagnosis. */
const REPAIR_TRANSFERS = 3_000_000;

/** `schedule` with transfer `index` of step `step` (1-based) replaced, dropped (null) or, at the end, added. */
function withTransfer(schedule: Schedule, step: number, index: number, transfer: Transfer | null): Schedule {
  const steps = schedule.steps.map((s, i) => {
    if (i !== step - 1) return s;
    const transfers = [...s.transfers];
    if (transfer === null) transfers.splice(index, 1);
    else transfers[index] = transfer;
    return { ...s, transfers };
  });
  return { ...schedule, steps };
}

function verifies(schedule: Schedule): boolean {
  try {
    return verifySchedule(schedule).ok;
  } catch (error) {
    // A change the IR refuses (a GPU sending to itself) repairs nothing.
    if (error instanceof GradsyncError) return false;
    throw error;
  }
}

/** The schedule's pattern, which ranks repairs: the links it uses and how many transfers each GPU sends and receives per step. */
class Pattern {
  private readonly links = new Set<number>();
  private readonly sent: Int32Array;
  private readonly received: Int32Array;
  /** Per GPU, the number of transfers it sends (receives) in most of the steps where it sends (receives) any. */
  private readonly usualSent: Int32Array;
  private readonly usualReceived: Int32Array;

  constructor(private readonly compiled: CompiledSchedule) {
    const { devices, steps, stepStart, src, dst } = compiled;
    this.sent = new Int32Array(devices * steps);
    this.received = new Int32Array(devices * steps);
    for (let s = 0; s < steps; s++) {
      for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
        if (src[t] === dst[t]) continue;
        this.links.add(src[t] * devices + dst[t]);
        this.sent[s * devices + src[t]]++;
        this.received[s * devices + dst[t]]++;
      }
    }
    this.usualSent = usual(this.sent, devices, steps);
    this.usualReceived = usual(this.received, devices, steps);
  }

  /** Lower is likelier: a link the schedule does not use costs 2, a step where the GPUs already do their usual share 1 each. */
  cost(step: number, from: number, to: number, added: boolean): number {
    const { devices } = this.compiled;
    let cost = this.links.has(from * devices + to) ? 0 : 2;
    if (added) {
      const at = (step - 1) * devices;
      if (this.sent[at + from] >= this.usualSent[from]) cost++;
      if (this.received[at + to] >= this.usualReceived[to]) cost++;
    }
    return cost;
  }
}

/** Per GPU, the most frequent non-zero count over the steps. */
function usual(counts: Int32Array, devices: number, steps: number): Int32Array {
  const out = new Int32Array(devices);
  for (let d = 0; d < devices; d++) {
    const seen = new Map<number, number>();
    for (let s = 0; s < steps; s++) {
      const n = counts[s * devices + d];
      if (n > 0) seen.set(n, (seen.get(n) ?? 0) + 1);
    }
    let best = 0;
    for (const [n, times] of seen) if (times > (seen.get(best) ?? 0) || (times === seen.get(best) && n < best)) best = n;
    out[d] = best;
  }
  return out;
}

interface Candidate extends Repair {
  cost: number;
}

/** Every change of one transfer worth trying, likeliest kinds first. */
function* changes(compiled: CompiledSchedule, faults: readonly CellFault[], pattern: Pattern): Generator<Candidate> {
  const { schedule, plain } = compiled;
  // In a plain schedule a fault's slot is its chunk.
  const faultyChunks = new Set(faults.map((fault) => fault.slot));
  const faultyDevices = new Map<number, Set<number>>();
  for (const fault of faults) (faultyDevices.get(fault.slot) ?? faultyDevices.set(fault.slot, new Set()).get(fault.slot)!).add(fault.device);
  for (let s = 0; s < schedule.steps.length; s++) {
    const transfers = schedule.steps[s].transfers;
    for (let i = 0; i < transfers.length; i++) {
      const transfer = transfers[i];
      const at = { step: s + 1, index: i, transfer };
      const cost = pattern.cost(s + 1, transfer.src, transfer.dst, false);
      if (!plain || faultyChunks.has(transfer.chunk)) {
        yield { ...at, edit: { kind: 'drop' }, cost };
        const repaired: Transfer = { ...transfer, op: transfer.op === 'copy' ? 'reduce' : 'copy' };
        yield { ...at, edit: { kind: 'op' }, repaired, cost };
      }
      if (!plain) continue;
      for (const chunk of faultyChunks) {
        if (chunk === transfer.chunk) continue;
        const repaired: Transfer = { ...transfer, chunk };
        yield { ...at, edit: { kind: 'chunk', chunk }, repaired, cost };
      }
      for (const dst of faultyDevices.get(transfer.chunk) ?? []) {
        if (dst === transfer.dst || dst === transfer.src) continue;
        const repaired: Transfer = { ...transfer, dst };
        yield { ...at, edit: { kind: 'dst', dst }, repaired, cost: pattern.cost(s + 1, transfer.src, dst, false) };
      }
    }
  }
}

/**
 * Every transfer worth adding in a plain schedule: into a chunk some GPU ends lacking contributions
 * of, from a GPU that holds one of them at the start of the step, to a GPU that ends lacking it.
 */
function* additions(compiled: CompiledSchedule, faults: readonly CellFault[], pattern: Pattern): Generator<Candidate> {
  const { schedule, devices, steps } = compiled;
  /** Per chunk: the contributions some GPU ends lacking, and the GPUs lacking them. */
  const lacking = new Map<number, { contributions: Set<number>; devices: Set<number> }>();
  for (const fault of faults) {
    if (fault.missing.length === 0) continue;
    const entry = lacking.get(fault.chunk) ?? lacking.set(fault.chunk, { contributions: new Set(), devices: new Set() }).get(fault.chunk)!;
    entry.devices.add(fault.device);
    for (let i = 0; i < fault.missing.length; i += 3) for (let d = fault.missing[i]; d < fault.missing[i + 1]; d++) entry.contributions.add(d);
  }
  if (lacking.size === 0) return;
  const replay = new ContributionReplay(compiled);
  const found: Candidate[] = [];
  for (let s = 0; s < steps; s++) {
    for (const [chunk, entry] of lacking) {
      for (let from = 0; from < devices; from++) {
        const held = replay.value(from, chunk).set;
        if (![...entry.contributions].some((contribution) => countOf(held, contribution) > 0)) continue;
        for (const to of entry.devices) {
          if (to === from) continue;
          for (const op of ['reduce', 'copy'] as const) {
            const transfer: Transfer = { src: from, dst: to, chunk, op };
            const index = schedule.steps[s].transfers.length;
            found.push({ edit: { kind: 'add' }, step: s + 1, index, transfer, cost: pattern.cost(s + 1, from, to, true) });
          }
        }
      }
    }
    replay.apply();
  }
  // The likeliest first, so that a budget cut keeps them.
  yield* found.sort((a, b) => a.cost - b.cost);
}

/**
 * The one-transfer repairs of a schedule that does not verify, likeliest first: each makes it verify.
 * `favoured` are compiled transfers other evidence points at (a second copy brought), first among
 * equals. Empty when none exists, or none was found within the budget.
 */
export function repairsOf(compiled: CompiledSchedule, faults: readonly CellFault[], favoured: ReadonlySet<number> = new Set()): Repair[] {
  if (faults.length === 0) return [];
  const pattern = new Pattern(compiled);
  const perTry = Math.max(1, compiled.stepStart[compiled.steps]);
  let tries = Math.floor(REPAIR_TRANSFERS / perTry);
  const out: Candidate[] = [];
  const tryAll = (candidates: Iterable<Candidate>) => {
    for (const candidate of candidates) {
      if (tries-- <= 0) return;
      if (verifies(repairedSchedule(compiled.schedule, candidate))) out.push(candidate);
    }
  };
  tryAll(changes(compiled, faults, pattern));
  if (compiled.plain) tryAll(additions(compiled, faults, pattern));
  // A change of a transfer the schedule makes before one it lacks; then the pattern; then the earliest.
  const rank = (c: Candidate) => (c.edit.kind === 'add' ? 10 : 0) + c.cost - (favoured.has(compiled.stepStart[c.step - 1] + c.index) ? 0.5 : 0);
  out.sort((a, b) => rank(a) - rank(b) || a.step - b.step);
  return out.map(({ cost: _cost, ...repair }) => repair);
}

/** The schedule a repair makes. */
function repairedSchedule(schedule: Schedule, repair: Repair): Schedule {
  if (repair.edit.kind === 'drop') return withTransfer(schedule, repair.step, repair.index, null);
  return withTransfer(schedule, repair.step, repair.index, repair.repaired ?? repair.transfer);
}
