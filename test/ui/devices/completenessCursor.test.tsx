import { describe, expect, it } from 'vitest';
import { buildSchedule, type BuildRequest } from '../../../src/core/algorithms';
import { ContributionTracker } from '../../../src/core/tracker';
import { expectedRange, heldFraction } from '../../../src/ui/devices/chunkViews';
import { CompletenessCursor } from '../../../src/ui/devices/completenessCursor';

/** Completeness replayed from step 0, the slow way the cursor must agree with. */
function replayed(request: BuildRequest, step: number): number[] {
  const schedule = buildSchedule(request);
  const tracker = new ContributionTracker(schedule);
  for (let s = 0; s < step; s++) tracker.apply();
  return Array.from({ length: schedule.devices }, (_, d) => {
    let sum = 0;
    for (let c = 0; c < schedule.chunks; c++) {
      const { lo, hi } = expectedRange(schedule, d, c);
      sum += heldFraction(tracker.value(d, c).set, lo, hi);
    }
    return sum / schedule.chunks;
  });
}

const REQUESTS: BuildRequest[] = [
  { algorithm: 'ring', devices: 8 },
  { algorithm: 'double-tree', devices: 13 },
  { algorithm: 'naive', devices: 5 },
  { collective: 'allgather', algorithm: 'ring', devices: 6 },
  { collective: 'broadcast', algorithm: 'binomial-tree', devices: 9, root: 4 },
  { collective: 'reduce-scatter', algorithm: 'ring', devices: 4 },
];

describe('the completeness cursor', () => {
  it('agrees with a replay from step 0 wherever it is moved, forward, back and forward again', () => {
    for (const request of REQUESTS) {
      const schedule = buildSchedule(request);
      const cursor = new CompletenessCursor(schedule);
      const steps = schedule.steps.length;
      const order = [0, 1, steps, 2, Math.floor(steps / 2), steps - 1, 0, steps, 3];
      for (const step of order) {
        const target = Math.min(step, steps);
        cursor.seek(target);
        expect(cursor.position).toBe(target);
        const expected = replayed(request, target);
        for (let d = 0; d < schedule.devices; d++) expect(cursor.completeness(d)).toBeCloseTo(expected[d], 4);
      }
    }
  });

  it('starts allreduce devices at 1/N and ends them complete', () => {
    for (const n of [2, 5, 16]) {
      const schedule = buildSchedule({ algorithm: 'ring', devices: n });
      const cursor = new CompletenessCursor(schedule);
      for (let d = 0; d < n; d++) expect(cursor.completeness(d)).toBeCloseTo(1 / n, 4);
      cursor.seek(schedule.steps.length);
      for (let d = 0; d < n; d++) expect(cursor.completeness(d)).toBe(1);
    }
  });

  it('reaches the same completeness when a move is cut into slices of a few thousand transfers, within one step too', () => {
    for (const request of [{ algorithm: 'naive', devices: 80 }, { algorithm: 'ring', devices: 40 }] as BuildRequest[]) {
      const schedule = buildSchedule(request);
      const steps = schedule.steps.length;
      const cursor = new CompletenessCursor(schedule);
      let questions = 0;
      let slices = 1;
      while (!cursor.seekToward(steps, () => ++questions % 2 === 0)) slices++;
      expect(cursor.position).toBe(steps);
      // naive's one step of 80·79 = 6,320 transfers stops after 2,048 and 4,096 of them.
      if (request.algorithm === 'naive') expect(slices).toBe(2);
      const expected = replayed(request, steps);
      for (let d = 0; d < schedule.devices; d++) expect(cursor.completeness(d)).toBeCloseTo(expected[d], 4);
      cursor.seek(1);
      const back = replayed(request, 1);
      for (let d = 0; d < schedule.devices; d++) expect(cursor.completeness(d)).toBeCloseTo(back[d], 4);
    }
  });

  it('cuts the shares of a step that writes many cells into slices too (halving-doubling’s first step on 128 devices writes 8,192)', () => {
    const schedule = buildSchedule({ algorithm: 'halving-doubling', devices: 128 });
    const sliced = new CompletenessCursor(schedule);
    let slices = 1;
    while (!sliced.seekToward(1, () => true)) {
      expect(sliced.position).toBe(0);
      // Work is left while the cells are being finished, though every transfer is applied.
      expect(sliced.workTo(1)).toBeGreaterThan(0);
      slices++;
    }
    // 4 slices of its 8,192 transfers, then 4 of the cells they wrote: 7 tasks in all (a task ends
    // on the last slice of the transfers and starts on the first of the cells).
    expect(slices).toBe(7);
    const whole = new CompletenessCursor(schedule);
    whole.seek(1);
    for (let d = 0; d < 128; d++) expect(sliced.completeness(d)).toBe(whole.completeness(d));
    sliced.seek(0);
    for (let d = 0; d < 128; d++) expect(sliced.completeness(d)).toBeCloseTo(1 / 128, 4);
  });

  it('keeps reporting the last whole step while a step is half applied, and counts the transfers still to replay', () => {
    const schedule = buildSchedule({ algorithm: 'naive', devices: 80 });
    const cursor = new CompletenessCursor(schedule);
    expect(cursor.workTo(1)).toBe(6320);
    expect(cursor.seekToward(1, () => true)).toBe(false);
    expect(cursor.position).toBe(0);
    expect(cursor.workTo(1)).toBe(6320 - 2048);
    for (let d = 0; d < 80; d++) expect(cursor.completeness(d)).toBeCloseTo(1 / 80, 4);
    cursor.seek(1);
    expect(cursor.workTo(0)).toBe(0);
    for (let d = 0; d < 80; d++) expect(cursor.completeness(d)).toBe(1);
  });
});
