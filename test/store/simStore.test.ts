import { describe, expect, it } from 'vitest';
import { ring } from '../../src/core/algorithms/ring';
import { narrateStep } from '../../src/core/narration';
import { createSimStore, totalSteps, type SimStore } from '../../src/store/simStore';
import { formatUrlState, parseUrlState } from '../../src/store/url';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function manualTimers() {
  const pending: { callback: () => void; ms: number }[] = [];
  return {
    setTimer: (callback: () => void, ms: number) => {
      const timer = { callback, ms };
      pending.push(timer);
      return timer;
    },
    clearTimer: (handle: unknown) => {
      const index = pending.indexOf(handle as (typeof pending)[number]);
      if (index >= 0) pending.splice(index, 1);
    },
    fire() {
      const timer = pending.shift();
      timer?.callback();
      return timer;
    },
    pending,
  };
}

function cpuStore(options: Parameters<typeof createSimStore>[0] = {}): SimStore {
  return createSimStore({ gpu: null, ...options, config: { backend: 'cpu', ...options.config } });
}

describe('the simulation store', () => {
  it('opens ring on 4 devices at step 0 with its 6 steps verified', () => {
    const store = cpuStore();
    const state = store.getState();
    expect(state.config).toMatchObject({ algorithm: 'ring', devices: 4 });
    expect(totalSteps(state)).toBe(6);
    expect(state.derived!.verification.ok).toBe(true);
    expect(state.step).toBe(0);
  });

  it('steps forward and back within 0..steps, recording each transition', () => {
    const store = cpuStore({ now: () => 42 });
    const { stepForward, stepBack, toEnd, toStart, seek } = store.getState();
    stepForward();
    stepForward();
    expect(store.getState()).toMatchObject({ step: 2, transition: { kind: 'step', from: 1, to: 2, startedAt: 42 } });
    stepBack();
    expect(store.getState().step).toBe(1);
    toEnd();
    stepForward();
    expect(store.getState().step).toBe(6);
    toStart();
    stepBack();
    expect(store.getState().step).toBe(0);
    seek(4);
    expect(store.getState().step).toBe(4);
  });

  it('plays one step per 1000/speed ms and stops at the end', () => {
    const timers = manualTimers();
    const store = cpuStore({ config: { speed: 2 }, ...timers });
    store.getState().play();
    expect(store.getState().playing).toBe(true);
    timers.fire();
    expect(store.getState().step).toBe(1);
    expect(timers.pending[0].ms).toBe(500);
    for (let i = 0; i < 5; i++) timers.fire();
    expect(store.getState().step).toBe(6);
    timers.fire();
    expect(store.getState().playing).toBe(false);
    expect(timers.pending).toEqual([]);
  });

  it('stops playing when the user steps by hand', () => {
    const timers = manualTimers();
    const store = cpuStore(timers);
    store.getState().play();
    timers.fire();
    store.getState().stepBack();
    expect(store.getState()).toMatchObject({ playing: false, step: 0 });
    expect(timers.pending).toEqual([]);
  });

  it('rebuilds on a new configuration and keeps the step where it still exists', () => {
    const store = cpuStore({ step: 3 });
    store.getState().setConfig({ algorithm: 'naive' });
    expect(store.getState()).toMatchObject({ step: 1, config: { algorithm: 'naive' } });
    expect(totalSteps(store.getState())).toBe(1);
  });

  it('turns an impossible combination into a message, not a crash', () => {
    const store = cpuStore();
    store.getState().setConfig({ algorithm: 'hierarchical-ring', devices: 6, devicesPerNode: 4 });
    expect(store.getState().derived).toBeNull();
    expect(store.getState().error).toMatch(/devices-per-node/);
  });

  it('loads a correct schedule, and a wrong one that can still be stepped with its violation', () => {
    const store = cpuStore();
    const schedule = ring.build({ devices: 3 });
    expect(store.getState().loadSchedule(JSON.stringify(schedule), 'mine.json')).toBe(true);
    expect(store.getState()).toMatchObject({ custom: { name: 'mine.json' }, config: { devices: 3 } });
    expect(store.getState().derived!.verification.ok).toBe(true);
    schedule.steps[1].transfers.pop();
    expect(store.getState().loadSchedule(JSON.stringify(schedule), 'broken.json')).toBe(true);
    const { derived, notices } = store.getState();
    expect(derived!.verification.violation).toMatchObject({ kind: 'missing' });
    expect(notices.at(-1)).toMatchObject({ level: 'warning' });
    store.getState().toEnd();
    expect(store.getState().step).toBe(4);
  });

  it('keeps the current state and reports an error when a file is not a schedule', () => {
    const store = cpuStore();
    expect(store.getState().loadSchedule('{"format": "nope"}', 'bad.json')).toBe(false);
    expect(store.getState().config.algorithm).toBe('ring');
    expect(store.getState().notices.at(-1)).toMatchObject({ level: 'error', text: expect.stringMatching(/^bad\.json: "format" must be/) });
  });

  it('reads values back only when a device is inspected', async () => {
    const store = cpuStore();
    await settle();
    expect(store.getState().engine).toMatchObject({ active: 'cpu' });
    store.getState().seek(6);
    await settle();
    expect(store.getState().readout).toBeNull();
    store.getState().inspect(2);
    await settle();
    const { readout, config } = store.getState();
    expect(readout!.step).toBe(6);
    expect(readout!.values.length).toBe(4 * config.elements);
  });

  it('falls back to the CPU engine with a notice when WebGPU is missing', async () => {
    const store = createSimStore({ gpu: null });
    await settle();
    expect(store.getState().engine).toMatchObject({ requested: 'webgpu', active: 'cpu' });
    expect(store.getState().notices.map((n) => n.text)).toContain('WebGPU is not available here; running on the CPU engine instead');
  });

  it('gives two stores separate states', () => {
    const a = cpuStore();
    const b = cpuStore({ config: { algorithm: 'double-tree', devices: 8 } });
    a.getState().stepForward();
    expect(b.getState().step).toBe(0);
  });
});

