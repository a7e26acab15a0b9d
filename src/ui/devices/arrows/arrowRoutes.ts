// Where an arrow from cell to cell runs, in the live picture (motion/cellArrows.ts) and in exported
// ones (share/transferArrows.ts). One drawn across a card's name hides it, and one across a cell's
// expression hides what the room reads. So an arrow keeps its link's course where that passes over nothing but its own two
// cells' cards; otherwise it finds its own way, out of a side of its source cell and into a side of
// its destination cell, straight or round a corner of either card, whichever costs least
// (arrowPrice.ts: length, bends, and what it passes over).

import { transferCurve, type DiagramGeometry, type LinkPath } from '../layout/geometry';
import type { Point } from '../layout/layouts';
import { GAP, cellBox, type Port } from './arrowObstacles';
import { ArrowPricer, type Ends, type Priced } from './arrowPrice';
import { fromQuadratic, leaveBox, piece, type Cubic } from './cubic';

/** An arrow's course: cubics end to end, meeting smoothly; it ends at its tip. */
export type ArrowPath = readonly Cubic[];

/** Handle lengths tried at a port: shares of the distance to the other end, and a short one (px) for narrow gaps between cards. */
const HANDLES = [0.3, 0.6];
const SHORT_HANDLE = 24;
/** Room round a card's corner where the usual room leaves every way blocked (px). */
const TIGHT_ROUND = 5;
/** Ways ranked best at a glance that are then priced closely; more while all of those cross a title. */
const FINE_WAYS = 6;

interface Way {
  tip: Port;
  rough: Priced;
}

const add = (p: Point, q: Point, k: number) => ({ x: p.x + q.x * k, y: p.y + q.y * k });
const distance = (p: Point, q: Point) => Math.hypot(q.x - p.x, q.y - p.y);
const unit = (p: Point, q: Point) => {
  const d = distance(p, q) || 1;
  return { x: (q.x - p.x) / d, y: (q.y - p.y) / d };
};
const handle = (length: number) => Math.max(6, Math.min(160, length));
const total = (priced: Priced) => priced.shape + priced.penalty;

/** From port `a` to port `b` (each handle along its port's outward direction). */
function direct(a: Port, b: Port, h: number): Cubic {
  return [a.at, add(a.at, a.out, h), add(b.at, b.out, h), b.at];
}

/** Two cubics through `w`, level there with the average of the ways in and out; `short`: with short handles at the ports. */
function via(a: Port, w: Point, b: Port, short: boolean): Cubic[] {
  const tangent = unit({ x: 0, y: 0 }, add(unit(a.at, w), unit(w, b.at), 1));
  const h1 = 0.4 * distance(a.at, w);
  const h2 = 0.4 * distance(w, b.at);
  return [
    [a.at, add(a.at, a.out, short ? SHORT_HANDLE : handle(h1)), add(w, tangent, -h1), w],
    [w, add(w, tangent, h2), add(b.at, b.out, short ? SHORT_HANDLE : handle(h2)), b.at],
  ];
}

export class ArrowRouter {
  private readonly pricer: ArrowPricer;

  constructor(
    private readonly geometry: DiagramGeometry,
    places: number,
    pen: number,
    head: { length: number; half: number },
  ) {
    this.pricer = new ArrowPricer(geometry, places, pen, head);
  }

  /**
   * The way for one transfer along `link`. Not `thorough` (a crowded step: hundreds of arrows on
   * small cards), the link's course is kept wherever it crosses no title, and ways round a corner
   * are tried only where no straight one is clear.
   */
  route(ends: Ends, link: LinkPath | null, thorough: boolean): ArrowPath {
    const path = this.find(ends, link, thorough);
    this.pricer.claim(path);
    return path;
  }

  private find(ends: Ends, link: LinkPath | null, thorough: boolean): ArrowPath {
    const [p0, control, p2] = transferCurve(this.geometry, link, ends.src, ends.dst, ends.chunk, ends.from, ends.count);
    const course = this.pricer.price([this.trimmed(fromQuadratic(p0, control, p2), ends)], ends, { offCentre: 0 });
    if (course.penalty === 0 || (!thorough && !course.blocked)) return course.path;
    const from = this.pricer.ports(ends.src, ends.from, ends.count);
    const to = this.pricer.ports(ends.dst, ends.chunk, ends.count);
    const ways: Way[] = [];
    // Ranked roughly, the best few priced at every few px: a way is never shorter than the
    // straight line through its points, so one longer than the course costs is not priced at all.
    const consider = (path: Cubic[], tip: Port, least: number) => {
      if (least < total(course)) ways.push({ tip, rough: this.pricer.price(path, ends, tip, true) });
    };
    const best = () => {
      ways.sort((a, b) => total(a.rough) - total(b.rough));
      let found = course;
      // A rough look misses a title between its points: past the best few, on until one is clear.
      for (let i = 0; i < ways.length && (i < FINE_WAYS || found.blocked); i++) {
        const fine = this.pricer.price(ways[i].rough.path, ends, ways[i].tip);
        if (total(fine) < total(found)) found = fine;
      }
      return found;
    };
    for (const a of from) {
      for (const b of to) {
        const d = distance(a.at, b.at);
        for (const h of [SHORT_HANDLE, ...HANDLES.map((share) => handle(share * d))]) consider([direct(a, b, h)], b, d);
      }
    }
    const straight = best();
    if (straight.penalty === 0 || (!thorough && !straight.blocked)) return straight.path;
    const cards = [ends.dst, ...(ends.src === ends.dst ? [] : [ends.src])];
    // Round a corner, from and to the middles of sides only: the corner gives the way its room.
    const middles = (ports: Port[]) => ports.filter((port) => port.offCentre === 0);
    const round = (corners: Point[]) => {
      for (const a of middles(from)) {
        for (const b of middles(to)) {
          for (const w of corners) for (const short of [false, true]) consider(via(a, w, b, short), b, distance(a.at, w) + distance(w, b.at));
        }
      }
      return best();
    };
    const rounded = round(cards.flatMap((device) => this.pricer.corners(device)));
    // Cards packed close leave narrow gaps: closer round their corners.
    return (rounded.blocked ? round(cards.flatMap((device) => this.pricer.corners(device, TIGHT_ROUND))) : rounded).path;
  }

  /** The course from the edge of one cell to the edge of the other, as the live picture flies it. */
  private trimmed(course: Cubic, { src, dst, from, chunk, count }: Ends): Cubic {
    let t0 = leaveBox(course, cellBox(this.geometry, src, from, GAP, count), 0);
    let t1 = leaveBox(course, cellBox(this.geometry, dst, chunk, GAP, count), 1);
    // Cells that touch or overlap leave no room outside them: the arrow then runs centre to centre.
    if (t1 - t0 < 0.05) [t0, t1] = [0, 1];
    return piece(course, t0, t1);
  }
}
