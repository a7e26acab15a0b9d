import { afterEach, describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/core/algorithms';
import type { SimConfig } from '../../src/store/config';
import { createSimStore, type SimStore } from '../../src/store/simStore';
import { measuredTrace } from '../fixtures/measuredTrace';

const stores: SimStore[] = [];
afterEach(() => {
  while (stores.length) stores.pop()!.getState().dispose();
});

function storeWith(config: Partial<SimConfig> = {}): SimStore {
  const store = createSimStore({ gpu: null, config: { backend: 'cpu', algorithm: 'ring', devices: 4, ...config } });
  stores.push(store);
  return store;
}

/** The measured trace of the schedule the store shows, as file text. */
const traceOfShown = (store: SimStore) => JSON.stringify(measuredTrace(store.getState().derived!.schedule));

describe('a measured run in the store', () => {
  it('loads the trace of the schedule shown, named by its file', () => {
    const store = storeWith();
    expect(store.getState().measured).toBeNull();
    expect(store.getState().loadMeasured(traceOfShown(store), 'r4.json')).toBeNull();
    const measured = store.getState().measured!;
    expect(measured.name).toBe('r4.json');
    expect(measured.run.steps).toHaveLength(6);
    expect(measured.run).toMatchObject({ backend: 'gloo', elements: 4096, op: 'sum' });
  });

  it('returns what is wrong as one line naming the file, throws nothing and keeps the run shown', () => {
    const store = storeWith();
    store.getState().loadMeasured(traceOfShown(store), 'good.json');
    const shown = store.getState().measured;
    const ring8 = JSON.stringify(measuredTrace(buildSchedule({ algorithm: 'ring', devices: 8 })));
    expect(store.getState().loadMeasured(ring8, 'r8.json')).toBe('r8.json: not a measured trace of this schedule: it ran on 8 devices; this schedule has 4');
    const notJson = store.getState().loadMeasured('{\n  "traceEvents": [\n  oops', 'broken.json');
    expect(notJson).toMatch(/^broken\.json: not valid JSON \(.+\)$/);
    expect(notJson).not.toMatch(/\n/);
    expect(store.getState().loadMeasured('[]', 'list.json')).toBe(
      'list.json: not a measured trace of this schedule: expected an object with a traceEvents array',
    );
    expect(store.getState().measured).toBe(shown);
  });

  it('keeps the run across edits of the model: op, elements, latency, bandwidth, topology, engine, speed', () => {
    const store = storeWith();
    store.getState().loadMeasured(traceOfShown(store), 'r4.json');
    const shown = store.getState().measured;
    const patches: Partial<SimConfig>[] = [
      { op: 'max' },
      { elements: 4096 },
      { latencyUs: 2 },
      { bandwidthGBs: 12.5 },
      { topology: 'switch' },
      { backend: 'webgpu' },
      { speed: 4 },
    ];
    for (const patch of patches) {
      store.getState().setConfig(patch);
      expect(store.getState().measured).toBe(shown);
    }
    // Devices per node do not shape a ring.
    store.getState().setConfig({ devicesPerNode: 2 });
    expect(store.getState().measured).toBe(shown);
  });

  it('drops the run when the schedule changes: algorithm, devices, chunks, collective, devices per node of a node algorithm', () => {
    const cases: [Partial<SimConfig>, Partial<SimConfig>][] = [
      [{}, { algorithm: 'double-tree' }],
      [{}, { devices: 5 }],
      [{}, { chunks: 8 }],
      [{}, { collective: 'allgather' }],
      [{ algorithm: 'hierarchical-ring', devices: 8, devicesPerNode: 4 }, { devicesPerNode: 2 }],
    ];
    for (const [config, patch] of cases) {
      const store = storeWith(config);
      expect(store.getState().loadMeasured(traceOfShown(store), 'run.json')).toBeNull();
      store.getState().setConfig(patch);
      expect(store.getState().measured, JSON.stringify(patch)).toBeNull();
    }
  });

  it('drops the run when a schedule is loaded or the loaded one is left, and keeps a loaded schedule’s run across model edits', () => {
    const store = storeWith();
    store.getState().loadMeasured(traceOfShown(store), 'r4.json');
    expect(store.getState().loadSchedule(buildSchedule({ algorithm: 'ring', devices: 4 }), 'mine.json')).toBe(true);
    expect(store.getState().measured).toBeNull();
    expect(store.getState().loadMeasured(traceOfShown(store), 'mine-run.json')).toBeNull();
    store.getState().setConfig({ latencyUs: 9 });
    expect(store.getState().measured?.name).toBe('mine-run.json');
    store.getState().clearCustom();
    expect(store.getState().measured).toBeNull();
  });

  it('removes the run', () => {
    const store = storeWith();
    store.getState().loadMeasured(traceOfShown(store), 'r4.json');
    store.getState().clearMeasured();
    expect(store.getState().measured).toBeNull();
  });
});
