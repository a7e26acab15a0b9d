// Where a wrong schedule went wrong: the transfer that broke it, not only the chunk that ends wrong.
// The evidence, most certain first:
// - a reference (the built-in algorithm the schedule names, same shape): the earliest transfer the
//   schedule drops, adds or changes against it, and what changed (chunk, destination or op);
// - a repair (repair.ts): one transfer dropped, changed or added that makes the schedule verify,
//   told with what the contributions show there (a second copy brought, a place copied over);
// - in a schedule that moves values between places, the first transfer that mixes two chunks;
// - a contribution counted twice: the transfer whose message brought the second copy.
// Where nothing names a transfer (two sends dropped), where each lost contribution was last held,
// and the copy that erased it there, are said instead. The contributions are followed only without a
// reference: its diff is exact.

import { deviceLabel, term } from '../notation';
import { compileSchedule, OP_COPY, type CompiledSchedule } from '../schedule/compile';
import type { Schedule, Transfer } from '../schedule/ir';
import { countOf } from '../symbolic/contributions';
import { ContributionReplay } from '../symbolic/contributionReplay';
import { listFaults, type CellFault } from './faults';
import { repairsOf, type Repair } from './repair';
import { placeName, resultChunks } from '../schedule/slots';
import { diffSchedules, type TransferChange } from './scheduleDiff';

type CulpritKind = 'missing' | 'added' | 'changed' | 'doubled' | 'overwrote' | 'mixed';

export interface Culprit {
  kind: CulpritKind;
  /** How it was found: against the reference, or from the contributions alone. */
  evidence: 'reference' | 'contributions';
  /** 1-based. */
  step: number;
  /** The schedule's transfer; the reference's for 'missing'. */
  transfer: Transfer;
  /** Its 0-based index among its step's transfers in the schedule (for 'missing', in the reference). */
  index: number;
  /** For 'changed': the reference's transfer it stands in for. */
  instead?: Transfer;
  /** One sentence, naming the step, both GPUs and the chunk. */
  sentence: string;
}

export interface Diagnosis {
  /** The most likely cause, first of `culprits`; null when the schedule is correct or nothing can be placed. */
  likely: Culprit | null;
  /** Every cause found, most likely first. */
  culprits: Culprit[];
  /** Where lost contributions were last held, when no transfer could be named for them. */
  lastHeld: string[];
}

/** "GPU-0 → GPU-1, chunk 2, reduce": a transfer as messages name it (chunks counted from 1). */
function transferWords(transfer: Transfer): string {
  const sent = transfer.srcChunk ?? transfer.chunk;
  const chunks = sent === transfer.chunk ? `chunk ${sent + 1}` : `chunk ${sent + 1} into chunk ${transfer.chunk + 1}`;
  return `${deviceLabel(transfer.src)} → ${deviceLabel(transfer.dst)}, ${chunks}, ${transfer.op}`;
}

function indexIn(schedule: Schedule, step: number, transfer: Transfer): number {
  return schedule.steps[step - 1]?.transfers.indexOf(transfer) ?? -1;
}

function changeSentence(change: TransferChange, name: string): string {
  const { transfer, instead, step } = change;
  if (change.kind === 'missing') return `step ${step}: ${transferWords(transfer)} is missing; the built-in ${name} makes it`;
  if (change.kind === 'added') return `step ${step}: ${transferWords(transfer)} is one the built-in ${name} does not make`;
  const was = instead!;
  const verb = (op: Transfer['op']) => (op === 'copy' ? 'copies' : 'reduces');
  const route = `${deviceLabel(transfer.src)} → ${deviceLabel(transfer.dst)}`;
  const sent = transfer.srcChunk ?? transfer.chunk;
  if (was.op !== transfer.op) return `step ${step}: ${route} ${verb(transfer.op)} chunk ${sent + 1} where the built-in ${name} ${verb(was.op)} it`;
  if (was.chunk !== transfer.chunk && sent === was.chunk) {
    return `step ${step}: ${route} ${verb(transfer.op)} chunk ${sent + 1} into chunk ${transfer.chunk + 1}, where the built-in ${name} ${verb(was.op)} it into chunk ${was.chunk + 1}`;
  }
  if (was.chunk !== transfer.chunk)
    return `step ${step}: ${transferWords(transfer)} moves chunk ${transfer.chunk + 1} where the built-in ${name} moves chunk ${was.chunk + 1}`;
  return `step ${step}: ${transferWords(transfer)} sends to ${deviceLabel(transfer.dst)} where the built-in ${name} sends to ${deviceLabel(was.dst)}`;
}

