// Above 64 devices one bar per device is noise: a histogram of per-port loads (how many devices carry
// how much) with min / median / max underneath, the busiest device's bin in the alarm colour.

import { bin } from 'd3-array';
import { scaleLinear } from 'd3-scale';
import { deviceLabel } from '../../../core/notation';
import { formatBytes, formatCount, plural } from '../../format';
import { byteTicks, formatTickBytes } from '../chart/chartTicks';
import { isBottleneck, type TrafficSummary } from './trafficSummary';
import { useElementWidth } from '../chart/useElementWidth';

const HEIGHT = 130;
const MARGIN = { top: 10, right: 10, bottom: 22, left: 44 };

export function TrafficHistogram({ summary }: { summary: TrafficSummary }) {
  const [ref, width] = useElementWidth<HTMLDivElement>(360);
  const loads = Array.from(summary.load);
  const uniform = summary.minBytes === summary.maxBytes;
  const axis = byteTicks(summary.minBytes, Math.max(summary.maxBytes, summary.minBytes + 1), 4);
  const x = scaleLinear()
    .domain(axis.domain)
    .range([MARGIN.left, width - MARGIN.right]);
  const bins = bin().domain(axis.domain).thresholds(x.ticks(24))(loads);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...bins.map((b) => b.length))])
    .nice(3)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const hot = isBottleneck(summary);
  const busiestLabel = summary.busiest.length ? deviceLabel(summary.busiest[0]) : '—';
  const label = `Histogram of bytes per port over ${summary.devices} devices: min ${formatBytes(summary.minBytes)}, median ${formatBytes(summary.medianBytes)}, max ${formatBytes(summary.maxBytes)} (${busiestLabel}).`;

  return (
    <div ref={ref} className="gs-traffic-chart">
      {!uniform && <p className="gs-traffic-caption">Devices by bytes through their port (max of sent, received)</p>}
      {uniform ? (
        <p className="gs-traffic-uniform">
          All {formatCount(summary.devices)} devices carry {formatBytes(summary.maxBytes)} through their port.
        </p>
      ) : (
        <svg width={width} height={HEIGHT} role="img" aria-label={label}>
          {y.ticks(3).map((tick) => (
            <g key={tick} className="gs-axis-tick">
              <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} />
              <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
                {tick}
              </text>
            </g>
          ))}
          {bins.map(
            (b, i) =>
              b.length > 0 && (
                <rect
                  key={i}
                  className={`gs-traffic-sent${hot && b.includes(summary.maxBytes) ? ' gs-traffic-busiest' : ''}`}
                  x={x(b.x0 ?? 0) + 0.5}
                  width={Math.max(x(b.x1 ?? 0) - x(b.x0 ?? 0) - 1, 1)}
                  y={y(b.length)}
                  height={y(0) - y(b.length)}
                >
                  <title>{`${plural(b.length, 'device')} carry ${formatBytes(b.x0 ?? 0)} – ${formatBytes(b.x1 ?? 0)}`}</title>
                </rect>
              ),
          )}
          {axis.ticks.map((tick) => (
            <text key={tick} className="gs-axis-label" x={x(tick)} y={HEIGHT - 6} textAnchor="middle">
              {formatTickBytes(tick)}
            </text>
          ))}
        </svg>
      )}
      <dl className="gs-traffic-stats">
        <dt>min</dt>
        <dd>{formatBytes(summary.minBytes)}</dd>
        <dt>median</dt>
        <dd>{formatBytes(summary.medianBytes)}</dd>
        <dt>max</dt>
        <dd>
          {formatBytes(summary.maxBytes)} ({busiestLabel})
        </dd>
      </dl>
    </div>
  );
}
