import { describe, expect, it, vi } from 'vitest';
import { buildSchedule, type BuildRequest } from '../../src/core/algorithms';
import { members } from '../../src/core/symbolic/contributions';
import { narrateStep, stepStory, valueExpression, type StepStory } from '../../src/core/narration/narration';
import type { ReduceOp } from '../../src/core/ops';
import type { Schedule } from '../../src/core/schedule/ir';
import { STORY_WRITES, StepTracker } from '../../src/core/symbolic/stepTracker';
import { compileSchedule } from '../../src/core/schedule/compile';
import { ContributionReplay } from '../../src/core/symbolic/contributionReplay';
import { createSimStore } from '../../src/store/simStore';
import { StepReader } from '../../src/store/stepReader';

const allTold = (story: StepStory | null) => (story ? story.sentences(0, story.told) : null);

function storyAt(slot: StepReader, schedule: Schedule, step: number, op: ReduceOp = 'sum'): StepStory | null {
  const writes = step > 0 ? slot.storyWrites(schedule, step) : null;
  return writes && stepStory(schedule, step - 1, writes.writes, writes.transfers, op);
}

describe('the store’s step tracker', () => {
  it('is one per store, made for the schedule shown and made anew for another', () => {
    const [a, b] = [createSimStore({ engine: false }), createSimStore({ engine: false })];
    const slot = a.getState().tracker;
    expect(slot).not.toBe(b.getState().tracker);
    const schedule = a.getState().derived!.schedule;
    const tracker = slot.trackerOf(schedule);
    expect(slot.trackerOf(schedule)).toBe(tracker);
    expect(slot.trackerOf(buildSchedule({ algorithm: 'tree', devices: 4 }))).not.toBe(tracker);
    a.getState().dispose();
    b.getState().dispose();
  });

  it('gives every cell and story as a fresh replay does, whatever order the steps are asked in', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 6, chunks: 12 });
    const slot = new StepReader();
    for (const step of [0, 3, 10, 2, 10, 9, 1, 0, 7, 5, 6, 8, 4]) {
      const cells = slot.cellsAt(schedule, step);
      const tracker = new ContributionReplay(schedule);
      for (let s = 0; s < step; s++) tracker.apply();
      for (let d = 0; d < 6; d++) for (let c = 0; c < 12; c++) expect(members(cells.sets[d * 12 + c])).toEqual(members(tracker.value(d, c).set));
      expect(allTold(storyAt(slot, schedule, step))).toEqual(step > 0 ? narrateStep(schedule, step - 1).sentences : null);
    }
  });

  it('follows ring on 1024 devices step by step, abbreviating long values', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 1024 });
    const slot = new StepReader();
    for (let step = 1; step <= 40; step++) {
      const story = storyAt(slot, schedule, step)!;
      expect([story.transfers, story.told]).toEqual([1024, STORY_WRITES]);
      expect(story.sentences(0, STORY_WRITES)).toEqual(narrateStep(schedule, step - 1).sentences.slice(0, STORY_WRITES));
    }
    const tracker = slot.trackerOf(schedule);
    tracker.seek(40);
    expect(valueExpression(tracker.terms(39, 0), 0, 1024)).toBe('(g0₁+g1₁+g2₁+…+g38₁+g39₁, 40 terms)');
  });

  it('tells naive on 1024 devices from its first transfers and counts the rest, without replaying the step', () => {
    const schedule = buildSchedule({ algorithm: 'naive', devices: 1024 });
    const slot = new StepReader();
    const story = storyAt(slot, schedule, 1)!;
    expect([story.step, story.phase, story.transfers, story.told]).toEqual([1, 'exchange', 1024 * 1023, STORY_WRITES]);
    expect(story.sentences(0, 2)).toEqual(['GPU-0 sends g0₁ to GPU-1, where it gets added to g1₁.', 'GPU-0 sends g0₁ to GPU-2, where it gets added to g2₁.']);
    expect(story.sentences(255, 300)).toEqual(['GPU-0 sends g0₁ to GPU-256, where it gets added to g256₁.']);
    expect(slot.trackerOf(schedule).transfersApplied).toBe(0);
    // Asked to replay at most 20,000 transfers, the story of a later step waits for a read instead.
    const ring = buildSchedule({ algorithm: 'ring', devices: 1024 });
    expect(slot.storyWrites(ring, 2046, 20_000)).toBeNull();
    expect(slot.trackerOf(ring).position).toBe(0);
  });

  it('writes a step’s sentences the same whether its cells were drawn first or its story was read first', () => {
    const schedule = buildSchedule({ algorithm: 'double-tree', devices: 8 });
    const slot = new StepReader();
    for (let step = 1; step <= schedule.steps.length; step++) {
      slot.cellsAt(schedule, step);
      expect(allTold(storyAt(slot, schedule, step, 'max'))).toEqual(narrateStep(schedule, step - 1, 'max').sentences);
    }
  });

  it('reads toward a step a slice per task, telling its listeners, and stops when no view waits', () => {
    vi.useFakeTimers();
    try {
      const schedule = buildSchedule({ algorithm: 'naive', devices: 300 });
      const slot = new StepReader();
      const tracker = slot.trackerOf(schedule);
      const heard = vi.fn();
      slot.subscribe(heard);
      // A clock that moves on 3 ms per look: a slice of 8 ms applies a few thousand transfers.
      let now = 0;
      vi.spyOn(performance, 'now').mockImplementation(() => (now += 3));
      const stop = slot.readToward(schedule, 1);
      vi.advanceTimersToNextTimer();
      expect([tracker.position, heard.mock.calls.length]).toEqual([0, 1]);
      expect(tracker.transfersApplied).toBeGreaterThan(0);
      vi.runAllTimers();
      expect(tracker.position).toBe(1);
      expect(heard.mock.calls.length).toBeGreaterThan(2);
      stop();
      const stopped = slot.readToward(schedule, 0);
      stopped();
      vi.runAllTimers();
      expect(tracker.position).toBe(1);
    } finally {
      vi.restoreAllMocks();
      vi.useRealTimers();
    }
  });

  it('reads the step after a resting one ahead, keeping its completeness and story, and leaves the tracker there', () => {
    vi.useFakeTimers();
    try {
      const schedule = buildSchedule({ algorithm: 'halving-doubling', devices: 64 });
      const slot = new StepReader();
      const tracker = slot.trackerOf(schedule);
      const fresh = new StepTracker(compileSchedule(schedule));
      expect(Array.from(slot.completenessAt(schedule, 0)!)).toEqual(Array.from({ length: 64 }, (_, d) => fresh.completeness(d)));
      expect(slot.completenessAt(schedule, 1)).toBeNull();
      const heard = vi.fn();
      slot.subscribe(heard);
      slot.readAhead(schedule, 0);
      vi.runAllTimers();
      // No view waited, so none was told; the tracker went on to step 1 and kept what it found there.
      expect([tracker.position, heard.mock.calls.length]).toEqual([1, 0]);
      fresh.seek(1);
      expect(Array.from(slot.completenessAt(schedule, 1)!)).toEqual(Array.from({ length: 64 }, (_, d) => fresh.completeness(d)));
      expect(allTold(storyAt(slot, schedule, 1))).toEqual(narrateStep(schedule, 0).sentences.slice(0, STORY_WRITES));
      // Step 0 is still known, though the tracker stands at 1; a second call from step 0 reads nothing.
      expect(slot.completenessAt(schedule, 0)).not.toBeNull();
      slot.readAhead(schedule, 0);
      vi.runAllTimers();
      expect(tracker.position).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives way to a view that waits, and stops reading ahead when told to', () => {
    vi.useFakeTimers();
    try {
      const schedule = buildSchedule({ algorithm: 'naive', devices: 300 });
      const slot = new StepReader();
      const tracker = slot.trackerOf(schedule);
      let now = 0;
      vi.spyOn(performance, 'now').mockImplementation(() => (now += 3));
      const stopAhead = slot.readAhead(schedule, 0);
      vi.advanceTimersToNextTimer();
      const applied = tracker.transfersApplied;
      expect(applied).toBeGreaterThan(0);
      stopAhead();
      vi.runAllTimers();
      expect([tracker.position, tracker.transfersApplied]).toEqual([0, applied]);

      const ring = buildSchedule({ algorithm: 'ring', devices: 300 });
      const ringTracker = slot.trackerOf(ring);
      slot.readAhead(ring, 0);
      const stop = slot.readToward(ring, 5);
      vi.runAllTimers();
      expect(ringTracker.position).toBe(5);
      expect(slot.completenessAt(ring, 5)).not.toBeNull();
      stop();
    } finally {
      vi.restoreAllMocks();
      vi.useRealTimers();
    }
  });

  it('knows every device’s completeness before the first step without replaying anything, as a tracker has it', () => {
    const requests: BuildRequest[] = [
      { algorithm: 'ring', devices: 6 },
      { collective: 'allgather', algorithm: 'ring', devices: 6 },
      { collective: 'broadcast', algorithm: 'binomial-tree', devices: 9, root: 4 },
      { collective: 'reduce-scatter', algorithm: 'ring', devices: 5 },
    ];
    for (const request of requests) {
      const schedule = buildSchedule(request);
      const slot = new StepReader();
      const start = slot.completenessAt(schedule, 0)!;
      const fresh = new StepTracker(compileSchedule(schedule));
      expect(Array.from(start), request.collective).toEqual(Array.from({ length: schedule.devices }, (_, d) => Math.fround(fresh.completeness(d))));
    }
  });
});
