// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SimConfig } from '../../../../src/store/config';
import type { SimStore } from '../../../../src/store/simStore';
import { formatMicroseconds } from '../../../../src/ui/format';
import { MetricsPanel } from '../../../../src/ui/metrics';
import { Timeline } from '../../../../src/ui/metrics/timeline/Timeline';
import { showWithStore } from '../../showWithStore';

function show(config: Partial<SimConfig>): SimStore {
  return showWithStore(
    <>
      <MetricsPanel />
      <Timeline />
    </>,
    config,
  );
}

const modelTime = () => screen.getByTestId('model-time').textContent;

describe('protocol and channels in the model inputs', () => {
  it('LL re-costs the run with NCCL’s NVLink ratio for α and half of B, and says how', () => {
    const store = show({ algorithm: 'ring', devices: 4, elements: 1 << 16 });
    expect(screen.queryByTestId('transport-words')).toBeNull();
    fireEvent.change(screen.getByLabelText('protocol'), { target: { value: 'LL' } });
    expect(store.getState().config.protocol).toBe('LL');
    const cost = store.getState().derived!.cost!;
    // 6 steps, each port moves a quarter of 256 KiB: α·0.6/3.4 + 65536 B / 50 GB/s.
    expect(cost.totalUs).toBeCloseTo(6 * ((5 * 0.6) / 3.4 + 65536 / 50e3), 9);
    expect(modelTime()).toBe(formatMicroseconds(cost.totalUs));
    expect(screen.getByTestId('transport-words').textContent).toBe(
      "LL: α 0.8824 µs per step; the port's 100 GB/s, full (5 channels × 20.0 GB/s fill it), of which 4 in 8 bytes are data: B 50.0 GB/s.",
    );
    // The timeline's strip key names the protocol and the channels in use.
    expect(document.querySelector('.gs-latency-legend')!.textContent).toContain('α (LL, 5 channels)');
  });

  it('fewer channels than fill the port slow it; an empty field fills it again; a bad count is refused in place', () => {
    const store = show({ algorithm: 'ring', devices: 4, elements: 1 << 16 });
    const field = screen.getByLabelText('channels') as HTMLInputElement;
    expect(field.placeholder).toBe('5 fill');
    fireEvent.change(field, { target: { value: '2' } });
    expect(store.getState().config.channels).toBe(2);
    expect(store.getState().derived!.cost!.totalUs).toBeCloseTo(6 * (5 + 65536 / 40e3), 9);
    expect(screen.getByTestId('transport-words').textContent).toContain("2 channels × 20.0 GB/s = 40.0 GB/s of the port's 100 GB/s");
    const config = store.getState().config;
    for (const value of ['0', '65', '1.5']) {
      fireEvent.change(field, { target: { value } });
      expect(screen.getByRole('alert').textContent).toMatch(/^channels must be a whole number ≥ 1( and at most 64)?, got /);
      expect(store.getState().config).toBe(config);
    }
    fireEvent.change(field, { target: { value: '' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(store.getState().config.channels).toBeNull();
    expect(store.getState().derived!.cost!.totalUs).toBeCloseTo(6 * (5 + 65536 / 100e3), 9);
  });

  it('fastest picks per size and names the others’ times; a preset stays chosen', () => {
    const store = show({ algorithm: 'ring', devices: 8, elements: 1024, preset: 'dgx-h100' });
    fireEvent.change(screen.getByLabelText('protocol'), { target: { value: 'auto' } });
    expect(store.getState().config.preset).toBe('dgx-h100');
    const small = store.getState().derived!.cost!;
    expect(small.protocol).toBe('LL');
    expect(screen.getByTestId('transport-words').textContent).toMatch(
      /^LL, the fastest \(LL [\d.]+ µs, LL128 [\d.]+ µs, Simple [\d.]+ µs\): α 0\.6 µs per step; the port's 360 GB\/s, full \(12 channels × 30\.0 GB\/s fill it\)/,
    );
    // 16 MiB: 2 MiB a step, where LL128's 1.5 µs less α still outweighs its 120/128 of the bytes.
    store.getState().setConfig({ elements: 1 << 22 });
    expect(store.getState().derived!.cost!.protocol).toBe('LL128');
    // On a 10 GB/s switch, 2 MiB a step is past where Simple's whole bytes win (330 KB).
    store.getState().setConfig({ preset: null, latencyUs: 5, bandwidthGBs: 10 });
    expect(store.getState().derived!.cost!.protocol).toBe('Simple');
  });
});
