// A thin strip over the timeline's bands that splits each step's model time in two: the bytes through
// the busiest port at B (light), then the α the step waits (dark). The protocol changes the split: LL
// shortens α and halves B, Simple the other way (core/model/transport.ts). Many steps make one path each.

import { memo, useMemo } from 'react';
import type { StepSpans } from './timelineFrame';

const HEIGHT = 4;

function stripPaths(spans: StepSpans, latencyUs: ArrayLike<number>, x: (us: number) => number, y: number) {
  const f = (v: number) => Math.round(v * 100) / 100;
  const bytes: string[] = [];
  const waits: string[] = [];
  for (let s = 0; s < spans.steps; s++) {
    const x0 = x(spans.startUs[s]);
    const x2 = x(spans.startUs[s + 1]);
    if (x2 - x0 < 0.05) continue;
    const x1 = Math.max(x0, x(spans.startUs[s + 1] - latencyUs[s]));
    if (x1 > x0) bytes.push(`M${f(x0)},${y}H${f(x1)}v${HEIGHT}H${f(x0)}z`);
    if (x2 > x1) waits.push(`M${f(x1)},${y}H${f(x2)}v${HEIGHT}H${f(x1)}z`);
  }
  return { bytes: bytes.join(''), waits: waits.join('') };
}

/** Drawn from `y` down HEIGHT pixels (the bottom of the phase row). */
export const LatencyStrip = memo(function LatencyStrip({
  spans,
  latencyUs,
  x,
  y,
}: {
  spans: StepSpans;
  latencyUs: ArrayLike<number>;
  x: (us: number) => number;
  y: number;
}) {
  const paths = useMemo(() => stripPaths(spans, latencyUs, x, y), [spans, latencyUs, x, y]);
  return (
    <g className="gs-latency-strip" aria-hidden="true">
      <path className="gs-latency-bytes" d={paths.bytes} />
      <path className="gs-latency-wait" d={paths.waits} />
    </g>
  );
});

export const LATENCY_STRIP_HEIGHT = HEIGHT;

/** The strip's key, for the timeline's head. */
export function LatencyLegend({ protocol }: { protocol: string }) {
  return (
    <span className="gs-traffic-legend gs-latency-legend" aria-hidden="true">
      <span>
        <span className="gs-swatch gs-latency-bytes" /> bytes / B
      </span>
      <span>
        <span className="gs-swatch gs-latency-wait" /> α ({protocol})
      </span>
    </span>
  );
}
