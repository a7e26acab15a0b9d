// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { styledSvg, styledSvgSliced } from '../../../src/ui/share/svgSnapshot';

function picture(cards: number): SVGSVGElement {
  document.head.innerHTML = `<style>.card { fill: rgb(1, 2, 3); stroke: rgb(200, 0, 0) } .name { font-family: Menlo, monospace }</style>`;
  const card = `<g class="card" tabindex="0" role="button" aria-pressed="false"><title>GPU-0 holds a₁ & b₁</title><rect x="13.588235294117647" width="5" height="5"/><text class="name">GPU</text><rect fill="blue" width="1" height="1"/></g>`;
  document.body.innerHTML = `<svg class="gs-devices-svg" role="group" aria-label="Ring of 4" width="100" height="50">${card.repeat(cards)}</svg>`;
  return document.querySelector('svg')!;
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the styled snapshot of the devices picture', () => {
  it('writes each style where it changes from the parent, fonts as the embedded ones of their kind, coordinates to 1/100 px, and no page-only attributes', () => {
    const { markup, width, height } = styledSvg(picture(1));
    expect([width, height]).toEqual([100, 50]);
    expect(markup).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" style="visibility:visible;font-family:gradsync-sans, system-ui, sans-serif" width="100" height="50">' +
        '<g class="card" style="fill:rgb(1, 2, 3);stroke:rgb(200, 0, 0)"><title>GPU-0 holds a₁ &#38; b₁</title><rect x="13.59" width="5" height="5"/><text class="name" style="font-family:gradsync-mono, ui-monospace, monospace">GPU</text><rect fill="blue" width="1" height="1"/></g></svg>',
    );
  });

  it('gives the same markup when computed in slices, pausing once a slice runs over its budget', async () => {
    const svg = picture(40);
    let clock = 0;
    let pauses = 0;
    const sliced = await styledSvgSliced(svg, {
      budgetMs: 10,
      // Each reading of the clock is 11 ms on: every check (one per 16 elements) finds the slice over.
      now: () => (clock += 11),
      pause: async () => void pauses++,
    });
    expect(sliced).toEqual(styledSvg(svg));
    expect(pauses).toBe(10);
  });
});
