// @vitest-environment jsdom
// The machine menu and NCCL's choice in the metrics panel: a preset sets the model from the core's
// topology, a preset that cannot take the devices says why and changes nothing, a hand on α or B
// returns to custom, and NCCL's choice draws the core's pick, crossovers and sentence at the app's size.

import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MODEL_DEPARTURES, ncclChoose, ncclTuner, pairName } from '../../../../src/core/nccl/tuner';
import { presetById } from '../../../../src/core/nccl/presets';
import { explainChoice, ncclCrossovers } from '../../../../src/core/nccl/tunerSweep';
import type { Collective } from '../../../../src/core/schedule/ir';
import { CompareChart, MetricsPanel } from '../../../../src/ui/metrics';
import { showWithStore } from '../../showWithStore';

const machine = () => screen.getByLabelText('machine') as HTMLSelectElement;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const sentence = () => screen.getByTestId('nccl-sentence').textContent;
const here = () => screen.getByTestId('nccl-here');

function tuned(preset: string, devices: number, collective: Collective = 'allreduce') {
  return ncclTuner(presetById(preset).hardware, devices, collective);
}

describe('the machine menu', () => {
  it('starts at custom α, B with the default switch and offers every preset by name', () => {
    showWithStore(<MetricsPanel />, { algorithm: 'ring', devices: 4 });
    expect(machine().value).toBe('custom');
    expect(Array.from(machine().options).map((o) => o.textContent)).toEqual([
      'custom α, B',
      'DGX/HGX A100',
      'DGX/HGX H100',
      '8× A100 PCIe Gen4',
      '8× H100 PCIe Gen5',
      'Summit (6× V100)',
    ]);
    expect([field('latency α').value, field('bandwidth B').value]).toEqual(['5', '100']);
    expect(screen.getByText(/Choose a machine above/)).toBeTruthy();
    expect(document.querySelector('.gs-nccl-chart')).toBeNull();
  });

  it('picking DGX H100 models on its topology: α 3.4 µs, B 360 GB/s, its name and sources with links', () => {
    const store = showWithStore(<MetricsPanel />, { algorithm: 'ring', devices: 8 });
    fireEvent.change(machine(), { target: { value: 'dgx-h100' } });
    expect(store.getState().config.preset).toBe('dgx-h100');
    expect(store.getState().derived!.topology).toMatchObject({ kind: 'switch', latencyUs: 3.4, bandwidthGBs: 360, channelGBs: 30 });
    expect([field('latency α').value, field('bandwidth B').value]).toEqual(['3.4', '360']);
    expect(screen.getByText(/^DGX H100: 8× H100 SXM5/)).toBeTruthy();
    const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('.gs-machine-about a')).map((a) => a.href);
    expect(links).toContain('https://docs.nvidia.com/dgx/dgxh100-user-guide/introduction-to-dgxh100.html');
  });

  it('a preset that cannot take the devices says why under the menu and keeps the model', () => {
    const store = showWithStore(<MetricsPanel />, { algorithm: 'ring', devices: 12 });
    fireEvent.change(machine(), { target: { value: 'dgx-h100' } });
    expect(screen.getByRole('alert').textContent).toBe('DGX/HGX H100: Devices must be at most 8 (one node) or a multiple of 8 (whole nodes); got 12');
    expect(store.getState().config.preset).toBeNull();
    expect(machine().value).toBe('custom');
    expect(store.getState().derived!.topology).toEqual({ kind: 'switch', latencyUs: 5, bandwidthGBs: 100 });
    // With devices it takes, the line goes.
    act(() => store.getState().setConfig({ devices: 16 }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('typing α by hand returns the menu to custom, keeping the preset’s B', () => {
    const store = showWithStore(<MetricsPanel />, { algorithm: 'ring', devices: 8, preset: 'pcie-gen5' });
    expect([field('latency α').value, field('bandwidth B').value]).toEqual(['5.7', '48']);
    fireEvent.change(field('latency α'), { target: { value: '2' } });
    expect(machine().value).toBe('custom');
    expect(store.getState().config).toMatchObject({ preset: null, latencyUs: 2, bandwidthGBs: 48 });
    expect(document.querySelector('.gs-nccl-chart')).toBeNull();
  });
});

describe("NCCL's choice", () => {
  it.each([
    [4, 1024],
    [8, 1024],
    [8, 1 << 18],
    [16, 100_000],
  ])('on DGX H100 with %i devices and %i elements marks the core’s pick at the size and says the core’s sentence', (devices, elements) => {
    showWithStore(<MetricsPanel />, { algorithm: 'ring', devices, elements, preset: 'dgx-h100' });
    const choice = ncclChoose(tuned('dgx-h100', devices), elements * 4);
    expect(here().getAttribute('data-pair')).toBe(pairName(choice.pick));
    expect(sentence()).toBe(explainChoice(choice));
    const picked = document.querySelector('.gs-nccl-legend .gs-nccl-picked')!;
    expect(picked.textContent).toContain(pairName(choice.pick));
  });

  it('draws one line per pair NCCL runs, lists the others with why, and marks every crossover with its size', () => {
    showWithStore(<MetricsPanel />, { algorithm: 'ring', devices: 16, preset: 'dgx-h100' });
    const tuner = tuned('dgx-h100', 16);
    const run = tuner.entries.filter((e) => !e.disabled).map(pairName);
    expect(Array.from(document.querySelectorAll('.gs-nccl-chart path[data-pair]')).map((l) => l.getAttribute('data-pair'))).toEqual(run);
    const crossovers = ncclCrossovers(tuner, 4, 4 * 1024 ** 3);
    expect(crossovers.map((c) => c.bytes)).toEqual([255_453, 2_509_821]);
    expect(Array.from(document.querySelectorAll('.gs-nccl-crossover')).map((c) => Number(c.getAttribute('data-bytes')))).toEqual([255_453, 2_509_821]);
    expect(Array.from(document.querySelectorAll('.gs-nccl-band')).map((b) => b.getAttribute('data-pair'))).toEqual([
      'Tree/LL',
      'Tree/LL128',
      'NVLSTree/Simple',
    ]);
    const list = screen.getByRole('list', { name: 'Where the pick changes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent!.replace(/use this size$/, '').trim()),
    ).toEqual(['from 249 KiB (255,453 B): Tree/LL128, after Tree/LL', 'from 2.39 MiB (2,509,821 B): NVLSTree/Simple, after Tree/LL128']);
    expect(screen.getByText('Not run here (3)')).toBeTruthy();
    expect(screen.getByText(MODEL_DEPARTURES)).toBeTruthy();
  });

  it('“use this size” sets the buffer to the crossover, where the pick is the new pair', () => {
    const store = showWithStore(<MetricsPanel />, { algorithm: 'ring', devices: 8, preset: 'dgx-h100' });
    expect(here().getAttribute('data-pair')).toBe('Ring/LL');
    fireEvent.click(screen.getByRole('button', { name: 'Model 1.09 MiB: 286,209 elements' }));
    expect(store.getState().config.elements).toBe(286_209);
    expect(here().getAttribute('data-pair')).toBe('NVLS/Simple');
    expect(sentence()).toMatch(/^At 1\.09 MiB NCCL's model picks NVLS\/Simple: /);
  });

  it('a legend button emphasizes its pair and says so', () => {
    showWithStore(<MetricsPanel />, { algorithm: 'ring', devices: 8, preset: 'dgx-h100' });
    const button = screen.getByRole('button', { name: /^Tree\/LL128 / });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('.gs-nccl-emphasized')!.getAttribute('data-pair')).toBe('Tree/LL128');
  });

  it('follows the collective: broadcast runs Ring only', () => {
    showWithStore(<MetricsPanel />, { collective: 'broadcast', algorithm: 'binomial-tree', devices: 8, preset: 'dgx-a100' });
    expect(Array.from(document.querySelectorAll('.gs-nccl-chart path[data-pair]')).map((l) => l.getAttribute('data-pair'))).toEqual([
      'Ring/LL',
      'Ring/LL128',
      'Ring/Simple',
    ]);
    expect(screen.getByText(/NCCL's tuner model of broadcast on DGX\/HGX A100/)).toBeTruthy();
  });

  it('on one device says NCCL needs two', () => {
    showWithStore(<MetricsPanel />, { algorithm: 'ring', devices: 1, preset: 'dgx-h100' });
    expect(
      screen.getByText("NCCL's model on DGX/HGX H100: Devices must be from 2 to 8 (one node) or a multiple of 8 up to 4096 (whole nodes); got 1"),
    ).toBeTruthy();
    expect(document.querySelector('.gs-nccl-chart')).toBeNull();
  });
});

describe('the comparison on a machine', () => {
  it('says which fabrics it models: the preset’s, and which device counts it leaves out', () => {
    showWithStore(<CompareChart />, { algorithm: 'ring', devices: 8, preset: 'dgx-h100' });
    expect(document.querySelector('.gs-compare-topology')!.textContent).toBe(
      'DGX/HGX H100: one switch (360 GB/s, 3.4 µs per step) up to 8 devices; beyond, whole nodes of 8 joined by a 48.0 GB/s, 14 µs network; other counts are left out.',
    );
  });

  it('says the protocol and channels it models with, and a fitted machine', () => {
    showWithStore(<CompareChart />, { algorithm: 'ring', devices: 8, topology: 'switch', protocol: 'LL128', channels: 4 });
    expect(document.querySelector('.gs-compare-topology')!.textContent).toBe('One switch (100 GB/s, 5 µs per step). Bytes move with LL128, 4 channels.');
    cleanup();
    showWithStore(<CompareChart />, { algorithm: 'ring', devices: 8, fit: { latencyUs: 2, bandwidthGBs: 200 } });
    expect(document.querySelector('.gs-compare-topology')!.textContent).toBe('One switch (fitted to a log: 200 GB/s, 2 µs per step).');
  });
});
