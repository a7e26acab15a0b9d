// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SimConfig } from '../../../src/store/config';
import type { SimStore } from '../../../src/store/simStore';
import { showWithStore } from '../showWithStore';
import { formatMicroseconds } from '../../../src/ui/format';
import { MetricsPanel } from '../../../src/ui/metrics';

function show(config: Partial<SimConfig>): SimStore {
  return showWithStore(<MetricsPanel />, config);
}

const formulaRows = () => Array.from(document.querySelectorAll('.gs-formula'));
const modelTime = () => screen.getByTestId('model-time').textContent;

describe('MetricsPanel', () => {
  it('says the figures are being counted while the background models a schedule already pictured, and shows them once they come', () => {
    const store = show({ algorithm: 'ring', devices: 4, elements: 1024 });
    const modelled = store.getState().derived!;
    act(() => store.setState({ derived: { ...modelled, cost: null, metrics: null } }));
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual([
      'Counting the traffic and modelling the cost…',
      'Counting the traffic and modelling the cost…',
    ]);
    expect(screen.queryByTestId('model-time')).toBeNull();
    act(() => store.setState({ derived: modelled }));
    expect(modelTime()).toBe(formatMicroseconds(modelled.cost!.totalUs));
    expect(document.querySelectorAll('.gs-modelling')).toHaveLength(0);
  });

  it('master on 6 devices names GPU-0 as the busiest, 5× the others, and draws its bars in the alarm colour', () => {
    show({ algorithm: 'master', devices: 6, elements: 1024 });
    expect(screen.getByTestId('busiest').textContent).toBe('busiest: GPU-0, 5× the others');
    const busiest = Array.from(document.querySelectorAll('.gs-traffic-busiest'));
    // GPU-0's two bars (sent and received), and no one else's.
    expect(busiest).toHaveLength(2);
    expect(busiest.every((bar) => bar.parentElement!.querySelector('title')!.textContent!.startsWith('GPU-0:'))).toBe(true);
    expect(document.querySelectorAll('.gs-traffic-sent:not(.gs-swatch)')).toHaveLength(6);
  });

  it('master on 6 devices shows 2·(G−1)·N with the numbers filled in and a ✓', () => {
    show({ algorithm: 'master', devices: 6, elements: 1024 });
    const [row] = formulaRows();
    expect(formulaRows()).toHaveLength(1);
    expect(row.querySelector('.gs-formula-math')!.textContent).toBe('2·(G−1)·N = 2·5·1,024 = 10,240 elements');
    expect(row.querySelector('.gs-formula-counted')!.textContent).toBe('counted 10,240');
    expect(within(row as HTMLElement).getByRole('img', { name: 'formula matches the count' }).textContent).toBe('✓');
  });

  it('naive on 4 devices shows G·(G−1)·N = 4·3·1,024 = 12,288 elements with a ✓', () => {
    show({ algorithm: 'naive', devices: 4, elements: 1024 });
    const [row] = formulaRows();
    expect(row.querySelector('.gs-formula-math')!.textContent).toBe('G·(G−1)·N = 4·3·1,024 = 12,288 elements');
    expect(row.querySelector('.gs-formula-check')!.textContent).toBe('✓');
  });

  it('ring on 4 devices shows 2·(G−1)·N/G per device and 2·(G−1)·N in all, both matching, and no bottleneck', () => {
    show({ algorithm: 'ring', devices: 4, elements: 1024 });
    const [perDevice, total] = formulaRows();
    expect(perDevice.querySelector('.gs-formula-scope')!.textContent).toBe('per device');
    expect(perDevice.querySelector('.gs-formula-math')!.textContent).toBe('2·(G−1)·N/G = 2·3·1,024/4 = 1,536 elements');
    expect(perDevice.querySelector('.gs-formula-counted')!.textContent).toBe('counted 1,536');
    expect(perDevice.querySelector('.gs-formula-check')!.textContent).toBe('✓');
    expect(total.querySelector('.gs-formula-math')!.textContent).toBe('2·(G−1)·N = 2·3·1,024 = 6,144 elements');
    expect(total.querySelector('.gs-formula-check')!.textContent).toBe('✓');
    expect(screen.getByTestId('busiest').textContent).toBe('balanced: every device carries the same load');
    expect(document.querySelectorAll('.gs-traffic-busiest')).toHaveLength(0);
  });

  it('ring with N not divisible by G marks the per-device formula ≈ and the total ✓', () => {
    show({ algorithm: 'ring', devices: 3, elements: 1000 });
    const [perDevice, total] = formulaRows();
    expect(perDevice.querySelector('.gs-formula-math')!.textContent).toBe('2·(G−1)·N/G = 2·2·1,000/3 = 1,333.3 elements');
    expect(perDevice.querySelector('.gs-formula-check')!.textContent).toBe('≈');
    expect(total.querySelector('.gs-formula-check')!.textContent).toBe('✓');
  });

  it('other algorithms show the lower bound 2(G−1)/G·N per device next to the busiest port', () => {
    show({ algorithm: 'tree', devices: 8, elements: 1024 });
    const [row] = formulaRows();
    expect(row.querySelector('.gs-formula-math')!.textContent).toBe('2·(G−1)/G·N = 2·7/8·1,024 = 1,792 elements');
    expect(row.querySelector('.gs-formula-counted')!.textContent).toBe('busiest 3,072');
    expect(row.querySelector('.gs-formula-check')!.textContent).toBe('≥');
  });

  it('editing the bandwidth to 50 re-costs the run: the model time shown is the new one', () => {
    const store = show({ algorithm: 'ring', devices: 4, elements: 1 << 20 });
    const before = store.getState().derived!.cost!.totalUs;
    expect(modelTime()).toBe(formatMicroseconds(before));
    fireEvent.change(screen.getByLabelText('bandwidth B'), { target: { value: '50' } });
    expect(store.getState().config.bandwidthGBs).toBe(50);
    const after = store.getState().derived!.cost!.totalUs;
    // 6 steps of α + 1 MiB / B: halving B doubles the bandwidth term.
    expect(after).toBeCloseTo(6 * (5 + (1 << 20) / 50e3), 9);
    expect(after).toBeGreaterThan(before);
    expect(modelTime()).toBe(formatMicroseconds(after));
  });

  it('an invalid bandwidth shows a message and leaves the configuration as it was', () => {
    const store = show({ algorithm: 'ring', devices: 4 });
    const config = store.getState().config;
    const input = screen.getByLabelText('bandwidth B');
    for (const value of ['0', '-3', '']) {
      fireEvent.change(input, { target: { value } });
      expect(screen.getByRole('alert').textContent).toMatch(/^bandwidth must be a number > 0/);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(store.getState().config).toBe(config);
    }
    fireEvent.change(input, { target: { value: '200' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(store.getState().config.bandwidthGBs).toBe(200);
  });

  it('latency must be ≥ 0 and devices per node a whole number ≥ 1', () => {
    const store = show({ algorithm: 'ring', devices: 8, topology: 'nodes' });
    fireEvent.change(screen.getByLabelText('latency α'), { target: { value: '-1' } });
    expect(screen.getByRole('alert').textContent).toMatch(/^latency must be a number ≥ 0/);
    fireEvent.change(screen.getByLabelText('latency α'), { target: { value: '0' } });
    expect(store.getState().config.latencyUs).toBe(0);
    fireEvent.change(screen.getByLabelText('devices per node'), { target: { value: '2.5' } });
    expect(screen.getByRole('alert').textContent).toMatch(/^devices per node must be a whole number ≥ 1/);
    expect(store.getState().config.devicesPerNode).toBe(8);
    fireEvent.change(screen.getByLabelText('devices per node'), { target: { value: '4' } });
    expect(store.getState().config.devicesPerNode).toBe(4);
    expect(document.querySelector('.gs-topology')!.textContent).toMatch(/^2 nodes of 4: /);
  });

  it('nodes show the network between them, editable: α and B between nodes re-cost the run; a bad one is refused in place', () => {
    const store = show({ algorithm: 'ring', devices: 8, topology: 'switch' });
    expect(screen.queryByLabelText('B between nodes')).toBeNull();
    fireEvent.change(screen.getByLabelText('topology'), { target: { value: 'nodes' } });
    fireEvent.change(screen.getByLabelText('devices per node'), { target: { value: '4' } });
    expect((screen.getByLabelText('α between nodes') as HTMLInputElement).value).toBe('10');
    fireEvent.change(screen.getByLabelText('B between nodes'), { target: { value: '5' } });
    expect(store.getState().derived!.topology).toMatchObject({ kind: 'nodes', devicesPerNode: 4, inter: { latencyUs: 10, bandwidthGBs: 5 } });
    expect(document.querySelector('.gs-topology')!.textContent).toMatch(/between nodes 5\.00 GB\/s per port, 10 µs per step\.$/);
    fireEvent.change(screen.getByLabelText('α between nodes'), { target: { value: '-1' } });
    expect(screen.getByRole('alert').textContent).toMatch(/^latency between nodes must be a number ≥ 0/);
    expect(store.getState().config.interLatencyUs).toBe(10);
  });

  it('hierarchical-ring takes its devices per node from the configuration bar, not a second field here', () => {
    const store = show({ algorithm: 'hierarchical-ring', devices: 8, devicesPerNode: 4 });
    expect(screen.queryByLabelText('devices per node')).toBeNull();
    expect(screen.getByLabelText('latency α')).toBeTruthy();
    expect(store.getState().derived).not.toBeNull();
  });

  it('models one switch unless nodes are chosen, as the command line does, and says which', () => {
    const store = show({ algorithm: 'ring', devices: 16 });
    expect(document.querySelector('.gs-topology')!.textContent).toBe('One switch: 100 GB/s per port, 5 µs per step.');
    expect(screen.queryByLabelText('devices per node')).toBeNull();
    fireEvent.change(screen.getByLabelText('topology'), { target: { value: 'nodes' } });
    expect(store.getState().config.topology).toBe('nodes');
    expect(document.querySelector('.gs-topology')!.textContent).toMatch(/^2 nodes of 8: /);
    expect(screen.getByLabelText('devices per node')).toBeTruthy();
  });

  it('shows the topology in words and follows configuration changes made elsewhere', () => {
    const store = show({ algorithm: 'ring', devices: 16, devicesPerNode: 8, topology: 'nodes' });
    expect(document.querySelector('.gs-topology')!.textContent).toMatch(/^2 nodes of 8: inside a node 100 GB\/s per port, 5 µs per step; between nodes/);
    act(() => store.getState().setConfig({ bandwidthGBs: 400, devices: 4 }));
    expect((screen.getByLabelText('bandwidth B') as HTMLInputElement).value).toBe('400');
    expect(document.querySelector('.gs-topology')!.textContent).toBe('One switch (all 4 fit in one node of 8): 400 GB/s per port, 5 µs per step.');
  });

  it('above 64 devices shows a histogram summary instead of one bar per device', () => {
    show({ algorithm: 'master', devices: 128, elements: 256 });
    const chart = screen.getByRole('img', { name: /^Histogram of bytes per port over 128 devices/ });
    // Two loads (the master's and everyone else's): two bars, none per device.
    expect(chart.querySelectorAll('rect')).toHaveLength(2);
    expect(chart.querySelector('rect.gs-traffic-busiest')).not.toBeNull();
    expect(document.querySelector('.gs-traffic-stats')!.textContent).toBe('min1.00 KiBmedian1.00 KiBmax127 KiB (GPU-0)');
    expect(screen.getByTestId('busiest').textContent).toBe('busiest: GPU-0, 127× the others');
  });

  it('says why there is nothing to measure when the configuration cannot be built, inputs still usable', () => {
    const store = show({ algorithm: 'ring', devices: 4, chunks: 6 });
    expect(store.getState().derived).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(/chunks must be a multiple of 4/);
    fireEvent.change(screen.getByLabelText('latency α'), { target: { value: '7' } });
    expect(store.getState().config.latencyUs).toBe(7);
  });
});
