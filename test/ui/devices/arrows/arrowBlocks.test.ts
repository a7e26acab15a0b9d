import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../../src/core/algorithms';
import { compileSchedule, slotTransfers } from '../../../../src/core/schedule';
import { arrowBlocks, sendsBlocks } from '../../../../src/ui/devices/arrows/arrowBlocks';
import { cellBox } from '../../../../src/ui/devices/arrows/arrowObstacles';
import { pointAt } from '../../../../src/ui/devices/arrows/cubic';
import { cardShape } from '../../../../src/ui/devices/card/cardShape';
import { cellCentre } from '../../../../src/ui/devices/layout/geometry';
import { pictureGeometry } from '../../../../src/ui/devices/layout/pictureGeometry';
import { cellArrows } from '../../../../src/ui/devices/motion/cellArrows';

/** Halving-doubling on 8 on a projector's stage: cards of two columns of four cells that write their expressions. */
function hd8() {
  const schedule = buildSchedule({ algorithm: 'halving-doubling', devices: 8 });
  const { layout, geometry, route } = pictureGeometry(schedule, { width: 919, height: 632 });
  return { schedule, layout, geometry, route, compiled: compileSchedule(schedule) };
}

const t = (src: number, dst: number, chunk: number) => ({ src, dst, chunk, op: 'reduce' as const });

describe('arrows that carry a block of cells', () => {
  // Eight cells in two columns: places 0 1 / 2 3 / 4 5 / 6 7.
  const card = cardShape(200, 2, { devices: 8, chunks: 8, textChars: 9 });

  it('gathers a run of neighbouring cells sent to the same cells of one device into one block, where it is a rectangle', () => {
    const blocks = arrowBlocks([t(0, 4, 4), t(0, 4, 5), t(0, 4, 6), t(0, 4, 7), t(4, 0, 0), t(4, 0, 1), t(4, 0, 2), t(4, 0, 3)], card, () => true);
    expect(blocks.map((b) => [b.src, b.dst, b.chunk, b.count])).toEqual([
      [0, 4, 4, 4],
      [4, 0, 0, 4],
    ]);
    // A run that starts mid-row is cut into rectangles: its first cell, then the next row.
    expect(arrowBlocks([t(0, 1, 1), t(0, 1, 2), t(0, 1, 3)], card, () => true).map((b) => [b.chunk, b.count])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('keeps apart cells that go to other devices, other places, by other links, or with another op', () => {
    expect(arrowBlocks([t(0, 1, 0), t(0, 2, 1)], card, () => true)).toHaveLength(2);
    expect(arrowBlocks([t(0, 1, 0), { ...t(0, 1, 1), srcChunk: 3 }], card, () => true)).toHaveLength(2);
    expect(arrowBlocks([t(0, 1, 0), t(0, 1, 1)], card, () => false)).toHaveLength(2);
    expect(arrowBlocks([t(0, 1, 0), { ...t(0, 1, 1), op: 'copy' as const }], card, () => true)).toHaveLength(2);
  });

  it('says which schedules send blocks: halving-doubling does, ring does not', () => {
    expect(sendsBlocks(buildSchedule({ algorithm: 'halving-doubling', devices: 8 }).steps)).toBe(true);
    expect(sendsBlocks(buildSchedule({ algorithm: 'ring', devices: 8 }).steps)).toBe(false);
  });

  it('draws halving-doubling on 8 with one arrow per message, each from the edge of its block to the edge of the block it reaches, and no two arrows on one line', () => {
    const { schedule, geometry, compiled, route } = hd8();
    expect(geometry.card.textSize).toBeGreaterThan(0);
    for (const [step, blocks, count] of [
      [0, 8, 4],
      [1, 8, 2],
      [2, 8, 1],
    ] as const) {
      const transfers = slotTransfers(compiled, schedule.steps[step]);
      const drawn = cellArrows(geometry, transfers, transfers.length, (x) => route(x.src, x.dst, x.chunk))!;
      expect(drawn.arrows, `step ${step + 1}`).toHaveLength(blocks);
      expect(drawn.flights, `step ${step + 1}: a flight per message`).toHaveLength(transfers.length);
      for (const arrow of drawn.arrows) {
        expect(arrow.count).toBe(count);
        // The outline holds the sending cells, a lone cell as a block of four.
        const inside = Array.from({ length: compiled.slots }, (_, c) => cellCentre(geometry, arrow.src, c)).filter(
          (p) => p.x > arrow.block.x && p.x < arrow.block.x + arrow.block.width && p.y > arrow.block.y && p.y < arrow.block.y + arrow.block.height,
        );
        expect(inside, `step ${step + 1}: ${arrow.src}→${arrow.dst}`).toHaveLength(count);
        // The tip rests on the receiving block's edge.
        const box = cellBox(geometry, arrow.dst, arrow.chunk, 0, arrow.count);
        const tip = arrow.d
          .match(/(-?[\d.]+),(-?[\d.]+)$/)!
          .slice(1)
          .map(Number);
        const dx = Math.abs(tip[0] - box.centre.x) - box.halfWidth;
        const dy = Math.abs(tip[1] - box.centre.y) - box.halfHeight;
        expect(Math.max(dx, dy), `step ${step + 1}: ${arrow.src}→${arrow.dst}`).toBeGreaterThan(0);
        expect(Math.max(dx, dy), `step ${step + 1}: ${arrow.src}→${arrow.dst}`).toBeLessThan(3);
      }
      // Arrows between one pair both ways keep apart: no point of one within 4 px of the other over more than a crossing.
      const pathPoints = drawn.arrows.map((arrow) => {
        const numbers = arrow.d.match(/-?[\d.]+/g)!.map(Number);
        const points: { x: number; y: number }[] = [];
        for (let i = 2; i + 5 < numbers.length; i += 6) {
          const p0 = { x: numbers[i - 2], y: numbers[i - 1] };
          const curve = [p0, { x: numbers[i], y: numbers[i + 1] }, { x: numbers[i + 2], y: numbers[i + 3] }, { x: numbers[i + 4], y: numbers[i + 5] }] as const;
          for (let k = 0; k <= 40; k++) points.push(pointAt(curve, k / 40));
        }
        return points;
      });
      for (let a = 0; a < pathPoints.length; a++) {
        for (let b = a + 1; b < pathPoints.length; b++) {
          const close = pathPoints[a].filter((p) => pathPoints[b].some((q) => Math.hypot(p.x - q.x, p.y - q.y) < 4)).length;
          expect(close, `step ${step + 1}: arrows ${a} and ${b} run together`).toBeLessThan(8);
        }
      }
      // Each message still flies from its own cell to its own cell.
      transfers.forEach((x, i) => {
        const points = drawn.flights[i].points;
        const end = cellCentre(geometry, x.dst, x.chunk);
        expect(Math.hypot(points[points.length - 2] - end.x, points[points.length - 1] - end.y)).toBeLessThan(0.5);
      });
    }
  });
});
