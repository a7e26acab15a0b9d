import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSchedule } from '../../../src/core/schedule/compile';
import { members } from '../../../src/core/symbolic/contributions';
import { faultNote, listFaults } from '../../../src/core/diagnosis/faults';
import { placeReading } from '../../../src/core/symbolic/placeReading';
import type { Schedule } from '../../../src/core/schedule/ir';
import { parseScheduleText } from '../../../src/core/formats/scheduleText';
import { resultSlot } from '../../../src/core/schedule/slots';
import { startCompleteness } from '../../../src/core/symbolic/chunkRanges';
import { StepTracker } from '../../../src/core/symbolic/stepTracker';
import { allTerms, TermReplay } from '../../../src/core/symbolic/terms';
import { ContributionReplay, nothingTerm } from '../../../src/core/symbolic/contributionReplay';
import { expectedHolding, verifySchedule } from '../../../src/core/symbolic/verify';

const FIXTURES = new URL('../../fixtures/msccl/', import.meta.url);
const imported = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.xml') && !name.startsWith('bad_') && name !== 'deadlock.xml')
  .map((name) => [name, parseScheduleText(readFileSync(new URL(name, FIXTURES), 'utf8'))] as const);
const allPairs = parseScheduleText(readFileSync(new URL('../../fixtures/schedules/allpairs-3.json', import.meta.url), 'utf8'));
const schedules: (readonly [string, Schedule])[] = [...imported, ['allpairs-3.json', allPairs]];

/** Every cell after `step` steps, replayed from step 0 by the verifier's and the narrator's trackers. */
function replayed(schedule: Schedule, step: number) {
  const compiled = compileSchedule(schedule);
  const sets = new ContributionReplay(compiled);
  const terms = new TermReplay(compiled);
  for (let s = 0; s < step; s++) {
    sets.apply();
    terms.apply();
  }
  const cells = [];
  for (let d = 0; d < compiled.devices; d++)
    for (let s = 0; s < compiled.slots; s++) cells.push({ set: members(sets.value(d, s).set), terms: allTerms(terms.terms(d, s)) });
  return cells;
}

function tracked(tracker: StepTracker) {
  const { devices, slots } = tracker.compiled;
  const cells = [];
  for (let d = 0; d < devices; d++)
    for (let s = 0; s < slots; s++) cells.push({ set: members(tracker.contributions(d, s)), terms: allTerms(tracker.terms(d, s)) });
  return cells;
}

describe('the step tracker on schedules that move chunks between places', () => {
  it('imports schedules that are not plain, so the cases below mean something', () => {
    expect(schedules.filter(([, s]) => !compileSchedule(s).plain).length).toBeGreaterThanOrEqual(5);
  });

  it.each(schedules)('%s: holds what a replay from step 0 holds at every step, forward and back', (_, schedule) => {
    const compiled = compileSchedule(schedule);
    const tracker = new StepTracker(compiled);
    const order = [...Array(compiled.steps + 1).keys(), ...[...Array(compiled.steps).keys()].reverse(), compiled.steps];
    for (const step of order) {
      tracker.seek(step);
      expect(tracked(tracker), `step ${step}`).toEqual(replayed(schedule, step));
    }
  });

  it.each(schedules)('%s: every result ends complete, and each device starts as startCompleteness says', (_, schedule) => {
    const compiled = compileSchedule(schedule);
    expect(verifySchedule(compiled).ok).toBe(true);
    const tracker = new StepTracker(compiled);
    const start = startCompleteness(compiled);
    for (let d = 0; d < compiled.devices; d++) expect(tracker.completeness(d)).toBeCloseTo(start[d], 6);
    tracker.seek(compiled.steps);
    for (let d = 0; d < compiled.devices; d++) {
      // Reduce-scatter and reduce leave some results free: those are counted as they fill, as a plain schedule's are.
      const free = schedule.collective === 'reduce-scatter' || schedule.collective === 'reduce';
      if (!free) expect(tracker.completeness(d), `GPU-${d}`).toBe(1);
      for (let c = 0; c < compiled.chunks; c++) {
        if (expectedHolding(schedule.collective, compiled, d, c)) expect(tracker.share(d, resultSlot(compiled.layout, d, c)), `GPU-${d} chunk ${c}`).toBe(1);
      }
    }
  });

  it('counts only the output toward completeness out of place: nothing at the start, all at the end', () => {
    const [, schedule] = imported.find(([name]) => name === 'allreduce_ring_oop.xml')!;
    const compiled = compileSchedule(schedule);
    expect(compiled.layout.inPlace).toBe(false);
    expect(Array.from(startCompleteness(compiled))).toEqual([0, 0, 0]);
    const tracker = new StepTracker(compiled);
    tracker.seek(compiled.steps);
    for (let d = 0; d < compiled.devices; d++) {
      for (let c = 0; c < compiled.chunks; c++) expect(tracker.share(d, resultSlot(compiled.layout, d, c))).toBe(1);
    }
    // The input's places end with no result to count.
    expect(tracker.share(0, 0)).toBe(0);
  });
});

describe('placeReading', () => {
  const compiled = compileSchedule(allPairs);
  const n = compiled.devices;
  const nothing = nothingTerm(compiled);

  it('reads terms of one chunk as devices of that chunk', () => {
    expect(placeReading(compiled, 0, Int32Array.of(2 * n, 2 * n + 2, 1))).toEqual({ chunk: 2, set: Int32Array.of(0, 2, 1), strays: new Int32Array(0) });
  });

  it('keeps the chunk most terms belong to, and names the rest as strays', () => {
    const set = Int32Array.of(n - 1, n + 2, 1);
    const reading = placeReading(compiled, 0, set);
    expect(reading.chunk).toBe(1);
    expect(Array.from(reading.set)).toEqual([0, 2, 1]);
    expect(Array.from(reading.strays)).toEqual([n - 1, n, 1]);
  });

  it('reads a place that holds nothing as no chunk', () => {
    const reading = placeReading(compiled, 0, Int32Array.of(nothing, nothing + 1, 1));
    expect(reading.chunk).toBe(-1);
    expect(reading.set.length).toBe(0);
    expect(Array.from(reading.strays)).toEqual([nothing, nothing + 1, 1]);
  });
});

describe('listFaults on schedules that move chunks between places', () => {
  it('names the result place a dropped transfer leaves wrong, and where the wrong value was made', () => {
    const [, schedule] = imported.find(([name]) => name === 'allreduce_ring_fused.xml')!;
    const steps = schedule.steps.map((step) => ({ ...step, transfers: [...step.transfers] }));
    // The last step copies the finished chunks round the ring: drop its first transfer.
    const dropped = steps[steps.length - 1].transfers.shift()!;
    const broken = { ...schedule, steps };
    const faults = listFaults(broken);
    expect(verifySchedule(broken).ok).toBe(false);
    expect(faults.length).toBeGreaterThan(0);
    const fault = faults.find((f) => f.device === dropped.dst)!;
    const compiled = compileSchedule(broken);
    expect(fault.slot).toBe(resultSlot(compiled.layout, fault.device, fault.chunk));
    expect(faultNote(fault)).toMatch(/^lacks /);
  });

  it('says a result built on a place nothing was written to', () => {
    const [, schedule] = imported.find(([name]) => name === 'allreduce_ring_oop.xml')!;
    // Without its first step, a reduce lands on scratch nothing was copied into.
    const broken = { ...schedule, steps: schedule.steps.slice(1) };
    const notes = listFaults(broken).map(faultNote);
    expect(notes.some((note) => note.includes('is built on a place nothing was written to'))).toBe(true);
  });
});
