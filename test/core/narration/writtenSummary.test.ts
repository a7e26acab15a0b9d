import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { briefLength, mostWritesPerDevice, spanSummary, writtenSummary, writtenSummaryLength } from '../../../src/core/narration';

describe('what a step wrote on a device, in one line', () => {
  it('writes one or two values whole and a longer run by its first and last', () => {
    expect(writtenSummary([])).toBe('');
    expect(writtenSummary(['(o₁₅+…+b₁₅)'])).toBe('(o₁₅+…+b₁₅)');
    expect(writtenSummary(['(e₃+a₃)', '(e₄+a₄)'])).toBe('(e₃+a₃), (e₄+a₄)');
    expect(writtenSummary(['(e₁+a₁)', '(e₂+a₂)', '(e₃+a₃)', '(e₄+a₄)'])).toBe('(e₁+a₁) … (e₄+a₄)');
    expect(spanSummary('a₁', 'a₁₆')).toBe('a₁ … a₁₆');
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
    // At the start a card shows its own chunks, a₁ … a₁₆: never longer than one brief value.
    expect(spanSummary('p₁', 'p₁₆').length).toBeLessThanOrEqual(one);
  });
});
