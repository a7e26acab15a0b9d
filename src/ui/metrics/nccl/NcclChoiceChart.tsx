// NCCL's predicted time of every (algorithm, protocol) against message size, log–log: the pick as a
// band along the top coloured by its algorithm, each crossover a dashed line with its size, the pick's
// times as a wide underlay, and the app's size marked. d3 computes scales and paths; React renders.

import { scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import type { Point } from '../../../core/model';
import { pairName, type NcclChoice } from '../../../core/nccl';
import { formatBytes, formatMicroseconds } from '../../format';
import { formatTickBytes, powersIn } from '../chart/chartTicks';
import { LogGrid } from '../chart/LogGrid';
import type { NcclSweep } from './ncclChoiceData';
import { ncclClass } from './ncclStyle';

export interface NcclChoiceChartProps {
  sweep: NcclSweep;
  choice: NcclChoice;
  width: number;
  /** A pair drawn over the others (from the legend). */
  emphasized: string | null;
  ariaLabel: string;
}

const HEIGHT = 250;
const BAND = 16;
const MARGIN = { top: BAND + 18, right: 12, bottom: 36, left: 50 };
/** Crossover labels closer than this (px) to the one before are left to the list below the chart. */
const LABEL_GAP = 58;

export function NcclChoiceChart({ sweep, choice, width, emphasized, ariaLabel }: NcclChoiceChartProps) {
  const xs = sweep.envelope.map((p) => p.x);
  const x = scaleLog()
    .base(2)
    .domain([xs[0], xs[xs.length - 1]])
    .range([MARGIN.left, width - MARGIN.right]);
  const times = sweep.series.flatMap((s) => s.points.map((p) => p.timeUs));
  const y = scaleLog()
    .domain([10 ** Math.floor(Math.log10(Math.min(...times))), 10 ** Math.ceil(Math.log10(Math.max(...times)))])
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const path = line<Point>()
    .x((p) => x(p.x))
    .y((p) => y(p.timeUs));
  const bottom = HEIGHT - MARGIN.bottom;
  const [x0, x1] = x.domain();
  const xTicks = powersIn(16, x0 / 4, x1 / 4).map((v) => v * 4);
  const labelEvery = (width - MARGIN.left) / xTicks.length < 46 ? 2 : 1;
  const yTicks = powersIn(10, ...(y.domain() as [number, number]));
  const ordered = [...sweep.series].sort((a, b) => Number(a.algorithm === emphasized) - Number(b.algorithm === emphasized));
  let lastLabel = -Infinity;
  const crossoverLabels = sweep.crossovers.map((c) => {
    const at = x(c.bytes);
    const shown = at - lastLabel >= LABEL_GAP;
    if (shown) lastLabel = at;
    return shown;
  });
  const here = x(choice.bytes);
  const hereTime = y(choice.pick.timeUs!);
  const flip = here > width * 0.6;

  return (
    <svg className="gs-nccl-chart" width={width} height={HEIGHT} role="img" aria-label={ariaLabel}>
      <LogGrid
        x={x}
        y={y}
        xTicks={xTicks}
        yTicks={yTicks}
        formatX={formatTickBytes}
        frame={{ left: MARGIN.left, right: width - MARGIN.right, top: MARGIN.top, bottom }}
        labelEvery={labelEvery}
        title="message size (log₂) · predicted time (log₁₀)"
        titleY={HEIGHT - 4}
      />
      {sweep.ranges.map((r) => {
        const left = x(r.from);
        const span = x(r.to) - left;
        // The pair where it fits, else its algorithm (the colour says which).
        const label = [r.pair, r.ncclAlgorithm].find((text) => span > text.length * 7 + 8);
        return (
          <g key={r.from} className={`gs-nccl-band ${ncclClass(r.ncclAlgorithm)}`} data-pair={r.pair}>
            <rect x={left} y={2} width={Math.max(span, 1)} height={BAND}>
              <title>{`${r.pair} from ${formatBytes(r.from)}`}</title>
            </rect>
            {label && (
              <text x={left + span / 2} y={2 + BAND / 2} dy="0.34em" textAnchor="middle">
                {label}
              </text>
            )}
          </g>
        );
      })}
      <path className="gs-nccl-envelope" d={path(sweep.envelope) ?? ''} />
      {ordered.map((s) => (
        <path
          key={s.algorithm}
          className={`gs-compare-line ${ncclClass(s.ncclAlgorithm, s.protocol)}${s.algorithm === emphasized ? ' gs-nccl-emphasized' : ''}`}
          data-pair={s.algorithm}
          d={path(s.points) ?? ''}
        />
      ))}
      {sweep.crossovers.map((c, i) => (
        <g key={c.bytes} className="gs-nccl-crossover" data-bytes={c.bytes}>
          <line x1={x(c.bytes)} x2={x(c.bytes)} y1={2} y2={bottom} />
          {crossoverLabels[i] && (
            <text x={x(c.bytes)} y={MARGIN.top - 4} textAnchor="middle">
              {formatBytes(c.bytes)}
            </text>
          )}
        </g>
      ))}
      <g className="gs-compare-current gs-nccl-here" data-testid="nccl-here" data-pair={pairName(choice.pick)}>
        <line x1={here} x2={here} y1={2} y2={bottom} />
        <circle cx={here} cy={hereTime} r={5} />
        <text x={here + (flip ? -6 : 6)} y={MARGIN.top + 12} textAnchor={flip ? 'end' : 'start'}>
          {`${formatBytes(choice.bytes)}: ${pairName(choice.pick)}, ${formatMicroseconds(choice.pick.timeUs!)}`}
        </text>
      </g>
    </svg>
  );
}
