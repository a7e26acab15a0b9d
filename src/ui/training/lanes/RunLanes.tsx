// One run of the iteration drawn on the figure's time axis: a header naming it and its time, then its
// compute lane and its communication lane. The run with overlap also shows, as a shaded span to the
// end of the run without, the time overlap saves.

import type { Iteration, OpGroup } from '../../../core/training';
import { formatMicroseconds } from '../../../core/units';
import { LaneBars, type LaneBarsProps } from './LaneBars';
import type { LaneOp } from './laneText';

export interface DrawnRun {
  key: 'overlap' | 'serial';
  name: string;
  run: Iteration;
  compute: OpGroup<LaneOp>[];
  comm: OpGroup<LaneOp>[];
}

interface RunLanesProps extends Omit<LaneBarsProps, 'groups' | 'y'> {
  drawn: DrawnRun;
  index: number;
  /** The run the figures above follow (the overlap setting's). */
  chosen: boolean;
  /** The run without overlap, for the time overlap saves (only on the run with it). */
  serial?: Iteration;
}

export function RunLanes({ drawn, index, chosen, serial, layout, ...bars }: RunLanesProps) {
  const top = layout.runTop(index);
  const lanesTop = top + layout.head;
  const header = top + layout.head - 7;
  const end = drawn.run.iterationUs;
  const saved = serial ? serial.iterationUs - end : 0;
  return (
    <g className={`gs-train-run gs-train-run--${drawn.key}`} data-run={drawn.key}>
      <text className={`gs-train-run-name${chosen ? ' gs-train-run-name--chosen' : ''}`} x={4} y={header}>
        {drawn.name} · {formatMicroseconds(end)}
      </text>
      {serial && saved > 0 && (
        <>
          <rect className="gs-train-saved" x={layout.x(end)} y={lanesTop} width={layout.x(serial.iterationUs) - layout.x(end)} height={2 * layout.lane} />
          <text className="gs-train-saved-text" x={layout.x(serial.iterationUs)} y={header} textAnchor="end">
            overlap saves {formatMicroseconds(saved)}
          </text>
        </>
      )}
      <text className="gs-train-lane-name" x={4} y={lanesTop + layout.lane / 2} dominantBaseline="central">
        compute
      </text>
      <text className="gs-train-lane-name" x={4} y={lanesTop + layout.lane * 1.5} dominantBaseline="central">
        comm
      </text>
      <g className="gs-train-lane gs-train-lane--compute">
        <LaneBars groups={drawn.compute} y={lanesTop} layout={layout} {...bars} />
      </g>
      <g className="gs-train-lane gs-train-lane--comm">
        <LaneBars groups={drawn.comm} y={lanesTop + layout.lane} layout={layout} {...bars} />
      </g>
    </g>
  );
}
