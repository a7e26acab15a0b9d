// The pace a schedule plays at where no speed was chosen: about a minute for the whole schedule, in
// the speeds the app offers, never slower than two seconds a step; a chosen speed always wins.

import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, PACED, paceOf, SPEED_CHOICES, speedFor } from '../../src/store/config';
import { createSimStore, playSpeed, stepDurationMs, totalSteps } from '../../src/store/simStore';
import { formatUrlState, parseUrlState } from '../../src/store/url';

describe('the pace of a schedule', () => {
  it('plays a long schedule whole in about a minute, at a speed the app offers', () => {
    for (const steps of [62, 126, 268, 510, 2046]) {
      const speed = paceOf(steps);
      expect(SPEED_CHOICES).toContain(speed);
      expect(steps / speed).toBeGreaterThan(40);
      expect(steps / speed).toBeLessThan(90);
    }
    expect(paceOf(2046)).toBe(32);
  });

  it('keeps two seconds a step for short schedules, and the fastest choice for the longest', () => {
    expect(paceOf(6)).toBe(0.5);
    expect(paceOf(0)).toBe(0.5);
    expect(paceOf(30)).toBe(0.5);
    expect(paceOf(100_000)).toBe(SPEED_CHOICES.at(-1));
  });

  it('gives way to a chosen speed', () => {
    expect(speedFor(PACED, 2046)).toBe(32);
    expect(speedFor(0.5, 2046)).toBe(0.5);
    expect(speedFor(4, 6)).toBe(4);
  });

  it('is the default, which links leave out, while a chosen speed is kept in them', () => {
    expect(DEFAULT_CONFIG.speed).toBe(PACED);
    expect(parseUrlState('?algorithm=ring&devices=8').config.speed).toBe(PACED);
    expect(formatUrlState({ ...DEFAULT_CONFIG, devices: 512 }, 0)).not.toContain('speed');
    expect(formatUrlState({ ...DEFAULT_CONFIG, speed: 0.5 }, 0)).toContain('speed=0.5');
    expect(parseUrlState('?speed=0.5').config.speed).toBe(0.5);
  });

  it('times the store’s steps: ring on 256 devices plays in about a minute unless a speed is chosen', () => {
    const store = createSimStore({ config: { backend: 'cpu', devices: 256 }, gpu: null, engine: false });
    const state = store.getState();
    expect(totalSteps(state)).toBe(510);
    expect(playSpeed(state)).toBe(8);
    expect((stepDurationMs(state) * totalSteps(state)) / 1000).toBeCloseTo(63.75);
    state.setConfig({ speed: 1 });
    expect(stepDurationMs(store.getState())).toBe(1000);
    store.getState().dispose();
  });
});
