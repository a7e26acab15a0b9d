import { describe, expect, it } from 'vitest';
import { expressionLines } from '../../../../src/ui/devices/card/expressionLines';

describe('expressions wrapped for narrow cells', () => {
  it('breaks a sum after its operators, never inside a term', () => {
    expect(expressionLines('(a₁+b₁+c₁+d₁)', 7, 2)).toEqual(['(a₁+b₁+', 'c₁+d₁)']);
    expect(expressionLines('(a₁+b₁+c₁+d₁+e₁+f₁+g₁+h₁)', 7, 4)).toEqual(['(a₁+b₁+', 'c₁+d₁+', 'e₁+f₁+', 'g₁+h₁)']);
  });

  it('keeps what fits on one line whole', () => {
    expect(expressionLines('a₁', 7, 2)).toEqual(['a₁']);
    expect(expressionLines('(d₄+a₄)', 7, 2)).toEqual(['(d₄+a₄)']);
    expect(expressionLines('(a₁+b₁+c₁)', 13, 1)).toEqual(['(a₁+b₁+c₁)']);
  });

  it('widens the lines rather than exceed the lines allowed, for notations longer than a sum', () => {
    expect(expressionLines('max(a₁, b₁, c₁, d₁)', 7, 2)).toEqual(['max(a₁,', 'b₁, c₁, d₁)']);
    expect(expressionLines('(a₁+b₁, 12 terms)', 7, 2)).toEqual(['(a₁+b₁,', '12 terms)']);
  });
});
