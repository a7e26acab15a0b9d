// Which transfers a schedule drops, adds or changes against a reference (its built-in counterpart),
// step by step. A step's transfers are concurrent, so each step compares as a multiset of
// (src, dst, chunk, op); what is left over pairs up as "changed" when only the op, only the chunk or
// only the destination differs, and is otherwise missing or added.

import { deviceLabel } from '../notation';
import { cellExpression } from '../narration/narration';
import type { ReduceOp } from '../ops';
import type { Schedule, Transfer } from '../schedule/ir';
import { TermReplay } from '../symbolic/terms';

type TransferChangeKind = 'missing' | 'added' | 'changed';

export interface TransferChange {
  kind: TransferChangeKind;
  /** 1-based. */
  step: number;
  /** The reference's transfer when missing, the schedule's otherwise. */
  transfer: Transfer;
  /** For 'changed': the reference's transfer it stands in for (same src, and two of dst, chunk and op). */
  instead?: Transfer;
  /** Where `transfer` stands for an rrc pair the schedule lists as two: the first of them. */
  listed?: Transfer;
  /** What the source held at the start of the step: in the reference when missing, in the schedule otherwise. */
  value: string;
  /** For 'changed' chunks: what the reference sends instead, at the start of the step in the reference. */
  insteadValue?: string;
}

export interface ScheduleDiff {
  /** The first `limit` changes, by step, then source, destination and chunk. */
  changes: TransferChange[];
  /** Changes in all. */
  total: number;
}

type Unvalued = Omit<TransferChange, 'value' | 'insteadValue'>;

function byPlace(a: Unvalued, b: Unvalued): number {
  return a.transfer.src - b.transfer.src || a.transfer.dst - b.transfer.dst || a.transfer.chunk - b.transfer.chunk || a.kind.localeCompare(b.kind);
}

/** Takes the first unmatched item of `pool` under `key`, or undefined. */
function take<T>(pool: Map<string, T[]>, key: string): T | undefined {
  const list = pool.get(key);
  const item = list?.shift();
  if (list && list.length === 0) pool.delete(key);
  return item;
}

function group(transfers: Transfer[], key: (t: Transfer) => string): Map<string, Transfer[]> {
  const out = new Map<string, Transfer[]>();
  for (const t of transfers) {
    const k = key(t);
    const list = out.get(k);
    if (list) list.push(t);
    else out.set(k, [t]);
  }
  return out;
}

/** The chunk a transfer's message comes from: `srcChunk` in version 2, its chunk in version 1. */
const from = (t: Transfer) => t.srcChunk ?? t.chunk;
const exact = (t: Transfer) => `${t.src},${from(t)},${t.dst},${t.chunk},${t.op}`;
const samePlace = (t: Transfer) => `${t.src},${from(t)},${t.dst},${t.chunk}`;
const sameRoute = (t: Transfer) => `${t.src},${t.dst},${t.op}`;
const sameSend = (t: Transfer) => `${t.src},${from(t)},${t.op}`;

/** Both ends in the one buffer a version-1 schedule has: the input, in place (or no buffer named). */
function inTheBuffer(t: Transfer): boolean {
  return (t.srcBuffer ?? 'input') === 'input' && (t.dstBuffer ?? 'input') === 'input';
}

/**
 * A step's transfers as a version-1 schedule would list them, each mapped to the transfer the
 * schedule lists for it. An imported MSCCL rrc is two transfers: the message copied into a place,
 * then the receiver's own chunk reduced into it; read together they are one reduce (the message's
 * chunk combined with the receiver's, landing in that place), so it compares with the built-in's
 * reduce and a wrong destination chunk shows as one.
 */
function asSends(transfers: readonly Transfer[]): Map<Transfer, Transfer> {
  // The local reduces of the step by the place they land in, each read with the copy before it.
  const localInto = new Map<string, Transfer[]>();
  for (const u of transfers) {
    if (u.op === 'reduce' && u.src === u.dst && inTheBuffer(u) && (u.count ?? 1) === 1) {
      const key = `${u.dst},${u.chunk}`;
      (localInto.get(key) ?? localInto.set(key, []).get(key)!).push(u);
    }
  }
  const out = new Map<Transfer, Transfer>();
  const merged = new Set<Transfer>();
  const position = new Map(transfers.map((t, i) => [t, i]));
  for (const [i, t] of transfers.entries()) {
    if (merged.has(t)) continue;
    const local =
      // The message may come from anywhere (a relay in scratch); it lands in the buffer.
      t.op === 'copy' && t.src !== t.dst && (t.dstBuffer ?? 'input') === 'input'
        ? localInto.get(`${t.dst},${t.chunk}`)?.find((u) => !merged.has(u) && position.get(u)! > i)
        : undefined;
    if (local) {
      merged.add(local);
      out.set({ src: t.src, dst: t.dst, srcChunk: from(t), chunk: t.chunk, op: 'reduce' }, t);
    } else {
      out.set(t, t);
    }
  }
  return out;
}

