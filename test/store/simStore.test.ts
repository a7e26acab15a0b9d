import { describe, expect, it } from 'vitest';
import { binomialTreeBroadcast } from '../../src/core/algorithms/broadcast';
import { ring } from '../../src/core/algorithms/ring';
import { MAX_LINK_CHARS } from '../../src/core/formats/scheduleUrl';
import { DEFAULT_CONFIG, type SimConfig } from '../../src/store/config';
import { narrateStep } from '../../src/core/narration/narration';
import { createSimStore, totalSteps, type SimStore } from '../../src/store/simStore';
import { formatUrlState, linkSearch, parseUrlState } from '../../src/store/url';

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
    expect(state.derived!.verification!.ok).toBe(true);
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

  it('starts a new schedule at step 0: another algorithm, device count, collective, chunk count or node size', () => {
    const changes: [Partial<SimConfig>, number][] = [
      [{ algorithm: 'naive' }, 1],
      [{ devices: 16 }, 30],
      [{ collective: 'allgather' }, 3],
      [{ chunks: 8 }, 6],
      [{ algorithm: 'hierarchical-ring', devices: 8, devicesPerNode: 4 }, 8],
    ];
    for (const [patch, total] of changes) {
      const store = cpuStore({ step: 2 });
      store.getState().setConfig(patch);
      expect([store.getState().step, totalSteps(store.getState())]).toEqual([0, total]);
      expect(store.getState().transition).toMatchObject({ kind: 'jump', from: 0, to: 0 });
    }
    const nodes = cpuStore({ config: { algorithm: 'hierarchical-ring', devices: 8, devicesPerNode: 4 }, step: 3 });
    nodes.getState().setConfig({ devicesPerNode: 2 });
    expect(nodes.getState().step).toBe(0);
  });

  it('keeps the step when the schedule stays: size, op, latency, bandwidth, speed, engine, or a node size ring ignores', () => {
    for (const patch of [
      { elements: 4096 },
      { op: 'max' },
      { latencyUs: 3 },
      { bandwidthGBs: 10 },
      { speed: 2 },
      { backend: 'webgpu' },
      { devicesPerNode: 2 },
      { devices: 4 },
    ] as Partial<SimConfig>[]) {
      const store = cpuStore({ step: 2 });
      store.getState().setConfig(patch);
      expect(store.getState().step).toBe(2);
    }
  });

  it('turns an impossible combination into a message, not a crash', () => {
    const store = cpuStore();
    store.getState().setConfig({ algorithm: 'ring', devices: 4, chunks: 6 });
    expect(store.getState().derived).toBeNull();
    expect(store.getState().error).toBe('ring splits the buffer into 4 segments, so chunks must be a multiple of 4, got 6');
  });

  it('loads a correct schedule, and a wrong one that can still be stepped with its violation', () => {
    const store = cpuStore();
    const schedule = ring.build({ devices: 3 });
    expect(store.getState().loadSchedule(JSON.stringify(schedule), 'mine.json')).toBe(true);
    expect(store.getState()).toMatchObject({ custom: { name: 'ring' }, config: { devices: 3 } });
    expect(store.getState().derived!.verification!.ok).toBe(true);
    schedule.steps[1].transfers.pop();
    expect(store.getState().loadSchedule(JSON.stringify(schedule), 'broken.json')).toBe(true);
    const { derived, notices } = store.getState();
    expect(derived!.verification!.violation).toMatchObject({ kind: 'missing' });
    expect(notices.at(-1)).toMatchObject({ level: 'warning', text: `ring is not a correct allreduce: ${derived!.verification!.violation!.message}` });
    store.getState().toEnd();
    expect(store.getState().step).toBe(4);
  });

  it('names a loaded schedule by its own algorithm, else by where it came from', () => {
    const store = cpuStore();
    store.getState().loadSchedule(JSON.stringify({ ...ring.build({ devices: 5 }), algorithm: 'my-ring' }), 'ring5.json');
    expect(store.getState().custom!.name).toBe('my-ring');
    store.getState().loadSchedule(JSON.stringify({ ...ring.build({ devices: 5 }), algorithm: ' ' }), 'ring5.json');
    expect(store.getState().custom!.name).toBe('ring5.json');
    store.getState().loadSchedule({ ...ring.build({ devices: 2 }), algorithm: '' }, 'pasted schedule');
    expect(store.getState()).toMatchObject({ custom: { name: 'pasted schedule' }, config: { devices: 2 }, step: 0 });
  });

  it('leaves a loaded schedule for the algorithm at step 0 when a shape control changes, and keeps it (and its step) otherwise', () => {
    const store = cpuStore();
    store.getState().loadSchedule(JSON.stringify(ring.build({ devices: 5 })), 'ring5.json');
    store.getState().seek(3);
    store.getState().setConfig({ latencyUs: 4, elements: 100 });
    expect(store.getState()).toMatchObject({ step: 3, custom: { name: 'ring' } });
    store.getState().setConfig({ devices: 5 });
    expect(store.getState()).toMatchObject({ step: 0, custom: null, config: { algorithm: 'ring', devices: 5 } });
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
    expect(config).toMatchObject({ algorithm: 'ring', devices: 4, op: 'sum', speed: DEFAULT_CONFIG.speed });
    expect(step).toBe(0);
    expect(notices).toHaveLength(6);
  });

  it('round-trips every key', () => {
    const config = {
      ...parseUrlState('').config,
      algorithm: 'tree',
      devices: 16,
      elements: 4096,
      chunks: 8,
      op: 'max' as const,
      devicesPerNode: 4,
      latencyUs: 2.5,
      bandwidthGBs: 50,
      backend: 'cpu' as const,
      speed: 3,
    };
    const back = parseUrlState(formatUrlState(config, 5));
    expect(back).toEqual({ config, step: 5, notices: [] });
    expect('schedule' in back).toBe(false);
  });

  it('gives hierarchical-ring without devicesPerNode the devices per node the menu would pick, and its links keep the one shown', () => {
    expect(parseUrlState('?algorithm=hierarchical-ring&devices=8').config.devicesPerNode).toBe(4);
    expect(parseUrlState('?algorithm=hierarchical-ring&devices=16').config.devicesPerNode).toBe(8);
    expect(parseUrlState('?algorithm=ring&devices=8').config.devicesPerNode).toBe(8);
    const oneNode = { ...parseUrlState('').config, algorithm: 'hierarchical-ring', devices: 8, devicesPerNode: 8 };
    expect(formatUrlState(oneNode, 0)).toContain('devicesPerNode=8');
    expect(parseUrlState(formatUrlState(oneNode, 0)).config).toEqual(oneNode);
  });
});

