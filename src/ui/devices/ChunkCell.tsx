// One chunk of a device's buffer: stripes for the contributions it holds, its seed expression when
// there is room, and outlines for complete, just written and wrong.

import { memo } from 'react';
import type { CardShape } from './cardShape';
import { sameChunkView, type ChunkView } from './chunkViews';
import { SlotRuns } from './SlotRuns';

export interface ChunkCellProps {
  chunk: number;
  x: number;
  y: number;
  card: CardShape;
  view: ChunkView;
  devices: number;
  /**
   * Paint of the stripes (the slot gradient), which needs each cell in its own coordinates; null on
   * large pictures, where cells sit flat in their card and each stripe takes its middle device's
   * colour (thousands of transformed groups would make every frame re-layerize).
   */
  fill: string | null;
}

function ChunkCellImpl({ chunk, x, y, card, view, devices, fill }: ChunkCellProps) {
  const { cellWidth: w, cellHeight: h, textSize, barHeight } = card;
  const tiny = Math.min(w, h) < 6;
  const radius = Math.min(3, w / 4, h / 4);
  const classes = ['gs-dv-cell'];
  if (view.complete) classes.push('gs-dv-cell--complete');
  if (view.received) classes.push(`gs-dv-cell--${view.received}`);
  if (view.flagged) classes.push('gs-dv-cell--flagged');
  if (tiny) classes.push('gs-dv-cell--tiny');
  // Grouped cells draw at their own origin; flat ones at their place in the card.
  const ox = fill === null ? x : 0;
  const oy = fill === null ? y : 0;
  const stripeY = oy + (textSize > 0 ? h - barHeight : 0);
  const stripeHeight = textSize > 0 ? barHeight : h;
  const outlined = !tiny || view.flagged || view.received !== null;
  return (
    <g className={classes.join(' ')} transform={fill === null ? undefined : `translate(${x},${y})`} data-chunk={chunk}>
      <rect className="gs-dv-cell-bg" x={ox} y={oy} width={w} height={h} rx={radius} />
      {textSize > 0 && <rect className="gs-dv-cell-track" x={ox} y={stripeY} width={w} height={stripeHeight} />}
      {tiny && view.complete ? null : (
        <SlotRuns set={view.set} devices={devices} fill={fill} axis={card.slotAxis} x={ox} y={stripeY} width={w} height={stripeHeight} />
      )}
      {view.text !== null && textSize > 0 && (
        <text className="gs-dv-cell-text" x={ox + w / 2} y={oy + (h - barHeight) / 2 + 0.5} fontSize={textSize} textAnchor="middle" dominantBaseline="central">
          {view.text}
        </text>
      )}
      {outlined && <rect className="gs-dv-cell-edge" x={ox} y={oy} width={w} height={h} rx={radius} />}
      {view.title !== null && <title>{view.title}</title>}
    </g>
  );
}

export const ChunkCell = memo(
  ChunkCellImpl,
  (a, b) => a.chunk === b.chunk && a.x === b.x && a.y === b.y && a.card === b.card && a.devices === b.devices && a.fill === b.fill && sameChunkView(a.view, b.view),
);
