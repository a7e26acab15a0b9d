// What a way for an arrow costs: its length and its bends (tight ones dearest), plus a price for each
// pixel it runs over a cell that is not one of its ends (dearer where cells write their expressions)
// or over a third card, or along an arrow already drawn, and one no
// detour is ever dearer than for each pixel over a card's title or off the picture. Its head is
// priced with it where it ends the way.

import type { DiagramGeometry } from '../layout/geometry';
import type { Point } from '../layout/layouts';
import { cardObstacles, cellsOf, nameObstacles, overlaps, portsOf, type Bounds, type CardObstacles, type Placed, type Port } from './arrowObstacles';
import { directionAt, insideBox, pointAt, type Cubic, type TurnedBox } from './cubic';

/**
 * Costs per px: over a title or off the picture; over a cell that is not an end; over a cell that
 * writes its expression, on any card (a way over the notation dims it, though the arrow passes beneath
 * it faint, arrowUnder.ts: a short way under one cell reads better than a long one round the card);
 * over a third card's cells, dearer still: a way under them reads as that device taking part; over a third card.
 */
const OVER_TITLE = 1000;
const OVER_CELL = 1.2;
const OVER_TEXT = 5;
/** Over a cell of a card that is neither end: the room reads that device as taking part. */
const OVER_THIRD_TEXT = 15;
const OVER_CARD = 0.8;
/**
 * Cost per px of running along an arrow already drawn this step, closer than ALONG_ROOM px: two
 * arrows on one line read as one with a head at each end (two devices swapping halves). Crossing
 * one costs only the few px of the crossing.
 */
const ALONG = 6;
const ALONG_ROOM = 9;
/** Cost of a tip off the middle of its cell's side, per px: a head in the middle reads best. */
const OFF_CENTRE = 0.5;
/**
 * Cost of turning, per radian, and of turning sharply (per radian² over each px of the turn): a way
 * that winds, or turns on the spot, reads worse than a longer smooth one.
 */
const BEND = 8;
const SHARP = 1500;
/** Room kept round a card's corner (px). */
const ROUND = 14;

export interface Ends {
  src: number;
  dst: number;
  /** Source and destination cells (places). */
  from: number;
  chunk: number;
  /** Places from each in one arrow (arrowBlocks.ts); 1 when absent. */
  count?: number;
}

export interface Priced {
  path: readonly Cubic[];
  /** Length and bends. */
  shape: number;
  /** What it passes over: 0 for a way over nothing but its own cards' insides. */
  penalty: number;
  /** Whether it crosses a title or leaves the picture. */
  blocked: boolean;
}

const distance = (p: Point, q: Point) => Math.hypot(q.x - p.x, q.y - p.y);
const add = (p: Point, q: Point, k: number) => ({ x: p.x + q.x * k, y: p.y + q.y * k });

/** The turn at `b` between the lines a–b and b–c (radians). */
function turnAt(a: Point, b: Point, c: Point): number {
  const turn = Math.atan2(c.y - b.y, c.x - b.x) - Math.atan2(b.y - a.y, b.x - a.x);
  return Math.abs(Math.atan2(Math.sin(turn), Math.cos(turn)));
}

export class ArrowPricer {
  private readonly obstacles: CardObstacles[];
  private readonly names: Placed[];
  /** Points of the arrows drawn so far, by square of ALONG_ROOM px. */
  private readonly drawn = new Map<number, Point[]>();

  /** `places`: cells per card; `pen`: the shafts' width; `head`: the heads' length and half width. */
  constructor(
    private readonly geometry: DiagramGeometry,
    private readonly places: number,
    private readonly pen: number,
    private readonly head: { length: number; half: number },
  ) {
    this.obstacles = cardObstacles(geometry);
    this.names = nameObstacles(geometry);
  }

  /** Notes an arrow as drawn: later ways pay for running along it. */
  claim(path: readonly Cubic[]): void {
    for (const p of sampled(path, false).points) {
      const key = squareOf(p.x, p.y);
      const list = this.drawn.get(key);
      if (list) list.push(p);
      else this.drawn.set(key, [p]);
    }
  }

