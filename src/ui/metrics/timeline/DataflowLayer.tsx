// The timeline as soon as ready, on the step-by-step timeline's time axis: each row's bars where its
// device (or bin of devices) has messages under way, sends above and receives below; the time saved
// against step by step shaded at the end; and the step shown outlined from its first start to its
// last landing (steps overlap here, so it is a span rather than a band).

import { useMemo } from 'react';
import { formatMicroseconds } from '../../format';
import { PHASE } from './timelineFrame';
import { dataflowPaths, type RowPaths } from './timelinePaths';
import type { DataflowView } from './useDataflowView';

export interface DataflowLayerProps {
  view: DataflowView;
  x: (us: number) => number;
  rowHeight: number;
  /** All rows' height. */
  height: number;
  /** Steps applied: the step shown is `step` (1-based), none before the first. */
  step: number;
}

/** Each row's sent and received bars, one path each: the step view's and this one's. */
export function BarRows({ paths }: { paths: readonly RowPaths[] }) {
  return (
    <g className="gs-timeline-bars" aria-hidden="true">
      {paths.map((p, r) => (
        <g key={r}>
          <path className="gs-traffic-sent" d={p.sent} />
          <path className="gs-traffic-received" d={p.received} />
        </g>
      ))}
    </g>
  );
}

export function DataflowLayer({ view, x, rowHeight, height, step }: DataflowLayerProps) {
  const paths = useMemo(() => dataflowPaths(view.busy, x, PHASE, rowHeight), [view, x, rowHeight]);
  const done = x(view.totalUs);
  const end = x(view.stepTotalUs);
  const saved = view.stepTotalUs - view.totalUs;
  const savedLabel = `−${formatMicroseconds(saved)}`;
  const steps = view.spans.length / 2;
  const from = step > 0 && step <= steps ? x(view.spans[2 * (step - 1)]) : null;
  const to = step > 0 && step <= steps ? x(view.spans[2 * step - 1]) : null;
  return (
    <>
      {end - done >= 1 && (
        <g className="gs-timeline-saved" aria-hidden="true">
          <rect x={done} y={PHASE} width={end - done} height={height} />
          {end - done > savedLabel.length * 6.5 + 8 && (
            <text x={(done + end) / 2} y={PHASE - 6} textAnchor="middle">
              {savedLabel}
            </text>
          )}
        </g>
      )}
      <BarRows paths={paths} />
      {from !== null && to !== null && (
        <rect className="gs-timeline-current" x={from} y={PHASE - 1} width={Math.max(to - from, 2)} height={height + 2} aria-hidden="true" />
      )}
      <line className="gs-timeline-done" x1={done} x2={done} y1={PHASE - 2} y2={PHASE + height + 2} aria-hidden="true" />
    </>
  );
}

/** The status line as soon as ready: when the step shown runs, or when all is done. */
export function dataflowStatus(view: DataflowView | null, step: number, steps: number): string {
  if (!view) return 'timing as soon as ready…';
  if (step < 1 || step > steps) return `before step 1 of ${steps}; all done in ${formatMicroseconds(view.totalUs)}`;
  return `step ${step} of ${steps} runs from ${formatMicroseconds(view.spans[2 * step - 2])} to ${formatMicroseconds(view.spans[2 * step - 1])}`;
}
