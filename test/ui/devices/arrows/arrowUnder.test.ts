import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../../src/core/algorithms';
import { GAP, cellBox } from '../../../../src/ui/devices/arrows/arrowObstacles';
import { cellsUnder, headPolygons, underFill, UNDER_OPACITY } from '../../../../src/ui/devices/arrows/arrowUnder';
import { fromQuadratic } from '../../../../src/ui/devices/arrows/cubic';
import { longestExpression } from '../../../../src/ui/devices/card/cardShape';
import { cellCentre, diagramGeometry } from '../../../../src/ui/devices/layout/geometry';
import { deviceLayout } from '../../../../src/ui/devices/layout/layouts';
import { planSprites, routeFinder } from '../../../../src/ui/devices/motion/sprites';

/** Ring on 8 on a projector's stage: cards of two rows of four cells that write their expressions. */
function ring8() {
  const schedule = buildSchedule({ algorithm: 'ring', devices: 8 });
  const size = { width: 920, height: 610 };
  const layout = deviceLayout(schedule, size.width / size.height);
  const geometry = diagramGeometry(layout, size, { devices: 8, chunks: schedule.chunks, textChars: longestExpression(8, schedule.chunks) });
  return { schedule, layout, geometry };
}

/** A cell right below `chunk` on its card. */
function below(geometry: ReturnType<typeof ring8>['geometry'], device: number, chunk: number): number {
  const at = cellCentre(geometry, device, chunk);
  for (let other = 0; other < 8; other++) {
    const p = cellCentre(geometry, device, other);
    if (Math.abs(p.x - at.x) < 1 && p.y > at.y + 1) return other;
  }
  throw new Error('no cell below');
}

describe('cells an arrow passes beneath', () => {
  it('finds the cell an arrow crosses to reach the one below it, and not the cells it leaves and enters by their edges', () => {
    const { geometry } = ring8();
    expect(geometry.card.textSize).toBeGreaterThan(0);
    const lower = below(geometry, 2, 0);
    const top = cellBox(geometry, 2, 0);
    const bottom = cellBox(geometry, 2, lower);
    // From above the card's first row, straight down onto the top edge of the cell below the first one.
    const start = { x: top.centre.x, y: top.centre.y - top.halfHeight - 30 };
    const end = { x: bottom.centre.x, y: bottom.centre.y - bottom.halfHeight - GAP };
    const under = cellsUnder(geometry, 8, [[fromQuadratic(start, { x: start.x, y: (start.y + end.y) / 2 }, end)]]);
    expect(under).toEqual([{ x: top.centre.x - top.halfWidth, y: top.centre.y - top.halfHeight, width: 2 * top.halfWidth, height: 2 * top.halfHeight }]);
  });

  it('finds nothing under an arrow between two cards that crosses no cell', () => {
    const { geometry } = ring8();
    const a = cellBox(geometry, 0, 0);
    const start = { x: a.centre.x, y: a.centre.y - a.halfHeight - GAP };
    const end = { x: a.centre.x, y: a.centre.y - a.halfHeight - 40 };
    expect(cellsUnder(geometry, 8, [[fromQuadratic(start, start, end)]])).toEqual([]);
  });

  it('keeps every head whole: its tip and its base lie inside the path that restores it', () => {
    const path = [fromQuadratic({ x: 0, y: 0 }, { x: 50, y: 0 }, { x: 100, y: 0 })];
    const [d] = headPolygons([path], { length: 11, half: 5.5 });
    const numbers = d.match(/-?\d+(\.\d+)?/g)!.map(Number);
    const xs = numbers.filter((_, i) => i % 2 === 0);
    const ys = numbers.filter((_, i) => i % 2 === 1);
    expect(Math.max(...xs)).toBeGreaterThanOrEqual(100);
    expect(Math.min(...xs)).toBeLessThanOrEqual(89);
    expect(Math.min(...ys)).toBeLessThanOrEqual(-5.5);
    expect(Math.max(...ys)).toBeGreaterThanOrEqual(5.5);
  });

  it('draws a cell of the mask at the share of the arrow that shows beneath it', () => {
    const level = Number(underFill().match(/\d+/)![0]);
    expect(level / 255).toBeCloseTo(UNDER_OPACITY, 2);
  });

  it('masks every step of ring on 8 by cells none of whose own arrows end inside them', () => {
    const { schedule, layout, geometry } = ring8();
    const route = routeFinder(layout, geometry);
    let masked = 0;
    for (let step = 0; step < schedule.steps.length; step++) {
      const plan = planSprites(schedule, step, geometry, route, () => new Int32Array(0));
      expect(plan.arrows).not.toBeNull();
      for (const cell of plan.under?.cells ?? []) {
        masked++;
        // An arrow's tip stands GAP outside its cell: no tip is inside a masked cell.
        for (const arrow of plan.arrows!) {
          const tip = arrow.d
            .match(/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/)!
            .slice(1)
            .map(Number);
          const inside = tip[0] > cell.x + 1 && tip[0] < cell.x + cell.width - 1 && tip[1] > cell.y + 1 && tip[1] < cell.y + cell.height - 1;
          expect(inside).toBe(false);
        }
      }
    }
    // Ring on 8's cards hold two rows: some steps can only reach a cell over another.
    expect(masked).toBeGreaterThan(0);
  });
});
