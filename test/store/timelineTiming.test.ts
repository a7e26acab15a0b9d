import { afterEach, describe, expect, it } from 'vitest';
import { createSimStore, type SimStore } from '../../src/store/simStore';

const stores: SimStore[] = [];

function cpuStore(config: Parameters<typeof createSimStore>[0] = {}): SimStore {
  const store = createSimStore({ gpu: null, ...config, config: { backend: 'cpu', ...config.config } });
  stores.push(store);
  return store;
}

afterEach(() => {
  while (stores.length) stores.pop()!.getState().dispose();
});

describe('the timeline’s timing in the store', () => {
  it('starts step by step, and is set by setTimelineTiming', () => {
    const store = cpuStore();
    expect(store.getState().timelineTiming).toBe('steps');
    store.getState().setTimelineTiming('dataflow');
    expect(store.getState().timelineTiming).toBe('dataflow');
    store.getState().setTimelineTiming('steps');
    expect(store.getState().timelineTiming).toBe('steps');
  });

  it('stays as chosen while the schedule, the model and the step change', () => {
    const store = cpuStore({ config: { algorithm: 'ring', devices: 4 } });
    store.getState().setTimelineTiming('dataflow');
    store.getState().setConfig({ algorithm: 'double-tree', devices: 8 });
    store.getState().setConfig({ latencyUs: 50 });
    store.getState().stepForward();
    expect(store.getState().timelineTiming).toBe('dataflow');
  });

  it('belongs to its own store: two figures on one page time their timelines apart', () => {
    const one = cpuStore();
    const other = cpuStore();
    one.getState().setTimelineTiming('dataflow');
    expect(other.getState().timelineTiming).toBe('steps');
  });
});
