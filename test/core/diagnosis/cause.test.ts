// The diagnosis names the transfer that broke a schedule. Mutants of every built-in all-reduce on
// several device counts: a dropped transfer, a doubled send, a wrong chunk, a wrong destination and a
// reduce/copy swap. Against the built-in it names the mutated transfer's step and both GPUs every time;
// from contributions alone it always does for a doubled send and a swap, which contributions decide.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALGORITHMS, buildSchedule } from '../../../src/core/algorithms';
import { diagnoseCause, type Culprit } from '../../../src/core/diagnosis/cause';
import { builtInCounterpart } from '../../../src/core/diagnosis/counterpart';
import { parseScheduleText } from '../../../src/core/formats/scheduleText';
import { GradsyncError } from '../../../src/core/errors';
import { random } from '../../../src/core/random';
import type { Schedule, Transfer } from '../../../src/core/schedule/ir';
import { verifySchedule } from '../../../src/core/symbolic/verify';
import { repairedAt } from './oneChange';

const CLASSES = ['drop', 'double', 'chunk', 'destination', 'swap'] as const;
type MutationClass = (typeof CLASSES)[number];

interface Mutant {
  kind: MutationClass;
  /** 1-based step and the transfer mutated (the dropped one for a drop). */
  step: number;
  transfer: Transfer;
  schedule: Schedule;
}

function copyOf(schedule: Schedule): Schedule {
  return { ...schedule, steps: schedule.steps.map((step) => ({ ...step, transfers: step.transfers.map((t) => ({ ...t })) })) };
}

/** Whether `schedule` is valid and wrong: an invalid one is refused by validation, not diagnosed. */
function breaks(schedule: Schedule): boolean {
  try {
    return !verifySchedule(schedule).ok;
  } catch (error) {
    if (error instanceof GradsyncError) return false;
    throw error;
  }
}

/** `count` mutants of `kind` at random transfers of `base` that break it. */
function mutants(base: Schedule, kind: MutationClass, count: number, next: () => number): Mutant[] {
  const out: Mutant[] = [];
  const at = (n: number) => Math.floor(next() * n);
  for (let tries = 0; out.length < count && tries < count * 4; tries++) {
    const schedule = copyOf(base);
    const s = at(base.steps.length);
    const transfers = schedule.steps[s].transfers;
    const i = at(transfers.length);
    const transfer = transfers[i];
    if (kind === 'drop') transfers.splice(i, 1);
    if (kind === 'double') transfers.splice(i + 1, 0, { ...transfer });
    if (kind === 'chunk') transfer.chunk = (transfer.chunk + 1 + at(base.chunks - 1)) % base.chunks;
    if (kind === 'destination') {
      const others = Array.from({ length: base.devices }, (_, d) => d).filter((d) => d !== transfer.src && d !== transfer.dst);
      transfer.dst = others[at(others.length)];
    }
    if (kind === 'swap') transfer.op = transfer.op === 'copy' ? 'reduce' : 'copy';
    if (!breaks(schedule)) continue;
    out.push({ kind, step: s + 1, transfer: kind === 'drop' ? base.steps[s].transfers[i] : transfer, schedule });
  }
  return out;
}

/** Whether the diagnosis names the mutated transfer: its step and both GPUs (for a moved destination, its new one). */
function names(culprit: Culprit | null, mutant: Mutant): boolean {
  return culprit !== null && culprit.step === mutant.step && culprit.transfer.src === mutant.transfer.src && culprit.transfer.dst === mutant.transfer.dst;
}

const BASES = ALGORITHMS.allreduce.flatMap((spec) =>
  [4, 6, 8].map((devices) => buildSchedule({ algorithm: spec.id, devices, ...(spec.id === 'hierarchical-ring' ? { devicesPerNode: 2 } : {}) })),
);

