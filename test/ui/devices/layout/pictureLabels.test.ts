// Where the names among the links go: off the link a step's arrows travel, beside or outside a root's
// card where the next card leaves no room, and in a node's strip between the links that cross it.

import { describe, expect, it } from 'vitest';
import type { LinkPath } from '../../../../src/ui/devices/layout/linkPaths';
import { linkLabelPlace, nodeLabelPlace, rootNamePlace } from '../../../../src/ui/devices/layout/pictureLabels';

const link = (from: [number, number], to: [number, number], control: [number, number] | null = null): LinkPath => ({
  a: 0,
  b: 1,
  kind: 'partner',
  from: { x: from[0], y: from[1] },
  to: { x: to[0], y: to[1] },
  control: control && { x: control[0], y: control[1] },
});

describe('a link’s name', () => {
  it('sits inside an arc, 20 px below its top and ending 6 px left of its middle, where arrows climb out of a card', () => {
    // An arc rising from y 200 to a top at y 100 (control at y 0), over x 100–300.
    expect(linkLabelPlace(link([100, 200], [300, 200], [200, 0]))).toEqual({ x: 194, y: 120, anchor: 'end' });
    // A shallow one keeps halfway between its top and its chord.
    expect(linkLabelPlace(link([100, 200], [300, 200], [200, 180]))).toEqual({ x: 194, y: 195, anchor: 'end' });
  });

  it('stands to the right of a straight link across the rows, clear of the arrows bowed around it', () => {
    expect(linkLabelPlace(link([100, 100], [100, 300]))).toEqual({ x: 118, y: 200, anchor: 'start' });
    expect(linkLabelPlace(link([100, 100], [300, 100]))).toEqual({ x: 200, y: 80, anchor: 'middle' });
  });
});

describe('a root’s name', () => {
  const card = { width: 100, height: 80 };
  const size = { width: 800, height: 400 };

  it('stands beside its card on one line where the next card is far enough', () => {
    const centres = [
      { x: 100, y: 60 },
      { x: 300, y: 60 },
    ];
    expect(rootNamePlace('tree 0 root', 0, 'right', { centres, card, size })).toEqual({ place: { x: 156, y: 29, anchor: 'start' } });
  });

  it('breaks in two lines where one would reach the next card, and goes outside the card where two would too', () => {
    const near = [
      { x: 100, y: 60 },
      { x: 260, y: 60 },
    ];
    expect(rootNamePlace('tree 0 root', 0, 'right', { centres: near, card, size })).toEqual({
      place: { x: 156, y: 29, anchor: 'start' },
      wrap: { lines: ['tree 0', 'root'], stack: 'down' },
    });
    // 30 px between the cards: under its card (the drawing's top leaves no room above it).
    const touching = [
      { x: 100, y: 60 },
      { x: 230, y: 60 },
    ];
    expect(rootNamePlace('tree 0 root', 0, 'right', { centres: touching, card, size }).place).toEqual({ x: 100, y: 114.05, anchor: 'middle' });
    // A card in the lower half is named level with its bottom edge, its lines stacked up from there.
    const low = [
      { x: 700, y: 340 },
      { x: 540, y: 340 },
    ];
    expect(rootNamePlace('tree 1 root', 0, 'left', { centres: low, card, size })).toEqual({
      place: { x: 644, y: 371, anchor: 'end' },
      wrap: { lines: ['tree 1', 'root'], stack: 'up' },
    });
  });
});

describe('a node’s name', () => {
  const box = { x: 10, y: 100, width: 400 };

  it('is written in its box’s corner where no link crosses the strip above the cards', () => {
    expect(nodeLabelPlace('node 0', box, 18, [link([60, 140], [160, 140])])).toEqual({ x: 19, y: 114, anchor: 'start' });
  });

  it('moves past a link that crosses the strip at its corner (one between nodes, leaving a card’s top)', () => {
    expect(nodeLabelPlace('node 1', box, 18, [link([60, 20], [60, 140])])).toEqual({ x: 70, y: 114, anchor: 'start' });
  });

  it('stays in the corner when no gap between the crossing links is wide enough', () => {
    const crossing = [40, 90, 140, 190, 240, 290, 340, 390].map((x) => link([x, 20], [x, 140]));
    expect(nodeLabelPlace('node 1', box, 18, crossing)).toEqual({ x: 19, y: 114, anchor: 'start' });
  });
});
