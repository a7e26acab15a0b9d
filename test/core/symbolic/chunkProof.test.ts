import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { proveByChunk } from '../../../src/core/symbolic/chunkProof';
import { compileSchedule } from '../../../src/core/schedule/compile';
import type { Schedule, Transfer } from '../../../src/core/schedule/ir';
import { expectedHolding, verifyByReplay, verifySchedule } from '../../../src/core/symbolic/verify';
import { random } from '../../../src/core/random';
import { everyAlgorithm } from '../../fixtures/scenarios';

const label = (s: Schedule) => `${s.collective}/${s.algorithm} on ${s.devices}`;

function prove(schedule: Schedule): Uint8Array | null {
  const compiled = compileSchedule(schedule);
  return proveByChunk(compiled, (d, c) => expectedHolding(schedule.collective, compiled, d, c));
}

function clone(schedule: Schedule): Schedule {
  return { ...schedule, steps: schedule.steps.map((step) => ({ ...step, transfers: step.transfers.map((t) => ({ ...t })) })) };
}

/** The schedule with one transfer dropped, doubled, or sent from another device, by seed. */
function mutated(schedule: Schedule, seed: number): Schedule | null {
  const at: [number, number][] = [];
  schedule.steps.forEach((step, s) => step.transfers.forEach((_, i) => at.push([s, i])));
  if (at.length === 0) return null;
  const next = random(seed);
  const [s, i] = at[Math.floor(next() * at.length)];
  const broken = clone(schedule);
  const transfers: Transfer[] = broken.steps[s].transfers;
  const kind = seed % 3;
  if (kind === 0) transfers.splice(i, 1);
  else if (kind === 1 && transfers[i].op === 'reduce') transfers.push({ ...transfers[i] });
  else {
    const src = [1, 2].map((k) => (transfers[i].src + k) % schedule.devices).find((d) => d !== transfers[i].dst);
    if (src === undefined) return null;
    transfers[i] = { ...transfers[i], src };
  }
  return broken;
}

describe('the chunk-by-chunk proof', () => {
  it('proves every algorithm the exact replay proves, with the same replicas in the same order, for N = 1..40', () => {
    for (let n = 1; n <= 40; n++) {
      for (const request of everyAlgorithm(n)) {
        const schedule = buildSchedule(request);
        const replay = verifyByReplay(compileSchedule(schedule));
        expect(replay.ok, label(schedule)).toBe(true);
        expect(prove(schedule), label(schedule)).toEqual(replay.sameOrder);
      }
    }
  });

  it('proves nothing about a broken schedule, whose verdict is then the replay’s, word for word', () => {
    let broken = 0;
    for (const n of [2, 3, 4, 5, 8, 13]) {
      for (const request of everyAlgorithm(n)) {
        for (let seed = 1; seed <= 9; seed++) {
          const schedule = mutated(buildSchedule(request), seed * 7919 + n);
          if (!schedule) continue;
          let replay;
          try {
            replay = verifyByReplay(compileSchedule(schedule));
          } catch {
            continue; // a redirected copy can write a cell twice: no schedule at all
          }
          if (!replay.ok) {
            broken++;
            expect(prove(schedule), label(schedule)).toBeNull();
          }
          expect(verifySchedule(schedule), label(schedule)).toEqual(replay);
        }
      }
    }
    expect(broken).toBeGreaterThan(300);
  });

  it('ignores what the collective leaves free: a doubled value no expected cell receives', () => {
    const schedule = clone(buildSchedule({ collective: 'reduce', algorithm: 'binomial-tree', devices: 4 }));
    // After the reduce, GPU-3 adds GPU-2's partial sum twice; only the root's chunk is constrained.
    schedule.steps.push({ phase: 'reduce', transfers: [{ src: 2, dst: 3, chunk: 0, op: 'reduce' }] });
    schedule.steps.push({ phase: 'reduce', transfers: [{ src: 2, dst: 3, chunk: 0, op: 'reduce' }] });
    const replay = verifyByReplay(compileSchedule(schedule));
    expect(replay.ok).toBe(true);
    expect(prove(schedule)).toEqual(replay.sameOrder);
  });

  it('reads every message at the start of its step, also when the step writes its source', () => {
    // Recursive doubling exchanges both ways in one step: each side must add what the other held before.
    for (const n of [2, 4, 6, 16]) {
      const schedule = buildSchedule({ algorithm: 'recursive-doubling', devices: n });
      expect(prove(schedule), label(schedule)).toEqual(verifyByReplay(compileSchedule(schedule)).sameOrder);
      const swapped = clone(schedule);
      for (const step of swapped.steps) step.transfers.reverse();
      expect(verifySchedule(swapped).ok, label(schedule)).toBe(true);
    }
  });
});
