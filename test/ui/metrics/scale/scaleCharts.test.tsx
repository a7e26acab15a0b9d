// @vitest-environment jsdom
// NCCL 2.4's charts as a component: its settings as props, two charts of one line per algorithm, the
// model's gap and the measured one marked at 24,576 GPUs, the words beside them; and the app's
// comparison, which opens it on demand.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NCCL_24_FIGURES, type ScaleFigures } from '../../../../src/core/model/ncclScaling';
import { CompareChart } from '../../../../src/ui/metrics';
import { ScaleCharts } from '../../../../src/ui/metrics/scale/ScaleCharts';
import { showWithStore } from '../../showWithStore';

afterEach(cleanup);

describe('ScaleCharts', () => {
  it('draws latency and bus bandwidth against the GPU count, a line per algorithm, and marks the model’s gap beside the measured 180×', async () => {
    render(<ScaleCharts />);
    expect(screen.getByRole('status').textContent).toBe('Modelling up to 24,576 GPUs…');
    const [latency, bandwidth] = await screen.findAllByRole('img');
    for (const chart of [latency, bandwidth]) {
      const series = Array.from(chart.querySelectorAll('.gs-scaling-series'));
      expect(series.map((s) => s.getAttribute('data-algorithm'))).toEqual(['ring', 'double-tree', 'hierarchical-ring']);
      for (const s of series) expect(s.querySelectorAll('circle')).toHaveLength(13);
    }
    expect(within(latency).getByText('model 843× (solid)')).toBeTruthy();
    expect(within(latency).getByText('measured ≤ 180× (dashed)')).toBeTruthy();
    expect(latency.querySelectorAll('.gs-scaling-model-gap > line')).toHaveLength(3);
    expect(latency.getAttribute('aria-label')).toContain('843× apart');
    expect(screen.getByTestId('scaling-gap').textContent).toContain('Measured: up to 180× lower latency for double-tree than for ring at 24,576 GPUs');
    const departures = screen.getByRole('list', { name: 'Where the model departs from the measurement' });
    expect(within(departures).getAllByRole('listitem')).toHaveLength(5);
  });

  it('puts a box under the gap’s notes, painted over the gridlines and under the lines, so no gridline runs through the words', async () => {
    render(<ScaleCharts />);
    const [latency] = await screen.findAllByRole('img');
    const note = within(latency).getByText('measured ≤ 180× (dashed)').closest('text')!;
    const box = latency.querySelector(`use[href="#${note.id}"]`)!;
    expect(box).not.toBeNull();
    expect(latency.querySelector(box.getAttribute('filter')!.replace(/^url\((.*)\)$/, '$1'))!.querySelector('feFlood')).not.toBeNull();
    const after = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    for (const gridline of latency.querySelectorAll('.gs-axis-tick line')) expect(after(gridline, box)).toBe(true);
    expect(after(box, latency.querySelector('.gs-scaling-series')!)).toBe(true);
    // Drawn at its size, and scaled whole where a page sets its width (the handout).
    expect(latency.getAttribute('viewBox')).toBe(`0 0 ${latency.getAttribute('width')} ${latency.getAttribute('height')}`);
  });

  it('takes its settings as props: another machine, counts and algorithms, and no measurement to mark', async () => {
    const figures: ScaleFigures = {
      ...NCCL_24_FIGURES,
      machine: { latencyUs: 5, bandwidthGBs: 100 },
      algorithms: ['ring', 'tree'],
      deviceCounts: [8, 32, 128],
      measured: undefined,
    };
    render(<ScaleCharts figures={figures} />);
    const [latency] = await screen.findAllByRole('img');
    expect(Array.from(latency.querySelectorAll('.gs-scaling-series')).map((s) => s.getAttribute('data-algorithm'))).toEqual(['ring', 'tree']);
    expect(latency.querySelector('.gs-scaling-measured-gap')).toBeNull();
    expect(screen.getByText(/on one switch of 100 GB\/s, 5\.00 µs per step/)).toBeTruthy();
    expect(screen.getByTestId('scaling-gap').textContent).toMatch(/^At 128 GPUs the model’s ring takes .* and its tree .*× apart\. $/);
  });
});

describe('in the app’s comparison', () => {
  it('is closed until asked for, then shows NCCL 2.4’s charts', async () => {
    showWithStore(<CompareChart />, { algorithm: 'ring', devices: 8 });
    expect(document.querySelector('.gs-scaling')).toBeNull();
    const details = document.querySelector('details.gs-scaling-details') as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(await screen.findByText('model 843× (solid)')).toBeTruthy();
  });
});
