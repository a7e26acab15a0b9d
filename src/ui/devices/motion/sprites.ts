// What moves in a step: one sprite per transfer (or per device pair when a step has too many), the
// path it travels along its link from the source cell to the destination cell, where it lands, and
// the links the step uses with the directions they carry. Cells are places (slots.ts): a message may
// leave a device's input and land in another's scratch, or move within one card.

import { cellArrows, type CellArrow, type Under } from './cellArrows';
import { compileSchedule, type CompiledSchedule, transferAt, type Schedule, type Transfer, type TransferOp, slotTransfers } from '../../../core/schedule';
import type { Contributions } from '../../../core/symbolic';
import type { DiagramGeometry, LinkPath } from '../layout/geometry';
import { pairKey, type DeviceLayout } from '../layout/layouts';
import { curveLength, curvePath, linkPiece, PATH_POINTS, travelPath, visibleSpan } from '../layout/travelPaths';

/** Most sprites drawn in one step; beyond, one per device pair, then an even sample. */
export const MAX_SPRITES = 256;

interface Sprite {
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
  /** The double tree whose link this is, whose colour it takes; null elsewhere. */
  tree: 'tree0' | 'tree1' | null;
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
  /** One arrow per transfer, cell to cell, where the cards write their chunks (cellArrows.ts); else null. */
  arrows: CellArrow[] | null;
  /** The cells those arrows pass beneath, where they are drawn faint. */
  under: Under | null;
}

export const TARGET_STRIDE = 5;
export const PATH_STRIDE = PATH_POINTS * 2;

export const NO_SPRITES: SpritePlan = {
  step: -1,
  sprites: [],
  paths: new Float32Array(0),
  onLink: new Float32Array(0),
  targets: new Float64Array(0),
  links: [],
  arrows: null,
  under: null,
};

/** Device pairs up to which the first-per-pair pass marks pairs in a flat table (1 byte each). */
const PAIR_TABLE_LIMIT = 1 << 24;

/**
 * A step's transfers as the picture reads them: their sources and destinations from `first` on in two
 * arrays (the compiled schedule's, or made from objects), and each as an object on demand.
 */
interface TransferList {
  length: number;
  devices: number;
  first: number;
  src: ArrayLike<number>;
  dst: ArrayLike<number>;
  at(i: number): Transfer;
}

/**
 * Indices of each device pair's first transfer, in order. A step of naive on 1024 devices has a
 * million transfers: this allocates one index array and one pair table, nothing per transfer.
 */
function firstPerPair({ length, devices, first, src, dst }: TransferList): { indices: Int32Array; count: number } {
  const indices = new Int32Array(length);
  let count = 0;
  if (devices * devices <= PAIR_TABLE_LIMIT) {
    const table = new Uint8Array(devices * devices);
    for (let i = 0; i < length; i++) {
      const key = src[first + i] * devices + dst[first + i];
      if (table[key] === 0) {
        table[key] = 1;
        indices[count++] = i;
      }
    }
    return { indices, count };
  }
  const seen = new Set<number>();
  for (let i = 0; i < length; i++) {
    const key = src[first + i] * devices + dst[first + i];
    if (seen.has(key)) continue;
    seen.add(key);
    indices[count++] = i;
  }
  return { indices, count };
}

/** All up to `max`; beyond, each device pair's first; beyond again, an even sample of those. */
function pickFrom(list: TransferList, max: number): Transfer[] {
  if (list.length <= max) return Array.from({ length: list.length }, (_, i) => list.at(i));
  const { indices, count } = firstPerPair(list);
  const kept = Math.min(count, max);
  return Array.from({ length: kept }, (_, i) => list.at(indices[Math.floor((i * count) / kept)]));
}

/** Picks, per step's transfers (or compiled schedule and step) and limit, are kept: the picture and the traffic view ask for the same step. */
const picked = new WeakMap<object, Map<string, Transfer[]>>();

function remembered(owner: object, key: string, pick: () => Transfer[]): Transfer[] {
  let byKey = picked.get(owner);
  if (!byKey) picked.set(owner, (byKey = new Map()));
  let hit = byKey.get(key);
  if (!hit) byKey.set(key, (hit = pick()));
  return hit;
}

/** The transfers drawn: all up to `max`; beyond, each device pair's first; beyond again, an even sample of those. */
export function pickTransfers(transfers: readonly Transfer[], max: number = MAX_SPRITES): Transfer[] {
  if (transfers.length <= max) return [...transfers];
  return remembered(transfers, String(max), () => {
    const src = Int32Array.from(transfers, (t) => t.src);
    const dst = Int32Array.from(transfers, (t) => t.dst);
    let devices = 0;
    for (let i = 0; i < src.length; i++) devices = Math.max(devices, src[i] + 1, dst[i] + 1);
    return pickFrom({ length: transfers.length, devices, first: 0, src, dst, at: (i) => transfers[i] }, max);
  });
}

