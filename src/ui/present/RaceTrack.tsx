// The race on one time axis: each side's steps as segments as long as their model time, and one
// cursor for the shared clock (moved by the clock through `cursorRef`, not by React).

import type { RefObject } from 'react';
import { formatMicroseconds } from '../format';
import { finishTime } from './raceClock';

export interface RaceTrackProps {
  lanes: { algorithm: string; ends: Float64Array }[];
  slowestUs: number;
  cursorRef: RefObject<HTMLDivElement | null>;
}

/** Beyond this many steps a lane is drawn as one bar: segments would be hairlines. */
const MAX_SEGMENTS = 200;

export function RaceTrack({ lanes, slowestUs, cursorRef }: RaceTrackProps) {
  const scale = slowestUs > 0 ? 100 / slowestUs : 0;
  return (
    <div
      className="gs-race-track"
      role="img"
      aria-label={lanes.map((lane) => `${lane.algorithm}: ${lane.ends.length} steps, ${formatMicroseconds(finishTime(lane.ends))}`).join('; ')}
    >
      {lanes.map((lane, i) => (
        <div className="gs-race-lane" key={i}>
          <span className="gs-race-lane-name">{lane.algorithm}</span>
          <div className="gs-race-lane-bar">
            {lane.ends.length <= MAX_SEGMENTS ? (
              Array.from(lane.ends, (end, s) => {
                const start = s === 0 ? 0 : lane.ends[s - 1];
                return <span key={s} className="gs-race-seg" style={{ left: `${start * scale}%`, width: `${(end - start) * scale}%` }} />;
              })
            ) : (
              <span className="gs-race-seg" style={{ left: 0, width: `${finishTime(lane.ends) * scale}%` }} />
            )}
          </div>
        </div>
      ))}
      <div className="gs-race-cursor-area" aria-hidden="true">
        <div className="gs-race-cursor" ref={cursorRef} />
      </div>
    </div>
  );
}
