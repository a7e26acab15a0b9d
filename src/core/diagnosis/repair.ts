// The one-transfer repairs of a wrong schedule: every way of changing a single transfer (dropping
// it, swapping copy and reduce, moving another chunk, sending to another GPU) or adding one that
// makes the schedule verify. A repair is the strongest evidence contributions alone can give: the
// schedule is one change away from right, and that change is here. Several repairs can exist (a lost
// contribution may be carried by more than one GPU); they are ranked by how well each fits the
// schedule's own pattern: a link it already uses, a step where the GPUs are otherwise idle.
//
// Only plain schedules (chunk c at both ends) are tried with every kind of change; others with drops
// and swaps, whose meaning does not depend on places. In a plain schedule chunks never meet, so a try
// replays only the transfers of the chunks that end wrong (every change tried stays among them);
// elsewhere each try is a whole proof. Changes are tried likeliest first, and stop at a budget of
// transfers replayed, so that a large schedule is diagnosed in a fraction of a second.

import { compileSchedule, type CompiledSchedule } from '../schedule/compile';
import type { Step, Transfer } from '../schedule/ir';
import { countOf, isRangeOnce } from '../symbolic/contributions';
import { ContributionReplay } from '../symbolic/contributionReplay';
import { expectedHolding, verifySchedule } from '../symbolic/verify';
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

interface Candidate extends Repair {
  /** How far from the schedule's pattern (Pattern.cost); lower is likelier. */
  cost: number;
}

/** Transfers replayed at most in all the tries of one diagnosis. */
const REPAIR_TRANSFERS = 400_000;
/** Repairs found before the search stops: enough to rank, and to see that a mutation is not the only explanation. */
const REPAIRS_KEPT = 12;

/** `steps` with transfer `index` of step `step` (1-based) replaced, dropped (null) or, at the end, added. */
function withTransfer(steps: readonly Step[], step: number, index: number, transfer: Transfer | null): Step[] {
  return steps.map((s, i) => {
    if (i !== step - 1) return s;
    const transfers = [...s.transfers];
    if (transfer === null) transfers.splice(index, 1);
    else transfers[index] = transfer;
    return { ...s, transfers };
  });
}

/** The schedule's pattern, which ranks repairs: the links it uses and how many transfers each GPU sends and receives per step. */
class Pattern {
  /** The highest cost: a link not used, on a step where both GPUs already do their share. */
  static readonly MAX_COST = 4;
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

