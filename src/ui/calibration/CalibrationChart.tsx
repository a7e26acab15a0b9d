// Measured against modelled: bus bandwidth against message size (log₂), the log's rows as points
// (out-of-place filled in the colour of the protocol its size is modelled with, in-place hollow),
// each fitted protocol's line thin and the model — the fastest protocol at each size — bold; under
// it the residuals, model against measured in %, about a zero line. One row is selected: ← → Home End
// move it, a pointer picks it, and the line under the chart reads it out.

import { line } from 'd3-shape';
import type { KeyboardEvent } from 'react';
import { formatTickBytes } from '../metrics/chart/chartTicks';
import { busbwScale, formatTickGBs, MARGIN, residualScale, sizeScale } from './chartScales';
import type { CalibrationView, RowPoint } from './calibrationView';
import { describeRow } from './rowWords';

export interface CalibrationChartProps {
  view: CalibrationView;
  width: number;
  /** The selected point's place in view.points. */
  selected: number;
  onSelect(point: number): void;
  label: string;
}

const HEIGHT = { busbw: 250, residuals: 110 };
const TOP = 10;
const AXIS = 40;

const KEY_MOVES: Record<string, (at: number, last: number) => number> = {
  ArrowRight: (at, last) => Math.min(last, at + 1),
  ArrowUp: (at, last) => Math.min(last, at + 1),
  ArrowLeft: (at) => Math.max(0, at - 1),
  ArrowDown: (at) => Math.max(0, at - 1),
  Home: () => 0,
  End: (_, last) => last,
};

export function CalibrationChart({ view, width, selected, onSelect, label }: CalibrationChartProps) {
  const { x, ticks: xTicks } = sizeScale(view, width);
  const busBottom = HEIGHT.busbw - 8;
  const { y, ticks: yTicks, log } = busbwScale(view, TOP, busBottom);
  const resBottom = HEIGHT.residuals - AXIS;
  const { y: r, reach } = residualScale(view, 8, resBottom);
  const path = line<{ bytes: number; busbwGBs: number }>()
    .x((p) => x(p.bytes))
    .y((p) => y(p.busbwGBs));
  const chosen: RowPoint | undefined = view.points[selected];
  const right = width - MARGIN.right;

  const onKeyDown = (event: KeyboardEvent) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    onSelect(move(selected, view.points.length - 1));
  };
  const guide = chosen && x(chosen.bytes);

  return (
    <div className="gs-calibration-chart" role="group" aria-label={label} tabIndex={0} onKeyDown={onKeyDown}>
      <svg
        width={width}
        height={HEIGHT.busbw}
        role="img"
        aria-label={`Bus bandwidth against message size, ${log ? 'both axes logarithmic' : 'size logarithmic'}`}
      >
        {yTicks.map((t) => (
          <g key={`y${t}`} className="gs-axis-tick">
            <line x1={MARGIN.left} x2={right} y1={y(t)} y2={y(t)} />
            <text x={MARGIN.left - 6} y={y(t)} dy="0.32em" textAnchor="end">
              {formatTickGBs(t)}
            </text>
          </g>
        ))}
        {xTicks.map((t) => (
          <g key={`x${t}`} className="gs-axis-tick">
            <line x1={x(t)} x2={x(t)} y1={TOP} y2={busBottom} />
          </g>
        ))}
        <text className="gs-axis-title" transform={`translate(14 ${(TOP + busBottom) / 2}) rotate(-90)`} textAnchor="middle">
          busbw (GB/s{log ? ', log' : ''})
        </text>
        {guide !== undefined && <line className="gs-calibration-guide" x1={guide} x2={guide} y1={TOP} y2={busBottom} />}
        {view.curves.map((curve) => (
          <path key={curve.protocol} className={`gs-calibration-line gs-proto-${curve.protocol}`} d={path(curve.points) ?? ''} data-protocol={curve.protocol} />
        ))}
        {view.best.map((run, i) => (
          <path key={i} className={`gs-calibration-model gs-proto-${run.protocol}`} d={path(run.points) ?? ''} data-protocol={run.protocol} />
        ))}
        {view.points.map((p, i) =>
          p.inPlaceBusbwGBs === null ? null : (
            <circle
              key={`in${p.index}`}
              className={`gs-calibration-inplace gs-proto-${p.protocol}`}
              cx={x(p.bytes)}
              cy={y(p.inPlaceBusbwGBs)}
              r={5.5}
              onClick={() => onSelect(i)}
            >
              <title>{`${formatTickBytes(p.bytes)} in-place: ${formatTickGBs(p.inPlaceBusbwGBs)} GB/s`}</title>
            </circle>
          ),
        )}
        {view.points.map((p, i) => (
          <circle
            key={p.index}
            className={`gs-calibration-point gs-proto-${p.protocol}${i === selected ? ' gs-calibration-selected' : ''}`}
            cx={x(p.bytes)}
            cy={y(p.busbwGBs)}
            r={i === selected ? 5.5 : 4}
            data-bytes={p.bytes}
            onClick={() => onSelect(i)}
          >
            <title>{describeRow(p)}</title>
          </circle>
        ))}
      </svg>
      <p className="gs-calibration-strip-title" aria-hidden="true">
        error: (model − measured) / measured
      </p>
      <svg width={width} height={HEIGHT.residuals} role="img" aria-label={`Error of the model against each row, −${reach} % to +${reach} %`}>
        {[-reach, 0, reach].map((t) => (
          <g key={`r${t}`} className={t === 0 ? 'gs-calibration-zero' : 'gs-axis-tick'}>
            <line x1={MARGIN.left} x2={right} y1={r(t)} y2={r(t)} />
            <text x={MARGIN.left - 6} y={r(t)} dy="0.32em" textAnchor="end">
              {t > 0 ? `+${t} %` : `${t} %`}
            </text>
          </g>
        ))}
        {xTicks.map((t) => (
          <g key={`x${t}`} className="gs-axis-tick">
            <line x1={x(t)} x2={x(t)} y1={8} y2={resBottom} />
            <text x={x(t)} y={resBottom + 15} textAnchor="middle">
              {formatTickBytes(t)}
            </text>
          </g>
        ))}
        {guide !== undefined && <line className="gs-calibration-guide" x1={guide} x2={guide} y1={8} y2={resBottom} />}
        {view.points.map((p, i) => (
          <g
            key={p.index}
            className={`gs-calibration-residual gs-proto-${p.protocol}${i === selected ? ' gs-calibration-selected' : ''}`}
            onClick={() => onSelect(i)}
          >
            <line x1={x(p.bytes)} x2={x(p.bytes)} y1={r(0)} y2={r(p.errorPct)} />
            <circle cx={x(p.bytes)} cy={r(p.errorPct)} r={i === selected ? 5 : 3.5} data-error={p.errorPct.toFixed(1)}>
              <title>{describeRow(p)}</title>
            </circle>
          </g>
        ))}
        <text className="gs-axis-title" x={(MARGIN.left + right) / 2} y={HEIGHT.residuals - 4} textAnchor="middle">
          message size S (log₂)
        </text>
      </svg>
    </div>
  );
}
