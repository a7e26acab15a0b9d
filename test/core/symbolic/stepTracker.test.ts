import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { buildSchedule, type BuildRequest } from '../../../src/core/algorithms';
import { compileSchedule } from '../../../src/core/schedule/compile';
import { countWithin, members } from '../../../src/core/symbolic/contributions';
import type { Schedule } from '../../../src/core/schedule/ir';
import { checkpointInterval, HISTORY_LIMITS } from '../../../src/core/symbolic/stepHistory';
import { STORY_WRITES, StepTracker } from '../../../src/core/symbolic/stepTracker';
import { allTerms, TermReplay, type TermWrite } from '../../../src/core/symbolic/terms';
import { ContributionReplay } from '../../../src/core/symbolic/contributionReplay';
import { expectedHolding } from '../../../src/core/symbolic/verify';
import { everyAlgorithm } from '../../fixtures/scenarios';

const trackerOf = (schedule: Schedule, limits?: ConstructorParameters<typeof StepTracker>[1]) => new StepTracker(compileSchedule(schedule), limits);

/** Every cell and device after `step` steps, replayed from step 0 by the verifier's and the narrator's trackers. */
function replayed(schedule: Schedule, step: number) {
  const compiled = compileSchedule(schedule);
  const sets = new ContributionReplay(compiled);
  const terms = new TermReplay(compiled);
  for (let s = 0; s < step; s++) {
    sets.apply();
    terms.apply();
  }
  const { devices, chunks } = schedule;
  const cells: { set: number[]; terms: number[] }[] = [];
  const completeness: number[] = [];
  for (let d = 0; d < devices; d++) {
    let shares = 0;
    for (let c = 0; c < chunks; c++) {
      const set = sets.value(d, c).set;
      cells.push({ set: members(set), terms: allTerms(terms.terms(d, c)) });
      const { lo, hi } = expectedHolding(schedule.collective, compiled, d, c) ?? { lo: 0, hi: devices };
      shares += countWithin(set, lo, hi) / (hi - lo);
    }
    completeness.push(shares / chunks);
  }
  return { cells, completeness };
}

function expectAgrees(tracker: StepTracker, schedule: Schedule, step: number): void {
  const expected = replayed(schedule, step);
  const where = `${schedule.algorithm} on ${schedule.devices}, step ${step}`;
  expect(tracker.position, where).toBe(step);
  const { devices, chunks } = schedule;
  const cells = [];
  for (let d = 0; d < devices; d++)
    for (let c = 0; c < chunks; c++) cells.push({ set: members(tracker.contributions(d, c)), terms: allTerms(tracker.terms(d, c)) });
  expect(cells, where).toEqual(expected.cells);
  for (let d = 0; d < devices; d++) expect(tracker.completeness(d), where).toBeCloseTo(expected.completeness[d], 12);
}

const plain = (writes: readonly TermWrite[]) => writes.map((w) => ({ ...w, incoming: allTerms(w.incoming), before: allTerms(w.before) }));

/** A schedule whose first transfer is listed twice: a contribution counted twice, two reduces into one cell. */
function doubled(schedule: Schedule): Schedule {
  const [first, ...rest] = schedule.steps;
  return { ...schedule, steps: [{ ...first, transfers: [first.transfers[0], ...first.transfers] }, ...rest] };
}

const SCHEDULES = [3, 4, 8].flatMap((n) => everyAlgorithm(n).map((request) => buildSchedule(request)));
SCHEDULES.push(doubled(buildSchedule({ algorithm: 'ring', devices: 5 })), buildSchedule({ algorithm: 'naive', devices: 6 }));

