// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dataflowTiming } from '../../../../src/core/model/dataflowTiming';
import type { SimConfig } from '../../../../src/store/config';
import type { SimStore } from '../../../../src/store/simStore';
import { formatMicroseconds } from '../../../../src/ui/format';
import { Timeline } from '../../../../src/ui/metrics';
import { showWithStore } from '../../showWithStore';

function show(config: Partial<SimConfig>, step = 0): SimStore {
  return showWithStore(<Timeline />, { elements: 1 << 20, ...config }, step);
}

const switchGroup = () => screen.getByRole('group', { name: 'Timing' });
const radio = (name: string) => within(switchGroup()).getByRole('radio', { name }) as HTMLInputElement;
const bands = () => document.querySelectorAll('rect.gs-timeline-band');
const barRows = () => document.querySelectorAll('.gs-timeline-bars > g');
const totals = () => document.querySelector('.gs-timeline-totals')?.textContent ?? null;

/** The store's schedule timed as soon as ready, as the view should time it. */
function dataflowOf(store: SimStore) {
  const { schedule, cost } = store.getState().derived!;
  return dataflowTiming(schedule, cost!.elements, cost!.topology);
}

describe('the timeline’s timing switch', () => {
  it('starts step by step, a radio pair anyone can reach with the keyboard', () => {
    show({ algorithm: 'double-tree', devices: 8 });
    expect(radio('step by step').checked).toBe(true);
    expect(radio('as soon as ready').checked).toBe(false);
    for (const name of ['step by step', 'as soon as ready']) expect(radio(name).tabIndex).not.toBe(-1);
    expect(bands()).toHaveLength(9);
  });

  it('puts both totals side by side: double-tree finishes sooner as soon as ready', () => {
    const store = show({ algorithm: 'double-tree', devices: 8 });
    const timing = dataflowOf(store);
    const saved = (1 - timing.totalUs / timing.stepTotalUs) * 100;
    expect(saved).toBeGreaterThan(10);
    expect(totals()).toBe(
      `step by step ${formatMicroseconds(timing.stepTotalUs)} · as soon as ready ${formatMicroseconds(timing.totalUs)}, ${saved.toFixed(0)}% sooner`,
    );
  });

  it('says a ring on a switch takes the same either way: each step waits for the one before', () => {
    show({ algorithm: 'ring', devices: 8 });
    expect(totals()).toMatch(/ · as soon as ready [\d.]+ µs, the same$/);
  });

  it('as soon as ready, draws each device’s messages under way instead of the step bands, and outlines the step shown', () => {
    const store = show({ algorithm: 'double-tree', devices: 8 }, 3);
    fireEvent.click(radio('as soon as ready'));
    expect(radio('as soon as ready').checked).toBe(true);
    expect(bands()).toHaveLength(0);
    expect(barRows()).toHaveLength(8);
    for (const row of barRows()) expect(row.querySelector('.gs-traffic-sent')!.getAttribute('d')).toMatch(/^M/);
    expect(document.querySelector('.gs-timeline-done')).not.toBeNull();
    expect(screen.getByRole('group', { name: /^Timeline as soon as ready over 8 rows: / })).toBeTruthy();

    // Step 3's transfers run from the first start to the last landing of its transfers.
    const { schedule } = store.getState().derived!;
    const timing = dataflowOf(store);
    const before = schedule.steps.slice(0, 2).reduce((n, step) => n + step.transfers.length, 0);
    const mine = Array.from({ length: schedule.steps[2].transfers.length }, (_, i) => before + i);
    const from = Math.min(...mine.map((t) => timing.startUs[t]));
    const to = Math.max(...mine.map((t) => timing.endUs[t]));
    expect(document.querySelector('.gs-timeline-status')!.textContent).toBe(`step 3 of 9 runs from ${formatMicroseconds(from)} to ${formatMicroseconds(to)}`);
    act(() => store.getState().stepForward());
    expect(document.querySelector('.gs-timeline-status')!.textContent).toMatch(/^step 4 of 9 runs from /);

    fireEvent.click(radio('step by step'));
    expect(bands()).toHaveLength(9);
    expect(document.querySelector('.gs-timeline-done')).toBeNull();
  });

  it('bins devices above 64 as the step view does, and times a large schedule only once asked', async () => {
    show({ algorithm: 'ring', devices: 256, elements: 1 << 16 });
    // 130,560 transfers: timed when chosen, not with every render.
    expect(totals()).toBeNull();
    fireEvent.click(radio('as soon as ready'));
    expect(document.querySelector('.gs-timeline-status')!.textContent).toBe('timing as soon as ready…');
    await screen.findByText(/^before step 1 of 510; all done in /, undefined, { timeout: 20_000 });
    expect(barRows()).toHaveLength(32);
    expect(totals()).toMatch(/, the same$/);
  }, 60_000);
});
