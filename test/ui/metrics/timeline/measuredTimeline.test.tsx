// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../../src/core/algorithms';
import type { SimStore } from '../../../../src/store/simStore';
import { Timeline } from '../../../../src/ui/metrics';
import { measuredSpanUs, measuredTrace } from '../../../fixtures/measuredTrace';
import { showWithStore } from '../../showWithStore';

const ring4 = buildSchedule({ algorithm: 'ring', devices: 4 });
const traceFile = (json: unknown, name = 'r4.trace.json') => new File([JSON.stringify(json)], name, { type: 'application/json' });
const fileInput = () => screen.getByLabelText('Measured run (JSON) or nccl-tests log');
const measuredBands = () => Array.from(document.querySelectorAll<SVGRectElement>('[aria-label^="Measured run of"] rect.gs-timeline-band'));
const currentSteps = () => Array.from(document.querySelectorAll('.gs-timeline-band-current')).map((band) => band.getAttribute('data-step'));

async function showLoaded(step = 0): Promise<SimStore> {
  const store = showWithStore(<Timeline />, { algorithm: 'ring', devices: 4, elements: 4096 }, step);
  fireEvent.change(fileInput(), { target: { files: [traceFile(measuredTrace(ring4))] } });
  await screen.findByText(/^Measured — torch\.distributed \(gloo\), 4,096 elements, sum$/);
  return store;
}

describe('a measured run in the timeline', () => {
  it('offers "Load measured run…" as a button that opens a .json file picker', () => {
    showWithStore(<Timeline />, { algorithm: 'ring', devices: 4 });
    const button = screen.getByRole('button', { name: 'Load measured run…' });
    let opened = false;
    fileInput().addEventListener('click', () => (opened = true));
    fireEvent.click(button);
    expect(opened).toBe(true);
    expect(fileInput().getAttribute('accept')).toBe('.json,.txt,.log,.out,application/json,text/plain');
  });

  it('draws one band per step, as wide as the step took over all ranks, and the totals beside the model’s', async () => {
    const store = await showLoaded();
    const bands = measuredBands();
    expect(bands).toHaveLength(6);
    const widths = bands.map((band) => Number(band.getAttribute('width')));
    for (let s = 1; s < 6; s++) {
      expect(widths[s] / widths[0]).toBeCloseTo(measuredSpanUs(s, 4) / measuredSpanUs(0, 4), 6);
      expect(Number(bands[s].getAttribute('x'))).toBeCloseTo(Number(bands[s - 1].getAttribute('x')) + widths[s - 1], 6);
    }
    expect(bands[2].getAttribute('aria-label')).toBe('Measured step 3 of 6, reduce-scatter: 823 µs, slowest rank GPU-3 820 µs');
    const totalUs = [0, 1, 2, 3, 4, 5].reduce((sum, s) => sum + measuredSpanUs(s, 4), 0);
    const modelUs = store.getState().derived!.cost!.totalUs;
    const totals = document.querySelector('.gs-measured-totals')!.textContent!;
    expect(totals).toContain(`measured ${(totalUs / 1000).toFixed(2)} ms`);
    expect(totals).toContain(`(${Math.round(totalUs / modelUs)}× the model)`);
    expect(totals).toContain('r4.trace.json');
  });

  it('says what is wrong with a file next to the button, in one line, and keeps nothing of it', async () => {
    const store = showWithStore(<Timeline />, { algorithm: 'ring', devices: 4 });
    const ring8 = measuredTrace(buildSchedule({ algorithm: 'ring', devices: 8 }));
    fireEvent.change(fileInput(), { target: { files: [traceFile(ring8, 'r8.json')] } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('✕ r8.json: not a measured trace of this schedule: it ran on 8 devices; this schedule has 4');
    expect(screen.getByRole('button', { name: 'Load measured run…' }).getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(alert);
    expect(store.getState().measured).toBeNull();
  });

  it('highlights the step shown in both strips, and follows the store', async () => {
    const store = await showLoaded(2);
    expect(currentSteps()).toEqual(['2', '2']);
    act(() => store.getState().stepForward());
    expect(currentSteps()).toEqual(['3', '3']);
    expect(document.querySelector('.gs-measured .gs-timeline-status')!.textContent).toMatch(/^step 3: 823 µs \(model .+\)$/);
  });

  it('jumps to a step when its measured band is clicked', async () => {
    const store = await showLoaded();
    fireEvent.click(screen.getByRole('button', { name: /^Measured step 4 of 6, allgather: / }));
    expect(store.getState().step).toBe(4);
    expect(currentSteps()).toEqual(['4', '4']);
  });

  it('is gone when the schedule changes, and stays while only the model changes', async () => {
    const store = await showLoaded();
    act(() => store.getState().setConfig({ latencyUs: 50, op: 'max' }));
    expect(measuredBands()).toHaveLength(6);
    act(() => store.getState().setConfig({ algorithm: 'double-tree' }));
    expect(measuredBands()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Load measured run…' })).toBeTruthy();
  });

  it('is removed by Remove, and focus returns to the load button', async () => {
    const store = await showLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the measured run r4.trace.json' }));
    expect(store.getState().measured).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Load measured run…' }));
  });

  it('takes a trace dropped on the timeline, and keeps the drop from the page around it', async () => {
    const store = showWithStore(
      <div data-testid="page">
        <Timeline />
      </div>,
      { algorithm: 'ring', devices: 4 },
    );
    let reachedPage = false;
    screen.getByTestId('page').addEventListener('drop', () => (reachedPage = true));
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    const dataTransfer = { files: [traceFile(measuredTrace(ring4))], types: ['Files'] };
    fireEvent.dragEnter(within(timeline).getByRole('button', { name: 'Load measured run…' }), { dataTransfer });
    expect(timeline.classList.contains('gs-timeline-dropping')).toBe(true);
    fireEvent.drop(timeline, { dataTransfer });
    await screen.findByText(/^Measured — torch\.distributed/);
    expect(store.getState().measured?.name).toBe('r4.trace.json');
    expect(timeline.classList.contains('gs-timeline-dropping')).toBe(false);
    expect(reachedPage).toBe(false);
  });
});