describe('a loaded schedule in the URL', () => {
  const BASE = 'https://example.org/app/';
  const broadcast = binomialTreeBroadcast.build({ devices: 6, root: 2 });

  it('carries the schedule, the step and the model, and opens it named by its algorithm at that step', () => {
    const config = { ...DEFAULT_CONFIG, collective: broadcast.collective, devices: 6, elements: 4096, latencyUs: 2, backend: 'cpu' as const };
    const search = linkSearch(BASE, config, 2, broadcast)!;
    expect([...new URLSearchParams(search).keys()]).toEqual(['schedule', 'elements', 'latencyUs', 'backend', 'step']);
    const back = parseUrlState(search);
    expect(back).toEqual({ config: { ...config, algorithm: 'binomial-tree' }, step: 2, notices: [], schedule: broadcast });
    const store = cpuStore({ config: back.config, schedule: back.schedule, step: back.step });
    expect(store.getState()).toMatchObject({
      step: 2,
      custom: { name: 'binomial-tree', schedule: broadcast },
      config: { collective: 'broadcast', devices: 6 },
    });
    expect(store.getState().derived!.schedule).toBe(back.schedule);
    expect(store.getState().notices).toEqual([]);
  });

  it('lets the schedule decide collective and devices over the other keys', () => {
    const search = `?collective=reduce&algorithm=ring&devices=12&chunks=3&${linkSearch(BASE, DEFAULT_CONFIG, 0, broadcast)!.slice(1)}`;
    const { config, notices, schedule } = parseUrlState(search);
    expect(schedule).toEqual(broadcast);
    expect(config).toMatchObject({ collective: 'broadcast', algorithm: 'ring', devices: 6, chunks: null });
    expect(notices).toEqual([]);
  });

  it('turns a damaged schedule into one notice and shows the algorithm', () => {
    const value = linkSearch(BASE, DEFAULT_CONFIG, 0, broadcast)!.slice('?schedule='.length);
    const { config, notices, schedule } = parseUrlState(`?schedule=${value.slice(0, 40)}&devices=8`);
    expect(schedule).toBeUndefined();
    expect(config).toMatchObject({ algorithm: 'ring', devices: 8 });
    expect(notices).toEqual(['schedule could not be read: it is cut short or damaged; showing ring instead']);
    const store = cpuStore({ config, notices });
    expect(store.getState().notices.map((n) => [n.level, n.text])).toEqual([['warning', notices[0]]]);
  });

  it('names a schedule whose algorithm is empty a shared schedule, and warns when it is not correct', () => {
    const broken = { ...ring.build({ devices: 3 }), algorithm: '' };
    broken.steps = broken.steps.slice(1);
    const store = cpuStore({ schedule: broken });
    expect(store.getState().custom!.name).toBe('shared schedule');
    expect(store.getState().notices.map((n) => n.text)).toEqual([
      `shared schedule is not a correct allreduce: ${store.getState().derived!.verification!.violation!.message}`,
    ]);
  });

  it(`leaves out a schedule whose link would pass ${MAX_LINK_CHARS.toLocaleString('en-US')} characters`, () => {
    const fits = ring.build({ devices: 28 });
    const search = linkSearch(BASE, DEFAULT_CONFIG, 0, fits)!;
    expect(BASE.length + search.length).toBeLessThanOrEqual(MAX_LINK_CHARS);
    expect(parseUrlState(search).schedule).toEqual(fits);
    expect(linkSearch(BASE, DEFAULT_CONFIG, 0, ring.build({ devices: 32 }))).toBeNull();
    expect(linkSearch(BASE, { ...DEFAULT_CONFIG, devices: 64 }, 3, null)).toBe('?algorithm=ring&devices=64&step=3');
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
    expect(after.derived!.cost!.totalUs).not.toBe(derived!.cost!.totalUs);
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

  it('says a run ended at the last step; playing again starts over and shows step 0 for a step', () => {
    const timers = manualTimers();
    const store = cpuStore({ step: 5, ...timers });
    expect(store.getState().player).toBe('idle');
    store.getState().play();
    expect(timers.pending.map((t) => t.ms)).toEqual([0]);
    timers.fire();
    timers.fire();
    expect(store.getState()).toMatchObject({ player: 'ended', playing: false, step: 6 });
    // A pause or a model edit leaves the picture at the end; a step by hand does not.
    store.getState().pause();
    store.getState().setConfig({ speed: 2 });
    expect([store.getState().player, timers.pending]).toEqual(['ended', []]);
    store.getState().play();
    expect(store.getState()).toMatchObject({ player: 'playing', playing: true, step: 0 });
    expect(timers.pending.map((t) => t.ms)).toEqual([500]);
    store.getState().toEnd();
    expect([store.getState().player, timers.pending]).toEqual(['idle', []]);
  });

  it('stops the run, with no step left to come, when the schedule changes or the engine restarts', () => {
    for (const patch of [{ algorithm: 'naive' }, { devices: 8 }, { elements: 4096 }, { op: 'max' }] as Partial<SimConfig>[]) {
      const timers = manualTimers();
      const store = cpuStore(timers);
      store.getState().play();
      timers.fire();
      store.getState().setConfig(patch);
      expect([store.getState().player, store.getState().playing, timers.pending]).toEqual(['idle', false, []]);
    }
    const timers = manualTimers();
    const store = cpuStore(timers);
    store.getState().play();
    expect(store.getState().loadSchedule(ring.build({ devices: 4 }), 'mine.json')).toBe(true);
    expect([store.getState().player, timers.pending]).toEqual(['idle', []]);
  });

  it('shows no further step once a listener pauses at the step shown', () => {
    const timers = manualTimers();
    const store = cpuStore(timers);
    store.subscribe((state, previous) => state.step === 2 && previous.step !== 2 && state.pause());
    store.getState().play();
    timers.fire();
    timers.fire();
    expect(store.getState()).toMatchObject({ player: 'idle', step: 2 });
    expect(timers.pending).toEqual([]);
  });

  it('stops its timer when disposed', () => {
    const timers = manualTimers();
    const store = cpuStore(timers);
    store.getState().play();
    store.getState().dispose();
    expect([store.getState().player, timers.pending]).toEqual(['idle', []]);
  });
});
