// One band per step over its model-time span: click or Enter jumps there. The bands are one tab stop
// (roving tabindex): arrows, Home and End move between steps.

import { memo, useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { formatMicroseconds } from '../../format';
import type { StepSpans } from './timelineFrame';

export interface TimelineBandsProps {
  data: StepSpans;
  x: (us: number) => number;
  top: number;
  height: number;
  /** Steps applied: band `step` (1-based) is the step just shown. */
  step: number;
  onSeek(step: number): void;
  /** What band s (0-based) is called (keep it stable); by default its step, phase and time span. */
  describe?(s: number): string;
}

interface BandProps {
  k: number;
  x: number;
  y: number;
  width: number;
  height: number;
  odd: boolean;
  label: string;
  current: boolean;
  tabStop: boolean;
  onPick(k: number): void;
  onFocusBand(k: number): void;
}

/** One step's band; a step changes two bands (the current one and the last), not every band. */
const Band = memo(function Band({ k, x, y, width, height, odd, label, current, tabStop, onPick, onFocusBand }: BandProps) {
  const classes = ['gs-timeline-band', odd ? 'gs-timeline-band-odd' : '', current ? 'gs-timeline-band-current' : ''];
  return (
    <rect
      data-step={k}
      className={classes.filter(Boolean).join(' ')}
      x={x}
      y={y}
      width={width}
      height={height}
      role="button"
      tabIndex={tabStop ? 0 : -1}
      aria-label={label}
      aria-current={current ? 'step' : undefined}
      onClick={() => onPick(k)}
      onFocus={() => onFocusBand(k)}
    />
  );
});

export function TimelineBands({ data, x, top, height, step, onSeek, describe }: TimelineBandsProps) {
  const group = useRef<SVGGElement | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const tabStop = focused ?? Math.max(1, step);
  const shade = data.steps <= 400;
  // What does not move with the step, made once per schedule and width.
  const bands = useMemo(
    () =>
      Array.from({ length: data.steps }, (_, s) => {
        const x0 = x(data.startUs[s]);
        return {
          x: x0,
          width: Math.max(x(data.startUs[s + 1]) - x0, 0.5),
          label:
            describe?.(s) ??
            `Step ${s + 1} of ${data.steps}, ${data.phases[s]}: ${formatMicroseconds(data.startUs[s])} to ${formatMicroseconds(data.startUs[s + 1])}`,
        };
      }),
    [data, x, describe],
  );
  const onPick = useCallback(
    (k: number) => {
      setFocused(k);
      onSeek(k);
    },
    [onSeek],
  );

  function focusBand(k: number) {
    const target = Math.min(Math.max(k, 1), data.steps);
    setFocused(target);
    group.current?.querySelector<SVGRectElement>(`[data-step="${target}"]`)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<SVGGElement>) {
    const current = focused ?? tabStop;
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowDown: current + 1,
      ArrowLeft: current - 1,
      ArrowUp: current - 1,
      Home: 1,
      End: data.steps,
    };
    if (event.key in moves) {
      event.preventDefault();
      focusBand(moves[event.key]);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSeek(current);
    }
  }

  const size = Math.max(1, Math.ceil(Math.sqrt(bands.length)));
  const runs = [];
  for (let from = 0; from < bands.length; from += size) {
    const to = Math.min(bands.length, from + size);
    // A run hears of the step and the tab stop only when they fall in it: a step re-renders two runs.
    const within = (k: number) => (k > from && k <= to ? k : 0);
    runs.push(
      <BandRun
        key={from}
        bands={bands}
        from={from}
        to={to}
        top={top}
        height={height}
        shade={shade}
        current={within(step)}
        tabStop={within(tabStop)}
        onPick={onPick}
        onFocusBand={setFocused}
      />,
    );
  }
  return (
    <g ref={group} className="gs-timeline-bands" role="group" aria-label={`${data.steps} steps: Enter jumps to the focused step`} onKeyDown={onKeyDown}>
      {runs}
    </g>
  );
}

interface BandRunProps {
  bands: readonly { x: number; width: number; label: string }[];
  /** Bands [from, to) (0-based), steps from + 1 … to. */
  from: number;
  to: number;
  top: number;
  height: number;
  shade: boolean;
  /** The current step and the tab stop where they fall in this run, else 0. */
  current: number;
  tabStop: number;
  onPick(k: number): void;
  onFocusBand(k: number): void;
}

/**
 * About √n consecutive bands: 2,046 steps are 46 runs, so a step compares 46 runs' props and renders
 * the bands of two, not 2,046 bands.
 */
const BandRun = memo(function BandRun({ bands, from, to, top, height, shade, current, tabStop, onPick, onFocusBand }: BandRunProps) {
  const out = [];
  for (let s = from; s < to; s++) {
    const band = bands[s];
    out.push(
      <Band
        key={s + 1}
        k={s + 1}
        x={band.x}
        y={top}
        width={band.width}
        height={height}
        odd={shade && s % 2 === 1}
        label={band.label}
        current={s + 1 === current}
        tabStop={s + 1 === tabStop}
        onPick={onPick}
        onFocusBand={onFocusBand}
      />,
    );
  }
  return <>{out}</>;
});