  /**
   * Lower is likelier: 2 for a link the schedule does not use; 1 more for each end that a transfer
   * added at `step` would take past its usual share (only for the ends asked about).
   */
  cost(step: number, from: number, to: number, ends: { from: boolean; to: boolean }): number {
    const { devices } = this.compiled;
    const at = (step - 1) * devices;
    let cost = this.links.has(from * devices + to) ? 0 : 2;
    if (ends.from && this.sent[at + from] >= this.usualSent[from]) cost++;
    if (ends.to && this.received[at + to] >= this.usualReceived[to]) cost++;
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

const CHANGE_ONLY = { from: false, to: false };
const NEW_RECEIVER = { from: false, to: true };
const NEW_TRANSFER = { from: true, to: true };

/** What a wrong schedule's faults ask of a repair: the chunks that end wrong, and per chunk who lacks what. */
interface Wrong {
  chunks: Set<number>;
  /** Per chunk: the contributions some GPU ends lacking, and the GPUs that end wrong. */
  lacking: Map<number, { contributions: Set<number>; devices: Set<number> }>;
}

function wrongOf(faults: readonly CellFault[]): Wrong {
  const lacking = new Map<number, { contributions: Set<number>; devices: Set<number> }>();
  for (const fault of faults) {
    const entry = lacking.get(fault.slot) ?? lacking.set(fault.slot, { contributions: new Set(), devices: new Set() }).get(fault.slot)!;
    entry.devices.add(fault.device);
    for (let i = 0; i < fault.missing.length; i += 3) for (let d = fault.missing[i]; d < fault.missing[i + 1]; d++) entry.contributions.add(d);
  }
  return { chunks: new Set(lacking.keys()), lacking };
}

/** Every change of one transfer of the schedule worth trying, whose cost is `cost`. */
function* changesAt(compiled: CompiledSchedule, wrong: Wrong, pattern: Pattern, cost: number): Generator<Candidate> {
  const { schedule, plain } = compiled;
  for (let s = 0; s < schedule.steps.length; s++) {
    const transfers = schedule.steps[s].transfers;
    for (let i = 0; i < transfers.length; i++) {
      const transfer = transfers[i];
      const at = { step: s + 1, index: i, transfer };
      // In a plain schedule a transfer of a chunk that ends right can only be moved to one that does
      // not (a wrong chunk index), and is less likely to be wrong than the transfers of wrong chunks.
      if (plain && !wrong.chunks.has(transfer.chunk)) {
        if (pattern.cost(s + 1, transfer.src, transfer.dst, CHANGE_ONLY) + 1 !== cost) continue;
        for (const chunk of wrong.chunks) yield { ...at, edit: { kind: 'chunk', chunk }, repaired: { ...transfer, chunk }, cost };
        continue;
      }
      if (pattern.cost(s + 1, transfer.src, transfer.dst, CHANGE_ONLY) === cost) {
        yield { ...at, edit: { kind: 'drop' }, cost };
        yield { ...at, edit: { kind: 'op' }, repaired: { ...transfer, op: transfer.op === 'copy' ? 'reduce' : 'copy' }, cost };
        if (plain) {
          for (const chunk of wrong.chunks)
            if (chunk !== transfer.chunk) yield { ...at, edit: { kind: 'chunk', chunk }, repaired: { ...transfer, chunk }, cost };
        }
      }
      if (!plain) continue;
      for (const dst of wrong.lacking.get(transfer.chunk)!.devices) {
        if (dst === transfer.dst || dst === transfer.src || pattern.cost(s + 1, transfer.src, dst, NEW_RECEIVER) !== cost) continue;
        yield { ...at, edit: { kind: 'dst', dst }, repaired: { ...transfer, dst }, cost };
      }
    }
  }
}

/** Per step and wrong chunk of a plain schedule: the GPUs holding, at the step's start, a contribution some GPU ends lacking. */
function holdersOfLacking(compiled: CompiledSchedule, wrong: Wrong): Map<number, number[]>[] {
  const replay = new ContributionReplay(compiled);
  const holders: Map<number, number[]>[] = [];
  for (let s = 0; s < compiled.steps; s++) {
    const atStep = new Map<number, number[]>();
    for (const [chunk, { contributions }] of wrong.lacking) {
      const from: number[] = [];
      for (let d = 0; d < compiled.devices; d++) {
        const held = replay.value(d, chunk).set;
        for (const contribution of contributions) {
          if (countOf(held, contribution) === 0) continue;
          from.push(d);
          break;
        }
      }
      atStep.set(chunk, from);
    }
    holders.push(atStep);
    replay.apply();
  }
  return holders;
}

/** Every transfer worth adding to a plain schedule, whose cost is `cost`: from a GPU holding a lacking contribution to one that ends wrong. */
function* additionsAt(compiled: CompiledSchedule, wrong: Wrong, pattern: Pattern, holders: Map<number, number[]>[], cost: number): Generator<Candidate> {
  const { schedule } = compiled;
  for (let s = 0; s < holders.length; s++) {
    for (const [chunk, entry] of wrong.lacking) {
      if (entry.contributions.size === 0) continue;
      for (const from of holders[s].get(chunk)!) {
        for (const to of entry.devices) {
          if (to === from || pattern.cost(s + 1, from, to, NEW_TRANSFER) !== cost) continue;
          for (const op of ['reduce', 'copy'] as const) {
            yield { edit: { kind: 'add' }, step: s + 1, index: schedule.steps[s].transfers.length, transfer: { src: from, dst: to, chunk, op }, cost };
          }
        }
      }
    }
  }
}

/**
 * Tries changes to a schedule: in a plain one on the transfers of some chunks alone (its wrong chunks,
 * and the one a transfer is moved from; indices kept, so a change is made where it stands), else on
 * the whole schedule.
 */
class Trial {
  private readonly steps: readonly Step[];
  /** Per step (plain): the index of each of the schedule's transfers among those kept, or −1. */
  private readonly kept: Int32Array[] | null;
  /** Transfers one try replays. */
  readonly transfers: number;

  constructor(
    private readonly compiled: CompiledSchedule,
    private readonly chunks: ReadonlySet<number>,
  ) {
    const { schedule, plain } = compiled;
    if (!plain) {
      this.steps = schedule.steps;
      this.kept = null;
      this.transfers = compiled.stepStart[compiled.steps];
      return;
    }
    let transfers = 0;
    this.kept = schedule.steps.map((step) => {
      const kept = new Int32Array(step.transfers.length).fill(-1);
      let at = 0;
      step.transfers.forEach((t, i) => {
        if (chunks.has(t.chunk)) kept[i] = at++;
      });
      transfers += at;
      return kept;
    });
    this.transfers = transfers;
    this.steps = schedule.steps.map((step) => ({ ...step, transfers: step.transfers.filter((t) => chunks.has(t.chunk)) }));
  }

  /** Whether the change makes every result right. */
  repairs(candidate: Candidate): boolean {
    const { step, index, edit } = candidate;
    let at = index;
    if (this.kept) {
      const row = this.kept[step - 1];
      // Added at the end, or the kept transfers' own index.
      at = edit.kind === 'add' ? this.steps[step - 1].transfers.length : row[index];
    }
    const steps = withTransfer(this.steps, step, at, edit.kind === 'drop' ? null : (candidate.repaired ?? candidate.transfer));
    const schedule = { ...this.compiled.schedule, steps };
    try {
      if (!this.kept) return verifySchedule(schedule).ok;
      return this.chunksRight(compileSchedule(schedule));
    } catch (error) {
      // A change the IR refuses (a GPU sending to itself) repairs nothing.
      if (error instanceof GradsyncError) return false;
      throw error;
    }
  }

  /** Whether every chunk tried ends right on every GPU (the others are left as they were: right). */
  private chunksRight(compiled: CompiledSchedule): boolean {
    const replay = new ContributionReplay(compiled);
    replay.runToEnd();
    for (let d = 0; d < compiled.devices; d++) {
      for (const c of this.chunks) {
        const expected = expectedHolding(compiled.schedule.collective, compiled, d, c);
        if (expected && !isRangeOnce(replay.value(d, c).set, expected.lo, expected.hi)) return false;
      }
    }
    return true;
  }
}

/**
 * The one-transfer repairs of a schedule that does not verify, likeliest first: each makes it verify.
 * `favoured` are the listed transfers ("step,index") other evidence points at (a second copy brought), first among
 * equals. Empty when none exists, or none was found within the budget.
 */
export function repairsOf(compiled: CompiledSchedule, faults: readonly CellFault[], favoured: ReadonlySet<string> = new Set()): Repair[] {
  if (faults.length === 0) return [];
  const wrong = wrongOf(faults);
  const pattern = new Pattern(compiled);
  const trial = new Trial(compiled, wrong.chunks);
  /** Trials that also replay a right chunk a transfer is moved from. */
  const widened = new Map<number, Trial>();
  const trialOf = ({ edit, transfer }: Candidate): Trial => {
    if (edit.kind !== 'chunk' || wrong.chunks.has(transfer.chunk)) return trial;
    let found = widened.get(transfer.chunk);
    if (!found) widened.set(transfer.chunk, (found = new Trial(compiled, new Set([...wrong.chunks, transfer.chunk]))));
    return found;
  };
  const holders = compiled.plain ? holdersOfLacking(compiled, wrong) : null;
  let budget = REPAIR_TRANSFERS;
  const out: Candidate[] = [];
  search: for (let cost = 0; cost <= Pattern.MAX_COST; cost++) {
    const candidates = holders
      ? [changesAt(compiled, wrong, pattern, cost), additionsAt(compiled, wrong, pattern, holders, cost)]
      : [changesAt(compiled, wrong, pattern, cost)];
    for (const list of candidates) {
      for (const candidate of list) {
        if (budget <= 0 || out.length >= REPAIRS_KEPT) break search;
        const tried = trialOf(candidate);
        budget -= Math.max(1, tried.transfers);
        if (tried.repairs(candidate)) out.push(candidate);
      }
    }
  }
  // A change of a transfer the schedule makes before one it lacks; then the pattern; then the earliest.
  const rank = (c: Candidate) => (c.edit.kind === 'add' ? 10 : 0) + c.cost - (favoured.has(`${c.step},${c.index}`) ? 0.5 : 0);
  out.sort((a, b) => rank(a) - rank(b) || a.step - b.step);
  return out.map(({ cost: _cost, ...repair }) => repair);
}
