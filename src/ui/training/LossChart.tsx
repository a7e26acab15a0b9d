// The real run's loss on the whole batch, step by step, on a log scale: one line per replica in its
// device's colour, and one device trained on the whole batch dashed. Synchronized replicas lie on it.

import { scaleLinear, scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import type { RunFrame } from '../../core/training';
import { useElementWidth } from '../metrics/chart/useElementWidth';
import { deviceColor } from '../palette';

const HEIGHT = 190;
const M = { top: 10, right: 12, bottom: 26, left: 52 };

export function LossChart({ frames, steps }: { frames: readonly RunFrame[]; steps: number }) {
  const [ref, width] = useElementWidth<HTMLDivElement>(600);
  const first = frames[0];
  const devices = first?.losses.length ?? 0;
  const all = frames.flatMap((frame) => [...frame.losses, frame.singleLoss]).filter((value) => value > 0);
  const low = all.length ? Math.min(...all) : 0.01;
  const high = all.length ? Math.max(...all) : 1;
  const x = scaleLinear()
    .domain([0, Math.max(1, steps)])
    .range([M.left, Math.max(M.left + 40, width - M.right)]);
  const y = scaleLog()
    .domain([low * 0.9, high * 1.1])
    .range([HEIGHT - M.bottom, M.top]);
  const path = (value: (frame: RunFrame) => number) =>
    line<RunFrame>()
      .x((frame) => x(frame.step))
      .y((frame) => y(Math.max(value(frame), low)))(frames as RunFrame[]) ?? '';
  // 1, 2 and 5 of each decade; only the powers of ten where that is too many.
  const leading = (t: number) => Math.round(t / 10 ** Math.floor(Math.log10(t) + 1e-9));
  const marks = y.ticks().filter((t) => [1, 2, 5].includes(leading(t)));
  const ticks = marks.length > 6 ? marks.filter((t) => leading(t) === 1) : marks;
  const last = frames[frames.length - 1];
  return (
    <div ref={ref} className="gs-real-chart">
      <svg
        width={width}
        height={HEIGHT}
        role="img"
        aria-label={
          last
            ? `Loss on the whole batch after ${last.step} steps: replicas ${last.losses.map((loss: number) => loss.toFixed(4)).join(', ')}; one device ${last.singleLoss.toFixed(4)}`
            : 'Loss, not trained yet'
        }
      >
        {ticks.map((t) => (
          <g key={t} className="gs-real-tick">
            <line x1={M.left} x2={width - M.right} y1={y(t)} y2={y(t)} />
            <text x={M.left - 6} y={y(t) + 4} textAnchor="end">
              {t >= 0.001 ? String(+t.toPrecision(1)) : t.toExponential(0)}
            </text>
          </g>
        ))}
        {x.ticks(Math.min(6, steps)).map((t) => (
          <text key={t} className="gs-real-tick" x={x(t)} y={HEIGHT - 8} textAnchor="middle">
            {t}
          </text>
        ))}
        <text className="gs-real-axis" x={4} y={M.top + 4}>
          loss
        </text>
        {frames.length > 1 &&
          Array.from({ length: devices }, (_, r) => (
            <path key={r} className="gs-real-line" d={path((frame) => frame.losses[r])} stroke={deviceColor(r, devices)} />
          ))}
        {frames.length > 1 && <path className="gs-real-line gs-real-line--single" d={path((frame) => frame.singleLoss)} />}
      </svg>
    </div>
  );
}
