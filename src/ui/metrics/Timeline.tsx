// Per-device send and receive bars over model time, step by step: each step a band as wide as its
// α-β time, each device (or bin of devices above 64) a row, each bar as long as that device's share of
// the step's busiest port. The step shown is highlighted; clicking a band jumps to it.

import { scaleLinear } from 'd3-scale';
import { useDeferredValue, useMemo } from 'react';
import { formatMicroseconds } from '../format';
import { useSim } from '../StoreContext';
import { formatTickUs } from './chartTicks';
import { SendReceiveLegend } from './SendReceiveLegend';
import { TimelineBands } from './TimelineBands';
import { timelineData, type TimelineData } from '../../core/timeline';
import { timelinePaths } from './timelinePaths';
import { useElementWidth } from './useElementWidth';

const LEFT = 92;
const RIGHT = 14;
const PHASE = 20;
const AXIS = 24;

function phaseRuns(data: TimelineData): { phase: string; from: number; to: number }[] {
  const runs: { phase: string; from: number; to: number }[] = [];
  data.phases.forEach((phase, s) => {
    const last = runs[runs.length - 1];
    if (last && last.phase === phase) last.to = s + 1;
    else runs.push({ phase, from: s, to: s + 1 });
  });
  return runs;
}

export function Timeline() {
  // Drawn after the picture and narration: a 2,046-step timeline is a render of its own.
  const derived = useDeferredValue(useSim((s) => s.derived));
  const step = useSim((s) => s.step);
  const seek = useSim((s) => s.seek);
  const [ref, width] = useElementWidth<HTMLDivElement>(960);
  // Made in the background for a large schedule; here otherwise.
  const data = useMemo(() => (derived ? (derived.timeline ?? timelineData(derived.schedule, derived.cost)) : null), [derived]);
  const rowHeight = data ? Math.min(18, Math.max(4, Math.floor(240 / data.rows.length))) : 0;
  const rowsHeight = data ? data.rows.length * rowHeight : 0;
  const total = data ? data.startUs[data.steps] : 0;
  const x = useMemo(
    () =>
      scaleLinear()
        .domain([0, total > 0 ? total : 1])
        .range([LEFT, Math.max(LEFT + 10, width - RIGHT)]),
    [total, width],
  );
  const paths = useMemo(() => (data ? timelinePaths(data, x, PHASE, rowHeight) : []), [data, x, rowHeight]);

  // What does not move with the step, built once per schedule and width: a 2,046-step ring would
  // otherwise re-create thousands of elements on every step.
  const still = useMemo(() => {
    if (!data || data.steps === 0) return null;
    const labelEvery = Math.ceil(12 / rowHeight);
    return (
      <>
        {phaseRuns(data).map((run) => {
          const x0 = x(data.startUs[run.from]);
          const x1 = x(data.startUs[run.to]);
          return (
            <g key={run.from} className="gs-timeline-phase" aria-hidden="true">
              <line x1={x0} x2={x0} y1={2} y2={PHASE + rowsHeight} />
              {x1 - x0 > run.phase.length * 6.5 + 8 && (
                <text x={(x0 + x1) / 2} y={PHASE - 6} textAnchor="middle">
                  {run.phase}
                </text>
              )}
            </g>
          );
        })}
        <g className="gs-timeline-bars" aria-hidden="true">
          {paths.map((p, r) => (
            <g key={r}>
              <path className="gs-traffic-sent" d={p.sent} />
              <path className="gs-traffic-received" d={p.received} />
            </g>
          ))}
        </g>
        <g className="gs-timeline-rows" aria-hidden="true">
          {data.rows.map((row, r) =>
            r % labelEvery === 0 ? (
              <text key={r} x={LEFT - 8} y={PHASE + r * rowHeight + rowHeight / 2} dy="0.32em" textAnchor="end">
                {row.label}
              </text>
            ) : null,
          )}
        </g>
      </>
    );
  }, [data, x, paths, rowHeight, rowsHeight]);

  if (!data || data.steps === 0) {
    return (
      <section className="gs-panel gs-timeline" aria-label="Timeline">
        <h2>Timeline</h2>
        <p className="gs-timeline-empty">{data ? 'No steps: a single device has nothing to exchange.' : 'Nothing to show for this configuration.'}</p>
      </section>
    );
  }

  const height = PHASE + rowsHeight + AXIS;
  const now = data.startUs[Math.min(step, data.steps)];
  const status =
    step > 0
      ? `after step ${step} of ${data.steps}: ${formatMicroseconds(now)} of ${formatMicroseconds(total)}`
      : `before step 1 of ${data.steps}; all steps take ${formatMicroseconds(total)}`;

  return (
    <section className="gs-panel gs-timeline" aria-label="Timeline">
      <div className="gs-timeline-head">
        <h2>Timeline (model time)</h2>
        <SendReceiveLegend sent="sends" received="receives" note="bar length: share of the step's busiest port" />
        <span className="gs-timeline-status">{status}</span>
      </div>
      <div ref={ref} className="gs-timeline-body">
        <svg
          width={width}
          height={height}
          role="group"
          aria-label={`Timeline of ${data.steps} steps over ${data.rows.length} rows, ${formatMicroseconds(total)} in all`}
        >
          <TimelineBands data={data} x={x} top={PHASE} height={rowsHeight} step={step} onSeek={seek} />
          {still}
          {step > 0 && step <= data.steps && (
            <rect
              className="gs-timeline-current"
              x={x(data.startUs[step - 1])}
              y={PHASE - 1}
              width={Math.max(x(data.startUs[step]) - x(data.startUs[step - 1]), 2)}
              height={rowsHeight + 2}
              aria-hidden="true"
            />
          )}
          <line className="gs-timeline-now" x1={x(now)} x2={x(now)} y1={PHASE - 2} y2={PHASE + rowsHeight + 2} aria-hidden="true" />
          <g className="gs-axis-tick" aria-hidden="true">
            {x.ticks(Math.max(2, Math.floor(width / 110))).map((t) => (
              <text key={t} x={x(t)} y={PHASE + rowsHeight + 16} textAnchor="middle">
                {formatTickUs(t)}
              </text>
            ))}
          </g>
        </svg>
      </div>
    </section>
  );
}
