// When a figure's picture counts as in view for a step the reader takes: nearly all of it on screen
// (or nearly the whole screen, for a picture taller than the screen).

import { describe, expect, it } from 'vitest';
import { inView } from '../../src/embed/readerSteps';

describe('a picture in view', () => {
  it('is one wholly on screen, or missing at most a tenth', () => {
    expect(inView({ top: 0, bottom: 400 }, 844)).toBe(true);
    expect(inView({ top: 444, bottom: 844 }, 844)).toBe(true);
    expect(inView({ top: -40, bottom: 360 }, 844)).toBe(true);
    expect(inView({ top: -41, bottom: 359 }, 844)).toBe(false);
    expect(inView({ top: 500, bottom: 900 }, 844)).toBe(false);
  });

  it('is not one above or below the screen', () => {
    expect(inView({ top: -500, bottom: -100 }, 844)).toBe(false);
    expect(inView({ top: 900, bottom: 1300 }, 844)).toBe(false);
  });

  it('is one taller than the screen that fills nearly all of it', () => {
    expect(inView({ top: -10, bottom: 500 }, 390)).toBe(true);
    expect(inView({ top: 100, bottom: 600 }, 390)).toBe(false);
  });
});
