// One arrow per transfer, from the edge of the cell that sends to the edge of the cell that receives,
// along the way its message travels: a room follows "a₇ goes to b₇" rather than "GPU-0 talks to
// GPU-1", and an arrowhead shows even between cards too close for one on their link. Only where the
// cards write their chunks, every transfer of the step is drawn, there are few, and the cards stand upright.

import type { Transfer } from '../../../core/schedule';
import { cellCentre, type DiagramGeometry } from '../layout/geometry';
import type { Point } from '../layout/layouts';
import { PATH_POINTS } from '../layout/travelPaths';
import { gutterWay } from './cardGutters';

/** Above this many transfers a step, arrows per transfer would be a tangle: the links are lit instead. */
const MAX_CELL_ARROWS = 32;

export interface CellArrow {
  /** SVG path data from the source cell's edge to the destination cell's edge, where the arrowhead's tip is. */
  d: string;
  src: number;
  dst: number;
  /** The receiving cell. */
  chunk: number;
  op: Transfer['op'];
  /** The double tree whose link it follows, which gives it its colour; null elsewhere. */
  tree: 'tree0' | 'tree1' | null;
}

interface Box {
  x: number;
  y: number;
  halfW: number;
  halfH: number;
}

function cellBox(geometry: DiagramGeometry, device: number, cell: number): Box {
  const { x, y } = cellCentre(geometry, device, cell);
  return { x, y, halfW: geometry.card.cellWidth / 2 + 1, halfH: geometry.card.cellHeight / 2 + 1 };
}

function inside(box: Box, x: number, y: number): boolean {
  return Math.abs(x - box.x) < box.halfW && Math.abs(y - box.y) < box.halfH;
}

/** Where the segment from `a` (inside `box`) to `b` (outside) crosses its edge, by bisection. */
function edgePoint(box: Box, a: Point, b: Point): Point {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 12; i++) {
    const mid = (lo + hi) / 2;
    if (inside(box, a.x + (b.x - a.x) * mid, a.y + (b.y - a.y) * mid)) lo = mid;
    else hi = mid;
  }
  return { x: a.x + (b.x - a.x) * hi, y: a.y + (b.y - a.y) * hi };
}

function cardBox(geometry: DiagramGeometry, device: number): Box {
  const { x, y } = geometry.centres[device];
  return { x, y, halfW: geometry.card.width / 2 - 0.5, halfH: geometry.card.height / 2 - 0.5 };
}

interface Ends {
  src: number;
  dst: number;
  fromCell: number;
  toCell: number;
}

/**
 * The arrow of one message's way (PATH_POINTS points from `offset` in `paths`), from the sending
 * cell's edge to the receiving cell's, or null where the cells touch. Inside its cards it keeps to the
 * gutters where it leaves or enters by a side (cardGutters.ts).
 */
function arrowOf(geometry: DiagramGeometry, paths: Float32Array, offset: number, ends: Ends): Point[] | null {
  const at = (k: number): Point => ({ x: paths[offset + 2 * k], y: paths[offset + 2 * k + 1] });
  const from = cellBox(geometry, ends.src, ends.fromCell);
  const to = cellBox(geometry, ends.dst, ends.toCell);
  let first = 0;
  while (first < PATH_POINTS && inside(from, at(first).x, at(first).y)) first++;
  let last = PATH_POINTS - 1;
  while (last >= 0 && inside(to, at(last).x, at(last).y)) last--;
  if (first === 0 || last === PATH_POINTS - 1 || first > last) return null;
  // Where the way leaves the source card and enters the destination card.
  const source = cardBox(geometry, ends.src);
  const target = cardBox(geometry, ends.dst);
  let out = first;
  while (out <= last && inside(source, at(out).x, at(out).y)) out++;
  let into = last;
  while (into >= out && inside(target, at(into).x, at(into).y)) into--;
  const across = ends.src !== ends.dst && out <= into;
  const leave = across ? gutterWay(geometry, ends.src, ends.fromCell, at(out)) : null;
  const enter = across ? gutterWay(geometry, ends.dst, ends.toCell, at(into)) : null;
  const points = leave ?? [edgePoint(from, at(first - 1), at(first))];
  for (let k = leave ? out : first; k <= (enter ? into : last); k++) points.push(at(k));
  if (enter) points.push(...enter.reverse());
  else points.push(edgePoint(to, at(last + 1), at(last)));
  return points;
}

function pathData(points: readonly Point[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join('');
}

/**
 * Arrows for the `picked` transfers of a step of `total` transfers, whose ways are `paths`
 * (PATH_POINTS points each); null where cells write no texts, not every transfer is drawn, there are
 * many, or cards are turned.
 */
export function cellArrows(
  geometry: DiagramGeometry,
  picked: readonly Transfer[],
  total: number,
  paths: Float32Array,
  treeOf: (t: Transfer) => CellArrow['tree'],
): CellArrow[] | null {
  // Cards too small to write their chunks keep the lit links: an arrow hugging each little card's edges
  // reads as an outline, and its way into a cell crosses the card's name.
  if (geometry.card.textSize === 0 || picked.length !== total || total > MAX_CELL_ARROWS || geometry.rotations.some((turn) => turn !== 0)) return null;
  const arrows: CellArrow[] = [];
  picked.forEach((t, i) => {
    const ends = { src: t.src, dst: t.dst, fromCell: t.srcChunk ?? t.chunk, toCell: t.chunk };
    const points = arrowOf(geometry, paths, i * PATH_POINTS * 2, ends);
    if (points) arrows.push({ d: pathData(points), src: t.src, dst: t.dst, chunk: t.chunk, op: t.op, tree: treeOf(t) });
  });
  return arrows;
}
