// What moves in a step: one sprite per transfer (or per device pair when a step has too many), the
// path it travels along its link from the source cell to the destination cell, where it lands, and
// the links the step uses with the directions they carry.

import type { Contributions } from '../../core/contributions';
import type { Schedule, Transfer, TransferOp } from '../../core/schedule';
import type { DiagramGeometry, LinkPath } from './geometry';
import { pairKey, type DeviceLayout } from './layouts';
import { curveLength, curvePath, linkPiece, PATH_POINTS, travelPath, visibleSpan } from './travelPaths';

/** Most sprites drawn in one step; beyond, one per device pair, then an even sample. */
export const MAX_SPRITES = 256;

export interface Sprite {
  src: number;
  dst: number;
  chunk: number;
  op: TransferOp;
  /** The message: what the source chunk held at the start of the step. */
  set: Contributions;
  /** Its seed expression, on pictures that show texts. */
  label: string | null;
}

/** A link the step uses: its visible part and which ways messages go along it. */
export interface StepLink {
  /** SVG path data of the part between the two cards, from device a's card to device b's, less its arrowheads. */
  d: string;
  /** False where the link is too short to carry arrowheads. */
  arrows: boolean;
  /** Its place in the geometry's links: the same link keeps its element from step to step. */
  index: number;
  a: number;
  b: number;
  /** The op of the messages from a to b, and from b to a; null where none go that way. */
  forward: TransferOp | null;
  backward: TransferOp | null;
}

export interface SpritePlan {
  /** 0-based index of the step these sprites carry; −1 for none. */
  step: number;
  sprites: Sprite[];
  /** Per sprite: PATH_POINTS (x, y) points along its way, evenly spaced. */
  paths: Float32Array;
  /** Per sprite: the shares of its way at which it leaves its card and enters the destination card. */
  onLink: Float32Array;
  /** Per sprite: centre x, centre y, width, height and turn (degrees) of the destination cell. */
  targets: Float64Array;
  links: StepLink[];
}

export const TARGET_STRIDE = 5;
export const PATH_STRIDE = PATH_POINTS * 2;

export const NO_SPRITES: SpritePlan = { step: -1, sprites: [], paths: new Float32Array(0), onLink: new Float32Array(0), targets: new Float64Array(0), links: [] };

/** Device pairs up to which the first-per-pair pass marks pairs in a flat table (1 byte each). */
const PAIR_TABLE_LIMIT = 1 << 24;

/**
 * Indices of each device pair's first transfer, in order. A step of naive on 1024 devices has a
 * million transfers: this allocates one index array and one pair table, nothing per transfer.
 */
function firstPerPair(transfers: readonly Transfer[]): { indices: Int32Array; count: number } {
  let devices = 0;
  for (const t of transfers) devices = Math.max(devices, t.src + 1, t.dst + 1);
  const indices = new Int32Array(transfers.length);
  let count = 0;
  if (devices * devices <= PAIR_TABLE_LIMIT) {
    const seen = new Uint8Array(devices * devices);
    for (let i = 0; i < transfers.length; i++) {
      const key = transfers[i].src * devices + transfers[i].dst;
      if (seen[key]) continue;
      seen[key] = 1;
      indices[count++] = i;
    }
  } else {
    const seen = new Set<number>();
    for (let i = 0; i < transfers.length; i++) {
      const key = transfers[i].src * devices + transfers[i].dst;
      if (seen.has(key)) continue;
      seen.add(key);
      indices[count++] = i;
    }
  }
  return { indices, count };
}

/** Picks, per step's transfers and limit, are kept: the picture and the traffic view ask for the same step. */
const picked = new WeakMap<readonly Transfer[], Map<number, Transfer[]>>();

/** The transfers drawn: all up to `max`; beyond, each device pair's first; beyond again, an even sample of those. */
export function pickTransfers(transfers: readonly Transfer[], max: number = MAX_SPRITES): Transfer[] {
  if (transfers.length <= max) return [...transfers];
  let byMax = picked.get(transfers);
  const hit = byMax?.get(max);
  if (hit) return hit;
  const { indices, count } = firstPerPair(transfers);
  const kept = Math.min(count, max);
  const result = Array.from({ length: kept }, (_, i) => transfers[indices[Math.floor((i * count) / kept)]]);
  if (!byMax) picked.set(transfers, (byMax = new Map()));
  byMax.set(max, result);
  return result;
}

export type RouteFinder = (src: number, dst: number, chunk: number) => LinkPath | null;

