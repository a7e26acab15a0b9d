// The frame a timeline strip is drawn in, shared by the model's strip and a measured run's: a gutter
// for row labels, phase names above the bands, a time axis below, and per step a span of time laid
// end to end. Each strip has its own time scale over the same pixels.

import { scaleLinear, type ScaleLinear } from 'd3-scale';
import type { TimelineData } from '../../../core/model';
import { formatTicksUs } from '../chart/chartTicks';

export const LEFT = 92;
const RIGHT = 14;
/** Room for the phase names above the bands, which start at y = PHASE. */
export const PHASE = 20;
export const AXIS = 24;

/** Steps laid end to end: step s spans [startUs[s], startUs[s + 1]). */
export type StepSpans = Pick<TimelineData, 'steps' | 'startUs' | 'phases'>;

export function timeScale(totalUs: number, width: number): ScaleLinear<number, number> {
  return scaleLinear()
    .domain([0, totalUs > 0 ? totalUs : 1])
    .range([LEFT, Math.max(LEFT + 10, width - RIGHT)]);
}

function phaseRuns(phases: readonly string[]): { phase: string; from: number; to: number }[] {
  const runs: { phase: string; from: number; to: number }[] = [];
  phases.forEach((phase, s) => {
    const last = runs[runs.length - 1];
    if (last && last.phase === phase) last.to = s + 1;
    else runs.push({ phase, from: s, to: s + 1 });
  });
  return runs;
}

/** Where each phase begins, a dashed line down the bands, and its name above where it fits. */
export function PhaseMarks({ spans, x, height }: { spans: StepSpans; x: (us: number) => number; height: number }) {
  return phaseRuns(spans.phases).map((run) => {
    const x0 = x(spans.startUs[run.from]);
    const x1 = x(spans.startUs[run.to]);
    return (
      <g key={run.from} className="gs-timeline-phase" aria-hidden="true">
        <line x1={x0} x2={x0} y1={2} y2={PHASE + height} />
        {x1 - x0 > run.phase.length * 6.5 + 8 && (
          <text x={(x0 + x1) / 2} y={PHASE - 6} textAnchor="middle">
            {run.phase}
          </text>
        )}
      </g>
    );
  });
}

/** The step shown (`step` steps applied): its band outlined, and a line where it ends. */
export function StepMarker({ spans, x, step, height }: { spans: StepSpans; x: (us: number) => number; step: number; height: number }) {
  const now = x(spans.startUs[Math.min(step, spans.steps)]);
  return (
    <>
      {step > 0 && step <= spans.steps && (
        <rect
          className="gs-timeline-current"
          x={x(spans.startUs[step - 1])}
          y={PHASE - 1}
          width={Math.max(now - x(spans.startUs[step - 1]), 2)}
          height={height + 2}
          aria-hidden="true"
        />
      )}
      <line className="gs-timeline-now" x1={now} x2={now} y1={PHASE - 2} y2={PHASE + height + 2} aria-hidden="true" />
    </>
  );
}

/** Tick labels under the bands, in one unit (µs, ms or s) written on each, about one per 110 px. */
export function TimeAxis({ x, width, height }: { x: ScaleLinear<number, number>; width: number; height: number }) {
  const ticks = x.ticks(Math.max(2, Math.floor(width / 110)));
  const labels = formatTicksUs(ticks);
  return (
    <g className="gs-axis-tick" aria-hidden="true">
      {ticks.map((t, i) => (
        <text key={t} x={x(t)} y={PHASE + height + 16} textAnchor="middle">
          {labels[i]}
        </text>
      ))}
    </g>
  );
}
