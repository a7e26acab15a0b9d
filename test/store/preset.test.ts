// A machine preset in the app's model: the URL carries it, the model runs on the core's topology for
// it, and a preset that cannot take the devices leaves the model at custom α and B and says why.

import { describe, expect, it } from 'vitest';
import { storeOpener } from './openStore';
import { compareData } from '../../src/core/model/compare';
import { DEFAULT_SWITCH_FABRIC } from '../../src/core/model/cost';
import { presetById, presetTopology, PRESET_IDS } from '../../src/core/nccl/presets';
import { readSettings } from '../../src/embed/settings';
import { leavePreset, presetProblem } from '../../src/store/preset';
import { formatUrlState, parseUrlState } from '../../src/store/url';
import { formatRaceUrl, parseRaceUrl } from '../../src/ui/present/raceUrl';

const open = storeOpener();

describe('a machine preset in the URL', () => {
  it.each(PRESET_IDS)('preset=%s is read, written back and survives the round trip', (id) => {
    const { config, notices } = parseUrlState(`?algorithm=ring&devices=8&preset=${id}`);
    expect(notices).toEqual([]);
    expect(config.preset).toBe(id);
    expect(new URLSearchParams(formatUrlState(config, 0)).get('preset')).toBe(id);
    expect(parseUrlState(formatUrlState(config, 0)).config).toEqual(config);
  });

  it('no preset is the default: the link leaves the key out and the model is the default switch', () => {
    const { config } = parseUrlState('?algorithm=ring&devices=8');
    expect(config.preset).toBeNull();
    expect(formatUrlState(config, 0)).not.toContain('preset');
    const store = open(config);
    expect(store.getState().derived!.topology).toEqual({ kind: 'switch', ...DEFAULT_SWITCH_FABRIC });
  });

  it('an unknown preset is a notice naming the presets, and the model stays custom', () => {
    const { config, notices } = parseUrlState('?preset=dgx-z900');
    expect(config.preset).toBeNull();
    expect(notices).toEqual([`preset must be one of ${PRESET_IDS.join(', ')}; got “dgx-z900”, using the default`]);
  });

  it('the embed and the race page take the same key', () => {
    expect(readSettings((key) => ({ preset: 'dgx-a100', devices: '8' })[key] ?? null).config.preset).toBe('dgx-a100');
    const race = parseRaceUrl('?race=master,ring&devices=8&preset=pcie-gen5');
    expect(race.config.preset).toBe('pcie-gen5');
    expect(new URLSearchParams(formatRaceUrl(race.algorithms, race.config)).get('preset')).toBe('pcie-gen5');
  });
});

