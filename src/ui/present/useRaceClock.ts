// Drives the race: a model-time clock advanced by requestAnimationFrame while playing, which moves
// each side's store to the steps it has finished by then. The time readout and the cursor are
// written into the DOM by `onTime`, never through React state; React renders only at step changes.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { SimStore } from '../../store/simStore';
import { finishTime, modelRate, nextEvent, previousEvent, stepAtTime } from './raceClock';

export interface ClockSide {
  store: SimStore;
  ends: Float64Array;
}

export interface RaceClock {
  playing: boolean;
  finished: boolean;
  toggle(): void;
  pause(): void;
  reset(): void;
  next(): void;
  previous(): void;
  toEnd(): void;
}

/** Moves every side to the step it has reached at model time t; one step forward animates. */
function applyTime(sides: readonly ClockSide[], timeUs: number): void {
  for (const { store, ends } of sides) {
    const target = stepAtTime(ends, timeUs);
    const state = store.getState();
    if (target === state.step) continue;
    if (target === state.step + 1) state.stepForward();
    else state.seek(target);
  }
}

/** Store speed whose step animation lasts as long as an average step of this side takes on the clock. */
function animationSpeed(ends: Float64Array, rateUsPerMs: number): number {
  if (ends.length === 0) return 1;
  const wallMs = finishTime(ends) / ends.length / rateUsPerMs;
  return Math.min(60, Math.max(0.25, 1000 / Math.max(1, wallMs)));
}

export function useRaceClock(sides: readonly ClockSide[], speed: number, onTime: (timeUs: number) => void): RaceClock {
  const [playing, setPlaying] = useState(false);
  const [finished, setFinished] = useState(false);
  const time = useRef(0);
  const slowest = Math.max(0, ...sides.map((side) => finishTime(side.ends)));
  const rate = modelRate(slowest, speed);
  const live = useRef({ sides, slowest, rate, onTime });
  live.current = { sides, slowest, rate, onTime };

  const show = useCallback((t: number) => {
    const { sides: now, slowest: end, onTime: write } = live.current;
    time.current = Math.max(0, Math.min(end, t));
    applyTime(now, time.current);
    write(time.current);
    setFinished(time.current >= end);
  }, []);

  // A new race (other algorithms or data) starts again from zero.
  useEffect(() => {
    setPlaying(false);
    show(0);
  }, [sides, show]);

  useEffect(() => {
    for (const side of sides) {
      const wanted = animationSpeed(side.ends, rate);
      if (Math.abs(side.store.getState().config.speed - wanted) > 1e-9) side.store.getState().setConfig({ speed: wanted });
    }
  }, [sides, rate]);

  useEffect(() => {
    if (!playing || typeof requestAnimationFrame !== 'function') return;
    let last = performance.now();
    let frame = requestAnimationFrame(function tick(now: number) {
      // A stalled frame (a busy machine, a hidden tab) does not skip the race ahead.
      const elapsed = Math.min(100, Math.max(0, now - last));
      last = now;
      show(time.current + elapsed * live.current.rate);
      if (time.current >= live.current.slowest) setPlaying(false);
      else frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, show]);

  const ends = () => live.current.sides.map((side) => side.ends);
  return {
    playing,
    finished,
    toggle() {
      if (playing) return setPlaying(false);
      if (time.current >= live.current.slowest) show(0);
      setPlaying(true);
    },
    pause: () => setPlaying(false),
    reset() {
      setPlaying(false);
      show(0);
    },
    next() {
      setPlaying(false);
      const at = nextEvent(ends(), time.current);
      if (at !== null) show(at);
    },
    previous() {
      setPlaying(false);
      show(previousEvent(ends(), time.current));
    },
    toEnd() {
      setPlaying(false);
      show(live.current.slowest);
    },
  };
}