describe('the URL', () => {
  it('opens ring on 4 devices at step 2 with the seed sentence of step 2', () => {
    const { config, step, notices } = parseUrlState('?algorithm=ring&devices=4&step=2');
    expect(notices).toEqual([]);
    const store = cpuStore({ config, step });
    expect(store.getState().step).toBe(2);
    expect(narrateStep(store.getState().derived!.schedule, 1).sentences[0]).toBe('GPU-0 sends (d₄+a₄) to GPU-1, where it gets added to b₄.');
  });

  it('turns bad values into notices and defaults', () => {
    const { config, step, notices } = parseUrlState('?algorithm=bogus&devices=abc&op=mean&step=-1&speed=0&latencyUs=x');
    expect(config).toMatchObject({ algorithm: 'ring', devices: 4, op: 'sum', speed: 1 });
    expect(step).toBe(0);
    expect(notices).toHaveLength(6);
  });

  it('round-trips every key', () => {
    const config = { ...parseUrlState('').config, algorithm: 'tree', devices: 16, elements: 4096, chunks: 8, op: 'max' as const, devicesPerNode: 4, latencyUs: 2.5, bandwidthGBs: 50, backend: 'cpu' as const, speed: 3 };
    const back = parseUrlState(formatUrlState(config, 5));
    expect(back).toEqual({ config, step: 5, notices: [] });
  });
});

describe('editing the model', () => {
  it('keeps the schedule, its proof, the engine and the step when only latency or bandwidth change', async () => {
    const store = cpuStore({ step: 3 });
    await settle();
    const { derived, engine } = store.getState();
    store.getState().setConfig({ bandwidthGBs: 50, latencyUs: 1 });
    const after = store.getState();
    expect(after.derived!.schedule).toBe(derived!.schedule);
    expect(after.derived!.verification).toBe(derived!.verification);
    expect(after.derived!.cost.totalUs).not.toBe(derived!.cost.totalUs);
    expect(after.step).toBe(3);
    await settle();
    expect(store.getState().engine).toBe(engine);
  });

  it('keeps playing when the speed changes', () => {
    const timers = manualTimers();
    const store = cpuStore(timers);
    store.getState().play();
    timers.fire();
    store.getState().setConfig({ speed: 4 });
    expect(store.getState().playing).toBe(true);
    expect(timers.pending.map((t) => t.ms)).toEqual([250]);
  });
});
