// One band per step over its model-time span: click or Enter jumps there. The bands are one tab stop
// (roving tabindex): arrows, Home and End move between steps.

import { useRef, useState, type KeyboardEvent } from 'react';
import { formatMicroseconds } from '../format';
import type { TimelineData } from '../../core/timeline';

export interface TimelineBandsProps {
  data: TimelineData;
  x: (us: number) => number;
  top: number;
  height: number;
  /** Steps applied: band `step` (1-based) is the step just shown. */
  step: number;
  onSeek(step: number): void;
}

export function TimelineBands({ data, x, top, height, step, onSeek }: TimelineBandsProps) {
  const group = useRef<SVGGElement | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const tabStop = focused ?? Math.max(1, step);
  const shade = data.steps <= 400;

  function focusBand(k: number) {
    const target = Math.min(Math.max(k, 1), data.steps);
    setFocused(target);
    group.current?.querySelector<SVGRectElement>(`[data-step="${target}"]`)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<SVGGElement>) {
    const current = focused ?? tabStop;
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowDown: current + 1, ArrowLeft: current - 1, ArrowUp: current - 1, Home: 1, End: data.steps };
    if (event.key in moves) {
      event.preventDefault();
      focusBand(moves[event.key]);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSeek(current);
    }
  }

  return (
    <g ref={group} className="gs-timeline-bands" role="group" aria-label={`${data.steps} steps: Enter jumps to the focused step`} onKeyDown={onKeyDown}>
      {Array.from({ length: data.steps }, (_, s) => {
        const k = s + 1;
        const x0 = x(data.startUs[s]);
        const x1 = x(data.startUs[s + 1]);
        const classes = ['gs-timeline-band', shade && s % 2 === 1 ? 'gs-timeline-band-odd' : '', k === step ? 'gs-timeline-band-current' : ''];
        return (
          <rect
            key={k}
            data-step={k}
            className={classes.filter(Boolean).join(' ')}
            x={x0}
            y={top}
            width={Math.max(x1 - x0, 0.5)}
            height={height}
            role="button"
            tabIndex={k === tabStop ? 0 : -1}
            aria-label={`Step ${k} of ${data.steps}, ${data.phases[s]}: ${formatMicroseconds(data.startUs[s])} to ${formatMicroseconds(data.startUs[s + 1])}`}
            aria-current={k === step ? 'step' : undefined}
            onClick={() => {
              setFocused(k);
              onSeek(k);
            }}
            onFocus={() => setFocused(k)}
          />
        );
      })}
    </g>
  );
}