describe('the cause of a broken schedule', () => {
  const next = random(23);
  const all = BASES.flatMap((base) => CLASSES.flatMap((kind) => mutants(base, kind, 3, next).map((mutant) => ({ base, mutant }))));

  it('is tried on every class of mutant', () => {
    for (const kind of CLASSES) expect(all.filter(({ mutant }) => mutant.kind === kind).length, kind).toBeGreaterThan(30);
  });

  it('names the mutated transfer, step and both GPUs, whenever the schedule has a built-in to compare with', () => {
    const missed = all.filter(({ base, mutant }) => !names(diagnoseCause(mutant.schedule, base).likely, mutant));
    expect(missed.map(({ base, mutant }) => `${base.algorithm} on ${base.devices}, ${mutant.kind} at step ${mutant.step}`)).toEqual([]);
  });

  it('names the mutated transfer from contributions alone whenever no other one change would make the schedule right', () => {
    // Decidable: every one-transfer change that makes the mutant verify, found by brute force on 4 GPUs, is at the mutated transfer.
    const small = all.filter(({ base }) => base.devices === 4);
    const decidable = small.filter(({ mutant }) => {
      const at = repairedAt(mutant.schedule);
      return at.size === 1 && at.has(`${mutant.step}:${mutant.transfer.src}→${mutant.transfer.dst}`);
    });
    expect(decidable.length).toBeGreaterThan(small.length / 2);
    const missed = decidable.filter(({ mutant }) => !names(diagnoseCause(mutant.schedule).likely, mutant));
    expect(missed.map(({ base, mutant }) => `${base.algorithm} on ${base.devices}, ${mutant.kind} at step ${mutant.step}`)).toEqual([]);
  });

  it('names it from contributions alone for nine in ten of every class, on every device count', () => {
    for (const kind of CLASSES) {
      const tried = all.filter(({ mutant }) => mutant.kind === kind);
      const named = tried.filter(({ mutant }) => names(diagnoseCause(mutant.schedule).likely, mutant));
      expect(named.length / tried.length, kind).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('is nothing for a correct schedule', () => {
    for (const base of BASES) expect(diagnoseCause(base, base)).toEqual({ likely: null, culprits: [], lastHeld: [] });
  });
});

describe('what the cause says', () => {
  const ring4 = buildSchedule({ algorithm: 'ring', devices: 4 });

  it('a dropped transfer of ring on 4, against the built-in ring', () => {
    const broken = copyOf(ring4);
    broken.steps[4].transfers = broken.steps[4].transfers.filter((t) => t.src !== 0);
    const { likely } = diagnoseCause(broken, ring4);
    expect(likely?.sentence).toBe('step 5: GPU-0 → GPU-1, chunk 1, copy is missing; the built-in ring makes it');
    expect(likely?.index).toBe(0);
  });

  it('a wrong destination, and a wrong chunk, as what changed', () => {
    const moved = copyOf(ring4);
    moved.steps[4].transfers[0].dst = 2;
    expect(diagnoseCause(moved, ring4).likely?.sentence).toBe('step 5: GPU-0 → GPU-2, chunk 1, copy sends to GPU-2 where the built-in ring sends to GPU-1');
    const other = copyOf(ring4);
    other.steps[0].transfers[0].chunk = 2;
    expect(diagnoseCause(other, ring4).likely?.sentence).toBe('step 1: GPU-0 → GPU-1, chunk 3, reduce moves chunk 3 where the built-in ring moves chunk 1');
  });

  it('a doubled send and a swapped op, from contributions alone', () => {
    const doubled = copyOf(ring4);
    doubled.steps[1].transfers.push({ ...doubled.steps[1].transfers[2] });
    expect(diagnoseCause(doubled).likely?.sentence).toBe(
      'step 2: GPU-2 → GPU-3, chunk 2, reduce brings b₂, c₂ to GPU-3, which already holds them; without it every result would be right',
    );
    const swapped = copyOf(ring4);
    swapped.steps[0].transfers[1].op = 'copy';
    expect(diagnoseCause(swapped).likely?.sentence).toBe('step 1: GPU-1 → GPU-2 copies chunk 2 over c₂; a reduce would keep it and make every result right');
  });

  it('tells a dropped send without a reference by where its contribution was lost, and with one by the drop', () => {
    const dropped = copyOf(ring4);
    dropped.steps[0].transfers.splice(0, 1);
    const alone = diagnoseCause(dropped);
    expect(alone.likely?.sentence).toBe('step 1: GPU-0 → GPU-1, chunk 1, reduce is missing: adding it would make every result right');
    expect(alone.lastHeld).toEqual([]);
    // Two sends dropped: no one transfer repairs it, so where the lost contribution was last held is said.
    const droppedTwice = copyOf(dropped);
    droppedTwice.steps[1].transfers.splice(0, 1);
    const twice = diagnoseCause(droppedTwice);
    expect(twice.likely).toBeNull();
    expect(twice.lastHeld).toEqual([
      'a₁ never left GPU-0: no transfer carried it, and at step 4 GPU-3 → GPU-0 copied chunk 1 over it',
      'a₄ never left GPU-0: no transfer carried it, and at step 5 GPU-3 → GPU-0 copied chunk 4 over it',
      'd₄ was last held by GPU-0, and at step 5 GPU-3 → GPU-0 copied chunk 4 over it',
    ]);
    expect(diagnoseCause(dropped, ring4).likely?.sentence).toBe('step 1: GPU-0 → GPU-1, chunk 1, reduce is missing; the built-in ring makes it');
  });

  it('an MSCCL ring whose rrc lands in the wrong chunk, named as written, against the built-in ring', () => {
    const text = readFileSync(new URL('../../fixtures/msccl/allreduce_ring_rrc.xml', import.meta.url), 'utf8').replace(
      'name="allreduce_ring_rrc"',
      'name="ring"',
    );
    // GPU 2's step 5 receives chunk 4 from GPU 1, adds its own chunk 4 and stores the sum in chunk 1 instead.
    const gpu2 = text.indexOf('<gpu id="2"');
    const step5 = text.indexOf('<step s="5" type="rrc" srcbuf="i" srcoff="3" dstbuf="i" dstoff="3"', gpu2);
    const wrong = text.slice(0, step5) + text.slice(step5).replace('dstoff="3"', 'dstoff="0"');
    const schedule = parseScheduleText(wrong);
    const { likely } = diagnoseCause(schedule, builtInCounterpart(schedule));
    expect(likely?.sentence).toBe('step 3: GPU-1 → GPU-2 reduces chunk 4 into chunk 1, where the built-in ring reduces it into chunk 4');
    // The transfer as the schedule lists it: the message's copy, first of the two the rrc became.
    expect(schedule.steps[2].transfers[likely!.index]).toMatchObject({ src: 1, dst: 2, srcChunk: 3, chunk: 0, op: 'copy' });
  });
});
