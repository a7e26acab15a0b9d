// One chunk of a device's buffer: stripes for the contributions it holds, its seed expression when
// there is room (wrapped over the lines the card allows), and outlines for complete, just written and wrong.

import { memo } from 'react';
import { cellRadius, CELL_LINE_EM, MONO_EM, tinyCells, type CardShape } from './card/cardShape';
import { sameChunkView, type ChunkView } from './card/chunkViews';
import { charCount, expressionLines } from './card/expressionLines';
import { SlotRuns } from './SlotRuns';

/** The expression as centred lines; a line longer than the card counted is squeezed to the cell. */
function CellText({ text, x, y, card }: { text: string; x: number; y: number; card: CardShape }) {
  const { textSize, textLines, lineChars, cellWidth } = card;
  const lines = expressionLines(text, lineChars, textLines);
  const room = cellWidth - 6;
  const first = y - ((lines.length - 1) * CELL_LINE_EM * textSize) / 2;
  return (
    <text className="gs-dv-cell-text" x={x} y={first} fontSize={textSize} textAnchor="middle" dominantBaseline="central">
      {lines.map((line, i) => {
        const squeeze = charCount(line) * MONO_EM * textSize > room;
        return (
          <tspan
            key={i}
            x={x}
            y={first + i * CELL_LINE_EM * textSize}
            textLength={squeeze ? room : undefined}
            lengthAdjust={squeeze ? 'spacingAndGlyphs' : undefined}
          >
            {line}
          </tspan>
        );
      })}
    </text>
  );
}

export interface ChunkCellProps {
  chunk: number;
  x: number;
  y: number;
  card: CardShape;
  view: ChunkView;
  devices: number;
  /** Paint of the stripes (the slot gradient), which needs each cell in its own coordinates. */
  fill: string;
}

function ChunkCellImpl({ chunk, x, y, card, view, devices, fill }: ChunkCellProps) {
  const { cellWidth: w, cellHeight: h, textSize, barHeight } = card;
  const tiny = tinyCells(card);
  const radius = cellRadius(card);
  const classes = ['gs-dv-cell'];
  if (view.complete) classes.push('gs-dv-cell--complete');
  if (view.received) classes.push(`gs-dv-cell--${view.received}`);
  if (view.flagged) classes.push('gs-dv-cell--flagged');
  if (tiny) classes.push('gs-dv-cell--tiny');
  if (view.scratch) classes.push('gs-dv-cell--scratch');
  const stripeY = textSize > 0 ? h - barHeight : 0;
  const stripeHeight = textSize > 0 ? barHeight : h;
  const outlined = !tiny || view.flagged || view.received !== null;
  return (
    <g className={classes.join(' ')} transform={`translate(${x},${y})`} data-chunk={chunk}>
      <rect className="gs-dv-cell-bg" width={w} height={h} rx={radius} />
      {textSize > 0 && <rect className="gs-dv-cell-track" y={stripeY} width={w} height={stripeHeight} />}
      {tiny && view.complete ? null : (
        <SlotRuns set={view.set} devices={devices} fill={fill} axis={card.slotAxis} x={0} y={stripeY} width={w} height={stripeHeight} />
      )}
      {view.text !== null && textSize > 0 && <CellText text={view.text} x={w / 2} y={(h - barHeight) / 2 + 0.5} card={card} />}
      {outlined && <rect className="gs-dv-cell-edge" width={w} height={h} rx={radius} />}
      {view.title !== null && <title>{view.title}</title>}
    </g>
  );
}

export const ChunkCell = memo(
  ChunkCellImpl,
  (a, b) =>
    a.chunk === b.chunk && a.x === b.x && a.y === b.y && a.card === b.card && a.devices === b.devices && a.fill === b.fill && sameChunkView(a.view, b.view),
);
