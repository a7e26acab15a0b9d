// How an arrow leaves a card by its side without crossing the expressions of the cells beside its
// own: from its cell straight up or down into the gutter between two rows of cells (or the card's
// bottom margin, never through the header with the GPU's name), then along that gutter to the edge.

import { cellGridPlace } from '../card/cardShape';
import { cellCentre, type DiagramGeometry } from '../layout/geometry';
import type { Point } from '../layout/layouts';

/**
 * The way from cell `cell` of an upright card to `edge`, a point where its message's way leaves the
 * card by its left or right side: the cell's edge, the gutter, the card's side. Null where `edge` is on
 * the card's top or bottom, where a straight way serves.
 */
export function gutterWay(geometry: DiagramGeometry, device: number, cell: number, edge: Point): Point[] | null {
  const { card } = geometry;
  const centre = geometry.centres[device];
  const left = centre.x - card.width / 2;
  const right = centre.x + card.width / 2;
  const top = centre.y - card.height / 2;
  const bottom = centre.y + card.height / 2;
  // On the top or bottom edge, or beyond a corner: not a way out by the side.
  if (edge.x > left + 1 && edge.x < right - 1) return null;
  const { row } = cellGridPlace(card, cell);
  const rowTop = top + card.header + card.pad + row * (card.cellHeight + card.gap);
  const below = row < card.rows - 1 ? rowTop + card.cellHeight + card.gap / 2 : bottom - card.pad / 2;
  const above = row > 0 ? rowTop - card.gap / 2 : null;
  const gutter = above !== null && Math.abs(above - edge.y) < Math.abs(below - edge.y) ? above : below;
  const at = cellCentre(geometry, device, cell);
  const cellEdge = gutter < at.y ? at.y - card.cellHeight / 2 : at.y + card.cellHeight / 2;
  return [
    { x: at.x, y: cellEdge },
    { x: at.x, y: gutter },
    { x: edge.x < centre.x ? left : right, y: gutter },
  ];
}
