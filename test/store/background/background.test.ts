// The store with its background: the worker's own code (backgroundAnswers) behind a port that, like a
// worker, answers in later tasks and structured-clones every message both ways.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { compareData } from '../../../src/core/model/compare';
import { compileSchedule } from '../../../src/core/schedule/compile';
import { timelineData } from '../../../src/core/model/timeline';
import { buildGpuPlan, gpuLayout, gpuPlanFor } from '../../../src/engine/webgpu/plan';
import { backgroundOver, type BackgroundPort, type BackgroundRequest, type Progress } from '../../../src/store/background/background';
import { backgroundAnswers } from '../../../src/store/background/answers';
import { DEFAULT_CONFIG } from '../../../src/store/config';
import { derive } from '../../../src/store/derive';
import { createSimStore, type SimStore } from '../../../src/store/simStore';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A port over the worker's code; `requests` records what the page asked. Proofs are held back until
 * `releaseProofs()` (a real worker takes seconds to prove a large schedule) when `holdProofs` is set.
 */
function inProcessPort(holdProofs = false): BackgroundPort & { requests: BackgroundRequest[]; releaseProofs(): void } {
  const requests: BackgroundRequest[] = [];
  const held: (() => void)[] = [];
  const port: BackgroundPort & { requests: BackgroundRequest[]; releaseProofs(): void } = {
    requests,
    releaseProofs: () => held.splice(0).forEach((deliver) => deliver()),
    postMessage(message, transfer) {
      const request = structuredClone(message, { transfer });
      requests.push(request);
      setTimeout(() => answer(request), 0);
    },
    onmessage: null,
    onerror: null,
    terminate() {},
  };
  const answer = backgroundAnswers((reply, transfer) => {
    const copy = structuredClone(reply, { transfer: transfer ?? [] });
    const deliver = () => setTimeout(() => port.onmessage?.({ data: copy } as MessageEvent), 0);
    if (holdProofs && reply.kind === 'verified') held.push(deliver);
    else deliver();
  });
  return port;
}

/** Waits until the store has settled (nothing is being prepared), a task at a time. */
async function settled(store: SimStore): Promise<void> {
  for (let i = 0; i < 2000 && store.getState().preparing; i++) await nextTask();
  await nextTask();
  expect(store.getState().preparing).toBeNull();
}

/** Waits until the schedule shown is proven. */
async function proven(store: SimStore): Promise<void> {
  for (let i = 0; i < 2000 && store.getState().derived && store.getState().derived!.verification === null; i++) await nextTask();
  expect(store.getState().derived!.verification).not.toBeNull();
}

const stores: SimStore[] = [];
function storeWith(options: Parameters<typeof createSimStore>[0] = {}): SimStore {
  const store = createSimStore({ gpu: null, ...options, config: { backend: 'cpu', ...options.config } });
  stores.push(store);
  return store;
}

afterEach(() => {
  stores.splice(0).forEach((store) => store.getState().dispose());
  vi.restoreAllMocks();
});