/** The link a transfer travels along; for the double tree, the tree that carries its chunk. */
export function routeFinder(layout: DeviceLayout, geometry: DiagramGeometry): RouteFinder {
  const byPair = new Map<number, LinkPath[]>();
  for (const link of geometry.links) {
    const key = pairKey(link.a, link.b);
    const list = byPair.get(key);
    if (list) list.push(link);
    else byPair.set(key, [link]);
  }
  return (src, dst, chunk) => {
    const candidates = byPair.get(pairKey(src, dst));
    if (!candidates) return null;
    if (layout.treeSplit === undefined || candidates.length === 1) return candidates[0];
    const kind = chunk < layout.treeSplit ? 'tree0' : 'tree1';
    return candidates.find((link) => link.kind === kind) ?? candidates[0];
  };
}

/** Length of the arrowheads on a step's links (px); links too short for two of them get none. */
export function arrowLength(geometry: DiagramGeometry): number {
  return Math.max(6, Math.min(14, geometry.card.height * 0.14));
}

/** A link's visible part, less room for an arrowhead at each end that has one. */
function drawLink(geometry: DiagramGeometry, link: LinkPath, entry: StepLink): void {
  const [t0, t1] = visibleSpan(geometry, link);
  const piece = linkPiece(link, t0, t1);
  const length = curveLength(piece);
  const arrow = arrowLength(geometry);
  entry.arrows = length >= 2.5 * arrow;
  if (!entry.arrows) {
    entry.d = curvePath(piece);
    return;
  }
  const trim = ((arrow + 1) / length) * (t1 - t0);
  entry.d = curvePath(linkPiece(link, entry.backward ? t0 + trim : t0, entry.forward ? t1 - trim : t1));
}

/** A reduce outweighs a copy on a link that carries both one way. */
function merged(a: TransferOp | null, b: TransferOp): TransferOp {
  return a === 'reduce' ? a : b;
}

/** Every link the step uses (all its transfers, not only the drawn sprites), with its directions. */
function stepLinks(transfers: readonly Transfer[], geometry: DiagramGeometry, route: RouteFinder): Map<LinkPath, StepLink> {
  const used = new Map<LinkPath, StepLink>();
  for (const t of transfers) {
    const link = route(t.src, t.dst, t.chunk);
    if (!link) continue;
    let entry = used.get(link);
    if (!entry) {
      entry = { d: '', arrows: false, index: geometry.links.indexOf(link), a: link.a, b: link.b, forward: null, backward: null };
      used.set(link, entry);
    }
    if (t.src === link.a) entry.forward = merged(entry.forward, t.op);
    else entry.backward = merged(entry.backward, t.op);
  }
  for (const [link, entry] of used) drawLink(geometry, link, entry);
  return used;
}

export function planSprites(
  schedule: Schedule,
  stepIndex: number,
  geometry: DiagramGeometry,
  route: RouteFinder,
  message: (device: number, chunk: number) => Contributions,
  label: ((device: number, chunk: number) => string) | null = null,
): SpritePlan {
  const step = schedule.steps[stepIndex];
  if (!step) return NO_SPRITES;
  const picked = pickTransfers(step.transfers);
  const links = stepLinks(step.transfers, geometry, route);
  const paths = new Float32Array(picked.length * PATH_STRIDE);
  const onLink = new Float32Array(picked.length * 2);
  const targets = new Float64Array(picked.length * TARGET_STRIDE);
  const { card } = geometry;
  // Messages both ways along one link keep to their left, so they pass instead of meeting.
  const lane = Math.max(4, Math.min(9, card.height * 0.08));
  const sprites = picked.map((t, i) => {
    const link = route(t.src, t.dst, t.chunk);
    const entry = link ? links.get(link) : undefined;
    const twoWay = entry !== undefined && entry.forward !== null && entry.backward !== null;
    const way = travelPath(geometry, link, t.src, t.dst, t.chunk, twoWay ? lane : 0);
    paths.set(way.points, i * PATH_STRIDE);
    onLink.set([way.leaveAt, way.enterAt], i * 2);
    const end = (i + 1) * PATH_STRIDE;
    targets.set([paths[end - 2], paths[end - 1], card.cellWidth, card.cellHeight, geometry.rotations[t.dst]], i * TARGET_STRIDE);
    return { src: t.src, dst: t.dst, chunk: t.chunk, op: t.op, set: message(t.src, t.chunk), label: label?.(t.src, t.chunk) ?? null };
  });
  return { step: stepIndex, sprites, paths, onLink, targets, links: [...links.values()] };
}
