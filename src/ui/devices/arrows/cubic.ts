// Cubic Bézier curves as exported arrows are drawn: a point at t, its direction, the piece between two
// parameters, a link's quadratic written as a cubic, and turned boxes (cells, cards, titles) with
// where a curve leaves one around one of its ends.

import type { Point } from '../layout/layouts';

export type Cubic = readonly [Point, Point, Point, Point];

export function pointAt([p0, p1, p2, p3]: Cubic, t: number): Point {
  const u = 1 - t;
  const [a, b, c, d] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
  return { x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y };
}

/** The unit tangent at t, pointing along the curve's direction of travel. */
export function directionAt(curve: Cubic, t: number): Point {
  const [p0, p1, p2, p3] = curve;
  const u = 1 - t;
  let dx = 3 * u * u * (p1.x - p0.x) + 6 * u * t * (p2.x - p1.x) + 3 * t * t * (p3.x - p2.x);
  let dy = 3 * u * u * (p1.y - p0.y) + 6 * u * t * (p2.y - p1.y) + 3 * t * t * (p3.y - p2.y);
  // A control point on an end leaves that end's tangent zero: the chord gives the direction then.
  if (Math.hypot(dx, dy) < 1e-9) [dx, dy] = [p3.x - p0.x, p3.y - p0.y];
  const length = Math.hypot(dx, dy) || 1;
  return { x: dx / length, y: dy / length };
}

/** The curve's blossom at (a, b, c): its control points are (0,0,0), (0,0,1), (0,1,1), (1,1,1). */
function blossom(curve: Cubic, a: number, b: number, c: number): Point {
  const lerp = (p: Point, q: Point, t: number) => ({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t });
  const [p0, p1, p2, p3] = curve;
  const first = [lerp(p0, p1, a), lerp(p1, p2, a), lerp(p2, p3, a)];
  const second = [lerp(first[0], first[1], b), lerp(first[1], first[2], b)];
  return lerp(second[0], second[1], c);
}

/** The same curve between parameters a < b, itself a cubic. */
export function piece(curve: Cubic, a: number, b: number): Cubic {
  return [blossom(curve, a, a, a), blossom(curve, a, a, b), blossom(curve, a, b, b), blossom(curve, b, b, b)];
}

/** A quadratic (a link's curve) as the cubic that draws it. */
export function fromQuadratic(p0: Point, control: Point, p2: Point): Cubic {
  const toward = (p: Point) => ({ x: p.x + (2 / 3) * (control.x - p.x), y: p.y + (2 / 3) * (control.y - p.y) });
  return [p0, toward(p0), toward(p2), p2];
}

/** A box centred on `centre`, of half sizes `halfWidth` × `halfHeight`, turned `turnDeg` clockwise. */
export interface TurnedBox {
  centre: Point;
  halfWidth: number;
  halfHeight: number;
  turnDeg: number;
}

export function insideBox(box: TurnedBox, p: Point, grow = 0): boolean {
  const dx = p.x - box.centre.x;
  const dy = p.y - box.centre.y;
  // Most cards stand upright: no turn to undo.
  if (box.turnDeg === 0) return Math.abs(dx) <= box.halfWidth + grow && Math.abs(dy) <= box.halfHeight + grow;
  const turn = (box.turnDeg * Math.PI) / 180;
  const along = dx * Math.cos(turn) + dy * Math.sin(turn);
  const across = -dx * Math.sin(turn) + dy * Math.cos(turn);
  return Math.abs(along) <= box.halfWidth + grow && Math.abs(across) <= box.halfHeight + grow;
}

// A box is convex and a link's curve bends gently: it leaves a box once, so coarse steps find the
// crossing and halving pins it down.
const SAMPLES = 16;
const REFINE = 14;

/**
 * Where the curve crosses the edge of `box`, searching from the end at `from` (0 or 1) towards the
 * other: the first parameter outside the box, or `from` when that end is not inside it.
 */
export function leaveBox(curve: Cubic, box: TurnedBox, from: 0 | 1): number {
  const at = (i: number) => (from === 0 ? i / SAMPLES : 1 - i / SAMPLES);
  if (!insideBox(box, pointAt(curve, from))) return from;
  let inside = from as number;
  for (let i = 1; i <= SAMPLES; i++) {
    const t = at(i);
    if (!insideBox(box, pointAt(curve, t))) {
      let outside = t;
      for (let k = 0; k < REFINE; k++) {
        const middle = (inside + outside) / 2;
        if (insideBox(box, pointAt(curve, middle))) inside = middle;
        else outside = middle;
      }
      return outside;
    }
    inside = t;
  }
  return 1 - from;
}

/** The parameter before `t` (towards 0) whose point lies `distance` px from the point at `t`. */
export function backFrom(curve: Cubic, t: number, distance: number): number {
  const end = pointAt(curve, t);
  let near = t;
  let far = 0;
  if (Math.hypot(pointAt(curve, 0).x - end.x, pointAt(curve, 0).y - end.y) <= distance) return 0;
  for (let k = 0; k < 24; k++) {
    const middle = (near + far) / 2;
    const p = pointAt(curve, middle);
    if (Math.hypot(p.x - end.x, p.y - end.y) < distance) near = middle;
    else far = middle;
  }
  return (near + far) / 2;
}

/**
 * An arrowhead at the end of `path` (cubics end to end): its tip `reach` px past the path's end along
 * its last direction, and the two corners of its base, `length` back from the tip and `half` either side.
 */
export function headTriangle(path: readonly Cubic[], length: number, half: number, reach = 0): readonly [Point, Point, Point] {
  const last = path[path.length - 1];
  const d = directionAt(last, 1);
  const tip = { x: last[3].x + d.x * reach, y: last[3].y + d.y * reach };
  const base = { x: tip.x - d.x * length, y: tip.y - d.y * length };
  return [tip, { x: base.x - d.y * half, y: base.y + d.x * half }, { x: base.x + d.y * half, y: base.y - d.x * half }];
}
