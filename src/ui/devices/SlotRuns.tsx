// A set of contributions drawn as stripes: the slot of device d covers [d/N, (d+1)/N) of the length,
// filled from a gradient that has device d's colour exactly there, so one rect draws a whole run.

import { memo } from 'react';
import type { Contributions } from '../../core/symbolic';
import { deviceColor } from '../palette';

export interface SlotGradientProps {
  id: string;
  devices: number;
  /** The gradient runs from `start` to `start + length` along `axis`, in the user space of its users. */
  start: number;
  length: number;
  axis: 'x' | 'y';
}

export const SlotGradient = memo(function SlotGradient({ id, devices, start, length, axis }: SlotGradientProps) {
  const stops = [];
  for (let d = 0; d < devices; d++) {
    const color = deviceColor(d, devices);
    stops.push(<stop key={`${d}a`} offset={d / devices} stopColor={color} />, <stop key={`${d}b`} offset={(d + 1) / devices} stopColor={color} />);
  }
  const end = start + length;
  return (
    <linearGradient
      id={id}
      gradientUnits="userSpaceOnUse"
      x1={axis === 'x' ? start : 0}
      x2={axis === 'x' ? end : 0}
      y1={axis === 'y' ? start : 0}
      y2={axis === 'y' ? end : 0}
    >
      {stops}
    </linearGradient>
  );
});

export interface SlotRunsProps {
  set: Contributions;
  devices: number;
  /** The slot gradient. */
  fill: string;
  axis: 'x' | 'y';
  /** Box the slots fill: x, y, width, height. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export function SlotRuns({ set, devices, fill, axis, x, y, width, height }: SlotRunsProps) {
  const runs = [];
  for (let i = 0; i < set.length; i += 3) {
    const lo = set[i] / devices;
    const hi = set[i + 1] / devices;
    const doubled = set[i + 2] > 1;
    const className = doubled ? 'gs-dv-run gs-dv-run--doubled' : 'gs-dv-run';
    runs.push(
      axis === 'x' ? (
        <rect key={i} className={className} x={x + lo * width} y={y} width={(hi - lo) * width} height={height} fill={fill} />
      ) : (
        <rect key={i} className={className} x={x} y={y + lo * height} width={width} height={(hi - lo) * height} fill={fill} />
      ),
    );
  }
  return <>{runs}</>;
}
