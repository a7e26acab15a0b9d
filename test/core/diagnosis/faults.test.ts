import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { ring } from '../../../src/core/algorithms/ring';
import { faultNote, listFaults, termList, type CellFault } from '../../../src/core/diagnosis/faults';
import type { Schedule } from '../../../src/core/schedule/ir';
import { verifySchedule } from '../../../src/core/symbolic/verify';
import { everyAlgorithm } from '../../fixtures/scenarios';

function clone(schedule: Schedule): Schedule {
  return { ...schedule, steps: schedule.steps.map((step) => ({ ...step, transfers: step.transfers.map((t) => ({ ...t })) })) };
}

/** Ring on 4 without step 2's GPU-1 → GPU-2 (chunk 0, (a₁+b₁)). */
function ringWithoutStep2Hop(): Schedule {
  const broken = ring.build({ devices: 4 });
  broken.steps[1].transfers = broken.steps[1].transfers.filter((t) => !(t.src === 1 && t.dst === 2));
  return broken;
}

const plain = (f: CellFault) => ({ ...f, missing: [...f.missing], doubled: [...f.doubled], unexpected: [...f.unexpected], strays: [...f.strays] });

describe('listFaults', () => {
  it('lists all four chunk-0 cells of ring on 4 without step 2’s GPU-1 → GPU-2, each lacking a₁ and b₁ since the step that wrote it', () => {
    const faults = listFaults(ringWithoutStep2Hop());
    const origin = { step: 3, device: 3, slot: 0 };
    expect(faults.map(plain)).toEqual([
      { device: 0, chunk: 0, slot: 0, devices: 4, chunks: 4, strays: [], missing: [0, 2, 1], doubled: [], unexpected: [], since: 4, origin, originUntil: 7 },
      { device: 1, chunk: 0, slot: 0, devices: 4, chunks: 4, strays: [], missing: [0, 2, 1], doubled: [], unexpected: [], since: 5, origin, originUntil: 7 },
      { device: 2, chunk: 0, slot: 0, devices: 4, chunks: 4, strays: [], missing: [0, 2, 1], doubled: [], unexpected: [], since: 6, origin, originUntil: 7 },
      { device: 3, chunk: 0, slot: 0, devices: 4, chunks: 4, strays: [], missing: [0, 2, 1], doubled: [], unexpected: [], since: 3, origin, originUntil: 7 },
    ]);
    expect(faults.map((f) => faultNote(f))).toEqual(['lacks a₁, b₁', 'lacks a₁, b₁', 'lacks a₁, b₁', 'lacks a₁, b₁']);
  });

  it('names a doubled contribution where it was first counted twice', () => {
    const doubled = ring.build({ devices: 4 });
    doubled.steps[0].transfers.push({ src: 0, dst: 1, chunk: 0, op: 'reduce' });
    const faults = listFaults(doubled);
    expect(faults.map((f) => [f.device, f.chunk, faultNote(f)])).toEqual([
      [0, 0, 'holds a₁ twice'],
      [1, 0, 'holds a₁ twice'],
      [2, 0, 'holds a₁ twice'],
      [3, 0, 'holds a₁ twice'],
    ]);
    expect(faults[0].origin).toEqual({ step: 1, device: 1, slot: 0 });
    // GPU-1's chunk 0 is overwritten by the all-gather copy at step 5.
    expect(faults[0].originUntil).toBe(5);
  });

  it('says what an allgather chunk holds besides its owner’s block when a copy became a reduce', () => {
    const gather = buildSchedule({ collective: 'allgather', algorithm: 'ring', devices: 3 });
    gather.steps[0].transfers[0].op = 'reduce';
    const { src, dst, chunk } = gather.steps[0].transfers[0];
    const faults = listFaults(gather);
    const cell = faults.find((f) => f.device === dst && f.chunk === chunk)!;
    expect([...cell.unexpected]).toEqual([dst, dst + 1, 1]);
    expect(faultNote(cell)).toBe(`also holds ${['a', 'b', 'c'][dst]}${'₁₂₃'[chunk]}`);
    expect(cell.origin).toEqual({ step: 1, device: dst, slot: cell.chunk });
    expect(src).not.toBe(dst);
  });

  it('calls a cell that never received anything wrong from the start', () => {
    const idle = ring.build({ devices: 2 });
    idle.steps = idle.steps.map((step) => ({ ...step, transfers: step.transfers.filter((t) => t.dst !== 1) }));
    const faults = listFaults(idle);
    expect(faults.filter((f) => f.device === 1).map((f) => [f.chunk, f.since, f.origin.step, faultNote(f)])).toEqual([
      [0, 0, 0, 'lacks a₁'],
      [1, 0, 0, 'lacks a₂'],
    ]);
  });

  it('is empty exactly when the schedule verifies, and holds the first violation’s cell, for every algorithm with any one transfer dropped', () => {
    for (const n of [2, 3, 4, 5, 8]) {
      for (const request of everyAlgorithm(n)) {
        const schedule = buildSchedule(request);
        expect(listFaults(schedule), `${request.algorithm} on ${n}`).toEqual([]);
        schedule.steps.forEach((step, s) =>
          step.transfers.forEach((_, i) => {
            const dropped = clone(schedule);
            dropped.steps[s].transfers.splice(i, 1);
            const { violation } = verifySchedule(dropped);
            const faults = listFaults(dropped);
            const where = `${request.collective}/${request.algorithm} on ${n} without step ${s + 1} transfer ${i + 1}`;
            expect(faults.length > 0, where).toBe(violation !== null);
            if (violation)
              expect(
                faults.some((f) => f.device === violation.heldBy.device && f.chunk === violation.heldBy.chunk),
                where,
              ).toBe(true);
          }),
        );
      }
    }
  });
});

describe('termList', () => {
  it('lists up to six terms and counts the rest', () => {
    expect(termList(Int32Array.of(0, 2, 1), 0, 4)).toBe('a₁, b₁');
    expect(termList(Int32Array.of(0, 10, 1), 2, 10)).toBe('a₃, b₃, c₃, d₃, e₃, f₃ and 4 more');
    expect(termList(Int32Array.of(1, 2, 3), 0, 4, true)).toBe('b₁ 3 times');
  });
});
