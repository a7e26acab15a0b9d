// Per-device send and receive bars over model time, step by step: each step a band as wide as its
// α-β time, each device (or bin of devices above 64) a row, each bar as long as that device's share of
// the step's busiest port. The step shown is highlighted; clicking a band jumps to it. A switch shows
// the same schedule as soon as ready instead (DataflowLayer), on the same axis, with both totals.
// Below it, a measured run of the same schedule (the torch program's --trace) on its own time axis.

import { useDeferredValue, useMemo, useRef } from 'react';
import { formatMicroseconds } from '../../format';
import { MODELLING } from '../../PreparingStatus';
import { useSim } from '../../StoreContext';
import { MeasuredPanel } from './MeasuredPanel';
import { BarRows, DataflowLayer, dataflowStatus } from './DataflowLayer';
import { SendReceiveLegend } from '../chart/SendReceiveLegend';
import { LATENCY_STRIP_HEIGHT, LatencyLegend, LatencyStrip } from './LatencyStrip';
import { transportTag } from '../cost/transportWords';
import { TimelineBands } from './TimelineBands';
import { TimingSwitch, TimingTotals } from './TimingSwitch';
import { timelineData } from '../../../core/model';
import { AXIS, LEFT, PHASE, PhaseMarks, StepMarker, TimeAxis, timeScale } from './timelineFrame';
import { timelinePaths } from './timelinePaths';
import { useElementWidth } from '../chart/useElementWidth';
import { useDataflowView } from './useDataflowView';
import { useMeasuredFile } from './useMeasuredFile';

export function Timeline() {
  // Drawn after the picture and narration: a 2,046-step timeline is a render of its own.
  const derived = useDeferredValue(useSim((s) => s.derived));
  const step = useSim((s) => s.step);
  const seek = useSim((s) => s.seek);
  const [ref, width] = useElementWidth<HTMLDivElement>(960);
  const section = useRef<HTMLElement>(null);
  const measuredFile = useMeasuredFile(section);
  const timing = useSim((s) => s.timelineTiming);
  const setTiming = useSim((s) => s.setTimelineTiming);
  const dataflow = useDataflowView(derived, timing === 'dataflow');
  const asReady = timing === 'dataflow';
  // Made in the background for a large schedule; here otherwise.
  const data = useMemo(() => (derived?.cost ? (derived.timeline ?? timelineData(derived.schedule, derived.cost)) : null), [derived]);
  const rowHeight = data ? Math.min(18, Math.max(4, Math.floor(240 / data.rows.length))) : 0;
  const rowsHeight = data ? data.rows.length * rowHeight : 0;
  const total = data ? data.startUs[data.steps] : 0;
  const x = useMemo(() => timeScale(total, width), [total, width]);
  const paths = useMemo(() => (data ? timelinePaths(data, x, PHASE, rowHeight) : []), [data, x, rowHeight]);

  // What does not move with the step, built once per schedule and width: a 2,046-step ring would
  // otherwise re-create thousands of elements on every step.
  const still = useMemo(() => {
    if (!data || data.steps === 0) return null;
    return (
      <>
        <PhaseMarks spans={data} x={x} height={rowsHeight} />
        <BarRows paths={paths} />
      </>
    );
  }, [data, x, paths, rowsHeight]);
  const labels = useMemo(() => {
    if (!data) return null;
    const labelEvery = Math.ceil(12 / rowHeight);
    return (
      <g className="gs-timeline-rows" aria-hidden="true">
        {data.rows.map((row, r) =>
          r % labelEvery === 0 ? (
            <text key={r} x={LEFT - 8} y={PHASE + r * rowHeight + rowHeight / 2} dy="0.32em" textAnchor="end">
              {row.label}
            </text>
          ) : null,
        )}
      </g>
    );
  }, [data, rowHeight]);

  const className = `gs-panel gs-timeline${measuredFile.dragging ? ' gs-timeline-dropping' : ''}`;
  if (!data || data.steps === 0) {
    return (
      <section ref={section} className={className} aria-label="Timeline">
        <h2>Timeline</h2>
        <p className="gs-timeline-empty">
          {data ? 'No steps: a single device has nothing to exchange.' : derived ? MODELLING : 'Nothing to show for this configuration.'}
        </p>
      </section>
    );
  }

  const height = PHASE + rowsHeight + AXIS;
  const now = data.startUs[Math.min(step, data.steps)];
  const stepStatus =
    step > 0
      ? `after step ${step} of ${data.steps}: ${formatMicroseconds(now)} of ${formatMicroseconds(total)}`
      : `before step 1 of ${data.steps}; all steps take ${formatMicroseconds(total)}`;
  const status = asReady ? dataflowStatus(dataflow, step, data.steps) : stepStatus;
  const label = asReady
    ? `Timeline as soon as ready over ${data.rows.length} rows: ${dataflow ? formatMicroseconds(dataflow.totalUs) : '…'} in all, step by step ${formatMicroseconds(total)}`
    : `Timeline of ${data.steps} steps over ${data.rows.length} rows, ${formatMicroseconds(total)} in all`;

  return (
    <section ref={section} className={className} aria-label="Timeline">
      <div className="gs-timeline-head">
        <h2>Timeline (model time)</h2>
        <TimingSwitch timing={timing} onChange={setTiming} />
        {(dataflow || asReady) && <TimingTotals stepTotalUs={total} dataflowTotalUs={dataflow?.totalUs ?? null} />}
        <SendReceiveLegend
          sent="sends"
          received="receives"
          note={asReady ? 'bar: messages under way, from start to landing' : "bar length: share of the step's busiest port"}
        />
        {!asReady && derived?.cost && <LatencyLegend protocol={transportTag(derived.topology, derived.cost.protocol)} />}
        <span className="gs-timeline-status">{status}</span>
      </div>
      <div ref={ref} className="gs-timeline-body">
        <svg width={width} height={height} role="group" aria-label={label}>
          {asReady ? (
            dataflow && <DataflowLayer view={dataflow} x={x} rowHeight={rowHeight} height={rowsHeight} step={step} />
          ) : (
            <>
              <TimelineBands data={data} x={x} top={PHASE} height={rowsHeight} step={step} onSeek={seek} />
              {still}
              {derived?.cost && <LatencyStrip spans={data} latencyUs={derived.cost.stepLatencyUs} x={x} y={PHASE - LATENCY_STRIP_HEIGHT} />}
              <StepMarker spans={data} x={x} step={step} height={rowsHeight} />
            </>
          )}
          {labels}
          <TimeAxis x={x} width={width} height={rowsHeight} />
        </svg>
      </div>
      <MeasuredPanel width={width} modelStartUs={data.startUs} file={measuredFile} />
    </section>
  );
}
