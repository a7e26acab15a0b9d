// The grid, tick labels and title of a chart with log axes: times up the side, sizes or counts along
// the bottom.

import type { ScaleLogarithmic } from 'd3-scale';
import { formatTickUs } from './chartTicks';

export interface LogGridProps {
  x: ScaleLogarithmic<number, number>;
  y: ScaleLogarithmic<number, number>;
  xTicks: readonly number[];
  yTicks: readonly number[];
  formatX(x: number): string | number;
  /** The plot's edges in px: left and right of the grid, top and bottom of it. */
  frame: { left: number; right: number; top: number; bottom: number };
  /** 2 labels every other bottom tick (where they would crowd), 1 every one. */
  labelEvery: number;
  title: string;
  titleY: number;
}

export function LogGrid({ x, y, xTicks, yTicks, formatX, frame, labelEvery, title, titleY }: LogGridProps) {
  return (
    <>
      {yTicks.map((t) => (
        <g key={`y${t}`} className="gs-axis-tick">
          <line x1={frame.left} x2={frame.right} y1={y(t)} y2={y(t)} />
          <text x={frame.left - 6} y={y(t)} dy="0.32em" textAnchor="end">
            {formatTickUs(t)}
          </text>
        </g>
      ))}
      {xTicks.map((t, i) => (
        <g key={`x${t}`} className="gs-axis-tick">
          <line x1={x(t)} x2={x(t)} y1={frame.top} y2={frame.bottom} />
          {i % labelEvery === 0 && (
            <text x={x(t)} y={frame.bottom + 14} textAnchor="middle">
              {formatX(t)}
            </text>
          )}
        </g>
      ))}
      <text className="gs-axis-title" x={(frame.left + frame.right) / 2} y={titleY} textAnchor="middle">
        {title}
      </text>
    </>
  );
}