/** The changes against the reference, earliest step first, as culprits. */
function againstReference(schedule: Schedule, reference: Schedule): Culprit[] {
  const { changes } = diffSchedules(reference, schedule, 'sum', 20);
  return changes.map((change) => ({
    kind: change.kind,
    evidence: 'reference' as const,
    step: change.step,
    transfer: change.transfer,
    index: indexIn(change.kind === 'missing' ? reference : schedule, change.step, change.listed ?? change.transfer),
    ...(change.instead ? { instead: change.instead } : {}),
    sentence: changeSentence(change, reference.algorithm),
  }));
}

/**
 * Compiled transfer `t` as the schedule lists it: its step (1-based), index in the step, and the
 * transfer (a transfer of `count` chunks is as many compiled transfers).
 */
function listedAt(compiled: CompiledSchedule, t: number): { step: number; index: number; transfer: Transfer } {
  let s = 0;
  while (compiled.stepStart[s + 1] <= t) s++;
  const transfers = compiled.schedule.steps[s].transfers;
  let first = compiled.stepStart[s];
  for (let index = 0; index < transfers.length; index++) {
    first += transfers[index].count ?? 1;
    if (t < first) return { step: s + 1, index, transfer: transfers[index] };
  }
  throw new Error(`compiled transfer ${t} is beyond its step's`);
}

/** A listed transfer's key: "step,index". */
function keyOf({ step, index }: { step: number; index: number }): string {
  return `${step},${index}`;
}

function culpritAt(compiled: CompiledSchedule, t: number, kind: CulpritKind, sentence: (transfer: Transfer) => string): Culprit {
  const listed = listedAt(compiled, t);
  return { kind, evidence: 'contributions', ...listed, sentence: sentence(listed.transfer) };
}

/** What following the contributions of a plain schedule finds. */
interface Evidence {
  /** The transfers that brought a second copy of a contribution. */
  culprits: Culprit[];
  /** Where lost contributions were last held. */
  lastHeld: string[];
  /** Per listed transfer ("step,index") that copied over a lost contribution: the contribution, as "contribution,chunk". */
  erased: Map<string, string>;
}

/**
 * Replays a plain schedule once, watching the contributions the faults name: the transfer that first
 * counted one twice, and the copies that erased one a fault lacks.
 */