describe('the model on a preset', () => {
  it.each([
    ['dgx-h100', 8],
    ['dgx-h100', 4],
    ['dgx-h100', 16],
    ['dgx-a100', 32],
    ['pcie-gen4', 8],
  ] as const)('%s on %i devices models on the core topology, and the figures follow it', (id, devices) => {
    const store = open({ algorithm: 'ring', devices, elements: 1 << 18, preset: id });
    const { derived, config } = store.getState();
    expect(config.preset).toBe(id);
    expect(derived!.topology).toEqual(presetTopology(presetById(id), devices));
    const custom = open({ algorithm: 'ring', devices, elements: 1 << 18 });
    expect(derived!.cost!.totalUs).not.toBe(custom.getState().derived!.cost!.totalUs);
  });

  it('DGX H100 on 8 devices: one switch of 360 GB/s at 3.4 µs, so ring on 1 MiB takes 14 steps of 3.4 µs + 128 KiB / 360 GB/s', () => {
    const store = open({ algorithm: 'ring', devices: 8, elements: 1 << 18, preset: 'dgx-h100' });
    expect(store.getState().derived!.topology).toMatchObject({ kind: 'switch', latencyUs: 3.4, bandwidthGBs: 360, channelGBs: 30 });
    expect(store.getState().derived!.cost!.totalUs).toBeCloseTo(14 * (3.4 + (1 << 17) / 360e3), 9);
  });

  it('a preset opened with devices it cannot take goes on at its fabric as custom α and B, and says why', () => {
    const store = open({ algorithm: 'ring', devices: 12, preset: 'dgx-h100' });
    const { config, derived, notices } = store.getState();
    expect(config.preset).toBeNull();
    expect([config.latencyUs, config.bandwidthGBs]).toEqual([3.4, 360]);
    expect(derived!.topology).toEqual({ kind: 'switch', latencyUs: 3.4, bandwidthGBs: 360 });
    expect(notices.map((n) => n.text)).toEqual([
      'DGX/HGX H100: Devices must be at most 8 (one node) or a multiple of 8 (whole nodes); got 12; the model goes on with its α and B as custom values',
    ]);
  });

  it('changing the devices keeps the preset while it fits (whole nodes) and leaves it, with a notice, when it does not', () => {
    const store = open({ algorithm: 'ring', devices: 8, preset: 'dgx-h100' });
    store.getState().setConfig({ devices: 16 });
    expect(store.getState().config.preset).toBe('dgx-h100');
    expect(store.getState().derived!.topology.kind).toBe('nodes');
    expect(store.getState().notices).toEqual([]);
    store.getState().setConfig({ devices: 10 });
    expect(store.getState().config.preset).toBeNull();
    expect(store.getState().notices.map((n) => n.text)).toEqual([
      'DGX/HGX H100: Devices must be at most 8 (one node) or a multiple of 8 (whole nodes); got 10; the model goes on with its α and B as custom values',
    ]);
  });

  it('a one-node preset says it is one node', () => {
    expect(presetProblem('pcie-gen4', 16)).toBe('8× A100 PCIe Gen4: Devices must be at most 8: pcie-gen4 is one node; got 16');
    expect(presetProblem('pcie-gen4', 8)).toBeNull();
  });

  it('leaving a preset keeps its fabric inside a node as custom α and B, so the figures stay', () => {
    const store = open({ algorithm: 'double-tree', devices: 8, elements: 5000, preset: 'dgx-a100' });
    const before = store.getState().derived!.cost!.totalUs;
    expect(leavePreset(store.getState().config)).toEqual({ preset: null, latencyUs: 3.4, bandwidthGBs: 240 });
    store.getState().setConfig(leavePreset(store.getState().config));
    expect(store.getState().config.preset).toBeNull();
    expect(store.getState().derived!.cost!.totalUs).toBe(before);
  });
});

describe('the comparison on a preset', () => {
  const input = { devices: 8, elements: 1 << 18, latencyUs: 5, bandwidthGBs: 100, devicesPerNode: 8, topology: null, algorithm: 'ring', chunks: null };

  it('models every algorithm on the preset at the device counts it takes, and leaves the others out', () => {
    const ringOf = (preset: string) =>
      compareData({ ...input, preset })
        .byDevices.find((s) => s.algorithm === 'ring')!
        .points.map((p) => p.x);
    expect(ringOf('dgx-h100')).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]);
    expect(ringOf('pcie-gen4')).toEqual([2, 4, 8]);
  });

  it('gives the app’s model time at the app’s devices and size', () => {
    const store = open({ algorithm: 'ring', devices: 8, elements: 1 << 18, preset: 'dgx-h100' });
    const ring = compareData({ ...input, preset: 'dgx-h100' }).byDevices.find((s) => s.algorithm === 'ring')!;
    expect(ring.points.find((p) => p.x === 8)!.timeUs).toBeCloseTo(store.getState().derived!.cost!.totalUs, 9);
    const custom = compareData(input).byDevices.find((s) => s.algorithm === 'ring')!;
    expect(custom.points.find((p) => p.x === 8)!.timeUs).not.toBeCloseTo(store.getState().derived!.cost!.totalUs, 3);
  });
});
