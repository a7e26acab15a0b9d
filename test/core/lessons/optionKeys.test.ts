import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { optionLabel, optionOfKey, optionRange, predictStep } from '../../../src/core/lessons';

describe('naming and picking options', () => {
  it('names options by number and says the range a question of three or four offers', () => {
    expect([0, 1, 2, 3].map(optionLabel)).toEqual(['1', '2', '3', '4']);
    expect(optionRange(3)).toBe('1–3');
    expect(optionRange(4)).toBe('1–4');
    expect(optionRange(1)).toBe('1');
  });

  it('picks by the number keys of the options there are, and by no letter', () => {
    expect(['1', '2', '3'].map((key) => optionOfKey(key, 3))).toEqual([0, 1, 2]);
    expect(optionOfKey('4', 3)).toBeNull();
    expect(optionOfKey('4', 4)).toBe(3);
    for (const key of ['0', 'a', 'A', 'b', 'd', 'Enter', '12']) expect(optionOfKey(key, 4), key).toBeNull();
  });

  it('says "1–3" for the first lesson’s question, which offers three options', () => {
    const result = predictStep({ schedule: buildSchedule({ algorithm: 'naive', devices: 4 }), applied: 0, seed: 1, kind: 'cell' });
    if (!result.ok) throw new Error(result.reason);
    expect(result.question.options).toHaveLength(3);
    expect(optionRange(result.question.options.length)).toBe('1–3');
  });
});
