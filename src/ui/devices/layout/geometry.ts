// From a layout in the unit square to pixels: card size (see cardFit.ts), where each card and chunk
// cell sits and how it is turned, the links' curves, the node boxes and the names around a ring.

import { cellGridPlace, type CardContent, type CardShape } from '../card/cardShape';
import { chooseFit, GROUP_SIDE, GROUP_TOP, groupBottom } from './cardFit';
import type { DeviceLayout, LinkKind, Point } from './layouts';
import { avoidCards, bent, linkPath, type LinkPath } from './linkPaths';
import { linkLabelPlace, nodeLabelPlace, rootNamePlace, type LabelLines, type LabelPlace } from './pictureLabels';

export type { LinkPath } from './linkPaths';

export interface Size {
  width: number;
  height: number;
}

interface GroupBox {
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Where its name is written (y: its baseline). */
  name: LabelPlace;
}

interface RingLabel {
  text: string;
  x: number;
  y: number;
  anchor?: 'start' | 'middle' | 'end';
  /** The link kind a name belongs to (a tree's root), whose colour it takes. */
  kind?: LinkKind;
  /** A partner distance written on its link. */
  distance?: boolean;
  /** A name broken where one line would reach another card. */
  wrap?: LabelLines;
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
  const { card, frame, radial, positions } = chooseFit(layout, size, content);
  const toPx = (p: Point): Point => ({ x: frame.left + p.x * Math.max(0, frame.innerWidth), y: frame.top + p.y * Math.max(0, frame.innerHeight) });
  const centres = positions.map(toPx);
  const normals = radial ? outwardNormals(layout, centres, size) : centres.map(() => null);
  const rotations = normals.map((n) => (n ? (Math.atan2(n.y, n.x) * 180) / Math.PI + 90 : 0));
  const unitY = (y: number) => toPx({ x: 0, y }).y;
  const drawn = layout.links.map((link) => linkPath(link, { centres, card, unitY, height: size.height }, toPx));
  const links = radial ? drawn : avoidCards(drawn, centres, card);
  const groups = layout.groups.map((group) => {
    const xs = group.devices.map((d) => centres[d].x);
    const ys = group.devices.map((d) => centres[d].y);
    const x = Math.min(...xs) - card.width / 2 - GROUP_SIDE;
    const y = Math.min(...ys) - card.height / 2 - GROUP_TOP;
    const width = Math.max(...xs) - Math.min(...xs) + card.width + 2 * GROUP_SIDE;
    const height = Math.max(...ys) - Math.min(...ys) + card.height + GROUP_TOP + groupBottom(layout, card);
    const name = nodeLabelPlace(group.label, { x, y, width }, GROUP_TOP, links);
    return { label: group.label, x, y, width, height, name };
  });
  const labels = radial ? ringLabels(centres, normals, card) : [];
  layout.links.forEach((link, i) => link.label && labels.push({ text: link.label, ...linkLabelPlace(links[i]), distance: true }));
  for (const root of layout.roots ?? []) {
    const { place, wrap } = rootNamePlace(root.label, root.device, root.side, { centres, card, size });
    labels.push({ text: root.label, ...place, ...(root.kind ? { kind: root.kind } : {}), ...(wrap ? { wrap } : {}) });
  }
  return { size, card, centres, rotations, links, groups, labels };
}

/** Top-left corner of cell `chunk` (a chunk, or a place: slots.ts), relative to its card's top-left corner (unturned). */
export function cellOffset(card: CardShape, chunk: number): Point {
  const { row, column } = cellGridPlace(card, chunk);
  return { x: card.pad + column * (card.cellWidth + card.gap), y: card.header + card.pad + row * (card.cellHeight + card.gap) };
}

/** Where a card's own coordinates go on the page: to its centre, turned, back by half its size (a, b, c, d, e, f). */
export function cardMatrix(centre: Point, rotation: number, card: CardShape): [number, number, number, number, number, number] {
  const turn = (rotation * Math.PI) / 180;
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  const dx = -card.width / 2;
  const dy = -card.height / 2;
  return [cos, sin, -sin, cos, centre.x + cos * dx - sin * dy, centre.y + sin * dx + cos * dy];
}

/** Centre of a device's chunk cell on the page, its card's turn included. */
export function cellCentre(geometry: DiagramGeometry, device: number, chunk: number): Point {
  const { card } = geometry;
  const offset = cellOffset(card, chunk);
  const [a, b, c, d, e, f] = cardMatrix(geometry.centres[device], geometry.rotations[device], card);
  const u = offset.x + card.cellWidth / 2;
  const v = offset.y + card.cellHeight / 2;
  return { x: a * u + c * v + e, y: b * u + d * v + f };
}

/** Centre of the block of `count` places from `chunk` (a rectangle of the grid), or of one cell. */
function blockCentre(geometry: DiagramGeometry, device: number, chunk: number, count: number): Point {
  const a = cellCentre(geometry, device, chunk);
  if (count <= 1) return a;
  const b = cellCentre(geometry, device, chunk + count - 1);
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/**
 * The curve a transfer travels: from the source cell (`fromChunk`, where chunks move between places)
 * to the destination cell along its link; with `count`, from block to block (arrowBlocks.ts).
 */
export function transferCurve(
  geometry: DiagramGeometry,
  route: LinkPath | null,
  src: number,
  dst: number,
  chunk: number,
  fromChunk = chunk,
  count = 1,
): [Point, Point, Point] {
  const from = blockCentre(geometry, src, fromChunk, count);
  const to = blockCentre(geometry, dst, chunk, count);
  // Without a curved link, bow to the left of travel so the two directions of a pair stay apart.
  const control = route?.control ?? bent(from, to, -0.12 * Math.hypot(to.x - from.x, to.y - from.y));
  return [from, control, to];
}
