// Where a drawn link can be seen and how a message follows it. Links run from card centre to card
// centre under the cards; what shows is the part between the two cards' edges. A message leaves its
// cell, reaches its card's edge where the link does, follows the link to the other card's edge and
// goes into the destination cell.

import { cellCentre, type DiagramGeometry, type LinkPath } from './geometry';
import type { Point } from './layouts';

/** Points of a travel path, evenly spaced along it. */
export const PATH_POINTS = 48;
const SEARCH_SAMPLES = 48;

/** The point at `t` ∈ [0, 1] of a link, from `from` to `to`. */
export function pointOnLink(link: Pick<LinkPath, 'from' | 'to' | 'control'>, t: number): Point {
  const { from, to, control } = link;
  const u = 1 - t;
  if (!control) return { x: u * from.x + t * to.x, y: u * from.y + t * to.y };
  return { x: u * u * from.x + 2 * u * t * control.x + t * t * to.x, y: u * u * from.y + 2 * u * t * control.y + t * t * to.y };
}

/** True when `p` lies inside device `device`'s card (its turn included), `inset` px in from the edge. */
function insideCard(geometry: DiagramGeometry, device: number, p: Point, inset = 0.5): boolean {
  const { card, centres, rotations } = geometry;
  const c = centres[device];
  const turn = (-rotations[device] * Math.PI) / 180;
  const dx = p.x - c.x;
  const dy = p.y - c.y;
  const x = dx * Math.cos(turn) - dy * Math.sin(turn);
  const y = dx * Math.sin(turn) + dy * Math.cos(turn);
  return Math.abs(x) < card.width / 2 - inset && Math.abs(y) < card.height / 2 - inset;
}

/** The t where the link crosses a card's edge between `inT` (inside) and `outT` (outside), by bisection. */
function edgeT(geometry: DiagramGeometry, link: LinkPath, device: number, inT: number, outT: number): number {
  for (let i = 0; i < 14; i++) {
    const mid = (inT + outT) / 2;
    if (insideCard(geometry, device, pointOnLink(link, mid))) inT = mid;
    else outT = mid;
  }
  return outT;
}

const spans = new WeakMap<LinkPath, [number, number]>();

/**
 * The part of a link outside both its cards, as [t0, t1] with t0 < t1: where it leaves a's card and
 * enters b's. Remembered per link: a geometry's links are made once for its cards.
 */
export function visibleSpan(geometry: DiagramGeometry, link: LinkPath): [number, number] {
  let span = spans.get(link);
  if (!span) {
    span = findSpan(geometry, link);
    spans.set(link, span);
  }
  return span;
}

function findSpan(geometry: DiagramGeometry, link: LinkPath): [number, number] {
  let t0 = 0;
  let t1 = 1;
  for (let i = 0; i <= SEARCH_SAMPLES; i++) {
    const t = i / SEARCH_SAMPLES;
    if (!insideCard(geometry, link.a, pointOnLink(link, t))) {
      t0 = i === 0 ? 0 : edgeT(geometry, link, link.a, (i - 1) / SEARCH_SAMPLES, t);
      break;
    }
  }
  for (let i = SEARCH_SAMPLES; i >= 0; i--) {
    const t = i / SEARCH_SAMPLES;
    if (!insideCard(geometry, link.b, pointOnLink(link, t))) {
      t1 = i === SEARCH_SAMPLES ? 1 : edgeT(geometry, link, link.b, (i + 1) / SEARCH_SAMPLES, t);
      break;
    }
  }
  // Cards that overlap the whole link leave nothing to see; keep the whole link then.
  return t0 < t1 ? [t0, t1] : [0, 1];
}

/** The piece [t0, t1] of a link as a curve of the same kind (a quadratic's piece is a quadratic). */
export function linkPiece(link: LinkPath, t0: number, t1: number): { from: Point; to: Point; control: Point | null } {
  const from = pointOnLink(link, t0);
  const to = pointOnLink(link, t1);
  if (!link.control) return { from, to, control: null };
  // The control point of the piece: where the tangents at its two ends meet (blossom of t0, t1).
  const { from: p0, control: p1, to: p2 } = { from: link.from, control: link.control, to: link.to };
  const blossom = (a: number, b: number) => (1 - a) * (1 - b);
  const mixed = (a: number, b: number) => (1 - a) * b + a * (1 - b);
  const control = {
    x: blossom(t0, t1) * p0.x + mixed(t0, t1) * p1.x + t0 * t1 * p2.x,
    y: blossom(t0, t1) * p0.y + mixed(t0, t1) * p1.y + t0 * t1 * p2.y,
  };
  return { from, to, control };
}