/** The same pick of step `step` (0-based), read from the compiled arrays: a step of a million transfers never becomes objects. */
export function pickCompiledStep(compiled: CompiledSchedule, step: number, max: number = MAX_SPRITES): Transfer[] {
  const first = compiled.stepStart[step];
  const list: TransferList = {
    length: compiled.stepStart[step + 1] - first,
    devices: compiled.devices,
    first,
    src: compiled.src,
    dst: compiled.dst,
    at: (i) => transferAt(compiled, first + i),
  };
  return remembered(compiled, `${step}|${max}`, () => pickFrom(list, max));
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

/** Length of the arrowheads on a step's links (px); links too short for theirs get none. */
export function arrowLength(geometry: DiagramGeometry): number {
  return Math.max(6, Math.min(14, geometry.card.height * 0.14));
}

/** A link's visible part, less room for an arrowhead at each end that has one. */
function drawLink(geometry: DiagramGeometry, link: LinkPath, entry: StepLink): void {
  const [t0, t1] = visibleSpan(geometry, link);
  const piece = linkPiece(link, t0, t1);
  const length = curveLength(piece);
  const arrow = arrowLength(geometry);
  // A one-way link between close cards is mostly its arrowhead: that still says which way it goes.
  entry.arrows = length >= (entry.forward && entry.backward ? 2.5 : 1.05) * arrow;
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
      const tree = link.kind === 'tree0' || link.kind === 'tree1' ? link.kind : null;
      entry = { d: '', arrows: false, index: geometry.links.indexOf(link), a: link.a, b: link.b, forward: null, backward: null, tree };
      used.set(link, entry);
    }
    if (t.src === link.a) entry.forward = merged(entry.forward, t.op);
    else entry.backward = merged(entry.backward, t.op);
  }
  for (const [link, entry] of used) drawLink(geometry, link, entry);
  return used;
}

/** Where a step's sprites go on one picture: everything of a plan but the messages' contents. */
type Flights = Pick<SpritePlan, 'paths' | 'onLink' | 'targets' | 'links' | 'arrows' | 'under'> & { picked: Transfer[] };

function planFlights(transfers: readonly Transfer[], geometry: DiagramGeometry, route: RouteFinder): Flights {
  const picked = pickTransfers(transfers);
  const links = stepLinks(transfers, geometry, route);
  const paths = new Float32Array(picked.length * PATH_STRIDE);
  const onLink = new Float32Array(picked.length * 2);
  const targets = new Float64Array(picked.length * TARGET_STRIDE);
  const { card } = geometry;
  // Messages both ways along one link keep to their left, so they pass instead of meeting.
  const lane = Math.max(4, Math.min(9, card.height * 0.08));
  // Where each transfer has its own arrow, its message flies along it; elsewhere along its link.
  const drawn = cellArrows(geometry, picked, transfers.length, (t) => route(t.src, t.dst, t.chunk));
  picked.forEach((t, i) => {
    const flight = drawn?.flights[i];
    if (flight) {
      paths.set(flight.points, i * PATH_STRIDE);
      onLink.set([flight.leaveAt, flight.enterAt], i * 2);
    } else {
      const link = route(t.src, t.dst, t.chunk);
      const entry = link ? links.get(link) : undefined;
      const twoWay = entry !== undefined && entry.forward !== null && entry.backward !== null;
      const way = travelPath(geometry, link, t.src, t.dst, t.chunk, twoWay ? lane : 0, t.srcChunk ?? t.chunk);
      paths.set(way.points, i * PATH_STRIDE);
      onLink.set([way.leaveAt, way.enterAt], i * 2);
    }
    const end = (i + 1) * PATH_STRIDE;
    targets.set([paths[end - 2], paths[end - 1], card.cellWidth, card.cellHeight, geometry.rotations[t.dst]], i * TARGET_STRIDE);
  });
  return { picked, paths, onLink, targets, links: [...links.values()], arrows: drawn?.arrows ?? null, under: drawn?.under ?? null };
}

/**
 * Flights by picture and step: a step's flights are planned once, for its messages and again for its
 * landing marks a step later. Read only, as are the plans that share them.
 */
const flightsByPicture = new WeakMap<DiagramGeometry, { route: RouteFinder; steps: WeakMap<readonly Transfer[], Flights> }>();

function flightsOf(transfers: readonly Transfer[], geometry: DiagramGeometry, route: RouteFinder): Flights {
  let picture = flightsByPicture.get(geometry);
  if (picture?.route !== route) flightsByPicture.set(geometry, (picture = { route, steps: new WeakMap() }));
  let flights = picture.steps.get(transfers);
  if (!flights) picture.steps.set(transfers, (flights = planFlights(transfers, geometry, route)));
  return flights;
}

/**
 * Plans the flights of `transfers` when the browser is next idle, so that the render that shows their
 * step (at the arrival of the step before) finds them planned. Where there is no idle callback, the
 * render plans them.
 */
function planWhenIdle(transfers: readonly Transfer[] | undefined, geometry: DiagramGeometry, route: RouteFinder): void {
  if (!transfers || typeof requestIdleCallback !== 'function') return;
  if (flightsByPicture.get(geometry)?.steps.has(transfers)) return;
  requestIdleCallback(() => flightsOf(transfers, geometry, route), { timeout: 1000 });
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
  const compiled = compileSchedule(schedule);
  const next = schedule.steps[stepIndex + 1];
  const { picked, paths, onLink, targets, links, arrows, under } = flightsOf(slotTransfers(compiled, step), geometry, route);
  planWhenIdle(next && slotTransfers(compiled, next), geometry, route);
  const sprites = picked.map((t) => ({
    src: t.src,
    dst: t.dst,
    chunk: t.chunk,
    op: t.op,
    set: message(t.src, t.srcChunk ?? t.chunk),
    label: label?.(t.src, t.srcChunk ?? t.chunk) ?? null,
  }));
  return { step: stepIndex, sprites, paths, onLink, targets, links, arrows, under };
}