function fromContributions(compiled: CompiledSchedule, faults: readonly CellFault[]): Evidence {
  const { devices, stepStart, src, dst, chunk, op, steps } = compiled;
  const lost = new Set<string>();
  const doubled = new Set<string>();
  for (const fault of faults) {
    for (let i = 0; i < fault.missing.length; i += 3) for (let d = fault.missing[i]; d < fault.missing[i + 1]; d++) lost.add(`${d},${fault.chunk}`);
    for (let i = 0; i < fault.doubled.length; i += 3) for (let d = fault.doubled[i]; d < fault.doubled[i + 1]; d++) doubled.add(`${d},${fault.chunk}`);
  }
  /** The lost contributions of each chunk. */
  const lostIn = new Map<number, number[]>();
  for (const key of lost) {
    const [contribution, c] = key.split(',').map(Number);
    (lostIn.get(c) ?? lostIn.set(c, []).get(c)!).push(contribution);
  }
  const replay = new ContributionReplay(compiled);
  const holders = (contribution: number, c: number) => holdersOf(replay, devices, contribution, c);
  const culprits: Culprit[] = [];
  const placed = new Set<string>();
  /** Every copy that erased a lost contribution from a place, in step order. */
  const erasures: { t: number; key: string }[] = [];
  /** For a lost contribution, the copy that erased its last holder, in words. */
  const erasedAt = new Map<string, string>();
  /** The lost contributions some message carried. */
  const carried = new Set<string>();
  for (let s = 0; s < steps; s++) {
    // Before the step: the copies that erase a lost contribution, and those that erase its last holder.
    const erasable = new Map<number, string[]>();
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
      const c = chunk[t];
      const message = replay.value(src[t], c).set;
      for (const contribution of lostIn.get(c) ?? []) if (countOf(message, contribution) > 0) carried.add(`${contribution},${c}`);
      if (op[t] !== OP_COPY) continue;
      const before = replay.value(dst[t], c).set;
      for (const contribution of lostIn.get(c) ?? []) {
        const key = `${contribution},${c}`;
        if (placed.has(key) || countOf(before, contribution) === 0 || countOf(message, contribution) > 0) continue;
        erasures.push({ t, key });
        if (holders(contribution, c).length !== 1) continue;
        (erasable.get(t) ?? erasable.set(t, []).get(t)!).push(key);
      }
    }
    /** Per transfer of the step, the contributions it brought a second copy of, as [contribution, chunk]. */
    const brought = new Map<number, [number, number][]>();
    for (const key of doubled) {
      if (placed.has(key)) continue;
      const [contribution, c] = key.split(',').map(Number);
      const t = secondCopy(compiled, replay, s, contribution, c);
      if (t < 0) continue;
      placed.add(key);
      (brought.get(t) ?? brought.set(t, []).get(t)!).push([contribution, c]);
    }
    for (const [t, terms] of brought) {
      const names = terms.sort((a, b) => a[0] - b[0]).map(([contribution, c]) => term(contribution, c, devices));
      const it = names.length === 1 ? 'it' : 'them';
      culprits.push(
        culpritAt(
          compiled,
          t,
          'doubled',
          (x) => `step ${s + 1}: ${transferWords(x)} brings ${names.join(', ')} to ${deviceLabel(x.dst)}, which already holds ${it}`,
        ),
      );
    }
    replay.apply();
    for (const [t, keys] of erasable) {
      for (const key of keys) {
        const [contribution, c] = key.split(',').map(Number);
        if (holders(contribution, c).length > 0 || erasedAt.has(key)) continue;
        const x = listedAt(compiled, t).transfer;
        const name = term(contribution, c, devices);
        const over = `at step ${s + 1} ${deviceLabel(x.src)} → ${deviceLabel(x.dst)} copied chunk ${c + 1} over it`;
        // A contribution no message ever carried was dropped where it started: the send is what is missing.
        erasedAt.set(
          key,
          carried.has(key)
            ? `${name} was last held by ${deviceLabel(x.dst)}, and ${over}`
            : `${name} never left ${deviceLabel(contribution)}: no transfer carried it, and ${over}`,
        );
      }
    }
  }
  const erased = new Map<string, string>();
  for (const { t, key } of erasures) {
    const listed = keyOf(listedAt(compiled, t));
    if (!erased.has(listed)) erased.set(listed, key);
  }
  return { culprits, lastHeld: lastHeldOf(compiled, replay, lost, placed, erasedAt), erased };
}

/**
 * The transfer of step `s` (0-based, not yet applied) that brings `contribution` of chunk `c` to a
 * place holding it already: messages are read at the step's start and land in listed order.
 */
function secondCopy(compiled: CompiledSchedule, replay: ContributionReplay, s: number, contribution: number, c: number): number {
  const { stepStart, src, dst, chunk, op } = compiled;
  const held = new Map<number, number>();
  for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
    if (chunk[t] !== c) continue;
    const carried = countOf(replay.value(src[t], c).set, contribution);
    const before = held.get(dst[t]) ?? countOf(replay.value(dst[t], c).set, contribution);
    const after = op[t] === OP_COPY ? carried : before + carried;
    held.set(dst[t], after);
    if (carried > 0 && after >= 2) return t;
  }
  return -1;
}

/** The devices whose chunk `c` holds `contribution` in the replay's present state. */
function holdersOf(replay: ContributionReplay, devices: number, contribution: number, c: number): number[] {
  const out: number[] = [];
  for (let d = 0; d < devices; d++) if (countOf(replay.value(d, c).set, contribution) > 0) out.push(d);
  return out;
}

