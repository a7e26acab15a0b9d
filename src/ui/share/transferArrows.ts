// A step's transfers as arrows for exported pictures: each starts at the edge of its source cell and
// ends with its head's tip on the edge of the destination cell, along the course arrowRoutes.ts finds
// (the live picture's, where that crosses no card's title).

import { compileSchedule, type Schedule, type TransferOp, slotTransfers } from '../../core/schedule';
import type { CardShape } from '../devices/card/cardShape';
import type { Point } from '../devices/layout/layouts';
import { MAX_SPRITES, pickTransfers } from '../devices/motion/sprites';
import type { PictureGeometry } from '../devices/layout/pictureGeometry';
import { arrowBlocks } from '../devices/arrows/arrowBlocks';
import { ArrowRouter, type ArrowPath } from '../devices/arrows/arrowRoutes';
import { blockRect } from '../devices/motion/cellArrows';
import { backFrom, headTriangle, piece } from '../devices/arrows/cubic';
import { cellsUnder, headPolygons, type UnderCell } from '../devices/arrows/arrowUnder';

interface TransferArrow {
  src: number;
  dst: number;
  /** The receiving cell, the first of `count` where one arrow carries a block (arrowBlocks.ts). */
  chunk: number;
  count: number;
  /** The block of sending cells an arrow of several leaves, outlined; else null. */
  block: { x: number; y: number; width: number; height: number } | null;
  op: TransferOp;
  /** The double tree whose link it follows, whose colour it takes; null elsewhere. */
  tree: 'tree0' | 'tree1' | null;
  /** The shaft, one or two cubic curves in the picture's pixels. */
  shaft: ArrowPath;
  /** The head's tip and the two corners of its base. */
  head: readonly [Point, Point, Point];
}

export interface StepArrows {
  arrows: TransferArrow[];
  /** Transfers in the step; more than `arrows.length` when a crowded step was thinned. */
  transfers: number;
  /** Stroke width of the shafts (px); heads scale with it. */
  width: number;
  /** Cells the arrows pass beneath, where they are drawn faint, and their heads, which never are. */
  under: { cells: UnderCell[]; heads: string[] } | null;
}

/** Up to this many arrows, each gets the best way found; more share the time an export may take. */
const THOROUGH_ARROWS = 16;

/** Thin lines for small cells, a firm pen where cells carry text. */
function arrowWidth(card: CardShape): number {
  if (card.textSize > 0) return 2.25;
  return Math.max(1.25, Math.min(2, Math.min(card.cellWidth, card.cellHeight) / 5));
}

/** A head's length and half width for a shaft `width` px wide. */
const headOf = (width: number) => ({ length: 3 * width + 3, half: 1.4 * width + 1.75 });

/** The head at the path's end, and the shaft stopped inside it so its round cap never shows past the tip. */
function arrowAlong(path: ArrowPath, width: number): { shaft: ArrowPath; head: TransferArrow['head'] } {
  const { length: headLength, half: headHalf } = headOf(width);
  const last = path[path.length - 1];
  const head = headTriangle(path, headLength, headHalf);
  const shaft = [...path.slice(0, -1), piece(last, 0, backFrom(last, 1, headLength * 0.7))];
  return { shaft, head };
}

/**
 * Arrows of the transfers of step `step` (1-based: the step whose result the picture shows), their
 * pen `penScale` times the usual width.
 */
export function transferArrows(schedule: Schedule, step: number, { geometry, route }: PictureGeometry, penScale = 1, max = MAX_SPRITES): StepArrows {
  const width = arrowWidth(geometry.card) * penScale;
  const at = schedule.steps[step - 1];
  // Both ends as places (slots.ts): where chunks move between buffers, a message leaves one and lands in another.
  const compiled = compileSchedule(schedule);
  const transfers = at ? slotTransfers(compiled, at) : [];
  const router = new ArrowRouter(geometry, compiled.slots, width, headOf(width));
  const picked = pickTransfers(transfers, max);
  // Where cells write their chunks, neighbouring cells sent in one message share an arrow, as live.
  const blocks =
    geometry.card.textSize > 0 ? arrowBlocks(picked, geometry.card, (a, b) => route(a.src, a.dst, a.chunk) === route(b.src, b.dst, b.chunk)) : null;
  const ways = blocks ?? picked.map((t) => ({ transfers: [t], src: t.src, dst: t.dst, from: t.srcChunk ?? t.chunk, chunk: t.chunk, count: 1 }));
  const thorough = ways.length <= THOROUGH_ARROWS;
  const paths: ArrowPath[] = [];
  const arrows = ways.map(({ transfers: [t], src, dst, from, chunk, count }) => {
    const link = route(t.src, t.dst, t.chunk);
    const path = router.route({ src, dst, from, chunk, count }, link, thorough);
    paths.push(path);
    const { shaft, head } = arrowAlong(path, width);
    const tree = link?.kind === 'tree0' || link?.kind === 'tree1' ? link.kind : null;
    return { src, dst, chunk, count, block: blocks ? blockRect(geometry, src, from, count) : null, op: t.op, tree, shaft, head };
  });
  // Only cells that write their chunks are worth keeping legible under an arrow.
  const cells = geometry.card.textSize > 0 ? cellsUnder(geometry, compiled.slots, paths) : [];
  return { arrows, transfers: transfers.length, width, under: cells.length > 0 ? { cells, heads: headPolygons(paths, headOf(width)) } : null };
}