  /** Whether `p` lies within ALONG_ROOM px of an arrow drawn before. */
  private alongDrawn(p: Point): boolean {
    const cx = Math.floor(p.x / ALONG_ROOM);
    const cy = Math.floor(p.y / ALONG_ROOM);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const list = this.drawn.get(squareKey(cx + dx, cy + dy));
        if (list?.some((q) => Math.hypot(q.x - p.x, q.y - p.y) < ALONG_ROOM)) return true;
      }
    }
    return false;
  }

  ports(device: number, chunk: number, count = 1): Port[] {
    return portsOf(this.geometry, device, chunk, count);
  }

  /** Points round a card: its corners and the middles of its sides, `round` px out. */
  corners(device: number, round = ROUND): Point[] {
    const { box } = this.obstacles[device].card;
    const turn = (box.turnDeg * Math.PI) / 180;
    const points: Point[] = [];
    for (const [sx, sy] of [
      [-1, -1],
      [0, -1],
      [1, -1],
      [1, 0],
      [1, 1],
      [0, 1],
      [-1, 1],
      [-1, 0],
    ]) {
      const x = sx * (box.halfWidth + round);
      const y = sy * (box.halfHeight + round);
      points.push({ x: box.centre.x + x * Math.cos(turn) - y * Math.sin(turn), y: box.centre.y + x * Math.sin(turn) + y * Math.cos(turn) });
    }
    return points;
  }

  /**
   * The cost of `path`; with `tip` (a port, or where it is off the middle of its side), it ends there
   * with a head. `rough`: read at a few points only, enough to rank ways (a title between two points
   * is missed).
   */
  price(path: readonly Cubic[], ends: Ends, tip: Pick<Port, 'offCentre'> | null, rough = false): Priced {
    const { points, steps, spacing } = sampled(path, rough);
    let shape = tip ? OFF_CENTRE * tip.offCentre : 0;
    for (let i = 1; i < points.length; i++) {
      shape += steps[i];
      if (i < 2) continue;
      const turn = turnAt(points[i - 2], points[i - 1], points[i]);
      shape += BEND * turn + (SHARP * turn * turn) / Math.max(1, steps[i - 1]);
    }
    const corners: Point[] = [];
    if (tip) {
      const last = path[path.length - 1];
      const back = directionAt(last, 1);
      const base = add(last[3], back, -this.head.length);
      corners.push(add(base, { x: -back.y, y: back.x }, this.head.half), add(base, { x: back.y, y: -back.x }, this.head.half));
    }
    // A title is kept clear of the whole stroke, whatever falls between two samples (a rough look
    // takes its few points as they are: it would find every narrow way blocked).
    const grow = (rough ? 0 : spacing / 2) + this.pen / 2 + 1;
    const bounds: Bounds = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
    let blocked = 0;
    const { width, height } = this.geometry.size;
    for (const p of [...points, ...corners]) {
      bounds.left = Math.min(bounds.left, p.x - grow);
      bounds.top = Math.min(bounds.top, p.y - grow);
      bounds.right = Math.max(bounds.right, p.x + grow);
      bounds.bottom = Math.max(bounds.bottom, p.y + grow);
      if (p.x < 0 || p.y < 0 || p.x > width || p.y > height) blocked += spacing;
    }
    // A root's name among the cards is kept clear as a card's title is.
    const names = this.names.filter((name) => overlaps(name.bounds, bounds)).map((name) => name.box);
    if (names.length > 0) for (let i = 0; i < points.length; i++) if (insideAny(names, points[i], grow)) blocked += Math.max(steps[i], 1);
    let penalty = 0;
    if (this.drawn.size > 0) for (let i = 1; i < points.length; i++) if (this.alongDrawn(points[i])) penalty += ALONG * steps[i];
    const texts = this.geometry.card.textSize > 0;
    const overCell = texts ? OVER_TEXT : OVER_CELL;
    for (let device = 0; device < this.obstacles.length; device++) {
      const card = this.obstacles[device];
      if (!overlaps(card.card.bounds, bounds)) continue;
      const own = device === ends.src || device === ends.dst;
      const titles = card.titles.filter((title) => overlaps(title.bounds, bounds)).map((title) => title.box);
      const cells = own || texts ? cellsOf(this.obstacles, this.geometry, device, this.places).filter((cell) => overlaps(cell.bounds, bounds)) : [];
      // A head over a neighbouring cell hides its edge; over a title, the name.
      for (const p of corners) {
        if (insideAny(titles, p, 1)) blocked += this.head.length;
        else if (cells.some((cell) => insideBox(cell.box, p))) penalty += overCell * this.head.length;
      }
      for (let i = 0; i < points.length; i++) {
        const p = points[i];
        if (insideAny(titles, p, grow)) blocked += Math.max(steps[i], 1);
        else if (cells.length > 0 && cells.some((cell) => insideBox(cell.box, p))) penalty += (own || !texts ? overCell : OVER_THIRD_TEXT) * steps[i];
        else if (!own && insideBox(card.card.box, p)) penalty += OVER_CARD * steps[i];
      }
    }
    return { path, shape, penalty: penalty + OVER_TITLE * blocked, blocked: blocked > 0 };
  }
}

const squareKey = (x: number, y: number) => (x + 4096) * 8192 + (y + 4096);
const squareOf = (x: number, y: number) => squareKey(Math.floor(x / ALONG_ROOM), Math.floor(y / ALONG_ROOM));

function insideAny(boxes: readonly TurnedBox[], p: Point, grow: number): boolean {
  for (const box of boxes) if (insideBox(box, p, grow)) return true;
  return false;
}

/** Points along the path, the distance to each from the one before, and the longest of those. */
function sampled(path: readonly Cubic[], rough: boolean): { points: Point[]; steps: number[]; spacing: number } {
  const points: Point[] = [path[0][0]];
  for (const curve of path) {
    const chord = distance(curve[0], curve[3]);
    const count = rough ? Math.max(3, Math.min(12, Math.ceil(chord / 10))) : Math.max(6, Math.min(40, Math.ceil(chord / 4)));
    for (let i = 1; i <= count; i++) points.push(pointAt(curve, i / count));
  }
  const steps = [0];
  let spacing = 0;
  for (let i = 1; i < points.length; i++) {
    steps.push(distance(points[i - 1], points[i]));
    spacing = Math.max(spacing, steps[i]);
  }
  return { points, steps, spacing };
}