/** The changes of one step (1-based `step`), unordered. */
function diffStep(step: number, reference: Transfer[], listed: Transfer[]): Unvalued[] {
  const sends = asSends(listed);
  const pending = group(reference, exact);
  let extra: Transfer[] = [...sends.keys()].filter((t) => take(pending, exact(t)) === undefined);
  let lacking = [...pending.values()].flat();
  const changes: Unvalued[] = [];
  const inSchedule = (t: Transfer) => (sends.get(t) === t ? {} : { listed: sends.get(t) });
  // Same place, other op; then same route and op, other chunk; then the same send to another device.
  for (const key of [samePlace, sameRoute, sameSend]) {
    const pool = group(lacking, key);
    extra = extra.filter((t) => {
      const instead = take(pool, key(t));
      if (instead) changes.push({ kind: 'changed', step, transfer: t, instead, ...inSchedule(t) });
      return instead === undefined;
    });
    lacking = [...pool.values()].flat();
  }
  for (const t of lacking) changes.push({ kind: 'missing', step, transfer: t });
  for (const t of extra) changes.push({ kind: 'added', step, transfer: t, ...inSchedule(t) });
  return changes;
}

/**
 * The changes from `reference` to `candidate`, with each message's value in the seeds' notation
 * under `op`; values are written for the first `limit` changes only.
 */
export function diffSchedules(reference: Schedule, candidate: Schedule, op: ReduceOp = 'sum', limit = 200): ScheduleDiff {
  const steps = Math.max(reference.steps.length, candidate.steps.length);
  const changes: Unvalued[] = [];
  let total = 0;
  for (let s = 0; s < steps; s++) {
    const found = diffStep(s + 1, reference.steps[s]?.transfers ?? [], candidate.steps[s]?.transfers ?? []).sort(byPlace);
    total += found.length;
    if (changes.length < limit) changes.push(...found.slice(0, limit - changes.length));
  }
  return { changes: withValues(changes, reference, candidate, op), total };
}

/** Replays both schedules up to the last listed step and reads each message's value at its step's start. */
function withValues(changes: Unvalued[], reference: Schedule, candidate: Schedule, op: ReduceOp): TransferChange[] {
  const last = changes.length > 0 ? changes[changes.length - 1].step : 0;
  const inReference = new TermReplay(reference);
  const inCandidate = new TermReplay(candidate);
  const out: TransferChange[] = [];
  let next = 0;
  for (let s = 1; s <= last; s++) {
    for (; next < changes.length && changes[next].step === s; next++) {
      const change = changes[next];
      const { src } = change.transfer;
      const chunk = from(change.transfer);
      const tracker = change.kind === 'missing' ? inReference : inCandidate;
      const value = cellExpression(tracker.compiled, tracker.terms(src, chunk), chunk, op);
      const instead = change.instead && change.instead.chunk !== chunk ? change.instead : null;
      out.push(
        instead
          ? { ...change, value, insteadValue: cellExpression(inReference.compiled, inReference.terms(instead.src, instead.chunk), instead.chunk, op) }
          : { ...change, value },
      );
    }
    if (!inReference.done) inReference.apply();
    if (!inCandidate.done) inCandidate.apply();
  }
  return out;
}

function opWords(transfer: Transfer, instead: Transfer | undefined): string {
  return instead && instead.op !== transfer.op ? `${transfer.op} instead of ${instead.op}` : transfer.op;
}

/** "GPU-1 → GPU-2, (a₁+b₁), reduce": the transfer without its step and kind. */
export function changeBody(change: TransferChange): string {
  const { src, dst } = change.transfer;
  const value = change.insteadValue ? `${change.value} instead of ${change.insteadValue}` : change.value;
  const to = change.instead && change.instead.dst !== dst ? `${deviceLabel(dst)} instead of ${deviceLabel(change.instead.dst)}` : deviceLabel(dst);
  const landing = change.transfer.chunk;
  const lands =
    change.instead && change.instead.chunk !== landing && from(change.transfer) === change.instead.chunk
      ? ` into chunk ${landing + 1} instead of chunk ${change.instead.chunk + 1}`
      : '';
  return `${deviceLabel(src)} → ${to}, ${value}${lands}, ${opWords(change.transfer, change.instead)}`;
}

/** "step 2: GPU-1 → GPU-2, (a₁+b₁), reduce — missing". */
export function describeChange(change: TransferChange): string {
  return `step ${change.step}: ${changeBody(change)} — ${change.kind}`;
}
