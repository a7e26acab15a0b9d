// The playhead of the iteration lanes: a time t that sweeps the figure's axis in a chosen number of
// seconds while playing, and starts again from 0 when the runs change. The default sweep is slow
// enough to talk over, a bar at a time, in front of a class; faster and slower ones are a choice away.

import { useEffect, useRef, useState } from 'react';

/** The speeds offered: seconds a sweep of the whole axis takes. */
export const SWEEPS = [
  { label: '¼×', seconds: 96 },
  { label: '½×', seconds: 48 },
  { label: '1×', seconds: 24 },
  { label: '2×', seconds: 12 },
  { label: '4×', seconds: 6 },
] as const;
const DEFAULT_SWEEP_S = 24;

export interface Playback {
  /** µs from the iteration's start. */
  at: number;
  playing: boolean;
  toggle(): void;
  /** Seconds a sweep takes. */
  seconds: number;
  setSeconds(seconds: number): void;
}

/** A playhead over [0, totalUs]; `runs` changing puts it back at 0. */
export function usePlayback(totalUs: number, runs: unknown): Playback {
  const [playing, setPlaying] = useState(false);
  const [at, setAt] = useState(0);
  const [seconds, setSeconds] = useState(DEFAULT_SWEEP_S);
  const start = useRef(0);
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    start.current = performance.now() - (at / totalUs) * seconds * 1000;
    const tick = (now: number) => {
      const share = (now - start.current) / (seconds * 1000);
      if (share >= 1) {
        setAt(totalUs);
        setPlaying(false);
        return;
      }
      setAt(share * totalUs);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
    // The sweep goes on from where it stands when played again or sped up; `at` is read once at the start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playing, totalUs, seconds]);
  useEffect(() => {
    setPlaying(false);
    setAt(0);
  }, [runs]);
  const toggle = () => {
    if (!playing && at >= totalUs) setAt(0);
    setPlaying(!playing);
  };
  return { at, playing, toggle, seconds, setSeconds };
}