/** Length of a curve, from a polyline of its points (close enough for spacing marks). */
export function curveLength(curve: { from: Point; to: Point; control: Point | null }): number {
  if (!curve.control) return Math.hypot(curve.to.x - curve.from.x, curve.to.y - curve.from.y);
  let length = 0;
  let last = curve.from;
  for (let i = 1; i <= 16; i++) {
    const p = pointOnLink(curve, i / 16);
    length += Math.hypot(p.x - last.x, p.y - last.y);
    last = p;
  }
  return length;
}

/** SVG path data of a curve. */
export function curvePath(curve: { from: Point; to: Point; control: Point | null }): string {
  const { from, to, control } = curve;
  const f = (p: Point) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`;
  return control ? `M${f(from)}Q${f(control)} ${f(to)}` : `M${f(from)}L${f(to)}`;
}

/** `points` (x, y pairs) resampled to `count` points evenly spaced along the polyline. */
export function resample(points: readonly number[], count: number): Float32Array {
  const n = points.length / 2;
  const along = new Float64Array(n);
  for (let i = 1; i < n; i++) along[i] = along[i - 1] + Math.hypot(points[2 * i] - points[2 * i - 2], points[2 * i + 1] - points[2 * i - 1]);
  const total = along[n - 1];
  const out = new Float32Array(count * 2);
  let j = 0;
  for (let k = 0; k < count; k++) {
    const target = count === 1 ? 0 : (total * k) / (count - 1);
    while (j < n - 2 && along[j + 1] < target) j++;
    const span = along[j + 1] - along[j];
    const f = n === 1 || span <= 0 ? 0 : Math.min(1, Math.max(0, (target - along[j]) / span));
    const at = Math.min(j + 1, n - 1);
    out[2 * k] = points[2 * j] + f * (points[2 * at] - points[2 * j]);
    out[2 * k + 1] = points[2 * j + 1] + f * (points[2 * at + 1] - points[2 * j + 1]);
  }
  return out;
}

export interface TravelPath {
  /** PATH_POINTS (x, y) points, evenly spaced from the source cell to the destination cell. */
  points: Float32Array;
  /** Shares of the path's length at which it leaves the source card and enters the destination card. */
  leaveAt: number;
  enterAt: number;
}

function lengthTo(points: readonly number[], end: number): number {
  let length = 0;
  for (let i = 1; i <= end; i++) length += Math.hypot(points[2 * i] - points[2 * i - 2], points[2 * i + 1] - points[2 * i - 1]);
  return length;
}

/**
 * The path a message from `src` to `dst` travels: along `link` when there is one, `lane` px to the
 * left of travel in its middle (so two directions of a pair pass each other); without a link, a curve
 * bowed to the left straight from cell to cell (a local copy or reduce: within one card). It leaves
 * cell `fromChunk` and lands in cell `chunk`.
 */
export function travelPath(geometry: DiagramGeometry, link: LinkPath | null, src: number, dst: number, chunk: number, lane = 0, fromChunk = chunk): TravelPath {
  const start = cellCentre(geometry, src, fromChunk);
  const end = cellCentre(geometry, dst, chunk);
  const points: number[] = [start.x, start.y];
  const on: Point[] = [];
  if (link) {
    const [t0, t1] = visibleSpan(geometry, link);
    const [leave, enter] = link.a === src ? [t0, t1] : [t1, t0];
    for (let i = 0; i <= SEARCH_SAMPLES; i++) on.push(pointOnLink(link, leave + ((enter - leave) * i) / SEARCH_SAMPLES));
  } else {
    const dx = end.x - start.x;
    const dy = end.y - start.y;
    const control = { x: (start.x + end.x) / 2 + dy * 0.12, y: (start.y + end.y) / 2 - dx * 0.12 };
    for (let i = 1; i < SEARCH_SAMPLES; i++) on.push(pointOnLink({ from: start, to: end, control }, i / SEARCH_SAMPLES));
  }
  for (let i = 0; i < on.length; i++) {
    const p = on[i];
    let { x, y } = p;
    if (lane !== 0 && on.length > 2) {
      const a = on[Math.max(0, i - 1)];
      const b = on[Math.min(on.length - 1, i + 1)];
      const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const shift = lane * Math.sin((Math.PI * i) / (on.length - 1));
      // Left of travel on a screen whose y grows downward.
      x += ((b.y - a.y) / length) * shift;
      y -= ((b.x - a.x) / length) * shift;
    }
    points.push(x, y);
  }
  points.push(end.x, end.y);
  const total = lengthTo(points, points.length / 2 - 1) || 1;
  return {
    points: resample(points, PATH_POINTS),
    leaveAt: link ? lengthTo(points, 1) / total : 0,
    enterAt: link ? lengthTo(points, on.length) / total : 1,
  };
}
