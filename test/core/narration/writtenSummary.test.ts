import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { briefLength, mostWritesPerDevice, spanSummary, summaryLines, writtenSummary, writtenSummaryLength } from '../../../src/core/narration';

const oneLine = (values: readonly string[]) => summaryLines(writtenSummary(values), 1)[0] ?? '';

describe('what a step wrote on a device, on one line or two', () => {
  it('writes one or two values whole and a longer run by its first and last', () => {
    expect(oneLine([])).toBe('');
    expect(oneLine(['(o₁₅+…+b₁₅)'])).toBe('(o₁₅+…+b₁₅)');
    expect(oneLine(['(e₃+a₃)', '(e₄+a₄)'])).toBe('(e₃+a₃), (e₄+a₄)');
    expect(oneLine(['(e₁+a₁)', '(e₂+a₂)', '(e₃+a₃)', '(e₄+a₄)'])).toBe('(e₁+a₁) … (e₄+a₄)');
    expect(summaryLines(spanSummary('a₁', 'a₁₆'), 1)).toEqual(['a₁ … a₁₆']);
  });

  it('breaks two values or a run after the first piece on a narrow card, and never one value', () => {
    expect(summaryLines(writtenSummary(['(e₃+a₃)', '(e₄+a₄)']), 2)).toEqual(['(e₃+a₃),', '(e₄+a₄)']);
    expect(summaryLines(writtenSummary(['(e₁+a₁)', '(e₂+a₂)', '(e₃+a₃)', '(e₄+a₄)']), 2)).toEqual(['(e₁+a₁) …', '(e₄+a₄)']);
    // Values written under max keep their own commas: the break is between values, never inside one.
    expect(summaryLines(writtenSummary(['max(d₄, a₄)', 'max(e₄, b₄)']), 2)).toEqual(['max(d₄, a₄),', 'max(e₄, b₄)']);
    expect(summaryLines(writtenSummary(['(o₁₅+…+b₁₅)']), 2)).toEqual(['(o₁₅+…+b₁₅)']);
    // A short pair stays on one line where the line holds it.
    expect(summaryLines(spanSummary('a₁', 'a₈'), 2, 9)).toEqual(['a₁ … a₈']);
    expect(summaryLines(spanSummary('a₁', 'a₈'), 2, 6)).toEqual(['a₁ …', 'a₈']);
    expect(summaryLines([], 2)).toEqual([]);
  });

  it('counts the most cells a step writes on one device: one for ring, half the buffer for halving-doubling', () => {
    expect(mostWritesPerDevice(buildSchedule({ collective: 'allreduce', algorithm: 'ring', devices: 16 }))).toBe(1);
    expect(mostWritesPerDevice(buildSchedule({ collective: 'allreduce', algorithm: 'halving-doubling', devices: 8 }))).toBe(4);
  });

  it('bounds the line: a brief value where a step writes one cell, two and a gap where it writes more', () => {
    const one = briefLength(16, 16).oneLine;
    expect(one).toBe('(a₁₆+…+p₁₆)'.length);
    expect(writtenSummaryLength(16, 16, 1)).toBe(one);
    expect(writtenSummaryLength(16, 16, 4)).toBe('(a₁₆+…+p₁₆) … (a₁₆+…+p₁₆)'.length);
    // On two lines, the longer line is a value and its mark.
    expect(writtenSummaryLength(16, 16, 4, 2)).toBe('(a₁₆+…+p₁₆) …'.length);
    expect(writtenSummaryLength(16, 16, 1, 2)).toBe(one);
    // At the start a card shows its own chunks, a₁ … a₁₆: never longer than one brief value.
    expect(summaryLines(spanSummary('p₁', 'p₁₆'), 1)[0].length).toBeLessThanOrEqual(one);
  });
});
