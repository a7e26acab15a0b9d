// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ring } from '../../../src/core/algorithms/ring';
import { createSimStore, type SimStore } from '../../../src/store/simStore';
import { parseUrlState } from '../../../src/store/url';
import { useUrlSync } from '../../../src/ui/app/useUrlSync';

const stepInAddress = () => new URLSearchParams(location.search).get('step');

let store: SimStore | null = null;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'Date'] });
  history.replaceState(null, '', '/');
});

afterEach(() => {
  cleanup();
  store?.getState().dispose();
  store = null;
  vi.useRealTimers();
});

/** A frame and the task after it: when an address asked for is written. */
const FRAME = 20;

describe('the address', () => {
  it('follows a step by hand after the frame that shows it, a playing run at most once a second, and a pause after its frame too', () => {
    store = createSimStore({ gpu: null, config: { backend: 'cpu', algorithm: 'ring', devices: 8, speed: 4 } });
    const sim = store;
    renderHook(() => useUrlSync(sim, true));
    sim.getState().stepForward();
    // Not before the frame is drawn: the write would delay it.
    expect(stepInAddress()).toBeNull();
    vi.advanceTimersByTime(FRAME);
    expect(stepInAddress()).toBe('1');
    // Steps every 250 ms from now on; the address waits out the second since its last write.
    sim.getState().play();
    vi.advanceTimersByTime(900);
    expect(sim.getState().step).toBe(5);
    expect(stepInAddress()).toBe('1');
    // At the second the address catches up with the run, and then waits again.
    vi.advanceTimersByTime(100 + FRAME);
    const written = Number(stepInAddress());
    expect(written).toBeGreaterThanOrEqual(5);
    vi.advanceTimersByTime(500);
    expect(sim.getState().step).toBeGreaterThan(written);
    expect(Number(stepInAddress())).toBe(written);
    sim.getState().pause();
    vi.advanceTimersByTime(FRAME);
    expect(stepInAddress()).toBe(String(sim.getState().step));
  });

  it('names a loaded schedule too large for a link and follows its step, and opening that address says what it cannot show', () => {
    store = createSimStore({ gpu: null, config: { backend: 'cpu', algorithm: 'ring', devices: 4 } });
    const sim = store;
    renderHook(() => useUrlSync(sim, true));
    expect(sim.getState().loadSchedule({ ...ring.build({ devices: 64 }), algorithm: '' }, 'ring-64.json')).toBe(true);
    sim.getState().stepForward();
    sim.getState().stepForward();
    vi.advanceTimersByTime(FRAME);
    expect(location.search).toBe('?loaded=ring-64.json&backend=cpu&step=2');
    cleanup();
    sim.getState().dispose();

    // Opened from that address: the built-in algorithm, one notice, and then the address of what is shown.
    const { config, step, notices } = parseUrlState(location.search);
    store = createSimStore({ gpu: null, config, step, notices });
    const opened = store;
    renderHook(() => useUrlSync(opened, true));
    expect(opened.getState().notices.map((n) => n.text)).toEqual([
      'This link was made while showing “ring-64.json”, a loaded schedule too large to share in a link: load it again to see it (the built-in ring is shown until then)',
    ]);
    vi.advanceTimersByTime(FRAME);
    expect(location.search).toBe('?algorithm=ring&devices=4&backend=cpu');
  });
});
