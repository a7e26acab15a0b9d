// Where an arrow can only reach its cell over another (a cell in a card's second row, below one in its
// first), it passes beneath that cell: faint there, so the expression it crosses stays legible, and
// whole again past it. The live picture and exported ones mask their arrows by the same cells.

import type { DiagramGeometry } from '../layout/geometry';
import { cellBox } from './arrowObstacles';
import { headTriangle, pointAt, insideBox, type Cubic } from './cubic';

/**
 * How much of an arrow shows where it passes beneath a cell: enough to follow it back to the cell it
 * leaves from the back of a room, little enough that the expression under it still reads.
 */
export const UNDER_OPACITY = 0.45;
/** A point this far inside a cell's edge (px) is beneath it: an arrow that grazes an edge, or ends on it, is not. */
const INSET = 1.5;
/** Points read along each px of an arrow, at least. */
const SPACING = 3;

export interface UnderCell {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The cells any of `paths` passes over, on upright cards (a turned picture draws no cell arrows), once
 * each: the mask that makes those parts faint.
 */
export function cellsUnder(geometry: DiagramGeometry, places: number, paths: readonly (readonly Cubic[])[]): UnderCell[] {
  if (paths.length === 0) return [];
  const { card, centres } = geometry;
  const found = new Set<number>();
  const halfCard = { x: card.width / 2, y: card.height / 2 };
  for (const path of paths) {
    for (const curve of path) {
      const chord = Math.hypot(curve[3].x - curve[0].x, curve[3].y - curve[0].y);
      const count = Math.max(8, Math.ceil((chord * 1.5) / SPACING));
      for (let i = 0; i <= count; i++) {
        const p = pointAt(curve, i / count);
        for (let device = 0; device < centres.length; device++) {
          const c = centres[device];
          if (Math.abs(p.x - c.x) > halfCard.x || Math.abs(p.y - c.y) > halfCard.y) continue;
          for (let place = 0; place < places; place++) {
            if (insideBox(cellBox(geometry, device, place), p, -INSET)) found.add(device * places + place);
          }
        }
      }
    }
  }
  return [...found]
    .sort((a, b) => a - b)
    .map((key) => {
      const box = cellBox(geometry, Math.floor(key / places), key % places);
      return { x: box.centre.x - box.halfWidth, y: box.centre.y - box.halfHeight, width: 2 * box.halfWidth, height: 2 * box.halfHeight };
    });
}

/** The luminance of a cell in the mask: an arrow shows UNDER_OPACITY of itself there. */
export function underFill(): string {
  const level = Math.round(UNDER_OPACITY * 255);
  return `rgb(${level},${level},${level})`;
}

/**
 * Each arrow's head as it is drawn, a little larger, as the points of an SVG polygon: a head is never
 * faint, even where it reaches over the cell beside the one it points at.
 */
export function headPolygons(paths: readonly (readonly Cubic[])[], head: { length: number; half: number }): string[] {
  const f = (n: number) => n.toFixed(1);
  return paths.map((path) =>
    headTriangle(path, head.length + 3.5, head.half + 1.5, 1.5)
      .map((p) => `${f(p.x)},${f(p.y)}`)
      .join(' '),
  );
}
