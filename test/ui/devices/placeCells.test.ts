// A schedule that moves chunks between buffers and scratch, as the cards draw it: a row a buffer,
// a cell a place, results checked where the collective leaves them, and scratch set apart.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSchedule } from '../../../src/core/schedule/compile';
import { parseScheduleText } from '../../../src/core/formats/scheduleText';
import { StepReader } from '../../../src/store/stepReader';
import { cardShape, cellGridPlace, columnChoices } from '../../../src/ui/devices/card/cardShape';
import { cellName, writesOf } from '../../../src/ui/devices/card/chunkViews';
import { deviceViews } from '../../../src/ui/devices/card/deviceViews';
import { cardContent } from '../../../src/ui/devices/layout/pictureGeometry';
import { stepCells } from '../../../src/ui/useStepReader';

const read = (name: string) => parseScheduleText(readFileSync(new URL(`../../fixtures/msccl/${name}`, import.meta.url), 'utf8'));
const oop = read('allreduce_ring_oop.xml');

function viewsAt(step: number) {
  const cells = new StepReader().cellsAt(oop, step);
  return deviceViews(oop, stepCells(oop, cells, 'sum'), 'full', null);
}

describe('cards of a schedule that moves chunks between places', () => {
  it('have a row per buffer: input, output and scratch', () => {
    const content = cardContent(oop);
    expect(content).toMatchObject({ devices: 3, chunks: 7, bands: [3, 3, 1] });
    expect(columnChoices(content)).toEqual([3, 2, 1]);
    const card = cardShape(200, 3, content);
    expect(card.rows).toBe(3);
    expect([0, 2, 3, 5, 6].map((cell) => cellGridPlace(card, cell))).toEqual([
      { row: 0, column: 0 },
      { row: 0, column: 2 },
      { row: 1, column: 0 },
      { row: 1, column: 2 },
      { row: 2, column: 0 },
    ]);
    // Two columns: each buffer wraps over two rows of its own.
    expect(cellGridPlace(cardShape(200, 2, content), 6)).toEqual({ row: 4, column: 0 });
  });

  it('keep one band for a plain buffer', () => {
    const ring = read('allreduce_ring_rrc.xml');
    expect(compileSchedule(ring).plain).toBe(true);
    expect(cardContent(ring).bands).toBeUndefined();
  });

  it('start with the input, an empty output and empty scratch, and end with every output chunk complete', () => {
    const start = viewsAt(0)[1].views;
    expect(start.map((view) => view.text)).toEqual(['b₁', 'b₂', 'b₃', '∅', '∅', '∅', '∅']);
    expect(start.slice(3).every((view) => view.set.length === 0)).toBe(true);
    const end = viewsAt(oop.steps.length)[1].views;
    expect(end.map((view) => view.complete)).toEqual([false, false, false, true, true, true, false]);
    expect(end.map((view) => view.scratch)).toEqual([false, false, false, false, false, false, true]);
    expect(end[3].text).toBe('(c₁+b₁+a₁)');
  });

  it('name each cell by its place, and mark where a step wrote', () => {
    expect(cellName(oop, 1, 6)).toBe('GPU-1 scratch chunk 1');
    expect(cellName(oop, 1, 4)).toBe('GPU-1 output chunk 2');
    // Step 1: each GPU copies its neighbour's input chunk into scratch, then adds its own.
    expect([...writesOf(oop, 1)]).toEqual([
      [0 * 7 + 6, 'reduce'],
      [1 * 7 + 6, 'reduce'],
      [2 * 7 + 6, 'reduce'],
    ]);
  });
});
