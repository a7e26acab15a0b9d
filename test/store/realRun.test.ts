// The real run's store: it trains on the CPU engine where there is no GPU (saying why when the GPU
// failed), publishes a frame per step, stops when asked or when a setting changes, and puts a bad
// setting in one line.

import { describe, expect, it } from 'vitest';
import { GradsyncError } from '../../src/core/errors';
import { createRealRunStore } from '../../src/store/realRun';

describe('the real run store', () => {
  it('trains on the CPU engine, one frame per step, and ends done with the replicas bit-identical', async () => {
    const store = createRealRunStore(null, { devices: 3, steps: 8 });
    const seen: number[] = [];
    store.subscribe((state) => seen.push(state.frames.length));
    await store.getState().start();
    const state = store.getState();
    expect(state.status).toBe('done');
    expect(state.backend).toBe('cpu');
    expect(state.frames).toHaveLength(9);
    expect(state.frames.every((frame) => frame.identical && frame.gap <= frame.bound!)).toBe(true);
    expect(new Set(seen).size).toBeGreaterThan(5);
    expect(state.weights).toHaveLength(3 * 16);
    expect(state.message).toBeNull();
  });

  it('says in one line that it runs on the CPU when the GPU is not there', async () => {
    const store = createRealRunStore(
      async () => {
        throw new GradsyncError('unavailable', 'WebGPU is not available in this browser; running on the CPU engine instead');
      },
      { steps: 2 },
    );
    await store.getState().start();
    expect(store.getState()).toMatchObject({
      status: 'done',
      backend: 'cpu',
      message: 'WebGPU is not available in this browser; running on the CPU engine instead',
    });
  });

  it('stops when asked, and a changed setting clears the run', async () => {
    const store = createRealRunStore(null, { steps: 400 });
    const running = store.getState().start();
    await new Promise((resolve) => setTimeout(resolve, 120));
    store.getState().stop();
    await running;
    const stopped = store.getState().frames.length;
    expect(store.getState().status).toBe('done');
    expect(stopped).toBeGreaterThan(1);
    expect(stopped).toBeLessThan(401);
    store.getState().set({ sync: false });
    expect(store.getState()).toMatchObject({ status: 'idle', frames: [], settings: { sync: false } });
  });

  it('fails in one line, keeping its settings, when the algorithm cannot be built', async () => {
    const store = createRealRunStore(null, { algorithm: 'nope' });
    await store.getState().start();
    const state = store.getState();
    expect(state.status).toBe('failed');
    expect(state.message).toMatch(/nope/);
    expect(state.message).not.toContain('\n');
    expect(state.settings.algorithm).toBe('nope');
  });
});
