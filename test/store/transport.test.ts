// NCCL's protocol and channels in the app's model: the URL, the embed and the race carry them, the
// model runs on them (with a preset too), and the comparison chart follows them.

import { describe, expect, it } from 'vitest';
import { storeOpener } from './openStore';
import { compareData } from '../../src/core/model/compare';
import { buildSchedule } from '../../src/core/algorithms';
import { modelCost } from '../../src/core/model/cost';
import { readSettings } from '../../src/embed/settings';
import { formatUrlState, parseUrlState } from '../../src/store/url';
import { formatRaceUrl, parseRaceUrl } from '../../src/ui/present/raceUrl';

const open = storeOpener();

describe('protocol and channels in links', () => {
  it('are read, written back only when chosen, and survive the round trip', () => {
    const { config, notices } = parseUrlState('?algorithm=ring&devices=8&protocol=LL128&channels=4');
    expect(notices).toEqual([]);
    expect(config).toMatchObject({ protocol: 'LL128', channels: 4 });
    const search = new URLSearchParams(formatUrlState(config, 0));
    expect([search.get('protocol'), search.get('channels')]).toEqual(['LL128', '4']);
    expect(parseUrlState(formatUrlState(config, 0)).config).toEqual(config);
    const plain = parseUrlState('?algorithm=ring&devices=8').config;
    expect(plain).toMatchObject({ protocol: 'Simple', channels: null });
    expect(formatUrlState(plain, 0)).not.toMatch(/protocol|channels/);
  });

  it('a bad value is a notice and the default', () => {
    const { config, notices } = parseUrlState('?protocol=LL256&channels=99');
    expect(config).toMatchObject({ protocol: 'Simple', channels: null });
    expect(notices).toEqual([
      'protocol must be one of Simple, LL128, LL, auto; got “LL256”, using the default',
      'channels must be an integer from 1 to 64; got “99”, using the default',
    ]);
  });

  it('the embed and the race page take the same keys', () => {
    expect(readSettings((key) => ({ protocol: 'LL', channels: '2' })[key] ?? null).config).toMatchObject({ protocol: 'LL', channels: 2 });
    const race = parseRaceUrl('?race=ring,double-tree&devices=8&protocol=auto');
    expect(race.config.protocol).toBe('auto');
    expect(new URLSearchParams(formatRaceUrl(race.algorithms, race.config)).get('protocol')).toBe('auto');
  });
});

describe('the model on a protocol', () => {
  it('models the configured transport, on custom fabrics and on a preset alike', () => {
    const custom = open({ algorithm: 'ring', devices: 8, elements: 4096, protocol: 'LL', channels: 2 });
    const { topology, cost, schedule } = custom.getState().derived!;
    expect(topology.transport).toEqual({ protocol: 'LL', channels: 2 });
    expect(cost!.totalUs).toBe(modelCost(schedule, 4096, topology).totalUs);
    expect(cost!.protocol).toBe('LL');
    const preset = open({ algorithm: 'ring', devices: 16, elements: 4096, preset: 'dgx-h100', protocol: 'auto' });
    expect(preset.getState().derived!.topology).toMatchObject({ kind: 'nodes', transport: { protocol: 'auto' } });
    expect(Object.keys(preset.getState().derived!.cost!.protocolTotalsUs)).toHaveLength(3);
  });

  it('the comparison chart models the same transport: ring at the app’s size takes the app’s time', () => {
    const config = { devices: 8, elements: 4096, latencyUs: 5, bandwidthGBs: 100, devicesPerNode: 8, topology: null, algorithm: 'ring', chunks: null };
    const transport = { protocol: 'LL128' as const, channels: 3 };
    const data = compareData({ ...config, transport });
    const ring = data.bySize.find((series) => series.algorithm === 'ring')!;
    const point = ring.points.find((p) => p.x === 4096 * 4)!;
    const topology = { kind: 'switch' as const, latencyUs: 5, bandwidthGBs: 100, transport };
    expect(point.timeUs).toBeCloseTo(modelCost(buildSchedule({ algorithm: 'ring', devices: 8 }), 4096, topology).totalUs, 9);
    expect(point.timeUs).not.toBeCloseTo(
      compareData(config)
        .bySize.find((s) => s.algorithm === 'ring')!
        .points.find((p) => p.x === 4096 * 4)!.timeUs,
      3,
    );
  });
});