describe('the step tracker', () => {
  it('holds what a replay from step 0 holds, wherever it is moved, for every algorithm', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SCHEDULES), fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), (schedule, moves) => {
        const steps = schedule.steps.length;
        const tracker = trackerOf(schedule);
        for (const move of moves) {
          tracker.seek(move % (steps + 1));
          expectAgrees(tracker, schedule, move % (steps + 1));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('holds the same going forward, back and forward again, through checkpoints and undo records alike', () => {
    for (const schedule of [buildSchedule({ algorithm: 'ring', devices: 12 }), buildSchedule({ algorithm: 'double-tree', devices: 13 })]) {
      const steps = schedule.steps.length;
      // Tiny budgets: no checkpoint but step 0, and undo records of a few steps only.
      for (const limits of [undefined, { checkpointCells: 1, undoEntries: 30 }]) {
        const tracker = trackerOf(schedule, limits);
        for (const step of [0, 1, steps, 2, Math.floor(steps / 2), steps - 1, 0, steps, 3, steps - 2, steps - 3]) {
          tracker.seek(step);
          expectAgrees(tracker, schedule, step);
        }
      }
    }
  });

  it('reaches the same cells when a move is cut into slices of any size, within one step too', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SCHEDULES), fc.integer({ min: 1, max: 40 }), fc.nat(), fc.nat(), (schedule, budget, from, to) => {
        const steps = schedule.steps.length;
        const tracker = trackerOf(schedule);
        tracker.seek(from % (steps + 1));
        tracker.aim(to % (steps + 1));
        let slices = 0;
        while (!tracker.advance(budget)) {
          expect(tracker.pending()).toBeGreaterThan(0);
          slices++;
        }
        expect(tracker.pending()).toBe(0);
        expect(slices).toBeLessThanOrEqual(Math.ceil(compileSchedule(schedule).src.length / budget));
        expectAgrees(tracker, schedule, to % (steps + 1));
      }),
      { numRuns: 150 },
    );
  });

  it('goes back to where it stood when a half-applied step is given up, and can go on', () => {
    const schedule = buildSchedule({ algorithm: 'naive', devices: 7 });
    const tracker = trackerOf(schedule);
    tracker.aim(1);
    expect(tracker.advance(10)).toBe(false);
    tracker.aim(0);
    expectAgrees(tracker, schedule, 0);
    tracker.seek(1);
    expectAgrees(tracker, schedule, 1);
  });

  it('tells each step from its first writes as the narrator does, at the step’s start, in it, or just after it', () => {
    for (const schedule of [
      buildSchedule({ algorithm: 'ring', devices: 6 }),
      buildSchedule({ algorithm: 'double-tree', devices: 8 }),
      doubled(buildSchedule({ algorithm: 'master', devices: 5 })),
    ]) {
      const compiled = compileSchedule(schedule);
      const narrator = new TermReplay(compiled);
      const steps = schedule.steps.length;
      const [atStart, inStep, undone] = [trackerOf(schedule), trackerOf(schedule), trackerOf(schedule)];
      // Undo records of one step at most: a step reached by undoing the next one has none left.
      const recordless = trackerOf(schedule, { undoEntries: 1 });
      for (let step = 1; step <= steps; step++) {
        const expected = plain(narrator.peekWrites(STORY_WRITES));
        atStart.seek(step - 1);
        inStep.seek(step - 1);
        inStep.aim(step);
        inStep.advance(1);
        for (const tracker of [undone, recordless]) {
          tracker.seek(Math.min(step + 1, steps));
          tracker.seek(step);
        }
        for (const tracker of [atStart, inStep, undone, recordless]) {
          const story = tracker.storyWrites(step)!;
          expect([story.step, story.transfers]).toEqual([step, schedule.steps[step - 1].transfers.length]);
          expect(plain(story.writes)).toEqual(expected);
        }
        expect([recordless.position, inStep.position, inStep.transfersApplied]).toEqual([step, step - 1, compiled.stepStart[step - 1] + 1]);
        narrator.apply();
      }
      expect(atStart.storyWrites(steps + 5)).toBeNull();
      expect(atStart.storyWrites(1)).not.toBeNull();
      expect(trackerOf(schedule).storyWrites(3)).toBeNull();
    }
  });

  it('keeps the story of the step that leads to a checkpoint with it', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 40 });
    const tracker = trackerOf(schedule, { checkpointCells: 40 * 40 * 2, undoEntries: 1 });
    tracker.seek(schedule.steps.length);
    tracker.seek(39);
    const seek = vi.spyOn(tracker, 'seek');
    const narrator = new TermReplay(compileSchedule(schedule));
    for (let s = 0; s < 38; s++) narrator.apply();
    expect(plain(tracker.storyWrites(39)!.writes)).toEqual(plain(narrator.peekWrites(STORY_WRITES)));
    expect(seek).not.toHaveBeenCalled();
  });

  it('keeps checkpoints within their budget of cells, a ring on 1024 devices among them', () => {
    for (const [n, steps] of [
      [4, 6],
      [64, 126],
      [1024, 2046],
    ]) {
      const every = checkpointInterval(steps, n * n);
      expect(Math.floor(steps / every) * n * n).toBeLessThanOrEqual(HISTORY_LIMITS.checkpointCells);
    }
    const schedule = buildSchedule({ algorithm: 'ring', devices: 40 });
    // 78 steps of 1,600 cells, at most 3,200 of them kept: a copy each 39 steps (none kept of step 0).
    const tracker = trackerOf(schedule, { checkpointCells: 40 * 40 * 2 });
    tracker.seek(schedule.steps.length);
    expect([tracker.checkpointEvery, tracker.checkpointSteps]).toEqual([39, [0, 39, 78]]);
  });
});

