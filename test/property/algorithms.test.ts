import { describe, expect, it } from 'vitest';
import { ALGORITHMS, buildSchedule } from '../../src/core/algorithms';
import { verifySchedule } from '../../src/core/symbolic/verify';
import { compileSchedule } from '../../src/core/schedule/compile';
import { ContributionReplay } from '../../src/core/symbolic/contributionReplay';
import { members } from '../../src/core/symbolic/contributions';
import type { Schedule } from '../../src/core/schedule/ir';
import { random } from '../../src/core/random';
import { everyAlgorithm } from '../fixtures/scenarios';

const label = (s: Schedule) => `${s.collective}/${s.algorithm} on ${s.devices}`;

function clone(schedule: Schedule): Schedule {
  return { ...schedule, steps: schedule.steps.map((step) => ({ ...step, transfers: step.transfers.map((t) => ({ ...t })) })) };
}

/** Positions of every transfer, and a seeded pick among them. */
function pickTransfer(schedule: Schedule, seed: number, filter: (op: string) => boolean = () => true): [number, number] | null {
  const all: [number, number][] = [];
  schedule.steps.forEach((step, s) => step.transfers.forEach((t, i) => filter(t.op) && all.push([s, i])));
  if (all.length === 0) return null;
  return all[Math.floor(random(seed)() * all.length)];
}

describe('every algorithm proves its collective', () => {
  it('for N = 1..64 with the default chunks', () => {
    for (let n = 1; n <= 64; n++) {
      for (const request of everyAlgorithm(n)) {
        const schedule = buildSchedule(request);
        const result = verifySchedule(schedule);
        expect(result.violation?.message ?? 'ok', label(schedule)).toBe('ok');
      }
    }
  });

  it('for N = 1..24 with twice and three times the default chunks', () => {
    for (let n = 1; n <= 24; n++) {
      for (const request of everyAlgorithm(n)) {
        const base = buildSchedule(request);
        for (const factor of [2, 3]) {
          const schedule = buildSchedule({ ...request, chunks: base.chunks * factor });
          expect(verifySchedule(schedule).ok, `${label(schedule)} × ${schedule.chunks} chunks`).toBe(true);
        }
      }
    }
  });

  it('for larger samples up to 1024 devices', () => {
    for (const n of [100, 255, 257, 1024]) {
      for (const request of everyAlgorithm(n)) {
        if (n === 1024 && request.algorithm === 'naive') continue; // covered alone below
        const schedule = buildSchedule(request);
        expect(verifySchedule(schedule).ok, label(schedule)).toBe(true);
      }
    }
  });

  it('naive on 1024 devices (over a million transfers) verifies', () => {
    expect(verifySchedule(buildSchedule({ algorithm: 'naive', devices: 1024 })).ok).toBe(true);
  });
});

describe('a mutated schedule fails at the right place', () => {
  it('dropping any transfer leaves its chunk missing a contribution', () => {
    for (const n of [2, 3, 4, 5, 8, 13]) {
      for (const request of everyAlgorithm(n)) {
        const schedule = buildSchedule(request);
        for (let seed = 1; seed <= 4; seed++) {
          const at = pickTransfer(schedule, seed * 7919 + n);
          if (!at) continue;
          const broken = clone(schedule);
          const [dropped] = broken.steps[at[0]].transfers.splice(at[1], 1);
          const result = verifySchedule(broken);
          expect(result.ok, `${label(schedule)} without step ${at[0] + 1} transfer ${at[1] + 1}`).toBe(false);
          expect(result.violation!.chunk).toBe(dropped.chunk);
          expect(['missing', 'unexpected']).toContain(result.violation!.kind);
        }
      }
    }
  });

  it('doubling a reduce names its step, device, chunk and contribution', () => {
    for (const n of [2, 3, 4, 5, 8, 13]) {
      for (const request of everyAlgorithm(n)) {
        const schedule = buildSchedule(request);
        for (let seed = 1; seed <= 4; seed++) {
          const at = pickTransfer(schedule, seed * 104729 + n, (op) => op === 'reduce');
          if (!at) continue;
          const broken = clone(schedule);
          const doubled = broken.steps[at[0]].transfers[at[1]];
          broken.steps[at[0]].transfers.push({ ...doubled });
          // What the receiver holds before, and what the message carries, at that step.
          const tracker = new ContributionReplay(schedule);
          for (let s = 0; s < at[0]; s++) tracker.apply();
          const carried = new Set(members(tracker.value(doubled.src, doubled.chunk).set));
          const result = verifySchedule(broken);
          expect(result.ok, label(schedule)).toBe(false);
          const v = result.violation!;
          expect(v.kind).toBe('doubled');
          expect([v.step, v.device, v.chunk]).toEqual([at[0] + 1, doubled.dst, doubled.chunk]);
          expect(carried.has(v.contribution)).toBe(true);
        }
      }
    }
  });

  it('every schedule an algorithm builds is valid IR', () => {
    for (const n of [1, 2, 7, 16]) {
      for (const request of everyAlgorithm(n)) {
        const schedule = JSON.parse(JSON.stringify(buildSchedule(request)));
        expect(() => compileSchedule(schedule)).not.toThrow();
      }
    }
  });
});

describe('the registry', () => {
  it('offers the ids docs/architecture.md names for all-reduce', () => {
    expect(ALGORITHMS.allreduce.map((a) => a.id)).toEqual([
      'naive',
      'master',
      'ring',
      'tree',
      'double-tree',
      'hierarchical-ring',
      'halving-doubling',
      'recursive-doubling',
    ]);
  });
});
