// One arrow per transfer, from the edge of the cell that sends to the edge of the cell that receives:
// a room follows "a₇ goes to b₇" rather than "GPU-0 talks to GPU-1" (one arrow per block where a
// device sends neighbouring cells to the same cells of another: arrowBlocks.ts), and an arrowhead shows even
// between cards too close for one on their link. The way is the one exported pictures take
// (arrows/arrowRoutes.ts): the link's course where it passes over nothing, else round the cards,
// keeping off names and the cells' expressions; the message then flies along its arrow. Only where
// the cards write their chunks, every transfer of the step is drawn, there are few, and the cards
// stand upright.

import type { Transfer } from '../../../core/schedule';
import { arrowBlocks } from '../arrows/arrowBlocks';
import { ArrowRouter, type ArrowPath } from '../arrows/arrowRoutes';
import { cellBox } from '../arrows/arrowObstacles';
import { cellsUnder, headPolygons, type UnderCell } from '../arrows/arrowUnder';
import { pointAt } from '../arrows/cubic';
import { cellCentre, type DiagramGeometry, type LinkPath } from '../layout/geometry';
import type { Point } from '../layout/layouts';
import { PATH_POINTS } from '../layout/travelPaths';

/** Above this many arrows a step (blocks of transfers), they would be a tangle: the links are lit instead. */
const MAX_CELL_ARROWS = 32;
/** Up to this many arrows, each gets the best way found; more take the first clear one. */
const THOROUGH_ARROWS = 16;
/** The arrows' pen (transfers.css) and head (StepLinks' tip marker), which the router keeps clear of names. */
const PEN = 3;
const HEAD = { length: 11, half: 5.5 };
/** Room between a block's cells and its outline (px). */
const BLOCK_AIR = 2.5;
/** Points read along each curve of an arrow to fly a message along it. */
const SAMPLES = 24;

/** The cells a step's arrows pass beneath, and their heads, which stay whole over a cell. */
export interface Under {
  cells: UnderCell[];
  heads: string[];
}

export interface CellArrow {
  /** SVG path data from the source cell's edge to the destination cell's edge, where the arrowhead's tip is. */
  d: string;
  src: number;
  dst: number;
  /** The receiving cell, the first of `count` where one arrow carries a block of cells (arrowBlocks.ts). */
  chunk: number;
  count: number;
  /**
   * The sending cell, or block of cells, it leaves: outlined, so the room sees which go; an arrow that
   * must pass beneath a neighbouring cell on its way out is then not read as leaving from that one.
   */
  block: { x: number; y: number; width: number; height: number };
  op: Transfer['op'];
  /** The double tree whose link it follows, which gives it its colour; null elsewhere. */
  tree: 'tree0' | 'tree1' | null;
}

/** How a message flies along its arrow: PATH_POINTS points from cell centre to cell centre, and where the arrow starts and ends on them. */
export interface ArrowFlight {
  points: Float32Array;
  leaveAt: number;
  enterAt: number;
}

const f = (n: number) => n.toFixed(1);

function pathData(path: ArrowPath): string {
  const start = path[0][0];
  return `M${f(start.x)},${f(start.y)}` + path.map(([, p1, p2, p3]) => `C${f(p1.x)},${f(p1.y)} ${f(p2.x)},${f(p2.y)} ${f(p3.x)},${f(p3.y)}`).join('');
}

/** The way from the source cell's centre along the arrow to the destination cell's centre, evenly spaced. */
function flightAlong(path: ArrowPath, from: Point, to: Point): ArrowFlight {
  const line: Point[] = [from];
  for (const curve of path) for (let i = 0; i <= SAMPLES; i++) line.push(pointAt(curve, i / SAMPLES));
  line.push(to);
  const at = [0];
  for (let i = 1; i < line.length; i++) at.push(at[i - 1] + Math.hypot(line[i].x - line[i - 1].x, line[i].y - line[i - 1].y));
  const length = at[at.length - 1] || 1;
  const points = new Float32Array(PATH_POINTS * 2);
  let j = 1;
  for (let k = 0; k < PATH_POINTS; k++) {
    const s = (k / (PATH_POINTS - 1)) * length;
    while (j < line.length - 1 && at[j] < s) j++;
    const span = at[j] - at[j - 1] || 1;
    const t = Math.min(1, Math.max(0, (s - at[j - 1]) / span));
    points[2 * k] = line[j - 1].x + (line[j].x - line[j - 1].x) * t;
    points[2 * k + 1] = line[j - 1].y + (line[j].y - line[j - 1].y) * t;
  }
  return { points, leaveAt: at[1] / length, enterAt: at[line.length - 2] / length };
}

/** The box round a block of cells, a few px out (cards here stand upright). */
export function blockRect(geometry: DiagramGeometry, device: number, first: number, count: number): CellArrow['block'] {
  const box = cellBox(geometry, device, first, BLOCK_AIR, count);
  return { x: box.centre.x - box.halfWidth, y: box.centre.y - box.halfHeight, width: 2 * box.halfWidth, height: 2 * box.halfHeight };
}

/**
 * Arrows for the `picked` transfers of a step of `total` transfers, each with the flight of its
 * message, and the cells they pass beneath (arrowUnder.ts); null where cells write no texts, not every transfer is drawn, there are many, or cards are turned.
 */
export function cellArrows(
  geometry: DiagramGeometry,
  picked: readonly Transfer[],
  total: number,
  linkOf: (t: Transfer) => LinkPath | null,
): { arrows: CellArrow[]; flights: ArrowFlight[]; under: Under | null } | null {
  // Cards too small to write their chunks keep the lit links: an arrow hugging each little card's edges
  // reads as an outline, and its way into a cell crosses the card's name.
  if (geometry.card.textSize === 0 || picked.length !== total || geometry.rotations.some((turn) => turn !== 0)) return null;
  const blocks = arrowBlocks(picked, geometry.card, (a, b) => linkOf(a) === linkOf(b));
  if (blocks.length > MAX_CELL_ARROWS) return null;
  const places = geometry.card.bands.reduce((sum, band) => sum + band, 0);
  const router = new ArrowRouter(geometry, places, PEN, HEAD);
  const thorough = blocks.length <= THOROUGH_ARROWS;
  const arrows: CellArrow[] = [];
  const flights: ArrowFlight[] = new Array(picked.length);
  const order = new Map(picked.map((t, i) => [t, i]));
  const paths: ArrowPath[] = [];
  for (const block of blocks) {
    const { src, dst, from, chunk, count } = block;
    const link = linkOf(block.transfers[0]);
    const path = router.route({ src, dst, from, chunk, count }, link, thorough);
    const tree = link?.kind === 'tree0' || link?.kind === 'tree1' ? link.kind : null;
    paths.push(path);
    arrows.push({
      d: pathData(path),
      src,
      dst,
      chunk,
      count,
      op: block.transfers[0].op,
      tree,
      block: blockRect(geometry, src, from, count),
    });
    // Each message of a block flies from its own cell along the block's arrow to its own cell.
    for (const t of block.transfers)
      flights[order.get(t)!] = flightAlong(path, cellCentre(geometry, t.src, t.srcChunk ?? t.chunk), cellCentre(geometry, t.dst, t.chunk));
  }
  const under = cellsUnder(geometry, places, paths);
  return { arrows, flights, under: under.length > 0 ? { cells: under, heads: headPolygons(paths, HEAD) } : null };
}
