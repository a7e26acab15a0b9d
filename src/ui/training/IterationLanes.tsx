// One iteration on two lanes: compute (forward, then backward layer by layer) and the communication
// stream (each bucket's or layer's collective), on one time axis, with a playhead that sweeps the
// iteration. A bucket's bar links to it in the collective view, as the collective it is.

import { useEffect, useMemo, useRef, useState } from 'react';
import type { Iteration } from '../../core/training';
import { formatMicroseconds } from '../../core/units';
import { useElementWidth } from '../metrics/chart/useElementWidth';

const LANE = 34;
const TOP = 22;
const LEFT = 86;
/** Seconds a sweep of the whole iteration takes: slow enough to follow a bar across a projector. */
const SWEEP_S = 8;

export interface LanesProps {
  iteration: Iteration;
  /** The address that opens bucket i (0-based, its bytes) in the collective view; null: no links. */
  linkOf: ((kind: string, bytes: number) => string | null) | null;
  /** Links open a new tab (a figure in someone else's page). */
  newTab?: boolean;
}

function ticks(total: number): number[] {
  const raw = total / 5;
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-9)));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  return Array.from({ length: Math.floor(total / step) + 1 }, (_, i) => i * step);
}

export function IterationLanes({ iteration, linkOf, newTab = false }: LanesProps) {
  const [ref, width] = useElementWidth<HTMLDivElement>(720);
  const [playing, setPlaying] = useState(false);
  const [at, setAt] = useState(0);
  const start = useRef(0);
  const total = iteration.iterationUs || 1;
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    start.current = performance.now() - (at / total) * SWEEP_S * 1000;
    const tick = (now: number) => {
      const share = (now - start.current) / (SWEEP_S * 1000);
      if (share >= 1) {
        setAt(total);
        setPlaying(false);
        return;
      }
      setAt(share * total);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
    // The sweep restarts from where it stands when played again; `at` is read once at the start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playing, total]);
  useEffect(() => setAt(0), [iteration]);
  const inner = Math.max(40, width - LEFT - 8);
  const x = (us: number) => LEFT + (us / total) * inner;
  const height = TOP + 2 * LANE + 26;
  // The bars and the axis stay as they are while the playhead sweeps: drawn once per iteration and width.
  const bars = useMemo(
    () => (
      <>
        {iteration.compute.map((span, i) => (
          <rect
            key={`c${i}`}
            className={`gs-train-bar gs-train-bar--${span.pass}`}
            x={x(span.startUs)}
            y={TOP + 4}
            width={Math.max(0.5, x(span.endUs) - x(span.startUs))}
            height={LANE - 8}
          >
            <title>{`${span.pass} of layer ${span.layer + 1}: ${formatMicroseconds(span.endUs - span.startUs)}`}</title>
          </rect>
        ))}
        {iteration.comm.map((span, i) => {
          const bar = (
            <rect
              className={`gs-train-bar gs-train-bar--${span.kind}`}
              x={x(span.startUs)}
              y={TOP + LANE + 8}
              width={Math.max(0.5, x(span.endUs) - x(span.startUs))}
              height={LANE - 8}
            >
              <title>{`${span.kind} of ${span.what}: ${formatMicroseconds(span.endUs - span.startUs)} from ${formatMicroseconds(span.startUs)}`}</title>
            </rect>
          );
          const href = linkOf?.(span.kind, span.bytes) ?? null;
          return href ? (
            <a
              key={`m${i}`}
              href={href}
              target={newTab ? '_blank' : undefined}
              rel={newTab ? 'noopener' : undefined}
              aria-label={`Open the ${span.kind} of ${span.what} in the collective view`}
            >
              {bar}
            </a>
          ) : (
            <g key={`m${i}`}>{bar}</g>
          );
        })}
        {ticks(total).map((t) => (
          <g key={t} className="gs-train-tick">
            <line x1={x(t)} x2={x(t)} y1={TOP - 4} y2={TOP + 2 * LANE + 8} />
            <text x={x(t)} y={height - 4} textAnchor="middle">
              {formatMicroseconds(t)}
            </text>
          </g>
        ))}
      </>
    ),
    // `x` is made of these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [iteration, inner, linkOf, newTab],
  );
  const busy = iteration.comm.filter((span) => span.startUs <= at && at < span.endUs);
  const computing = iteration.compute.find((span) => span.startUs <= at && at < span.endUs);
  const toggle = () => {
    if (!playing && at >= total) setAt(0);
    setPlaying(!playing);
  };
  return (
    <div className="gs-train-lanes" ref={ref}>
      <div className="gs-train-lanes-bar">
        <button type="button" className="gs-button" onClick={toggle} aria-pressed={playing}>
          {playing ? 'Pause' : at > 0 && at < total ? 'Play on' : 'Play the iteration'}
        </button>
        {/* Not a live region: it changes every frame while the iteration plays. */}
        <span className="gs-train-now">
          t = {formatMicroseconds(at)}
          {computing ? ` · ${computing.pass} of layer ${computing.layer + 1}` : at >= total ? ' · done' : ' · compute idle'}
          {busy.length > 0 ? ` · ${busy.map((span) => `${span.kind} of ${span.what}`).join(', ')}` : ''}
        </span>
      </div>
      <svg
        width={width}
        height={height}
        role="img"
        aria-label={`One iteration: compute ${formatMicroseconds(iteration.computeUs)}, all of it ${formatMicroseconds(iteration.iterationUs)}`}
      >
        <text className="gs-train-lane-name" x={4} y={TOP + LANE / 2 + 4}>
          compute
        </text>
        <text className="gs-train-lane-name" x={4} y={TOP + LANE * 1.5 + 8}>
          comm
        </text>
        {bars}
        <line className="gs-train-playhead" x1={x(at)} x2={x(at)} y1={TOP - 8} y2={TOP + 2 * LANE + 10} />
      </svg>
    </div>
  );
}
