// One small multiple of the compare chart: model time (log) against devices or bytes (log2), one line
// per algorithm, the current configuration as a dot with a crosshair. d3 computes scales, ticks and
// paths; React renders every node.

import { scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import { formatMicroseconds } from '../../format';
import { algorithmClass } from './algorithmStyle';
import { formatTickBytes, powersIn } from '../chart/chartTicks';
import { LogGrid } from '../chart/LogGrid';
import type { Point, Series } from '../../../core/model';

export interface CurrentMark {
  x: number;
  timeUs: number;
  label: string;
}

export interface ComparePanelProps {
  kind: 'devices' | 'bytes';
  series: readonly Series[];
  current: CurrentMark | null;
  selected: string | null;
  width: number;
  ariaLabel: string;
  onSelect(algorithm: string): void;
}

const HEIGHT = 240;
const MARGIN = { top: 10, right: 14, bottom: 36, left: 54 };

function extent(series: readonly Series[], current: CurrentMark | null): [number, number] {
  let lo = Infinity;
  let hi = 0;
  for (const s of series) for (const p of s.points) if (p.timeUs > 0) [lo, hi] = [Math.min(lo, p.timeUs), Math.max(hi, p.timeUs)];
  if (current && current.timeUs > 0) [lo, hi] = [Math.min(lo, current.timeUs), Math.max(hi, current.timeUs)];
  if (!(lo < Infinity)) return [1, 10];
  return [10 ** Math.floor(Math.log10(lo)), 10 ** Math.ceil(Math.log10(hi) + (hi === lo ? 1 : 0))];
}

export function ComparePanel({ kind, series, current, selected, width, ariaLabel, onSelect }: ComparePanelProps) {
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const x = scaleLog()
    .base(2)
    .domain([Math.min(...xs, 2), Math.max(...xs, 4)])
    .range([MARGIN.left, width - MARGIN.right]);
  const y = scaleLog()
    .domain(extent(series, current))
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const path = line<Point>()
    .x((p) => x(p.x))
    .y((p) => y(p.timeUs));
  const [x0, x1] = x.domain();
  const xTicks = kind === 'devices' ? powersIn(2, x0, x1) : powersIn(16, x0 / 4, x1 / 4).map((v) => v * 4);
  const labelEvery = (width - MARGIN.left) / xTicks.length < 34 ? 2 : 1;
  const yTicks = powersIn(10, ...(y.domain() as [number, number]));
  const ordered = [...series].sort((a, b) => Number(a.algorithm === selected) - Number(b.algorithm === selected));
  const bottom = HEIGHT - MARGIN.bottom;

  return (
    <svg className="gs-compare-panel" width={width} height={HEIGHT} role="img" aria-label={ariaLabel}>
      <LogGrid
        x={x}
        y={y}
        xTicks={xTicks}
        yTicks={yTicks}
        formatX={(t) => (kind === 'devices' ? t : formatTickBytes(t))}
        frame={{ left: MARGIN.left, right: width - MARGIN.right, top: MARGIN.top, bottom }}
        labelEvery={labelEvery}
        title={kind === 'devices' ? 'devices N (log₂)' : 'message size per device (log₂)'}
        titleY={HEIGHT - 4}
      />
      {ordered.map((s) => {
        const d = s.points.length > 0 ? (path(s.points) ?? '') : '';
        return (
          <g key={s.algorithm} className={`gs-compare-series ${algorithmClass(s.algorithm)}${s.algorithm === selected ? ' gs-compare-selected' : ''}`}>
            <path className="gs-compare-line" data-algorithm={s.algorithm} d={d} />
            <path className="gs-compare-hit" d={d} onClick={() => onSelect(s.algorithm)}>
              <title>{`${s.algorithm}: click to select`}</title>
            </path>
          </g>
        );
      })}
      {current && current.timeUs > 0 && (
        <g className="gs-compare-current" pointerEvents="none">
          <line x1={x(current.x)} x2={x(current.x)} y1={bottom} y2={y(current.timeUs)} />
          <line x1={MARGIN.left} x2={x(current.x)} y1={y(current.timeUs)} y2={y(current.timeUs)} />
          <circle cx={x(current.x)} cy={y(current.timeUs)} r={5} />
          <text x={x(current.x) + (x(current.x) > width * 0.62 ? -9 : 9)} y={y(current.timeUs) - 9} textAnchor={x(current.x) > width * 0.62 ? 'end' : 'start'}>
            {`${current.label}: ${formatMicroseconds(current.timeUs)}`}
          </text>
        </g>
      )}
    </svg>
  );
}