describe('a store with a background', () => {
  it('prepares ring on 128 devices away from the page: "building" first, then the schedule, then the cost the page would derive, then its proof', async () => {
    const port = inProcessPort(true);
    const store = storeWith({ background: backgroundOver(port), config: { algorithm: 'ring', devices: 128 } });
    const first = store.getState();
    expect(first.derived).toBeNull();
    expect(first.error).toBeNull();
    expect(first.preparing).toEqual({ algorithm: 'ring', devices: 128, progress: { stage: 'building' } });
    const stages = new Set<string>();
    store.subscribe((state) => state.preparing && stages.add(state.preparing.progress.stage));
    await settled(store);
    // The picture comes first; the proof follows.
    expect(store.getState().derived!.verification).toBeNull();
    port.releaseProofs();
    await proven(store);
    const { derived } = store.getState();
    const schedule = buildSchedule({ collective: 'allreduce', algorithm: 'ring', devices: 128 });
    expect(derived!.schedule).toEqual(schedule);
    const here = derive(store.getState().config, schedule);
    expect(derived!.verification!.ok).toBe(true);
    expect(derived!.verification!.sameOrder).toEqual(here.verification!.sameOrder);
    expect(derived!.cost!.totalUs).toBe(here.cost!.totalUs);
    expect(derived!.metrics).toEqual(here.metrics);
    expect(derived!.timeline!.startUs).toEqual(timelineData(schedule, here.cost!).startUs);
    expect([...stages]).toEqual(['building']);
  });

  it('derives small configurations at once, as without one', () => {
    const port = inProcessPort();
    const store = storeWith({ background: backgroundOver(port), config: { algorithm: 'ring', devices: 8 } });
    expect(store.getState().derived?.schedule.devices).toBe(8);
    expect(store.getState().preparing).toBeNull();
    expect(port.requests).toEqual([]);
  });

  it('drops an answer that comes after the configuration moved on', async () => {
    const store = storeWith({ background: backgroundOver(inProcessPort()), config: { algorithm: 'ring', devices: 128 } });
    store.getState().setConfig({ devices: 4 });
    expect(store.getState().derived?.schedule.devices).toBe(4);
    for (let i = 0; i < 200; i++) await nextTask();
    expect(store.getState().derived?.schedule.devices).toBe(4);
    expect(store.getState().preparing).toBeNull();
  });

  it('a model-only edit keeps the schedule shown and its step, and updates the figures when they come', async () => {
    const port = inProcessPort();
    const store = storeWith({ background: backgroundOver(port), config: { algorithm: 'ring', devices: 128 } });
    await settled(store);
    await proven(store);
    store.getState().seek(5);
    const before = store.getState().derived!;
    store.getState().setConfig({ latencyUs: 50 });
    expect(store.getState().derived!.schedule).toBe(before.schedule);
    expect(store.getState().step).toBe(5);
    for (let i = 0; i < 50 && store.getState().derived!.cost === before.cost; i++) await nextTask();
    const after = store.getState().derived!;
    expect(after.schedule).toBe(before.schedule);
    expect(after.cost!.totalUs).toBe(derive(store.getState().config, before.schedule).cost!.totalUs);
    expect(after.cost!.totalUs).toBeGreaterThan(before.cost!.totalUs);
    // The worker still held the schedule: it was named, not sent again.
    expect(port.requests.filter((r) => r.kind === 'model').every((r) => r.kind === 'model' && r.schedule.packed === undefined)).toBe(true);
  });

  it('completes the schedule shown with its proof even after a model-only edit made while it was being proven', async () => {
    const port = inProcessPort(true);
    const store = storeWith({ background: backgroundOver(port), config: { algorithm: 'ring', devices: 128 } });
    await settled(store);
    const schedule = store.getState().derived!.schedule;
    store.getState().setConfig({ bandwidthGBs: 25 });
    for (let i = 0; i < 20; i++) await nextTask();
    port.releaseProofs();
    await proven(store);
    expect(store.getState().derived!.schedule).toBe(schedule);
    expect(store.getState().derived!.verification!.ok).toBe(true);
    expect(store.getState().config.bandwidthGBs).toBe(25);
  });

  it('proves the schedule here when the worker stops before its proof', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const port = inProcessPort(true);
    const store = storeWith({ background: backgroundOver(port), config: { algorithm: 'ring', devices: 100 } });
    await settled(store);
    expect(store.getState().derived!.verification).toBeNull();
    port.onerror?.(new Event('error'));
    expect(store.getState().derived!.verification!.ok).toBe(true);
    warn.mockRestore();
  });

  it('says what is wrong with a configuration in the same words as the page would', async () => {
    const config = { algorithm: 'double-tree', devices: 96, chunks: 1 << 20 };
    const here = storeWith({ config }).getState().error;
    expect(here).toBeTruthy();
    const store = storeWith({ background: backgroundOver(inProcessPort()), config });
    await settled(store);
    expect(store.getState().error).toBe(here);
    expect(store.getState().derived).toBeNull();
  });

  it('prepares a large loaded schedule there too, keeps the object loaded, and names its fault once it is known', async () => {
    const port = inProcessPort(true);
    const store = storeWith({ background: backgroundOver(port) });
    const schedule = buildSchedule({ collective: 'allreduce', algorithm: 'ring', devices: 100 });
    schedule.steps[1].transfers.splice(0, 1);
    expect(store.getState().loadSchedule(schedule, 'broken.json')).toBe(true);
    expect(store.getState().preparing?.devices).toBe(100);
    await settled(store);
    expect(store.getState().derived!.schedule).toBe(schedule);
    expect(store.getState().derived!.verification).toBeNull();
    expect(store.getState().notices.filter((n) => n.about === 'verdict')).toHaveLength(0);
    port.releaseProofs();
    await proven(store);
    expect(store.getState().derived!.verification!.ok).toBe(false);
    expect(store.getState().notices.filter((n) => n.about === 'verdict')).toHaveLength(1);
  });

  it('prepares here after all when the worker fails, saying so in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const port = inProcessPort();
    port.postMessage = () => {
      setTimeout(() => port.onerror?.(new Event('error')), 0);
    };
    const store = storeWith({ background: backgroundOver(port), config: { algorithm: 'ring', devices: 100 } });
    await settled(store);
    expect(store.getState().derived?.schedule.devices).toBe(100);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('preparing here'));
  });
});

