// A step's transfers as arrows for exported pictures: each follows the curve the live picture's
// messages travel (the link's route from the source cell to the destination cell), starts at the
// edge of the source cell and ends with its head's tip on the edge of the destination cell.

import { compileSchedule, type Schedule, type TransferOp, slotTransfers } from '../../core/schedule';
import type { CardShape } from '../devices/card/cardShape';
import { cellCentre, transferCurve, type DiagramGeometry } from '../devices/layout/geometry';
import type { Point } from '../devices/layout/layouts';
import { MAX_SPRITES, pickTransfers } from '../devices/motion/sprites';
import type { PictureGeometry } from '../devices/layout/pictureGeometry';
import { backFrom, directionAt, leaveBox, piece, pointAt, type Quadratic, type TurnedBox } from './quadratic';

interface TransferArrow {
  src: number;
  dst: number;
  chunk: number;
  op: TransferOp;
  /** The shaft, a quadratic curve in the picture's pixels. */
  shaft: Quadratic;
  /** The head's tip and the two corners of its base. */
  head: readonly [Point, Point, Point];
}

export interface StepArrows {
  arrows: TransferArrow[];
  /** Transfers in the step; more than `arrows.length` when a crowded step was thinned. */
  transfers: number;
  /** Stroke width of the shafts (px); heads scale with it. */
  width: number;
}

/** Thin lines for small cells, a firm pen where cells carry text. */
function arrowWidth(card: CardShape): number {
  if (card.textSize > 0) return 2.25;
  return Math.max(1.25, Math.min(2, Math.min(card.cellWidth, card.cellHeight) / 5));
}

function cellBox(geometry: DiagramGeometry, device: number, chunk: number): TurnedBox {
  const { card } = geometry;
  // A pixel of air between a cell and an arrow's ends.
  return {
    centre: cellCentre(geometry, device, chunk),
    halfWidth: card.cellWidth / 2 + 1.5,
    halfHeight: card.cellHeight / 2 + 1.5,
    turnDeg: geometry.rotations[device],
  };
}

function arrowAlong(curve: Quadratic, start: TurnedBox, end: TurnedBox, width: number): { shaft: Quadratic; head: TransferArrow['head'] } {
  let t0 = leaveBox(curve, start, 0);
  let t1 = leaveBox(curve, end, 1);
  // Cells that touch or overlap leave no room outside them: the arrow then runs centre to centre.
  if (t1 - t0 < 0.05) [t0, t1] = [0, 1];
  const headLength = 3 * width + 3;
  const headHalf = 1.4 * width + 1.75;
  const tip = pointAt(curve, t1);
  const direction = directionAt(curve, t1);
  const base = { x: tip.x - direction.x * headLength, y: tip.y - direction.y * headLength };
  const normal = { x: -direction.y * headHalf, y: direction.x * headHalf };
  const head = [tip, { x: base.x + normal.x, y: base.y + normal.y }, { x: base.x - normal.x, y: base.y - normal.y }] as const;
  // The shaft stops inside the head, so its round cap never shows past the tip.
  const shaftEnd = Math.max(t0, backFrom(curve, t1, headLength * 0.7));
  return { shaft: piece(curve, t0, shaftEnd), head };
}

/**
 * Arrows of the transfers of step `step` (1-based: the step whose result the picture shows), their
 * pen `penScale` times the usual width.
 */
export function transferArrows(schedule: Schedule, step: number, { geometry, route }: PictureGeometry, penScale = 1, max = MAX_SPRITES): StepArrows {
  const width = arrowWidth(geometry.card) * penScale;
  const at = schedule.steps[step - 1];
  // Both ends as places (slots.ts): where chunks move between buffers, a message leaves one and lands in another.
  const transfers = at ? slotTransfers(compileSchedule(schedule), at) : [];
  const arrows = pickTransfers(transfers, max).map((t) => {
    const from = t.srcChunk ?? t.chunk;
    const curve = transferCurve(geometry, route(t.src, t.dst, t.chunk), t.src, t.dst, t.chunk, from);
    const { shaft, head } = arrowAlong(curve, cellBox(geometry, t.src, from), cellBox(geometry, t.dst, t.chunk), width);
    return { src: t.src, dst: t.dst, chunk: t.chunk, op: t.op, shaft, head };
  });
  return { arrows, transfers: transfers.length, width };
}
