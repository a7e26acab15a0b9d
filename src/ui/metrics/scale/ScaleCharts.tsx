// NCCL 2.4's two charts from the model: latency against the GPU count (log) and bus bandwidth against
// it, ring against double tree (and hierarchical ring), on the machine the settings name (Summit by
// default, to 24,576 GPUs), with the measured gap marked beside the model's and, in words, where the
// model departs from the measurement. Its settings are props (core/model ScaleFigures), so a lesson
// page can mount it as the app's comparison does. The words drawn inside a chart sit on a box of the
// panel's colour drawn over the gridlines and under the lines, so no gridline runs through them.

import { useEffect, useId, useState } from 'react';
import { NCCL_24_FIGURES, type ScaleFigures } from '../../../core/model';
import { presetById } from '../../../core/nccl';
import { formatBytes, formatCount, formatGBs, formatMicroseconds } from '../../format';
import { formatTimes } from '../../../core/units';
import { algorithmClass } from '../compare/algorithmStyle';
import { useElementWidth } from '../chart/useElementWidth';
import { scaleChartData, type ScaleChartData, type ScaleGap } from './scaleChartData';
import { ScaleLineChart, type ChartScales } from './ScaleLineChart';
import { departureSentences, gapSentence, measuredSentence } from './scaleWords';

export interface ScaleChartsProps {
  figures?: ScaleFigures;
  /**
   * Keep the two charts side by side down to the narrowest readable chart (a lesson's screen, where
   * both must show at once); without it they stack below SIDE_BY_SIDE (the app's column, which scrolls).
   */
  together?: boolean;
}

const SIDE_BY_SIDE = 760;
const GAP_PX = 20;
/** The narrowest chart whose labels still read at 14 px: its counts every fourth, its notes whole. */
const NARROWEST_CHART = 300;

/** The model's numbers, worked out after the first paint: 24,576 GPUs take a tenth of a second or two. */
function useScaleData(figures: ScaleFigures): ScaleChartData | null {
  const [data, setData] = useState<{ figures: ScaleFigures; data: ScaleChartData } | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setData({ figures, data: scaleChartData(figures) }), 0);
    return () => clearTimeout(timer);
  }, [figures]);
  return data?.figures === figures ? data.data : null;
}

/** Room for the two lines that say what the brackets are, below the challenger's dot. */
const NOTE_LINES_PX = 48;
/**
 * The notes' type, as scaling.css sets it, written on the elements too: the box under them draws a
 * copy of them (a <use>), which the stylesheet's rules do not reach, and must measure the same text.
 */
const NOTE_FONT = { fontSize: 14, fontWeight: 650 } as const;
const MEASURED_NOTE_WEIGHT = 500;

/**
 * The gap at the measured count as two brackets up from the challenger's dot, the model's (solid) to
 * the incumbent's dot and the measured one (dashed) to `ratio` times the challenger: on a log axis a
 * ratio is a length, so the two read against each other. What each is, is written below them, in the
 * room the challenger's low line leaves (beside them where there is none).
 */
function GapMarks({ gap, measured, scales, noteId }: { gap: ScaleGap; measured: ScaleFigures['measured']; scales: ChartScales; noteId: string }) {
  const { x, y, frame } = scales;
  const at = x(gap.devices);
  const low = y(gap.challengerUs);
  const model = { x: at - 10, top: y(gap.incumbentUs) };
  const reference = measured && { x: at - 24, top: y(gap.challengerUs * measured.ratio) };
  const below = low + NOTE_LINES_PX + 4 <= frame.bottom;
  const noteX = (reference?.x ?? model.x) - 8;
  const noteY = below ? low + 26 : (low + model.top) / 2;
  const tick = (bx: number, by: number) => <line x1={bx - 4} x2={bx + 4} y1={by} y2={by} />;
  return (
    <g className="gs-scaling-gap" pointerEvents="none">
      <g className="gs-scaling-model-gap">
        <line x1={model.x} x2={model.x} y1={low} y2={model.top} />
        {tick(model.x, model.top)}
        {tick(model.x, low)}
      </g>
      {reference && (
        <g className="gs-scaling-measured-gap">
          <line x1={reference.x} x2={reference.x} y1={low} y2={reference.top} />
          {tick(reference.x, reference.top)}
        </g>
      )}
      <text id={noteId} x={below ? at : noteX} y={noteY} textAnchor="end" {...NOTE_FONT}>
        <tspan className="gs-scaling-model-note">{`model ${formatTimes(gap.ratio)} (solid)`}</tspan>
        {measured && (
          <tspan className="gs-scaling-measured-note" x={below ? at : noteX} dy={18} fontWeight={MEASURED_NOTE_WEIGHT}>
            {`measured ≤ ${formatTimes(measured.ratio)} (dashed)`}
          </tspan>
        )}
      </text>
    </g>
  );
}

