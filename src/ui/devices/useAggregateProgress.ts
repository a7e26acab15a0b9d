// Every device's completeness at the step the aggregate view shows, and how far the schedule has got.
// A schedule the app built is counted (core/symbolic/chunkProgress.ts): a step of 1024 devices at
// once, and the next one ahead once the step is drawn, so the first step after opening costs only its
// drawing; a long move (ring's last step) is counted a slice per task. A loaded schedule, which may
// hold a contribution twice, is read from the store's step tracker, in slices too where long.

import { useEffect, useReducer } from 'react';
import { compileSchedule, type CompiledSchedule, type Schedule } from '../../core/schedule';
import { ChunkProgress, type StepProgress } from '../../core/symbolic/chunkProgress';
import { afterFrame, task, type Timer } from '../../store/tasks';
import type { StepReader } from '../../store/stepReader';
import { useStepReader } from '../useStepReader';

/** A move that replays at most this many transfers is made at once; a longer one in slices. */
const AT_ONCE_TRANSFERS = 50_000;
/** Longest slice of a long count per task (ms), and transfers counted between looks at the clock. */
const SLICE_MS = 8;
const CHECK_EVERY = 16_384;
/** How often a long replay shows how far it got (ms). */
const REDRAW_MS = 250;

const counters = new WeakMap<CompiledSchedule, ChunkProgress>();

/** The counted progress of a plain schedule, made on first use; `lanes` groups its chunks (per tree). */
function chunkProgressOf(compiled: CompiledSchedule, lanes: Uint8Array | null): ChunkProgress {
  let counter = counters.get(compiled);
  if (!counter) counters.set(compiled, (counter = new ChunkProgress(compiled, lanes)));
  return counter;
}

export interface AggregateProgress {
  completeness: Float32Array;
  /** Null where the schedule is read from the tracker. */
  progress: StepProgress | null;
  /** The step reached so far while a long move is under way; null when the step is shown. */
  reading: number | null;
}

/** Counts toward `step` a slice per task, calling `done` once there. */
function countToward(counter: ChunkProgress, step: number, done: () => void): Timer {
  let timer: Timer;
  const slice = () => {
    const end = performance.now() + SLICE_MS;
    let there = counter.advanceToward(step, CHECK_EVERY);
    while (!there && performance.now() < end) there = counter.advanceToward(step, CHECK_EVERY);
    if (there) done();
    else timer = task(slice);
  };
  timer = task(slice);
  return { cancel: () => timer.cancel() };
}

/** Reads the tracker toward `step` in slices, redrawing now and then and once there. */
function readToward(slot: StepReader, schedule: Schedule, step: number, redraw: () => void): () => void {
  const tracker = slot.trackerOf(schedule);
  let shownAt = performance.now();
  const unsubscribe = slot.subscribe(() => {
    if (tracker.position === step || performance.now() - shownAt > REDRAW_MS) {
      shownAt = performance.now();
      redraw();
    }
  });
  const stop = slot.readToward(schedule, step);
  return () => {
    stop();
    unsubscribe();
  };
}

/** `counted`: the schedule may be counted (a plain one the app built); `lanes`: each chunk's tree, where there are trees. */
export function useAggregateProgress(schedule: Schedule, shown: number, counted: boolean, lanes: Uint8Array | null): AggregateProgress {
  const slot = useStepReader();
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const compiled = compileSchedule(schedule);
  const counter = counted ? chunkProgressOf(compiled, lanes) : null;
  let progress = counter && counter.workTo(shown) <= AT_ONCE_TRANSFERS ? counter.progressAt(shown) : null;
  let known = progress?.completeness ?? (counter ? null : slot.completenessAt(schedule, shown));
  if (!known && !counter) {
    const tracker = slot.trackerOf(schedule);
    if (tracker.workTo(shown) <= AT_ONCE_TRANSFERS) {
      tracker.seek(shown);
      known = slot.completenessAt(schedule, shown);
    }
  }
  const reading = known === null;
  useEffect(() => {
    if (reading && counter) {
      const counting = countToward(counter, shown, redraw);
      return () => counting.cancel();
    }
    if (reading) return readToward(slot, schedule, shown, redraw);
    // Resting at the step: the next one is read ahead (the narration tells it from the same tracker),
    // and counted once this one is drawn, in a task of its own: the tracker's reading ahead leaves the
    // page no idle time for as long as it reads (naive's million transfers).
    const stop = slot.readAhead(schedule, shown);
    if (!counter || shown >= compiled.steps) return stop;
    const ahead = afterFrame(() => counter.progressAt(shown + 1));
    return () => {
      stop();
      ahead.cancel();
    };
  }, [slot, schedule, compiled, counter, shown, reading]);
  if (known) return { completeness: known, progress, reading: null };
  // While a long move is under way: the last whole step reached so far.
  if (counter) {
    progress = counter.progressAt(counter.position);
    return { completeness: progress.completeness, progress, reading: counter.position };
  }
  const position = slot.trackerOf(schedule).position;
  return { completeness: slot.completenessAt(schedule, position)!, progress: null, reading: position };
}