/** Completeness replayed from step 0, the slow way the tracker must agree with. */
const completenessAt = (request: BuildRequest, step: number) => replayed(buildSchedule(request), step).completeness;

describe('the step tracker’s completeness, as the aggregate picture shows it', () => {
  it('agrees with a replay from step 0 for every collective, forward, back and forward again', () => {
    const requests: BuildRequest[] = [
      { algorithm: 'ring', devices: 8 },
      { algorithm: 'double-tree', devices: 13 },
      { algorithm: 'naive', devices: 5 },
      { collective: 'allgather', algorithm: 'ring', devices: 6 },
      { collective: 'broadcast', algorithm: 'binomial-tree', devices: 9, root: 4 },
      { collective: 'reduce-scatter', algorithm: 'ring', devices: 4 },
      { collective: 'reduce', algorithm: 'binomial-tree', devices: 7, root: 2 },
    ];
    for (const request of requests) {
      const schedule = buildSchedule(request);
      const tracker = trackerOf(schedule);
      const steps = schedule.steps.length;
      for (const step of [0, 1, steps, 2, Math.floor(steps / 2), steps - 1, 0, steps, 3]) {
        const target = Math.min(step, steps);
        tracker.seek(target);
        expect(tracker.position).toBe(target);
        const expected = completenessAt(request, target);
        for (let d = 0; d < schedule.devices; d++) expect(tracker.completeness(d)).toBeCloseTo(expected[d], 12);
      }
    }
  });

  it('starts allreduce devices at 1/N and ends them complete', () => {
    for (const n of [2, 5, 16]) {
      const schedule = buildSchedule({ algorithm: 'ring', devices: n });
      const tracker = trackerOf(schedule);
      for (let d = 0; d < n; d++) expect(tracker.completeness(d)).toBeCloseTo(1 / n, 12);
      tracker.seek(schedule.steps.length);
      for (let d = 0; d < n; d++) expect(tracker.completeness(d)).toBe(1);
      for (let c = 0; c < schedule.chunks; c++) expect([tracker.held(0, c), tracker.share(0, c)]).toEqual([n, 1]);
    }
  });

  it('keeps reporting the last whole step while a step is half applied, and counts the transfers still to replay', () => {
    const schedule = buildSchedule({ algorithm: 'naive', devices: 80 });
    const tracker = trackerOf(schedule);
    expect(tracker.workTo(1)).toBe(6320);
    tracker.aim(1);
    expect(tracker.advance(2048)).toBe(false);
    expect([tracker.position, tracker.pending(), tracker.transfersApplied]).toEqual([0, 6320 - 2048, 2048]);
    for (let d = 0; d < 80; d++) expect(tracker.completeness(d)).toBeCloseTo(1 / 80, 12);
    // naive's one step of 80·79 = 6,320 transfers, in slices of 2,048: two more slices stop short.
    expect([tracker.advance(2048), tracker.advance(2048), tracker.advance(2048)]).toEqual([false, false, true]);
    expect(tracker.position).toBe(1);
    for (let d = 0; d < 80; d++) expect(tracker.completeness(d)).toBe(1);
    expect(tracker.workTo(0)).toBe(0);
  });

  it('cuts a step that writes many cells into slices (halving-doubling’s first step on 128 devices writes 8,192)', () => {
    const schedule = buildSchedule({ algorithm: 'halving-doubling', devices: 128 });
    const sliced = trackerOf(schedule);
    sliced.aim(1);
    let slices = 1;
    while (!sliced.advance(2048)) {
      expect(sliced.position).toBe(0);
      expect(sliced.pending()).toBeGreaterThan(0);
      slices++;
    }
    expect(slices).toBe(4);
    const whole = trackerOf(schedule);
    whole.seek(1);
    for (let d = 0; d < 128; d++) expect(sliced.completeness(d)).toBe(whole.completeness(d));
    sliced.seek(0);
    for (let d = 0; d < 128; d++) expect(sliced.completeness(d)).toBeCloseTo(1 / 128, 12);
  });
});
