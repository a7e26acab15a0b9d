// Bytes sent and received per device as paired bars (up to 64 devices); the busiest devices drawn in
// the alarm colour when they stand out, so the master's port is the first thing the eye finds.

import { scaleBand, scaleLinear } from 'd3-scale';
import { deviceLabel } from '../../../core/notation';
import { formatBytes } from '../../format';
import { byteTicks, formatTickBytes } from '../chart/chartTicks';
import { isBottleneck, type TrafficSummary } from './trafficSummary';
import { useElementWidth } from '../chart/useElementWidth';

const HEIGHT = 150;
const MARGIN = { top: 14, right: 8, bottom: 22, left: 58 };

export interface TrafficBarsProps {
  bytesSent: ArrayLike<number>;
  bytesReceived: ArrayLike<number>;
  summary: TrafficSummary;
}

/** Every device's label up to 16 devices, then every 2nd, 4th, … so labels never crowd. */
function labelStep(devices: number, width: number): number {
  let step = 1;
  while ((devices / step) * 26 > width) step *= 2;
  return step;
}

export function TrafficBars({ bytesSent, bytesReceived, summary }: TrafficBarsProps) {
  const [ref, width] = useElementWidth<HTMLDivElement>(360);
  const devices = summary.devices;
  const ids = Array.from({ length: devices }, (_, d) => d);
  const x = scaleBand<number>()
    .domain(ids)
    .range([MARGIN.left, width - MARGIN.right])
    .paddingInner(devices > 16 ? 0.15 : 0.3);
  const axis = byteTicks(0, Math.max(summary.maxBytes, 1), 3);
  const y = scaleLinear()
    .domain(axis.domain)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const highlighted = new Set(isBottleneck(summary) ? summary.busiest : []);
  const half = x.bandwidth() / 2;
  const step = labelStep(devices, width - MARGIN.left - MARGIN.right);
  const bar = (d: number, bytes: number, offset: number, kind: 'sent' | 'received') => (
    <rect
      key={kind}
      className={`gs-traffic-${kind}${highlighted.has(d) ? ' gs-traffic-busiest' : ''}`}
      x={(x(d) ?? 0) + offset}
      y={y(bytes)}
      width={Math.max(half - (devices > 32 ? 0 : 1), 0.5)}
      height={Math.max(y(0) - y(bytes), 0)}
    />
  );
  const label = `Bytes sent and received per device, ${devices} devices: from ${formatBytes(summary.minBytes)} to ${formatBytes(summary.maxBytes)} per port.`;

  return (
    <div ref={ref} className="gs-traffic-chart">
      <svg width={width} height={HEIGHT} role="img" aria-label={label}>
        {axis.ticks.map((tick) => (
          <g key={tick} className="gs-axis-tick">
            <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} />
            <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
              {formatTickBytes(tick)}
            </text>
          </g>
        ))}
        {ids.map((d) => (
          <g key={d}>
            <title>{`${deviceLabel(d)}: sent ${formatBytes(bytesSent[d])}, received ${formatBytes(bytesReceived[d])}`}</title>
            {bar(d, bytesSent[d], 0, 'sent')}
            {bar(d, bytesReceived[d], half, 'received')}
            {d % step === 0 && (
              <text
                className={`gs-axis-label${highlighted.has(d) ? ' gs-traffic-busiest-label' : ''}`}
                x={(x(d) ?? 0) + half}
                y={HEIGHT - 6}
                textAnchor="middle"
              >
                {d}
              </text>
            )}
          </g>
        ))}
        <text className="gs-axis-label" x={MARGIN.left - 6} y={HEIGHT - 6} textAnchor="end">
          GPU
        </text>
      </svg>
    </div>
  );
}
