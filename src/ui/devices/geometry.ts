// From a layout in the unit square to pixels: card size (see cardFit.ts), where each card and chunk
// cell sits and how it is turned, the links' curves, the node boxes and the names around a ring.

import type { CardContent, CardShape } from './cardShape';
import { chooseFit, GROUP_SIDE, GROUP_TOP, groupBottom } from './cardFit';
import type { DeviceLayout, LinkKind, Point } from './layouts';

export interface Size {
  width: number;
  height: number;
}

export interface LinkPath {
  a: number;
  b: number;
  kind: LinkKind;
  from: Point;
  to: Point;
  /** Control point of the quadratic curve; null for a straight line. */
  control: Point | null;
}

export interface GroupBox {
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RingLabel {
  text: string;
  x: number;
  y: number;
  anchor?: 'start' | 'middle' | 'end';
}

export interface DiagramGeometry {
  size: Size;
  card: CardShape;
  centres: Point[];
  /** Per device, degrees clockwise; 0 for upright cards. */
  rotations: number[];
  links: LinkPath[];
  groups: GroupBox[];
  /** Device numbers written outside a ring of turned cards, and roots' names. */
  labels: RingLabel[];
}

function bent(from: Point, to: Point, amount: number): Point {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.hypot(dx, dy) || 1;
  return { x: (from.x + to.x) / 2 - (dy / length) * amount, y: (from.y + to.y) / 2 + (dx / length) * amount };
}

/** Outward directions of ring cards (normals of the ellipse they sit on), as unit vectors. */
function outwardNormals(layout: DeviceLayout, centres: Point[], size: Size): (Point | null)[] {
  const cx = size.width / 2;
  const cy = size.height / 2;
  const a = Math.max(1, Math.max(...centres.map((p) => Math.abs(p.x - cx))));
  const b = Math.max(1, Math.max(...centres.map((p) => Math.abs(p.y - cy))));
  return centres.map((p, d) => {
    if (layout.kind === 'star' && d === 0) return null;
    const nx = (p.x - cx) / (a * a);
    const ny = (p.y - cy) / (b * b);
    const length = Math.hypot(nx, ny) || 1;
    return { x: nx / length, y: ny / length };
  });
}

function ringLabels(centres: Point[], normals: (Point | null)[], card: CardShape): RingLabel[] {
  const ring = normals.flatMap((n, d) => (n ? [d] : []));
  const spacing = ring.length > 1 ? Math.hypot(centres[ring[1]].x - centres[ring[0]].x, centres[ring[1]].y - centres[ring[0]].y) : 100;
  let every = 1;
  while (spacing * every < 22) every *= 2;
  const labels = ring
    .filter((_, i) => i % every === 0)
    .map((d) => {
      const n = normals[d]!;
      const reach = card.height / 2 + 10;
      return { text: d === 0 ? 'GPU-0' : String(d), x: centres[d].x + n.x * reach, y: centres[d].y + n.y * reach };
    });
  // A star's master stays upright in the middle, named below its card.
  if (normals[0] === null) labels.push({ text: 'GPU-0', x: centres[0].x, y: centres[0].y + card.height / 2 + 10 });
  return labels;
}

export function diagramGeometry(layout: DeviceLayout, size: Size, content: CardContent): DiagramGeometry {
  const { card, frame, radial } = chooseFit(layout, size, content);
  const toPx = (p: Point): Point => ({ x: frame.left + p.x * Math.max(0, frame.innerWidth), y: frame.top + p.y * Math.max(0, frame.innerHeight) });
  const centres = layout.positions.map(toPx);
  const normals = radial ? outwardNormals(layout, centres, size) : centres.map(() => null);
  const rotations = normals.map((n) => (n ? (Math.atan2(n.y, n.x) * 180) / Math.PI + 90 : 0));
  const links = layout.links.map((link) => {
    // The double tree's arcs leave from the top (tree 0) or bottom (tree 1) edge of the cards.
    const lift = link.kind === 'tree0' ? -card.height / 2 : link.kind === 'tree1' ? card.height / 2 : 0;
    const shift = (p: Point): Point => ({ x: p.x, y: p.y + lift });
    const from = shift(centres[link.a]);
    const to = shift(centres[link.b]);
    const control = link.control ? shift(toPx(link.control)) : link.bend ? bent(from, to, link.bend * card.height) : null;
    return { a: link.a, b: link.b, kind: link.kind, from, to, control };
  });
  const groups = layout.groups.map((group) => {
    const xs = group.devices.map((d) => centres[d].x);
    const ys = group.devices.map((d) => centres[d].y);
    const x = Math.min(...xs) - card.width / 2 - GROUP_SIDE;
    const y = Math.min(...ys) - card.height / 2 - GROUP_TOP;
    const width = Math.max(...xs) - Math.min(...xs) + card.width + 2 * GROUP_SIDE;
    const height = Math.max(...ys) - Math.min(...ys) + card.height + GROUP_TOP + groupBottom(layout, card);
    return { label: group.label, x, y, width, height };
  });
  const labels = radial ? ringLabels(centres, normals, card) : [];
  for (const root of layout.roots ?? []) {
    // Written on the side of the card away from the root's links.
    const away = layout.links.filter((l) => l.a === root.device || l.b === root.device).map((l) => centres[l.a === root.device ? l.b : l.a].x - centres[root.device].x);
    const toRight = away.reduce((sum, dx) => sum + dx, 0) >= 0;
    const x = centres[root.device].x + (toRight ? -card.width / 2 : card.width / 2);
    const y = centres[root.device].y + (root.side === 'above' ? -card.height / 2 - 8 : card.height / 2 + 10);
    labels.push({ text: root.label, x, y, anchor: toRight ? 'start' : 'end' });
  }
  return { size, card, centres, rotations, links, groups, labels };
}

/** Top-left corner of chunk `chunk`'s cell, relative to its card's top-left corner (unturned). */
export function cellOffset(card: CardShape, chunk: number): Point {
  const column = chunk % card.columns;
  const row = Math.floor(chunk / card.columns);
  return { x: card.pad + column * (card.cellWidth + card.gap), y: card.header + card.pad + row * (card.cellHeight + card.gap) };
}

/** Centre of a device's chunk cell on the page, its card's turn included. */
export function cellCentre(geometry: DiagramGeometry, device: number, chunk: number): Point {
  const { card } = geometry;
  const offset = cellOffset(card, chunk);
  const dx = offset.x + card.cellWidth / 2 - card.width / 2;
  const dy = offset.y + card.cellHeight / 2 - card.height / 2;
  const turn = (geometry.rotations[device] * Math.PI) / 180;
  const centre = geometry.centres[device];
  return { x: centre.x + dx * Math.cos(turn) - dy * Math.sin(turn), y: centre.y + dx * Math.sin(turn) + dy * Math.cos(turn) };
}

/** The curve a transfer travels: from the source cell to the destination cell along its link. */
export function transferCurve(geometry: DiagramGeometry, route: LinkPath | null, src: number, dst: number, chunk: number): [Point, Point, Point] {
  const from = cellCentre(geometry, src, chunk);
  const to = cellCentre(geometry, dst, chunk);
  // Without a curved link, bow to the left of travel so the two directions of a pair stay apart.
  const control = route?.control ?? bent(from, to, -0.12 * Math.hypot(to.x - from.x, to.y - from.y));
  return [from, control, to];
}
