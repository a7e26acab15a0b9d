// What moves in a step: one sprite per transfer (or per device pair when a step has too many), its
// curve from the source cell to the destination cell, and where it lands.

import type { Contributions } from '../../core/contributions';
import type { Schedule, Transfer, TransferOp } from '../../core/schedule';
import { transferCurve, type DiagramGeometry, type LinkPath } from './geometry';
import { pairKey, type DeviceLayout } from './layouts';

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

export interface SpritePlan {
  /** 0-based index of the step these sprites carry; −1 for none. */
  step: number;
  sprites: Sprite[];
  /** Per sprite: x0, y0, cx, cy, x1, y1 of its quadratic curve. */
  curves: Float64Array;
  /** Per sprite: centre x, centre y, width, height and turn (degrees) of the destination cell. */
  targets: Float64Array;
}

export const TARGET_STRIDE = 5;

export const NO_SPRITES: SpritePlan = { step: -1, sprites: [], curves: new Float64Array(0), targets: new Float64Array(0) };

export function pickTransfers(transfers: readonly Transfer[], max: number = MAX_SPRITES): Transfer[] {
  if (transfers.length <= max) return [...transfers];
  const seen = new Set<number>();
  const perPair = transfers.filter((t) => {
    const key = t.src * 8192 + t.dst;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (perPair.length <= max) return perPair;
  return Array.from({ length: max }, (_, i) => perPair[Math.floor((i * perPair.length) / max)]);
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
  const curves = new Float64Array(picked.length * 6);
  const targets = new Float64Array(picked.length * TARGET_STRIDE);
  const { card } = geometry;
  const sprites = picked.map((t, i) => {
    const [from, control, to] = transferCurve(geometry, route(t.src, t.dst, t.chunk), t.src, t.dst, t.chunk);
    curves.set([from.x, from.y, control.x, control.y, to.x, to.y], i * 6);
    targets.set([to.x, to.y, card.cellWidth, card.cellHeight, geometry.rotations[t.dst]], i * TARGET_STRIDE);
    return { src: t.src, dst: t.dst, chunk: t.chunk, op: t.op, set: message(t.src, t.chunk), label: label?.(t.src, t.chunk) ?? null };
  });
  return { step: stepIndex, sprites, curves, targets };
}
