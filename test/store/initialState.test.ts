// A store's first state is a pure function of its options, made before the store exists; the work it
// waits for starts only once the store is made.

import { afterEach, describe, expect, it } from 'vitest';
import { ring } from '../../src/core/algorithms/ring';
import { backgroundOver, type BackgroundRequest } from '../../src/store/background/background';
import { initialSimState, openingOf } from '../../src/store/initialState';
import { createSimStore, type SimState, type SimStore, type SimStoreOptions } from '../../src/store/simStore';

const stores: SimStore[] = [];
function made(options: SimStoreOptions): SimStore {
  const store = createSimStore(options);
  stores.push(store);
  return store;
}

afterEach(() => {
  stores.splice(0).forEach((store) => store.getState().dispose());
});

/** The state's own fields, without the step reader (an object of its own in each state). */
function stateOf({ tracker: _tracker, ...state }: SimState): Omit<SimState, 'tracker'> {
  return state;
}

describe('the first state', () => {
  it('is the state a store opens in, made from the options alone', () => {
    for (const options of [
      { gpu: null, now: () => 7, config: { backend: 'cpu' as const }, step: 3 },
      { gpu: null, now: () => 7, config: { algorithm: 'double-tree', devices: 8 }, notices: ['a note'] },
      { gpu: null, now: () => 7, config: { chunks: 6 } },
    ]) {
      const initial = initialSimState(openingOf(options), options);
      expect(made(options).getState()).toMatchObject(stateOf(initial));
    }
  });

  it('numbers its notices in the order they are said, and the store numbers on from there', () => {
    const broken = ring.build({ devices: 12 });
    broken.steps = broken.steps.slice(1);
    const options = { gpu: null, notices: ['from the link'], schedule: broken, step: 99, config: { backend: 'cpu' as const, preset: 'dgx-h100' } };
    const { notices } = initialSimState(openingOf(options), options);
    expect(notices.map(({ id, about }) => [id, about])).toEqual([
      [1, undefined],
      [2, 'verdict'],
      [3, undefined],
      [4, undefined],
    ]);
    expect(notices[0].text).toBe('from the link');
    expect(notices[1].text).toMatch(/^ring is not a correct allreduce/);
    expect(notices[2].text).toBe(`step 99 is past the last step (${broken.steps.length}); showing the end`);
    expect(notices[3].text).toMatch(/^DGX\/HGX H100: .*custom values$/);
    const store = made(options);
    store.getState().notify('info', 'later');
    expect(store.getState().notices.map((n) => n.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('asks nothing of the background; the store made from it asks for the schedule being prepared', () => {
    const requests: BackgroundRequest[] = [];
    const background = backgroundOver({ postMessage: (message) => requests.push(message), onmessage: null, onerror: null, terminate() {} });
    const options = { gpu: null, background, config: { algorithm: 'ring', devices: 128, backend: 'cpu' as const } };
    const initial = initialSimState(openingOf(options), options);
    expect(initial).toMatchObject({ derived: null, step: 0, preparing: { algorithm: 'ring', devices: 128, progress: { stage: 'building' } } });
    expect(requests).toEqual([]);
    made(options);
    expect(requests.map((request) => request.kind)).toEqual(['derive']);
  });
});
