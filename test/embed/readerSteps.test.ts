// When a figure's picture counts as in view for a step the reader takes: nearly all of it on screen
// (or nearly the whole screen, for a picture taller than the screen). And how far the page scrolls
// towards a picture out of view: never so far that the control the reader pressed leaves the screen.

import { describe, expect, it } from 'vitest';
import { inView, scrollToShow } from '../../src/embed/readerSteps';

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

describe('the scroll towards a picture', () => {
  const SCREEN = 844;

  it('brings a picture with nothing pressed to the nearest edge, 8 px inside it, or its top where it is taller than the screen', () => {
    expect(scrollToShow({ top: -300, bottom: 100 }, null, SCREEN)).toBe(-308);
    expect(scrollToShow({ top: 700, bottom: 1100 }, null, SCREEN)).toBe(264);
    expect(scrollToShow({ top: 300, bottom: 1300 }, null, SCREEN)).toBe(292);
  });

  it('goes up only until the pressed button below the picture reaches the foot of the screen, and only where half the picture then shows', () => {
    // The page's Next step under a picture scrolled off the top: up by 208 px, not 308, showing 3/4 of it.
    expect(scrollToShow({ top: -300, bottom: 100 }, { top: 597, bottom: 628 }, SCREEN)).toBe(-208);
    // Mid-screen, under a picture far above: keeping it on screen would still show none of the picture, so nothing moves.
    expect(scrollToShow({ top: -800, bottom: -400 }, { top: 430, bottom: 461 }, SCREEN)).toBe(0);
    // Already at the foot: the page stays where it is, whatever part of the picture shows.
    expect(scrollToShow({ top: -88, bottom: 312 }, { top: 805, bottom: 836 }, SCREEN)).toBe(0);
  });

  it('goes all the way where the button stays on screen, and keeps the picture whole over it', () => {
    // The figure's own step button, under its picture: the whole picture comes down with it.
    expect(scrollToShow({ top: -404, bottom: -4 }, { top: 15, bottom: 51 }, SCREEN)).toBe(-412);
    // A button above a picture below the screen: down until the picture's foot is in, the button still on.
    expect(scrollToShow({ top: 900, bottom: 1300 }, { top: 500, bottom: 530 }, SCREEN)).toBe(464);
    // Too far above it: the button kept on screen would leave a third of the picture in view, so nothing moves.
    expect(scrollToShow({ top: 900, bottom: 1300 }, { top: 200, bottom: 230 }, SCREEN)).toBe(0);
  });

  it('never moves towards a control already past an edge, nor away from it', () => {
    expect(scrollToShow({ top: -800, bottom: -400 }, { top: 830, bottom: 861 }, SCREEN)).toBe(0);
    expect(scrollToShow({ top: 900, bottom: 1300 }, { top: -20, bottom: 10 }, SCREEN)).toBe(0);
  });
});