/** Where each lost contribution no transfer could be named for ends up, once the replay is done. */
function lastHeldOf(compiled: CompiledSchedule, replay: ContributionReplay, lost: Set<string>, placed: Set<string>, erasedAt: Map<string, string>): string[] {
  const { devices } = compiled;
  const lastHeld: string[] = [];
  for (const key of lost) {
    if (placed.has(key)) continue;
    const erased = erasedAt.get(key);
    if (erased) {
      lastHeld.push(erased);
      continue;
    }
    const [contribution, c] = key.split(',').map(Number);
    const held = holdersOf(replay, devices, contribution, c);
    const name = term(contribution, c, devices);
    lastHeld.push(
      held.length > 0 ? `${name} ends held by ${held.map(deviceLabel).join(', ')} and no transfer carried it on` : `${name} is held nowhere at the end`,
    );
  }
  return lastHeld;
}

/** The largest schedule whose contributions are followed step by step for a cause (the diff has no limit). */
const CONTRIBUTIONS_TRANSFERS = 200_000;

/** What a repair changes, said after the transfer: "where a reduce would make every result right". */
function repairSentence(repair: Repair, compiled: CompiledSchedule, evidence: Map<string, Culprit>, erased: Map<string, string>): string {
  const { step, transfer, edit } = repair;
  const right = 'would make every result right';
  if (edit.kind === 'add') return `step ${step}: ${transferWords(transfer)} is missing: adding it ${right}`;
  const t = keyOf(repair);
  const route = `${deviceLabel(transfer.src)} → ${deviceLabel(transfer.dst)}`;
  const sent = transfer.srcChunk ?? transfer.chunk;
  const verb = transfer.op === 'copy' ? 'copies' : 'reduces';
  const doubled = evidence.get(t);
  if (edit.kind === 'drop')
    return doubled
      ? `${doubled.sentence}; without it every result would be right`
      : `step ${step}: ${transferWords(transfer)} is one too many: without it every result would be right`;
  if (edit.kind === 'op') {
    const key = erased.get(t);
    if (transfer.op === 'copy' && key) {
      const [contribution, c] = key.split(',').map(Number);
      return `step ${step}: ${route} copies chunk ${c + 1} over ${term(contribution, c, compiled.devices)}; a reduce would keep it and make every result right`;
    }
    return `step ${step}: ${route} ${verb} chunk ${sent + 1}, where a ${transfer.op === 'copy' ? 'reduce' : 'copy'} ${right}`;
  }
  if (edit.kind === 'chunk') return `step ${step}: ${route} ${verb} chunk ${sent + 1}, where moving chunk ${edit.chunk + 1} ${right}`;
  return `step ${step}: ${route} ${verb} chunk ${sent + 1}, where sending it to ${deviceLabel(edit.dst)} ${right}`;
}

const KIND_OF_EDIT = { add: 'missing', drop: 'added', op: 'changed', chunk: 'changed', dst: 'changed' } as const;

function repairCulprit(repair: Repair, compiled: CompiledSchedule, evidence: Map<string, Culprit>, erased: Map<string, string>): Culprit {
  const t = keyOf(repair);
  let kind: CulpritKind = KIND_OF_EDIT[repair.edit.kind];
  if (repair.edit.kind === 'drop' && evidence.has(t)) kind = 'doubled';
  if (repair.edit.kind === 'op' && repair.transfer.op === 'copy' && erased.has(t)) kind = 'overwrote';
  return {
    kind,
    evidence: 'contributions',
    step: repair.step,
    transfer: repair.transfer,
    index: repair.index,
    ...(repair.repaired ? { instead: repair.repaired } : {}),
    sentence: repairSentence(repair, compiled, evidence, erased),
  };
}

/** "(d₄+a₄)": the terms of chunk `c` in a set of terms (c·N + d), as the seeds write a partial sum; long ones cut short. */
function termSum(set: Int32Array, c: number, devices: number): string {
  const names: string[] = [];
  let total = 0;
  for (let i = 0; i < set.length; i += 3) {
    for (let x = Math.max(set[i], c * devices); x < Math.min(set[i + 1], (c + 1) * devices); x++) {
      total++;
      if (names.length < 6) names.push(term(x - c * devices, c, devices));
    }
  }
  return `(${names.join('+')}${total > names.length ? '+…' : ''})`;
}

/**
 * In a schedule that moves values between places: the first transfer that puts one chunk's terms
 * where another chunk's result belongs, or adds them to a value of another chunk. Null when none does.
 */