/**
 * The box under the gap's notes (the text `noteId`): the text drawn again by reference, through a filter
 * that paints only its bounds, a little larger, in the panel's colour. The chart draws it over the
 * gridlines and under the lines, so the notes never have a gridline through them and hide no line.
 */
function NoteBox({ noteId }: { noteId: string }) {
  const filter = `${noteId}-box`;
  return (
    <g className="gs-scaling-gap" aria-hidden="true">
      <defs>
        <filter id={filter} x="-0.04" y="-0.1" width="1.08" height="1.2">
          <feFlood style={{ floodColor: 'var(--gs-panel)' }} />
        </filter>
      </defs>
      <use href={`#${noteId}`} filter={`url(#${filter})`} />
    </g>
  );
}

function machineName(figures: ScaleFigures): string {
  if (typeof figures.machine === 'string') return presetById(figures.machine).label;
  return `one switch of ${formatGBs(figures.machine.bandwidthGBs)}, ${formatMicroseconds(figures.machine.latencyUs)} per step`;
}

export function ScaleCharts({ figures = NCCL_24_FIGURES, together = false }: ScaleChartsProps) {
  const data = useScaleData(figures);
  const [ref, width] = useElementWidth<HTMLDivElement>(960);
  const side = width >= (together ? 2 * NARROWEST_CHART + GAP_PX : SIDE_BY_SIDE);
  const chartWidth = side ? Math.floor((width - GAP_PX) / 2) : width;
  const largest = formatCount(Math.max(...figures.deviceCounts));
  const latencySize = formatBytes(figures.latencyBytes);
  const bandwidthSize = formatBytes(figures.bandwidthBytes);
  const noteId = `gs-scaling-note-${useId().replace(/[^\w-]/g, '')}`;
  const gap = data && gapSentence(figures, data);
  const measured = measuredSentence(figures);

  return (
    <section className="gs-scaling" aria-label="Rings and trees at scale">
      <ul className="gs-scaling-legend" aria-label="Algorithms">
        {figures.algorithms.map((algorithm) => (
          <li key={algorithm} className={algorithmClass(algorithm)}>
            <svg width="26" height="12" aria-hidden="true">
              <line className="gs-scaling-line" x1="2" x2="24" y1="6" y2="6" />
            </svg>
            {algorithm}
          </li>
        ))}
      </ul>
      <div ref={ref} className={`gs-scaling-charts${side ? ' gs-scaling-side' : ''}`}>
        {data === null ? (
          <p className="gs-scaling-waiting" role="status">
            Modelling up to {largest} GPUs…
          </p>
        ) : (
          <>
            <figure>
              <figcaption>
                Latency: an all-reduce of {latencySize} ({figures.latencyProtocol}) on {machineName(figures)}
              </figcaption>
              <ScaleLineChart
                series={data.latency}
                deviceCounts={figures.deviceCounts}
                valueAxis="log"
                valueTitle="time (log)"
                width={chartWidth}
                reach={data.gap && figures.measured ? data.gap.challengerUs * figures.measured.ratio : undefined}
                ariaLabel={`Model time of a ${latencySize} all-reduce against the GPU count, up to ${largest}, log scales. ${gap ?? ''} ${measured ?? ''}`}
                underlay={() => data.gap && <NoteBox noteId={noteId} />}
                annotate={(scales) => data.gap && <GapMarks gap={data.gap} measured={figures.measured} scales={scales} noteId={noteId} />}
              />
            </figure>
            <figure>
              <figcaption>
                Bus bandwidth: an all-reduce of {bandwidthSize} ({figures.bandwidthProtocol})
              </figcaption>
              <ScaleLineChart
                series={data.bandwidth}
                deviceCounts={figures.deviceCounts}
                valueAxis="linear"
                valueTitle="busbw (GB/s)"
                width={chartWidth}
                ariaLabel={`Model bus bandwidth of a ${bandwidthSize} all-reduce against the GPU count, up to ${largest}.`}
              />
            </figure>
          </>
        )}
      </div>
      {data && (
        <div className="gs-scaling-words">
          <p className="gs-scaling-gap-line" data-testid="scaling-gap">
            {gap} {measured}
          </p>
          <ul className="gs-scaling-departures" aria-label="Where the model departs from the measurement">
            {departureSentences(figures, data).map((sentence) => (
              <li key={sentence.slice(0, 40)}>{sentence}</li>
            ))}
          </ul>
          {data.missing.length > 0 && (
            <ul className="gs-scaling-missing" aria-label="Counts without a model">
              {data.missing.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
