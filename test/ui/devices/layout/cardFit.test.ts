import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../../src/core/algorithms';
import { chooseFit } from '../../../../src/ui/devices/layout/cardFit';
import { cardShape, lineCharsFor, lineChoices, longestExpression } from '../../../../src/ui/devices/card/cardShape';
import { deviceLayout } from '../../../../src/ui/devices/layout/layouts';

function fitFor(algorithm: string, devices: number, width: number, height: number) {
  const schedule = buildSchedule({ algorithm, devices });
  const layout = deviceLayout(schedule, Math.round((width / height) * 20) / 20);
  return chooseFit(layout, { width, height }, { devices, chunks: schedule.chunks, textChars: longestExpression(devices, schedule.chunks) }).card;
}

describe('card fit with the seeds’ expressions', () => {
  it('counts the characters of a line of a wrapped sum: a bracket and each term with its operator', () => {
    const ring4 = { devices: 4, chunks: 4, textChars: longestExpression(4, 4) };
    expect(ring4.textChars).toBe(13);
    expect(lineChoices(ring4)).toEqual([1, 2, 4]);
    expect([1, 2, 4].map((lines) => lineCharsFor(ring4, lines))).toEqual([13, 7, 4]);
  });

  it('makes a wrapped cell taller by 1.2 em a line, and writes its GPU name a pixel above its expressions', () => {
    const content = { devices: 4, chunks: 4, textChars: 13 };
    // 78.75 px cells: too narrow for 13 characters on a line at 10 px, wide enough for 7 at 16 px.
    const [one, two, four] = [1, 2, 4].map((lines) => cardShape(340, 4, content, true, lines));
    expect(one.textSize).toBe(0);
    expect([two.textSize, two.lineChars, two.cellHeight]).toEqual([16, 7, 55]);
    expect([four.textSize, four.lineChars, four.cellHeight]).toEqual([16, 4, 94]);
    expect(two.labelSize).toBe(17);
    // Without texts the name grows with the card, to 18 px at most.
    expect([one.labelSize, cardShape(200, 4, content, true, 1).labelSize]).toEqual([18, 15]);
  });

  it('writes ring on 4 at ≥ 14 px in a presenter’s stage and a 760 px column, wrapping rather than shrinking', () => {
    for (const [width, height] of [
      [840, 620],
      [746, 600],
      [720, 360],
    ]) {
      const card = fitFor('ring', 4, width, height);
      expect([card.columns, card.textLines], `${width}×${height}`).toEqual([4, 2]);
      expect(card.textSize, `${width}×${height}`).toBeGreaterThanOrEqual(14);
      expect(card.labelSize, `${width}×${height}`).toBeGreaterThanOrEqual(14);
    }
  });

  it('stacks ring on 4’s chunks in a column where the stage is narrow and tall', () => {
    const card = fitFor('ring', 4, 560, 620);
    expect([card.columns, card.rows, card.textLines, card.textSize]).toEqual([1, 4, 1, 16]);
  });

  it('still writes ring on 4 in a 600 px column, smaller', () => {
    const card = fitFor('ring', 4, 552, 360);
    expect(card.textSize).toBeGreaterThanOrEqual(10);
    expect(card.textSize).toBeLessThan(14);
  });

  it('leaves the cells plain where no arrangement writes every expression at 10 px (ring on 8 in a presenter)', () => {
    expect(fitFor('ring', 8, 840, 620).textSize).toBe(0);
  });
});