describe('the background itself', () => {
  it('builds the GPU engine’s tables there: the plan adopted is the one the page would build', async () => {
    const background = backgroundOver(inProcessPort());
    const progress: Progress[] = [];
    const derived = await background.derive({ ...DEFAULT_CONFIG, algorithm: 'ring', devices: 96 }, null, (p) => progress.push(p));
    expect(progress[0]).toEqual({ stage: 'building' });
    await background.planGpu(derived.schedule, 1000);
    const compiled = compileSchedule(derived.schedule);
    const layout = gpuLayout(compiled, 1000);
    const adopted = gpuPlanFor(compiled, layout);
    expect(adopted).toEqual(buildGpuPlan(compiled, layout));
    expect(gpuPlanFor(compiled, layout)).toBe(adopted);
    // Another size is built here, not taken from the adopted one.
    expect(gpuPlanFor(compiled, gpuLayout(compiled, 64))).not.toBe(adopted);
  });

  it('sends a schedule again, packed, once the worker no longer holds it', async () => {
    const port = inProcessPort();
    const background = backgroundOver(port);
    const first = await background.derive({ ...DEFAULT_CONFIG, algorithm: 'ring', devices: 80 }, null);
    for (const devices of [81, 82, 83]) await background.derive({ ...DEFAULT_CONFIG, algorithm: 'ring', devices }, null);
    const model = await background.model({ ...DEFAULT_CONFIG, latencyUs: 7 }, first.schedule);
    expect(model.cost.totalUs).toBe(derive({ ...DEFAULT_CONFIG, latencyUs: 7 }, first.schedule).cost!.totalUs);
    const asked = port.requests.filter((r) => r.kind === 'model');
    expect(asked.map((r) => r.kind === 'model' && r.schedule.packed !== undefined)).toEqual([false, true]);
  });

  it('compares the algorithms as the page would', async () => {
    const input = { devices: 16, elements: 4096, latencyUs: 5, bandwidthGBs: 100, devicesPerNode: 8, topology: null, algorithm: 'ring', chunks: null };
    expect(await backgroundOver(inProcessPort()).compare(input)).toEqual(compareData(input));
  });

  it('stops a run when the next schedule is prepared there, and plays nothing until it is ready', async () => {
    const store = storeWith({ background: backgroundOver(inProcessPort()), config: { algorithm: 'ring', devices: 8 } });
    store.getState().play();
    store.getState().setConfig({ devices: 128 });
    expect(store.getState()).toMatchObject({ player: 'idle', playing: false, preparing: { devices: 128 } });
    store.getState().play();
    expect(store.getState().player).toBe('idle');
    await settled(store);
    expect(store.getState()).toMatchObject({ player: 'idle', step: 0 });
    store.getState().play();
    expect(store.getState().player).toBe('playing');
  });

  it('rejects what is asked after it was stopped', async () => {
    const background = backgroundOver(inProcessPort());
    background.dispose();
    await expect(
      background.compare({ devices: 4, elements: 4, latencyUs: 5, bandwidthGBs: 100, devicesPerNode: 8, topology: null, algorithm: null, chunks: null }),
    ).rejects.toThrow(/stopped/);
  });
});
