// The network between nodes as a setting of the app's model: links carry it, the model, the
// comparison and the command line use it, and leaving a preset of whole nodes keeps its nodes and network.

import { describe, expect, it } from 'vitest';
import { storeOpener } from './openStore';
import { compareData } from '../../src/core/model/compare';
import { presetById, presetTopology } from '../../src/core/nccl/presets';
import { leavePreset } from '../../src/store/preset';
import { formatUrlState, parseUrlState } from '../../src/store/url';
import { formatRaceUrl, parseRaceUrl } from '../../src/ui/present/raceUrl';

const open = storeOpener();

describe('the network between nodes', () => {
  it('travels in links and the race, and the model runs on it', () => {
    const { config, notices } = parseUrlState('?algorithm=ring&devices=16&topology=nodes&devicesPerNode=8&interLatencyUs=3&interBandwidthGBs=50');
    expect(notices).toEqual([]);
    expect(parseUrlState(formatUrlState(config, 0)).config).toEqual(config);
    expect(parseRaceUrl(formatRaceUrl(['ring', 'tree'], config)).config).toMatchObject({ interLatencyUs: 3, interBandwidthGBs: 50 });
    const store = open(config);
    expect(store.getState().derived!.topology).toEqual({
      kind: 'nodes',
      devicesPerNode: 8,
      intra: { latencyUs: 5, bandwidthGBs: 100 },
      inter: { latencyUs: 3, bandwidthGBs: 50 },
    });
    expect(parseUrlState('?interBandwidthGBs=0').notices).toEqual(['interBandwidthGBs must be a number from 0.001 to 100000; got “0”, using the default']);
  });

  it('the comparison models the same network', () => {
    const base = {
      devices: 16,
      elements: 4096,
      latencyUs: 5,
      bandwidthGBs: 100,
      devicesPerNode: 8,
      topology: 'nodes' as const,
      algorithm: 'ring',
      chunks: null,
    };
    const slow = compareData({ ...base, inter: { latencyUs: 10, bandwidthGBs: 1 } });
    const fast = compareData({ ...base, inter: { latencyUs: 10, bandwidthGBs: 100 } });
    const at = (data: typeof slow) => data.bySize.find((s) => s.algorithm === 'ring')!.points.find((p) => p.x === 4096 * 4)!.timeUs;
    expect(at(slow)).toBeGreaterThan(at(fast));
  });

  it('leaving a preset of whole nodes keeps its nodes and network as custom values, and the figures', () => {
    const config = { preset: 'dgx-h100', devices: 16, fit: null };
    const left = leavePreset(config);
    const nodes = presetTopology(presetById('dgx-h100'), 16);
    expect(left).toMatchObject({
      preset: null,
      topology: 'nodes',
      devicesPerNode: 8,
      interLatencyUs: 14,
      interBandwidthGBs: 48,
      latencyUs: 3.4,
      bandwidthGBs: 360,
    });
    const store = open({ algorithm: 'ring', devices: 16, elements: 1 << 16, preset: 'dgx-h100' });
    const before = store.getState().derived!.cost!.totalUs;
    store.getState().setConfig(leavePreset(store.getState().config));
    expect(store.getState().derived!.topology).toMatchObject({ kind: 'nodes', inter: { latencyUs: 14, bandwidthGBs: 48 } });
    expect(nodes.kind).toBe('nodes');
    expect(store.getState().derived!.cost!.totalUs).toBeCloseTo(before, 9);
  });
});
