// Quadratic Bézier curves as the devices picture draws links and transfers: a point at t, its
// direction, the piece between two parameters, and where a curve leaves a box around one of its ends.

import type { Point } from '../devices/layout/layouts';

export type Quadratic = readonly [Point, Point, Point];

export function pointAt([p0, p1, p2]: Quadratic, t: number): Point {
  const u = 1 - t;
  return { x: u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x, y: u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y };
}

/** The unit tangent at t, pointing along the curve's direction of travel. */
export function directionAt([p0, p1, p2]: Quadratic, t: number): Point {
  let dx = 2 * (1 - t) * (p1.x - p0.x) + 2 * t * (p2.x - p1.x);
  let dy = 2 * (1 - t) * (p1.y - p0.y) + 2 * t * (p2.y - p1.y);
  // A control point on an end leaves that end's tangent zero: the chord gives the direction then.
  if (Math.hypot(dx, dy) < 1e-9) [dx, dy] = [p2.x - p0.x, p2.y - p0.y];
  const length = Math.hypot(dx, dy) || 1;
  return { x: dx / length, y: dy / length };
}

/** The same curve between parameters a < b, itself a quadratic (its blossom at (a,a), (a,b), (b,b)). */
export function piece(curve: Quadratic, a: number, b: number): Quadratic {
  const [p0, p1, p2] = curve;
  const w0 = (1 - a) * (1 - b);
  const w1 = a * (1 - b) + b * (1 - a);
  const w2 = a * b;
  const control = { x: w0 * p0.x + w1 * p1.x + w2 * p2.x, y: w0 * p0.y + w1 * p1.y + w2 * p2.y };
  return [pointAt(curve, a), control, pointAt(curve, b)];
}

/** A box centred on `centre`, of half sizes `halfWidth` × `halfHeight`, turned `turnDeg` clockwise. */
export interface TurnedBox {
  centre: Point;
  halfWidth: number;
  halfHeight: number;
  turnDeg: number;
}

export function insideBox(box: TurnedBox, p: Point): boolean {
  const turn = (box.turnDeg * Math.PI) / 180;
  const dx = p.x - box.centre.x;
  const dy = p.y - box.centre.y;
  const along = dx * Math.cos(turn) + dy * Math.sin(turn);
  const across = -dx * Math.sin(turn) + dy * Math.cos(turn);
  return Math.abs(along) <= box.halfWidth && Math.abs(across) <= box.halfHeight;
}

// A box is convex and a transfer's curve bends gently: it leaves a box once, so coarse steps find
// the crossing and halving pins it down.
const SAMPLES = 16;
const REFINE = 14;

/**
 * Where the curve crosses the edge of `box`, searching from the end at `from` (0 or 1) towards the
 * other: the first parameter outside the box, or `from` when that end is not inside it.
 */
export function leaveBox(curve: Quadratic, box: TurnedBox, from: 0 | 1): number {
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
export function backFrom(curve: Quadratic, t: number, distance: number): number {
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
