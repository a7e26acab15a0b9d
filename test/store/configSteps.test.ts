// The speed and algorithm one key press moves to (the presenter's − / + and A / Shift+A), and the pick
// of an algorithm over nodes, which the app's menu and the presenter share.

import { describe, expect, it } from 'vitest';
import { algorithmIdsFor, algorithmPick, DEFAULT_CONFIG, SPEED_CHOICES, stepAlgorithm, stepSpeed } from '../../src/store/config';

describe('stepping a setting', () => {
  it('moves the speed to the next choice offered, from any speed, and stays at either end', () => {
    expect(stepSpeed(0.5, 1)).toBe(1);
    expect(stepSpeed(0.5, -1)).toBe(0.25);
    expect(stepSpeed(3, 1)).toBe(4);
    expect(stepSpeed(3, -1)).toBe(2);
    expect(stepSpeed(SPEED_CHOICES[0], -1)).toBe(SPEED_CHOICES[0]);
    expect(stepSpeed(SPEED_CHOICES.at(-1)!, 1)).toBe(SPEED_CHOICES.at(-1));
  });

  it('moves the algorithm round the menu of its collective, both ways', () => {
    const ids = algorithmIdsFor('allreduce');
    const first = { ...DEFAULT_CONFIG, algorithm: ids[0] };
    expect(stepAlgorithm(first, 1).algorithm).toBe(ids[1]);
    expect(stepAlgorithm(first, -1).algorithm).toBe(ids[ids.length - 1]);
    let config = first;
    for (let i = 0; i < ids.length; i++) config = { ...config, ...stepAlgorithm(config, 1) };
    expect(config.algorithm).toBe(ids[0]);
  });

  it('starts an algorithm over nodes with two nodes or more', () => {
    expect(algorithmPick({ ...DEFAULT_CONFIG, devices: 8, devicesPerNode: 8 }, 'allreduce', 'hierarchical-ring')).toEqual({
      collective: 'allreduce',
      algorithm: 'hierarchical-ring',
      devicesPerNode: 4,
    });
    expect(algorithmPick(DEFAULT_CONFIG, 'allreduce', 'ring')).toEqual({ collective: 'allreduce', algorithm: 'ring' });
  });
});
