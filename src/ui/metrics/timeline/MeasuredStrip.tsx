// A measured run as a strip under the model's timeline: per step one band as wide as the time the step
// took over all ranks (latest end − earliest start), its bar as long as the slowest rank's share of
// it, on a time axis of its own (a run on CPUs takes ms where the model says µs). Phases, the step
// shown and clicks that jump to a step work as in the model's strip.

import { useCallback, useMemo } from 'react';
import type { MeasuredRun } from '../../../core/formats';
import { deviceLabel } from '../../../core/notation';
import { formatMicroseconds } from '../../format';
import { TimelineBands } from './TimelineBands';
import { AXIS, LEFT, PHASE, PhaseMarks, StepMarker, TimeAxis, timeScale, type StepSpans } from './timelineFrame';

const BAND = 22;

/** The steps end to end, each as long as its span over the ranks. */
function spansOf(run: MeasuredRun): StepSpans {
  const startUs = new Float64Array(run.steps.length + 1);
  run.steps.forEach((step, s) => (startUs[s + 1] = startUs[s] + step.spanUs));
  return { steps: run.steps.length, startUs, phases: run.steps.map((step) => step.phase) };
}

export interface MeasuredStripProps {
  run: MeasuredRun;
  width: number;
  step: number;
  onSeek(step: number): void;
}

export function MeasuredStrip({ run, width, step, onSeek }: MeasuredStripProps) {
  const spans = useMemo(() => spansOf(run), [run]);
  const x = useMemo(() => timeScale(spans.startUs[spans.steps], width), [spans, width]);
  const describe = useCallback(
    (s: number) => {
      const { phase, spanUs, slowestUs, slowestDevice } = run.steps[s];
      return `Measured step ${s + 1} of ${run.steps.length}${phase ? `, ${phase}` : ''}: ${formatMicroseconds(spanUs)}, slowest rank ${deviceLabel(slowestDevice)} ${formatMicroseconds(slowestUs)}`;
    },
    [run],
  );
  // The slowest rank's time from the step's start, with the model's gap between wide bands.
  const bars = useMemo(() => {
    const f = (v: number) => Math.round(v * 100) / 100;
    return run.steps
      .map((measured, s) => {
        const x0 = x(spans.startUs[s]);
        const band = x(spans.startUs[s + 1]) - x0;
        const share = measured.spanUs > 0 ? Math.min(1, measured.slowestUs / measured.spanUs) : 0;
        const length = Math.max((band > 6 ? band - 1.5 : band) * share, 0.6);
        return `M${f(x0)},${PHASE + 4}h${f(length)}v${BAND - 8}h${f(-length)}z`;
      })
      .join('');
  }, [run, spans, x]);

  return (
    <svg width={width} height={PHASE + BAND + AXIS} role="group" aria-label={`Measured run of ${spans.steps} steps, ${formatMicroseconds(run.totalUs)} in all`}>
      <TimelineBands data={spans} x={x} top={PHASE} height={BAND} step={step} onSeek={onSeek} describe={describe} />
      <PhaseMarks spans={spans} x={x} height={BAND} />
      <path className="gs-traffic-sent gs-measured-bars" d={bars} aria-hidden="true" />
      <text className="gs-measured-row" x={LEFT - 8} y={PHASE + BAND / 2} dy="0.32em" textAnchor="end" aria-hidden="true">
        all ranks
      </text>
      <StepMarker spans={spans} x={x} step={step} height={BAND} />
      <TimeAxis x={x} width={width} height={BAND} />
    </svg>
  );
}
