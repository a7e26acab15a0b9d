// One arrow per transfer, from the edge of the cell that sends to the edge of the cell that receives,
// along the way its message travels: a room follows "a₇ goes to b₇" rather than "GPU-0 talks to
// GPU-1", and an arrowhead shows even between cards too close for one on their link. Only where every
// transfer of the step is drawn, there are few, and the cards stand upright.

import type { Transfer } from '../../../core/schedule';
import { cellCentre, type DiagramGeometry } from '../layout/geometry';
import type { Point } from '../layout/layouts';
import { PATH_POINTS } from '../layout/travelPaths';

/** Above this many transfers a step, arrows per transfer would be a tangle: the links are lit instead. */
const MAX_CELL_ARROWS = 32;

export interface CellArrow {
  /** SVG path data from the source cell's edge to the destination cell's edge, less the arrowhead. */
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

/** The polyline `points` shortened by `length` px at its end (room for the arrowhead that follows it). */
function shortened(points: Point[], length: number): Point[] {
  let left = length;
  const out = [...points];
  while (out.length > 1) {
    const end = out[out.length - 1];
    const before = out[out.length - 2];
    const piece = Math.hypot(end.x - before.x, end.y - before.y);
    if (piece > left) {
      const keep = (piece - left) / piece;
      out[out.length - 1] = { x: before.x + (end.x - before.x) * keep, y: before.y + (end.y - before.y) * keep };
      return out;
    }
    left -= piece;
    out.pop();
  }
  return out;
}

/** The arrow of one message's way (PATH_POINTS points from `offset` in `paths`), or null where the cells touch. */
function arrowOf(paths: Float32Array, offset: number, from: Box, to: Box, head: number): Point[] | null {
  const at = (k: number): Point => ({ x: paths[offset + 2 * k], y: paths[offset + 2 * k + 1] });
  let first = 0;
  while (first < PATH_POINTS && inside(from, at(first).x, at(first).y)) first++;
  let last = PATH_POINTS - 1;
  while (last >= 0 && inside(to, at(last).x, at(last).y)) last--;
  if (first === 0 || last === PATH_POINTS - 1 || first > last) return null;
  const points = [edgePoint(from, at(first - 1), at(first))];
  for (let k = first; k <= last; k++) points.push(at(k));
  points.push(edgePoint(to, at(last + 1), at(last)));
  const kept = shortened(points, head);
  return kept.length > 1 ? kept : null;
}

function pathData(points: readonly Point[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join('');
}

/**
 * Arrows for the `picked` transfers of a step of `total` transfers, whose ways are `paths`
 * (PATH_POINTS points each); null where not every transfer is drawn, there are many, or cards are turned.
 */
export function cellArrows(
  geometry: DiagramGeometry,
  picked: readonly Transfer[],
  total: number,
  paths: Float32Array,
  treeOf: (t: Transfer) => CellArrow['tree'],
  head: number,
): CellArrow[] | null {
  if (picked.length !== total || total > MAX_CELL_ARROWS || geometry.rotations.some((turn) => turn !== 0)) return null;
  const arrows: CellArrow[] = [];
  picked.forEach((t, i) => {
    const from = cellBox(geometry, t.src, t.srcChunk ?? t.chunk);
    const to = cellBox(geometry, t.dst, t.chunk);
    const points = arrowOf(paths, i * PATH_POINTS * 2, from, to, head);
    if (points) arrows.push({ d: pathData(points), src: t.src, dst: t.dst, chunk: t.chunk, op: t.op, tree: treeOf(t) });
  });
  return arrows;
}
