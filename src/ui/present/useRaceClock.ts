// Drives the race: a model-time clock advanced by requestAnimationFrame while it runs, which puts each
// side's store where the clock is (raceFlight.ts). The time readout and the cursor are written into
// the DOM by `onTime`, never through React state; React renders only when a side finishes a step.

import { useCallback, useEffect, useRef, useState } from 'react';
import { canAnimate } from '../devices/useShownStep';
import { modelRate, nextEvent, previousEvent, shortestStepUs, sideMoment, finishTime } from './raceClock';
import { placeSide, type ClockSide } from './raceFlight';

export type { ClockSide } from './raceFlight';

export interface RaceClock {
  /** The clock runs (played, or on its way to the next step end). */
  playing: boolean;
  finished: boolean;
  /** Steps each side has finished at the clock's time: what its counter says and its picture shows. */
  reached: readonly number[];
  toggle(): void;
  pause(): void;
  reset(): void;
  next(): void;
  previous(): void;
  toEnd(): void;
}

/**
 * Store speed whose messages travel as long as this side's shortest step lasts on the clock, so they
 * set off inside every step and land at its end.
 */
function animationSpeed(ends: Float64Array, rateUsPerMs: number): number {
  const shortestUs = shortestStepUs(ends);
  if (shortestUs === 0) return 1;
  return Math.min(60, Math.max(0.01, (1000 * rateUsPerMs) / shortestUs));
}

const NOTHING_REACHED: readonly number[] = [];

function sameSteps(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((step, i) => step === b[i]);
}

export function useRaceClock(sides: readonly ClockSide[], speed: number, onTime: (timeUs: number) => void): RaceClock {
  const [playing, setPlaying] = useState(false);
  const [finished, setFinished] = useState(false);
  const [reached, setReached] = useState(NOTHING_REACHED);
  const time = useRef(0);
  /** Where the clock runs to (the finish, or the next step end for →), or null while it stands. */
  const run = useRef<{ to: number; toNextEnd: boolean } | null>(null);
  const slowest = Math.max(0, ...sides.map((side) => finishTime(side.ends)));
  const rate = modelRate(slowest, speed);
  const live = useRef({ sides, slowest, rate, onTime });
  live.current = { sides, slowest, rate, onTime };

  /** Puts the clock at t (the page's clock at `nowMs`) and every side where it is then. */
  const show = useCallback((t: number, nowMs = performance.now()) => {
    const { sides: now, slowest: end, rate: r, onTime: write } = live.current;
    time.current = Math.max(0, Math.min(end, t));
    const moments = now.map((side) => sideMoment(side.ends, time.current, run.current?.to ?? null, r));
    now.forEach((side, i) => placeSide(side, moments[i], nowMs));
    const steps = moments.map((moment) => moment.finished);
    setReached((before) => (sameSteps(before, steps) ? before : steps));
    write(time.current);
    setFinished(time.current >= end);
  }, []);

  const stand = useCallback(
    (t: number) => {
      run.current = null;
      setPlaying(false);
      show(t);
    },
    [show],
  );

  /**
   * Runs the clock on to `to`. → runs to the next step end so that the messages of the steps ending
   * there are seen to travel; where they would not be (reduced motion), it goes there at once.
   */
  const runTo = useCallback(
    (to: number, toNextEnd: boolean) => {
      if (toNextEnd && !canAnimate()) return stand(to);
      run.current = { to, toNextEnd };
      setPlaying(true);
      show(time.current);
    },
    [show, stand],
  );

  // A new race (other algorithms or data) starts again from zero.
  useEffect(() => stand(0), [sides, stand]);

  useEffect(() => {
    for (const side of sides) {
      const wanted = animationSpeed(side.ends, rate);
      if (Math.abs(side.store.getState().config.speed - wanted) > 1e-9) side.store.getState().setConfig({ speed: wanted });
    }
    // The flights under way take the new speed.
    if (run.current !== null) show(time.current);
  }, [sides, rate, show]);

  useEffect(() => {
    if (!playing || typeof requestAnimationFrame !== 'function') return;
    let last = performance.now();
    let frame = requestAnimationFrame(function tick() {
      const now = performance.now();
      // A stalled frame (a busy machine, a hidden tab) does not skip the race ahead.
      const elapsed = Math.min(100, Math.max(0, now - last));
      last = now;
      const to = run.current?.to;
      if (to === undefined) return;
      const t = time.current + elapsed * live.current.rate;
      if (t >= to) {
        run.current = null;
        setPlaying(false);
        show(to, now);
      } else {
        show(t, now);
        frame = requestAnimationFrame(tick);
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, show]);

  const ends = () => live.current.sides.map((side) => side.ends);
  return {
    playing,
    finished,
    reached,
    toggle() {
      if (run.current !== null) return stand(time.current);
      // From the finish the race starts over.
      if (time.current >= live.current.slowest) time.current = 0;
      runTo(live.current.slowest, false);
    },
    pause: () => stand(time.current),
    reset: () => stand(0),
    next() {
      // A second press lands the step under way at once and runs on to the one after.
      const from = run.current?.toNextEnd ? run.current.to : time.current;
      const at = nextEvent(ends(), from);
      if (from !== time.current || at === null) stand(from);
      if (at !== null) runTo(at, true);
    },
    previous: () => stand(previousEvent(ends(), time.current)),
    toEnd: () => stand(live.current.slowest),
  };
}
