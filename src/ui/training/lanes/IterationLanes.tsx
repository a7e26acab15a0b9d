// One iteration on two lanes, compute (forward, then backward layer by layer) and the communication
// stream (each bucket's or layer's collective), drawn twice on one time axis: the run the overlap
// setting chooses first, the other below it, so the time overlap saves shows. A playhead sweeps both
// while each says what runs, in words held about a second; a key names every colour. A bucket's bar
// links to it in the collective view, as the collective it is.

import { useId, useMemo } from 'react';
import { groupOps, type CommKind, type Iteration } from '../../../core/training';
import { formatMicroseconds } from '../../../core/units';
import { useElementWidth } from '../../metrics/chart/useElementWidth';
import { axisTicks, BAR_GAP_PX, lanesLayout, MIN_BAR_PX, textWidth } from './lanesLayout';
import { LanesLegend } from './LanesLegend';
import { runStatus } from './laneText';
import { RunLanes, type DrawnRun } from './RunLanes';
import { SWEEPS, usePlayback } from './usePlayback';

/** Seconds of playback the status's words hold at least, a run of shorter operations told as one. */
const HOLD_S = 1;
/** The longest statuses a run says, kept room for (the longest by characters is nearly always the tallest). */
const STATUS_ROOM = 3;
/** The play button's words: it is as wide as the widest, so the bar never wraps anew on Play. */
const PLAY_WORDS = ['Play the iteration', 'Play on', 'Pause'];

export interface LanesProps {
  overlapped: Iteration;
  serial: Iteration;
  /** Which run the figures above follow: the overlap setting. */
  overlap: boolean;
  /** The address that opens a collective (its kind, its bytes) in the collective view; null: no links. */
  linkOf: ((kind: string, bytes: number) => string | null) | null;
  /** Links open a new tab (a figure in someone else's page). */
  newTab?: boolean;
}

export function IterationLanes({ overlapped, serial, overlap, linkOf, newTab = false }: LanesProps) {
  const [ref, width] = useElementWidth<HTMLDivElement>(720);
  const total = Math.max(overlapped.iterationUs, serial.iterationUs) || 1;
  const runs = useMemo(() => [overlapped, serial], [overlapped, serial]);
  const { at, playing, toggle, seconds, setSeconds } = usePlayback(total, runs);
  const layout = lanesLayout(width, total);
  const hatch = `gs-hatch-${useId().replace(/[^\w-]/g, '')}`;
  // The bars stay as they are while the playhead sweeps: grouped and drawn once per pair of runs and width.
  const minUs = ((MIN_BAR_PX + BAR_GAP_PX) * total) / layout.inner;
  // The run the setting chooses comes first, and is the one the status names first.
  const drawn = useMemo((): DrawnRun[] => {
    const both = [
      { key: 'overlap' as const, name: 'with overlap', run: overlapped },
      { key: 'serial' as const, name: 'without overlap', run: serial },
    ].map((d) => ({ ...d, compute: groupOps(d.run.compute, minUs), comm: groupOps(d.run.comm, minUs) }));
    return overlap ? both : both.reverse();
  }, [overlapped, serial, minUs, overlap]);
  const holdUs = (total * HOLD_S) / seconds;
  const statuses = useMemo(() => drawn.map((d) => runStatus(d.run, holdUs)), [drawn, holdUs]);
  const room = useMemo(() => statuses.map((status) => status.longest(STATUS_ROOM)), [statuses]);
  const bars = useMemo(
    () =>
      drawn.map((d, i) => (
        <RunLanes
          key={d.key}
          drawn={d}
          index={i}
          chosen={(d.key === 'overlap') === overlap}
          serial={d.key === 'overlap' ? serial : undefined}
          layout={layout}
          hatch={hatch}
          linkOf={linkOf}
          newTab={newTab}
        />
      )),
    // `layout` is made of the width and the total.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [drawn, overlap, serial, width, total, hatch, linkOf, newTab],
  );
  const kinds = new Set<CommKind>(runs.flatMap((run) => run.comm.map((span) => span.kind)));
  const merged = drawn.some((d) => [...d.compute, ...d.comm].some((group) => group.ops.length > 1));
  const ticks = axisTicks(total, layout.inner, layout.fontPx);
  const x = layout.x;
  return (
    <div className={`gs-train-lanes${layout.narrow ? ' gs-train-lanes--narrow' : ''}`} ref={ref}>
      <div className="gs-train-lanes-bar">
        <button type="button" className="gs-button gs-train-play" onClick={toggle} aria-pressed={playing}>
          <Steady shown={playing ? 'Pause' : at > 0 && at < total ? 'Play on' : 'Play the iteration'} room={PLAY_WORDS} />
        </button>
        <label className="gs-train-speed">
          Speed
          <select value={seconds} onChange={(event) => setSeconds(Number(event.target.value))}>
            {SWEEPS.map((sweep) => (
              <option key={sweep.seconds} value={sweep.seconds}>
                {sweep.label} · {sweep.seconds} s
              </option>
            ))}
          </select>
        </label>
        <span className="gs-train-now">t = {formatMicroseconds(at)}</span>
      </div>
      {/* Not a live region: it changes every frame while the iteration plays. */}
      <dl className="gs-train-status">
        {drawn.map((d, i) => (
          <div key={d.key} data-run={d.key}>
            <dt>{d.name}</dt>
            <dd>
              <Steady shown={statuses[i].at(at)} room={room[i]} />
            </dd>
          </div>
        ))}
      </dl>
      <LanesLegend kinds={kinds} merged={merged} narrow={layout.narrow} />
      <svg
        width={width}
        height={layout.height}
        role="img"
        aria-label={`One iteration: ${formatMicroseconds(overlapped.iterationUs)} with overlap, ${formatMicroseconds(serial.iterationUs)} without; compute ${formatMicroseconds(overlapped.computeUs)}`}
      >
        <defs>
          <pattern id={hatch} className="gs-train-hatch-pattern" width={6} height={6} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width={1.5} height={6} />
          </pattern>
        </defs>
        {ticks.map((t, i) => (
          <g key={t} className="gs-train-tick">
            <line x1={x(t)} x2={x(t)} y1={layout.head - 4} y2={layout.lanesBottom + 4} />
            <text x={x(t)} y={layout.axisY} textAnchor={i > 0 && x(t) + textWidth(formatMicroseconds(t), layout.fontPx) / 2 > width ? 'end' : 'middle'}>
              {formatMicroseconds(t)}
            </text>
          </g>
        ))}
        {bars}
        <line className="gs-train-end" x1={x(overlapped.iterationUs)} x2={x(overlapped.iterationUs)} y1={layout.head - 4} y2={layout.lanesBottom + 4} />
        <line className="gs-train-playhead" x1={x(at)} x2={x(at)} y1={layout.head - 8} y2={layout.lanesBottom + 6} />
      </svg>
    </div>
  );
}

/**
 * Words that change while the figure plays, in a box as large as the largest of `room`: the hidden
 * copies take the same cell, so nothing around it moves (on a phone, a status wrapping to three lines
 * instead of two would jolt the lanes below at every change).
 */
function Steady({ shown, room }: { shown: string; room: readonly string[] }) {
  return (
    <span className="gs-steady">
      <span>{shown}</span>
      {room.map((text) => (
        <span key={text} className="gs-steady-room" aria-hidden="true">
          {text}
        </span>
      ))}
    </span>
  );
}
