// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../../src/core/algorithms';
import { modelCost } from '../../../../src/core/model/cost';
import type { SimConfig } from '../../../../src/store/config';
import type { SimStore } from '../../../../src/store/simStore';
import { showWithStore } from '../../showWithStore';
import { Timeline } from '../../../../src/ui/metrics';
import { timelineData } from '../../../../src/core/model/timeline';

function show(config: Partial<SimConfig>, step = 0): SimStore {
  return showWithStore(<Timeline />, config, step);
}

const bands = () => Array.from(document.querySelectorAll<SVGRectElement>('rect.gs-timeline-band'));

describe('Timeline', () => {
  it('draws one band per step, as wide as the step’s model time, in order', () => {
    for (const [algorithm, devices, steps] of [
      ['ring', 4, 6],
      ['master', 5, 2],
      ['double-tree', 8, 9],
    ] as const) {
      const store = show({ algorithm, devices });
      const drawn = bands();
      expect(drawn).toHaveLength(steps);
      expect(store.getState().derived!.schedule.steps).toHaveLength(steps);
      for (let i = 1; i < drawn.length; i++) {
        expect(Number(drawn[i].getAttribute('x'))).toBeCloseTo(Number(drawn[i - 1].getAttribute('x')) + Number(drawn[i - 1].getAttribute('width')), 6);
      }
      cleanup();
    }
  });

  it('clicking band 3 seeks to step 3 and highlights it', () => {
    const store = show({ algorithm: 'ring', devices: 4 });
    fireEvent.click(screen.getByRole('button', { name: /^Step 3 of 6, reduce-scatter: / }));
    expect(store.getState().step).toBe(3);
    const current = document.querySelectorAll('.gs-timeline-band-current');
    expect(current).toHaveLength(1);
    expect(current[0].getAttribute('data-step')).toBe('3');
    expect(current[0].getAttribute('aria-current')).toBe('step');
    expect(document.querySelector('.gs-timeline-status')!.textContent).toMatch(/^after step 3 of 6: /);
  });

  it('is one tab stop: arrows move between bands and Enter seeks', () => {
    const store = show({ algorithm: 'ring', devices: 4 }, 2);
    const focusable = bands().filter((band) => band.getAttribute('tabindex') === '0');
    expect(focusable.map((band) => band.getAttribute('data-step'))).toEqual(['2']);
    focusable[0].focus();
    fireEvent.keyDown(focusable[0], { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement!.getAttribute('data-step')).toBe('4');
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(store.getState().step).toBe(4);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect(store.getState().step).toBe(6);
  });

  it('follows the store: stepping elsewhere moves the highlight', () => {
    const store = show({ algorithm: 'ring', devices: 4 });
    expect(document.querySelectorAll('.gs-timeline-band-current')).toHaveLength(0);
    act(() => store.getState().stepForward());
    expect(document.querySelector('.gs-timeline-band-current')!.getAttribute('data-step')).toBe('1');
  });

  it('aggregates rows into bins above 64 devices', () => {
    show({ algorithm: 'ring', devices: 128 });
    expect(bands()).toHaveLength(254);
    const labels = Array.from(document.querySelectorAll('.gs-timeline-rows text')).map((t) => t.textContent);
    expect(labels[0]).toBe('GPU-0–3');
    expect(document.querySelectorAll('.gs-timeline-bars > g')).toHaveLength(32);
  });

  it('says so when there are no steps', () => {
    show({ algorithm: 'ring', devices: 1 });
    expect(screen.getByText('No steps: a single device has nothing to exchange.')).toBeTruthy();
  });
});

describe('timelineData', () => {
  it('gives each device its share of the step’s busiest port: master’s GPU-0 fills its steps, the others 1/(N−1)', () => {
    for (const n of [3, 5, 8]) {
      const schedule = buildSchedule({ algorithm: 'master', devices: n });
      const data = timelineData(schedule, modelCost(schedule, 100, { kind: 'switch', latencyUs: 5, bandwidthGBs: 100 }));
      expect(data.rows).toHaveLength(n);
      // Step 1: everyone sends to GPU-0; step 2: GPU-0 sends to everyone.
      expect(data.received[0]).toBe(1);
      for (let d = 1; d < n; d++) expect(data.sent[d]).toBeCloseTo(1 / (n - 1), 6);
      expect(data.sent[n]).toBe(1);
      for (let d = 1; d < n; d++) expect(data.received[n + d]).toBeCloseTo(1 / (n - 1), 6);
      expect(data.startUs[2]).toBeCloseTo(2 * (5 + ((n - 1) * 400) / 1e5), 9);
    }
  });
});