function firstMix(compiled: CompiledSchedule): Culprit | null {
  const { devices, chunks, layout, steps, stepStart, src, dst, chunk, srcChunk, op } = compiled;
  const nothing = chunks * devices;
  const replay = new ContributionReplay(compiled);
  const chunksOf = (set: Int32Array): Set<number> => {
    const out = new Set<number>();
    for (let i = 0; i < set.length; i += 3) for (let x = set[i]; x < set[i + 1]; x++) if (x !== nothing) out.add(Math.floor(x / devices));
    return out;
  };
  const belongs = new Map<number, Int32Array>();
  const resultOf = (device: number, slot: number) => (belongs.get(device) ?? belongs.set(device, resultChunks(layout, device)).get(device)!)[slot];
  for (let s = 0; s < steps; s++) {
    // Messages are read at the step's start; writes land in listed order, so a reduce meets what an
    // earlier write of the step left (a relay reused: the message's copy, then the local reduce).
    const written = new Map<number, Set<number>>();
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
      const message = replay.value(src[t], srcChunk[t]).set;
      const carried = chunksOf(message);
      const owner = resultOf(dst[t], chunk[t]);
      const cell = dst[t] * compiled.slots + chunk[t];
      const into = op[t] === OP_COPY ? new Set<number>() : (written.get(cell) ?? chunksOf(replay.value(dst[t], chunk[t]).set));
      written.set(cell, new Set([...into, ...carried]));
      const other = [...carried].find((c) => (owner >= 0 && c !== owner) || [...into].some((held) => held !== c));
      if (other === undefined) continue;
      const listed = listedAt(compiled, t);
      const x = listed.transfer;
      const place = `${deviceLabel(x.dst)}'s ${placeName(layout, chunk[t])}`;
      const why =
        owner >= 0 && other !== owner ? `where chunk ${owner + 1}'s result belongs` : `which holds chunk ${[...into].find((held) => held !== other)! + 1}`;
      return {
        kind: 'mixed',
        evidence: 'contributions',
        ...listed,
        sentence: `step ${s + 1}: ${deviceLabel(x.src)} → ${deviceLabel(x.dst)} brings ${termSum(message, other, devices)} of chunk ${other + 1} into ${place}, ${why}: the first transfer to mix chunks`,
      };
    }
    replay.apply();
  }
  return null;
}

/**
 * The cause of `schedule`'s faults, most likely first. `reference` is its built-in counterpart, if
 * any: its diff is exact, so the contributions are followed only without one. `faults` are the
 * schedule's, where the caller has them already.
 */
export function diagnoseCause(schedule: Schedule, reference: Schedule | null = null, faults?: readonly CellFault[]): Diagnosis {
  const compiled = compileSchedule(schedule);
  const wrong = faults ?? listFaults(compiled);
  if (wrong.length === 0) return { likely: null, culprits: [], lastHeld: [] };
  const fromReference = reference ? againstReference(schedule, reference) : [];
  if (fromReference.length > 0 || compiled.stepStart[compiled.steps] > CONTRIBUTIONS_TRANSFERS) {
    return { likely: fromReference[0] ?? null, culprits: fromReference, lastHeld: [] };
  }
  const found: Evidence = compiled.plain ? fromContributions(compiled, wrong) : { culprits: [], lastHeld: [], erased: new Map() };
  const evidence = new Map(found.culprits.map((culprit) => [keyOf(culprit), culprit]));
  const repairs = repairsOf(compiled, wrong, new Set(evidence.keys())).map((repair) => repairCulprit(repair, compiled, evidence, found.erased));
  const mixed = compiled.plain ? null : firstMix(compiled);
  const named = new Set(repairs.map((culprit) => `${culprit.step},${culprit.index}`));
  const rest = found.culprits.filter((culprit) => !named.has(`${culprit.step},${culprit.index}`)).sort((a, b) => a.step - b.step);
  const culprits = [...repairs, ...(mixed ? [mixed] : []), ...rest];
  // A repair accounts for every lost contribution; where there is none, where they were last held is said.
  return { likely: culprits[0] ?? null, culprits, lastHeld: repairs.length > 0 ? [] : found.lastHeld };
}
