// Which travelling messages keep their words in a frame: none over another, each inside the picture.

import { describe, expect, it } from 'vitest';
import { LABEL_STRIDE, roomForLabels } from '../../../../src/ui/devices/motion/labelRoom';

/** Labels as [centre x, top, width, height]; NaN x for one not shown. */
function room(labels: [number, number, number, number][], stageWidth = 500): number[] {
  const boxes = new Float64Array(labels.length * LABEL_STRIDE);
  labels.forEach((label, i) => boxes.set(label, i * LABEL_STRIDE));
  const shifts = new Float64Array(labels.length);
  roomForLabels(boxes, labels.length, stageWidth, shifts);
  return [...shifts];
}

describe('room for the labels of travelling messages', () => {
  it('keeps labels apart as they are, and hides one that would cover a label kept before it', () => {
    expect(
      room([
        [100, 100, 80, 20],
        [300, 100, 80, 20],
      ]),
    ).toEqual([0, 0]);
    // The second overlaps the first; the third overlaps only the hidden second, so it stays.
    expect(
      room([
        [100, 100, 80, 20],
        [150, 110, 80, 20],
        [210, 125, 80, 20],
      ]),
    ).toEqual([0, NaN, 0]);
    // Seven converging on one point: only the first keeps its words.
    expect(room(Array.from({ length: 7 }, () => [250, 250, 90, 22] as [number, number, number, number])).filter((shift) => !Number.isNaN(shift))).toEqual([0]);
  });

  it('leaves a gap of 2 px between two kept labels', () => {
    expect(
      room([
        [100, 100, 80, 20],
        [181, 100, 80, 20],
      ]),
    ).toEqual([0, NaN]);
    expect(
      room([
        [100, 100, 80, 20],
        [182, 100, 80, 20],
      ]),
    ).toEqual([0, 0]);
  });

  it('slides a label that would leave the picture back inside it, and then judges its room where it lands', () => {
    expect(room([[20, 100, 80, 20]])).toEqual([20]);
    expect(room([[490, 100, 80, 20]])).toEqual([-30]);
    // Slid left from the edge, the second lands on the first.
    expect(
      room([
        [440, 100, 60, 20],
        [495, 100, 60, 20],
      ]),
    ).toEqual([0, NaN]);
  });

  it('ignores labels not shown this frame, and lets one with no size take no room', () => {
    expect(
      room([
        [NaN, 100, 80, 20],
        [100, 100, 80, 20],
        [100, 100, 0, 0],
      ]),
    ).toEqual([NaN, 0, 0]);
  });
});
