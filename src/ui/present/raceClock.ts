// The race's shared clock runs in model time (the α-β cost of each step). At model time t each side
// shows the steps it has finished by t, and while the clock runs, the messages of the step under way
// travel so that they land when it ends; the clock's interesting moments are the ends of steps.

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

/** Steps applied at model time t: how many steps end at or before t (binary search). */
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

/** The shortest step that takes any time (µs), 0 with none: the side's messages travel no longer than it. */
export function shortestStepUs(ends: ArrayLike<number>): number {
  let shortest = 0;
  for (let s = 0; s < ends.length; s++) {
    const length = ends[s] - (s === 0 ? 0 : ends[s - 1]);
    if (length > 0 && (shortest === 0 || length < shortest)) shortest = length;
  }
  return shortest;
}

/** A side at one moment of the clock. */
export interface SideMoment {
  /** Steps finished: what the side's counter and picture show. */
  finished: number;
  /** Wall ms until the step under way ends, where the clock runs on at least that far; else null. */
  landsInMs: number | null;
}

/**
 * Where a side is at model time t, with the clock running on to `runsToUs` at `rateUsPerMs` (null
 * while it stands): the step under way has messages in flight only if the clock will reach its end.
 */
export function sideMoment(ends: ArrayLike<number>, timeUs: number, runsToUs: number | null, rateUsPerMs: number): SideMoment {
  const finished = stepAtTime(ends, timeUs);
  const running = runsToUs !== null && finished < ends.length && ends[finished] <= runsToUs && rateUsPerMs > 0;
  return { finished, landsInMs: running ? (ends[finished] - timeUs) / rateUsPerMs : null };
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
