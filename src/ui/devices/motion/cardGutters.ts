// How an arrow leaves a card without crossing the expressions of the cells beside its own. By a side:
// from its cell straight up or down into the gutter between two rows of cells (or the card's bottom
// margin, never through the header with the GPU's name), then along that gutter to the edge. By the
// top or bottom: from its cell sideways into the gutter between two columns (or the card's side
// margin), then along it to the edge; a cell of the bottom row leaves by the bottom straight.

import { cellGridPlace } from '../card/cardShape';
import { cellCentre, type DiagramGeometry } from '../layout/geometry';
import type { Point } from '../layout/layouts';

/**
 * The way from cell `cell` of an upright card to `edge`, a point where its message's way leaves the
 * card: the cell's edge, the gutter, the card's edge. Null where a straight way serves.
 */
export function gutterWay(geometry: DiagramGeometry, device: number, cell: number, edge: Point): Point[] | null {
  const { card } = geometry;
  const centre = geometry.centres[device];
  const left = centre.x - card.width / 2;
  const right = centre.x + card.width / 2;
  const top = centre.y - card.height / 2;
  const bottom = centre.y + card.height / 2;
  const { row, column } = cellGridPlace(card, cell);
  const at = cellCentre(geometry, device, cell);
  if (edge.x > left + 1 && edge.x < right - 1) {
    // By the top or the bottom.
    const up = edge.y < centre.y;
    if (!up && row === card.rows - 1) return null;
    const leftGutter = column > 0 ? at.x - card.cellWidth / 2 - card.gap / 2 : left + card.pad / 2;
    const rightGutter = column < card.columns - 1 ? at.x + card.cellWidth / 2 + card.gap / 2 : right - card.pad / 2;
    const gutter = Math.abs(leftGutter - edge.x) <= Math.abs(rightGutter - edge.x) ? leftGutter : rightGutter;
    const cellEdge = gutter < at.x ? at.x - card.cellWidth / 2 : at.x + card.cellWidth / 2;
    return [
      { x: cellEdge, y: at.y },
      { x: gutter, y: at.y },
      { x: gutter, y: up ? top : bottom },
    ];
  }
  const rowTop = top + card.header + card.pad + row * (card.cellHeight + card.gap);
  const below = row < card.rows - 1 ? rowTop + card.cellHeight + card.gap / 2 : bottom - card.pad / 2;
  const above = row > 0 ? rowTop - card.gap / 2 : null;
  const gutter = above !== null && Math.abs(above - edge.y) < Math.abs(below - edge.y) ? above : below;
  const cellEdge = gutter < at.y ? at.y - card.cellHeight / 2 : at.y + card.cellHeight / 2;
  return [
    { x: at.x, y: cellEdge },
    { x: at.x, y: gutter },
    { x: edge.x < centre.x ? left : right, y: gutter },
  ];
}
