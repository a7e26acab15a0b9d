// The race's shared clock runs in model time (the α-β cost of each step). At model time t each side
// is in the step under way at t, its messages as far along their links as the clock is through the
// step, whether the clock plays or stands; the clock's interesting moments are the ends of steps.

/** The model time (µs) at which each step ends: ends[s] = stepTimes[0] + … + stepTimes[s]. */
export function cumulativeEnds(stepTimesUs: ArrayLike<number>): Float64Array {
  const ends = new Float64Array(stepTimesUs.length);
  let total = 0;
  for (let s = 0; s < stepTimesUs.length; s++) {
    total += stepTimesUs[s];
    ends[s] = total;
  }
  return ends;
}

/** How many steps end at or before model time t (binary search). */
export function stepAtTime(ends: ArrayLike<number>, timeUs: number): number {
  let lo = 0;
  let hi = ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ends[mid] <= timeUs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A side at one moment of the clock: 'before' the clock has moved, 'under way' in a step, or 'done'
 * once its last step has ended. What its label names and its picture shows both follow from it.
 */
export interface SideMoment {
  stage: 'before' | 'under way' | 'done';
  /** The step (0-based) under way; 0 before, the last (−1 with none) once done. */
  step: number;
  /** Share of that step's model time the clock has passed: 0 before, 1 at its end (its messages landed) and once done. */
  fraction: number;
}

/** A side's moment less how far through its step: what its label says. */
export type SideStage = Pick<SideMoment, 'stage' | 'step'>;

/**
 * Where a side is at model time t. A step owns its end: the clock standing there shows that step
 * landed, and only past it is the next one under way (a step of no time is never under way).
 */
export function sideMoment(ends: ArrayLike<number>, timeUs: number): SideMoment {
  const steps = ends.length;
  if (steps === 0 || timeUs >= ends[steps - 1]) return { stage: 'done', step: steps - 1, fraction: 1 };
  if (timeUs <= 0) return { stage: 'before', step: 0, fraction: 0 };
  const finished = stepAtTime(ends, timeUs);
  if (finished > 0 && ends[finished - 1] === timeUs) return { stage: 'under way', step: finished - 1, fraction: 1 };
  const start = finished === 0 ? 0 : ends[finished - 1];
  return { stage: 'under way', step: finished, fraction: (timeUs - start) / (ends[finished] - start) };
}

/** Steps whose results the side's cards show at that moment: those ended, the one under way once landed. */
export function stepsApplied({ step, fraction }: SideMoment): number {
  return fraction >= 1 ? step + 1 : step;
}

/** Model µs the step lasts (0-based). */
export function stepLengthUs(ends: ArrayLike<number>, step: number): number {
  return ends[step] - (step === 0 ? 0 : ends[step - 1]);
}

/** When the side finishes: its last step's end, 0 with no steps. */
export function finishTime(ends: ArrayLike<number>): number {
  return ends.length > 0 ? ends[ends.length - 1] : 0;
}

/** The first step end on either side after t, or null when both have finished. */
export function nextEvent(sides: readonly ArrayLike<number>[], timeUs: number): number | null {
  let next: number | null = null;
  for (const ends of sides) {
    const s = stepAtTime(ends, timeUs);
    if (s < ends.length && (next === null || ends[s] < next)) next = ends[s];
  }
  return next;
}

/** The last step end on either side before t, or 0. */
export function previousEvent(sides: readonly ArrayLike<number>[], timeUs: number): number {
  let previous = 0;
  for (const ends of sides) {
    let lo = 0;
    let hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid] < timeUs) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0 && ends[lo - 1] > previous) previous = ends[lo - 1];
  }
  return previous;
}

/** Wall-clock length of the whole race at speed 1: the slower side finishes after this long. */
export const RACE_MS_AT_1X = 10_000;

/** Model µs that pass per wall ms so the slower side finishes after RACE_MS_AT_1X / speed. */
export function modelRate(slowestUs: number, speed: number): number {
  return slowestUs > 0 ? (slowestUs * speed) / RACE_MS_AT_1X : 1;
}
