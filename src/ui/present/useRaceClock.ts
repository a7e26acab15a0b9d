// Drives the race: a model-time clock advanced by requestAnimationFrame while it runs, which puts each
// side's store where the clock is (raceClock.ts sideMoment, raceFlight.ts). The time readout and the
// cursor are written into the DOM by `onTime`, never through React state; React renders only when a
// side enters another step or stage.

import { useCallback, useEffect, useRef, useState } from 'react';
import { canAnimate } from '../devices/useShownStep';
import { finishTime, modelRate, nextEvent, previousEvent, sideMoment, type SideStage } from './raceClock';
import { placeSide, type ClockSide } from './raceFlight';

export type { ClockSide } from './raceFlight';

export interface RaceClock {
  /** The clock runs (played, or on its way to the next step end). */
  playing: boolean;
  finished: boolean;
  /** Where each side is at the clock's time: what its label says. */
  stages: readonly SideStage[];
  toggle(): void;
  pause(): void;
  reset(): void;
  next(): void;
  previous(): void;
  toEnd(): void;
}

const NO_STAGES: readonly SideStage[] = [];

function sameStages(a: readonly SideStage[], b: readonly SideStage[]): boolean {
  return a.length === b.length && a.every((side, i) => side.stage === b[i].stage && side.step === b[i].step);
}

export function useRaceClock(sides: readonly ClockSide[], speed: number, onTime: (timeUs: number) => void): RaceClock {
  const [playing, setPlaying] = useState(false);
  const [finished, setFinished] = useState(false);
  const [stages, setStages] = useState(NO_STAGES);
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
    const moments = now.map((side) => sideMoment(side.ends, time.current));
    now.forEach((side, i) => placeSide(side, moments[i], run.current === null ? null : r, nowMs));
    const at = moments.map(({ stage, step }) => ({ stage, step }));
    setStages((before) => (sameStages(before, at) ? before : at));
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

  // The flights under way take the new speed.
  useEffect(() => {
    if (run.current !== null) show(time.current);
  }, [rate, show]);

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
    stages,
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
