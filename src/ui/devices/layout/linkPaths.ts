// A layout's link in pixels: from card centre to card centre, straight, through a control point,
// bent sideways, or as an arc out of the top or bottom edge of both cards (see ArcShape); and
// straight links bowed around the cards they would otherwise run under.

import type { CardShape } from '../card/cardShape';
import type { LayoutLink, LinkKind, Point } from './layouts';

export interface LinkPath {
  a: number;
  b: number;
  kind: LinkKind;
  from: Point;
  to: Point;
  /** Control point of the quadratic curve; null for a straight line. */
  control: Point | null;
}

/** What a link needs of the drawing: the card centres and size, unit y to pixels, the drawing's height. */
export interface LinkFrame {
  centres: Point[];
  card: Pick<CardShape, 'width' | 'height'>;
  unitY(y: number): number;
  height: number;
}

/** The control point of a curve bent `amount` px to the left of from→to. */
export function bent(from: Point, to: Point, amount: number): Point {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.hypot(dx, dy) || 1;
  return { x: (from.x + to.x) / 2 - (dy / length) * amount, y: (from.y + to.y) / 2 + (dx / length) * amount };
}

/** Room left between an arc's peak and what it must not touch (px). */
const ARC_CLEARANCE = 4;

export function linkPath(link: LayoutLink, frame: LinkFrame, toPx: (p: Point) => Point): LinkPath {
  const { centres, card } = frame;
  if (link.arc) {
    const up = link.arc.side === 'above' ? -1 : 1;
    const edge = (p: Point): Point => ({ x: p.x, y: p.y + (up * card.height) / 2 });
    const from = edge(centres[link.a]);
    const to = edge(centres[link.b]);
    const start = up < 0 ? Math.min(from.y, to.y) : Math.max(from.y, to.y);
    // Short of the near edge of the row to stay clear of, or of the drawing's edge.
    const limit = link.arc.limit === undefined ? (up < 0 ? 0 : frame.height) : frame.unitY(link.arc.limit) - (up * card.height) / 2;
    const peak = start + (limit - up * ARC_CLEARANCE - start) * link.arc.reach;
    // A quadratic's middle point is halfway between its ends' midpoint and its control point.
    const control = { x: (from.x + to.x) / 2, y: 2 * peak - (from.y + to.y) / 2 };
    return { a: link.a, b: link.b, kind: link.kind, from, to, control };
  }
  const from = centres[link.a];
  const to = centres[link.b];
  const control = link.control ? toPx(link.control) : link.bend ? bent(from, to, link.bend * card.height) : null;
  return { a: link.a, b: link.b, kind: link.kind, from, to, control };
}

/** Bends tried, in card heights, for a straight link that would pass under a card: smallest first. */
const DETOURS = [0.5, -0.5, 1, -1, 1.6, -1.6, 2.4, -2.4];
const SAMPLES = 24;

function crossesCard(path: LinkPath, centres: Point[], card: Pick<CardShape, 'width' | 'height'>): boolean {
  const { from, to, control } = path;
  const c = control ?? { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
  // A link may graze a card's rim; only one that runs well under it would be read as passing through.
  const halfW = card.width / 2 - 2;
  const halfH = card.height / 2 - 2;
  for (let i = 1; i < SAMPLES; i++) {
    const t = i / SAMPLES;
    const u = 1 - t;
    const x = u * u * from.x + 2 * u * t * c.x + t * t * to.x;
    const y = u * u * from.y + 2 * u * t * c.y + t * t * to.y;
    for (let d = 0; d < centres.length; d++) {
      if (d === path.a || d === path.b) continue;
      if (Math.abs(x - centres[d].x) < halfW && Math.abs(y - centres[d].y) < halfH) return true;
    }
  }
  return false;
}

/**
 * Straight links that would run under a card they do not join bow around it, by the smallest bend
 * that clears every card; when none does, they stay straight. For upright cards only.
 */
export function avoidCards(paths: LinkPath[], centres: Point[], card: Pick<CardShape, 'width' | 'height'>): LinkPath[] {
  return paths.map((path) => {
    if (path.control || !crossesCard(path, centres, card)) return path;
    for (const amount of DETOURS) {
      const detour = { ...path, control: bent(path.from, path.to, amount * card.height) };
      if (!crossesCard(detour, centres, card)) return detour;
    }
    return path;
  });
}
