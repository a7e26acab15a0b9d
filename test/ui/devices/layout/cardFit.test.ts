import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../../src/core/algorithms';
import { chooseFit } from '../../../../src/ui/devices/layout/cardFit';
import { writtenSummaryLength } from '../../../../src/core/narration';
import { cardCap, cardShape, lineCharsFor, lineChoices, longestExpression, summaryBand } from '../../../../src/ui/devices/card/cardShape';
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

  it('makes a wrapped cell taller by 1.1 em a line past its first, and writes its GPU name a pixel above its expressions', () => {
    const content = { devices: 4, chunks: 4, textChars: 13 };
    // 78.75 px cells: too narrow for 13 characters on a line at 10 px, wide enough for 7 at 16.3 px.
    const [one, two, four] = [1, 2, 4].map((lines) => cardShape(340, 4, content, true, lines));
    expect(one.textSize).toBe(0);
    expect(two.textSize).toBeCloseTo(16.3, 1);
    expect([two.lineChars, two.cellHeight]).toEqual([7, 54]);
    // Four characters a line would fit 28.5 px: type stops at 28 px.
    expect([four.textSize, four.lineChars, four.cellHeight]).toEqual([28, 4, 146]);
    expect(two.labelSize).toBeCloseTo(17.3, 1);
    // Without texts the name grows with the card, to 18 px at most.
    expect([one.labelSize, cardShape(200, 4, content, true, 1).labelSize]).toEqual([18, 15]);
  });

  it('writes the brief form, first and last term, in lines of its own length', () => {
    const ring8 = { devices: 8, chunks: 8, textChars: longestExpression(8, 8), brief: true };
    // (a₁+…+h₁) on one line; "(a₁+" and "…+h₁)" on two.
    expect([1, 2].map((lines) => cardShape(400, 4, ring8, true, lines, 'brief').lineChars)).toEqual([9, 5]);
    expect(cardShape(400, 4, { ...ring8, brief: false }, true, 1, 'brief').textSize).toBe(0);
  });

  it('writes ring on 4 at ≥ 24 px in a 1366×768 presenter, and at ≥ 14 px in a 760 px column', () => {
    expect(fitFor('ring', 4, 920, 629).textSize).toBeGreaterThanOrEqual(24);
    for (const [width, height] of [
      [746, 600],
      [720, 360],
    ]) {
      const card = fitFor('ring', 4, width, height);
      expect(card.textSize, `${width}×${height}`).toBeGreaterThanOrEqual(14);
      expect(card.labelSize, `${width}×${height}`).toBeGreaterThanOrEqual(14);
    }
  });

  it('stacks ring on 4’s chunks in a column where the stage is narrow and tall', () => {
    const card = fitFor('ring', 4, 560, 620);
    expect([card.columns, card.rows, card.textLines, card.textSize]).toEqual([1, 4, 1, 28]);
  });

  it('still writes ring on 4 in a 600 px column, smaller', () => {
    const card = fitFor('ring', 4, 552, 360);
    expect(card.textSize).toBeGreaterThanOrEqual(10);
    expect(card.textSize).toBeLessThan(fitFor('ring', 4, 920, 629).textSize);
  });

  it('writes ring on 8 at ≥ 18 px in a 1366×768 presenter, around a rectangle and in the brief form', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 8 });
    const layout = deviceLayout(schedule, Math.round((920 / 629) * 20) / 20);
    const content = { devices: 8, chunks: 8, textChars: longestExpression(8, 8), brief: true };
    const fit = chooseFit(layout, { width: 920, height: 629 }, content);
    expect(fit.card.textSize).toBeGreaterThanOrEqual(18);
    expect(fit.card.textForm).toBe('brief');
    expect(fit.positions).not.toBe(layout.positions);
    // Every term of (a₁+b₁+c₁+d₁+e₁+f₁+g₁+h₁) fits only smaller.
    expect(fitFor('ring', 8, 920, 629).textSize).toBeLessThan(18);
  });
});

describe('the line under cells that write nothing', () => {
  const content = (devices: number, chunks: number, writes: number) => ({
    devices,
    chunks,
    textChars: 0,
    brief: true,
    summaryChars: writtenSummaryLength(devices, chunks, writes),
    summaryLineChars: writtenSummaryLength(devices, chunks, writes, 2),
  });

  it('goes on two lines where one would be small and two are larger, and stays on one where it reads', () => {
    // Halving-doubling on 8 writes up to four cells a step: "(a₁+…+h₁) … (a₁+…+h₁)" is 21 characters.
    const narrow = cardShape(125, 8, content(8, 8, 4));
    expect(narrow.summaryLines).toBe(2);
    expect(narrow.summarySize).toBeGreaterThanOrEqual(14);
    expect(cardShape(125, 8, { ...content(8, 8, 4), summaryLineChars: undefined }).summarySize).toBe(0);
    const wide = cardShape(320, 8, content(8, 8, 4));
    expect(wide.summaryLines).toBe(1);
    expect(wide.summarySize).toBeGreaterThanOrEqual(15);
    // Two lines are taller by one line of 1.2 em.
    expect(summaryBand(narrow.summarySize, 2) - summaryBand(narrow.summarySize, 1)).toBeCloseTo(1.2 * narrow.summarySize, 0);
  });

  it('lets a card of one chunk grow wide enough for its name and its summary, not a stub of one cell', () => {
    expect(cardCap({ devices: 8, chunks: 1, textChars: 0 }, 1)).toBe(56);
    expect(cardCap(content(8, 1, 1), 1)).toBeGreaterThanOrEqual(84);
  });

  it('prefers the summary, 3 px larger or more, to cells that could only write under 12 px: halving-doubling on 8 in a short picture', () => {
    const schedule = buildSchedule({ algorithm: 'halving-doubling', devices: 8 });
    const size = { width: 650, height: 480 };
    const layout = deviceLayout(schedule, Math.round((size.width / size.height) * 20) / 20);
    const withTexts = { ...content(8, 8, 4), textChars: longestExpression(8, 8) };
    const card = chooseFit(layout, size, withTexts).card;
    expect(card.textSize).toBe(0);
    expect(card.summarySize).toBeGreaterThanOrEqual(15);
    // Where the cells write 12 px or more they are kept: the same on a projector 1366 px wide.
    const wide = chooseFit(deviceLayout(schedule, 1.5), { width: 920, height: 610 }, withTexts).card;
    expect(wide.textSize).toBeGreaterThanOrEqual(15);
  });
});
