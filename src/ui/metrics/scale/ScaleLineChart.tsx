// One of NCCL 2.4's charts: a value against the GPU count (log₂ axis), one line per algorithm with a
// dot at each count, on a log or a linear value axis. d3 computes scales, ticks and paths; React
// renders every node: the gridlines, then `underlay`, the axes' labels, the lines, and `annotate`
// over them, both with the chart's scales. Drawn at its pixel size, with a view box so a page that sets
// its width (the printed handout) scales it whole.

import type { ReactNode } from 'react';
import { scaleLinear, scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import { formatCount } from '../../format';
import { algorithmClass } from '../compare/algorithmStyle';
import { formatTickUs, powersIn } from '../chart/chartTicks';
import type { ScalePoint, ScaleSeries } from './scaleChartData';

export interface ChartScales {
  x(devices: number): number;
  y(value: number): number;
  /** The plot's edges in px. */
  frame: { left: number; right: number; top: number; bottom: number };
}

export interface ScaleLineChartProps {
  series: readonly ScaleSeries[];
  deviceCounts: readonly number[];
  /** 'log': times from µs to s in decades; 'linear': from 0 (bus bandwidth). */
  valueAxis: 'log' | 'linear';
  /** The value axis's title: "latency (log)". */
  valueTitle: string;
  width: number;
  ariaLabel: string;
  /** A value that must fit the axis too (a reference drawn over the lines). */
  reach?: number;
  /** Drawn over the gridlines and under the lines: the boxes that keep labels clear of gridlines. */
  underlay?(scales: ChartScales): ReactNode;
  annotate?(scales: ChartScales): ReactNode;
}

const HEIGHT = 300;
const MARGIN = { top: 14, right: 18, bottom: 50, left: 80 };
/** About what a count label takes at 14 px ("24,576"), with room between labels. */
const LABEL_PX = 58;

function valueDomain(series: readonly ScaleSeries[], axis: 'log' | 'linear', reach: number | undefined): [number, number] {
  const values = series.flatMap((s) => s.points.map((p) => p.value)).concat(reach === undefined ? [] : [reach]);
  if (values.length === 0) return axis === 'log' ? [1, 10] : [0, 1];
  const hi = Math.max(...values);
  if (axis === 'linear') return [0, hi];
  const lo = Math.min(...values);
  return [10 ** Math.floor(Math.log10(lo)), 10 ** Math.ceil(Math.log10(hi) + (hi === lo ? 1 : 0))];
}

export function ScaleLineChart({ series, deviceCounts, valueAxis, valueTitle, width, ariaLabel, reach, underlay, annotate }: ScaleLineChartProps) {
  const frame = { left: MARGIN.left, right: width - MARGIN.right, top: MARGIN.top, bottom: HEIGHT - MARGIN.bottom };
  const x = scaleLog()
    .base(2)
    .domain([Math.min(...deviceCounts), Math.max(...deviceCounts)])
    .range([frame.left, frame.right]);
  const domain = valueDomain(series, valueAxis, reach);
  const y =
    valueAxis === 'log' ? scaleLog().domain(domain).range([frame.bottom, frame.top]) : scaleLinear().domain(domain).nice(5).range([frame.bottom, frame.top]);
  const yTicks = valueAxis === 'log' ? powersIn(10, domain[0], domain[1]) : (y as ReturnType<typeof scaleLinear<number, number>>).ticks(5);
  const yLabel = (v: number) => (valueAxis === 'log' ? formatTickUs(v) : `${Number(v.toPrecision(3))}`);
  const labelEvery = Math.max(1, Math.ceil((LABEL_PX * deviceCounts.length) / Math.max(1, frame.right - frame.left)));
  // The largest count is always labelled: it is where the publication measured.
  const labelled = (i: number) => (deviceCounts.length - 1 - i) % labelEvery === 0;
  const path = line<ScalePoint>()
    .x((p) => x(p.devices))
    .y((p) => y(p.value));

  return (
    <svg className="gs-scaling-chart" width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label={ariaLabel}>
      <g className="gs-axis-tick">
        {yTicks.map((t) => (
          <line key={`y${t}`} x1={frame.left} x2={frame.right} y1={y(t)} y2={y(t)} />
        ))}
        {deviceCounts.map((n) => (
          <line key={`x${n}`} x1={x(n)} x2={x(n)} y1={frame.top} y2={frame.bottom} />
        ))}
      </g>
      {underlay?.({ x, y, frame })}
      <g className="gs-axis-tick">
        {yTicks.map((t) => (
          <text key={`y${t}`} x={frame.left - 8} y={y(t)} dy="0.32em" textAnchor="end">
            {yLabel(t)}
          </text>
        ))}
        {deviceCounts.map(
          (n, i) =>
            labelled(i) && (
              <text
                key={`x${n}`}
                x={x(n)}
                y={frame.bottom + 20}
                textAnchor={i === deviceCounts.length - 1 ? 'end' : 'middle'}
                dx={i === deviceCounts.length - 1 ? 8 : 0}
              >
                {formatCount(n)}
              </text>
            ),
        )}
      </g>
      <text className="gs-axis-title" x={(frame.left + frame.right) / 2} y={HEIGHT - 6} textAnchor="middle">
        GPUs (log₂)
      </text>
      <text className="gs-axis-title" transform={`translate(16 ${(frame.top + frame.bottom) / 2}) rotate(-90)`} textAnchor="middle">
        {valueTitle}
      </text>
      {series.map((s) => (
        <g key={s.algorithm} className={`gs-scaling-series ${algorithmClass(s.algorithm)}`} data-algorithm={s.algorithm}>
          <path className="gs-scaling-line" d={s.points.length > 0 ? (path(s.points) ?? '') : ''} />
          {s.points.map((p) => (
            <circle key={p.devices} className="gs-scaling-dot" cx={x(p.devices)} cy={y(p.value)} r={3.2} />
          ))}
        </g>
      ))}
      {annotate?.({ x, y, frame })}
    </svg>
  );
}
