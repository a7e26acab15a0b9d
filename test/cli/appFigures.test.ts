// The app and the command line give the same figures for the same configuration: the share menu's
// command, run through the CLI itself, prints the model time, algbw and busbw the app shows.

import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/core/algorithms';
import { scheduleJson } from '../../src/core/formats/scheduleJson';
import { parseFabricText } from '../../src/core/formats/fabricText';
import type { SimConfig } from '../../src/store/config';
import { createSimStore } from '../../src/store/simStore';
import { commandWords } from '../../src/ui/share/cliCommand';
import { makeTempDir, runCli } from './helpers';

async function both(config: Partial<SimConfig>) {
  const store = createSimStore({ gpu: null, config: { backend: 'cpu', ...config } });
  const { derived, config: shown } = store.getState();
  store.getState().dispose();
  const words = commandWords(shown, derived!, null);
  const result = await runCli([...words, '--json']);
  expect(result.code).toBe(0);
  return { app: derived!, cli: JSON.parse(result.out), words };
}

describe('the app and gradsync run', () => {
  it('ring on 16 devices × 1,048,576 elements: one switch in both, the same 228.64 µs, algbw and busbw', async () => {
    const { app, cli, words } = await both({ algorithm: 'ring', devices: 16, elements: 1 << 20 });
    expect(words).toContain('switch');
    expect(app.cost!.totalUs).toBeCloseTo(228.6432, 6);
    expect(cli.modelTimeUs).toBeCloseTo(app.cost!.totalUs, 9);
    expect(cli.algbwGBs).toBeCloseTo(app.metrics!.algbwGBs!, 9);
    expect(cli.busbwGBs).toBeCloseTo(app.metrics!.busbwGBs!, 9);
    expect(cli.topology).toEqual(app.topology);
  });

  it('agree when nodes are chosen, for hierarchical-ring on its own nodes, and with other fabrics and ops', async () => {
    for (const config of [
      { algorithm: 'ring', devices: 16, elements: 4096, topology: 'nodes' },
      { algorithm: 'ring', devices: 16, elements: 4096, topology: 'nodes', interLatencyUs: 2, interBandwidthGBs: 400 },
      { algorithm: 'hierarchical-ring', devices: 16, devicesPerNode: 4, elements: 10_000 },
      { algorithm: 'hierarchical-ring', devices: 16, devicesPerNode: 4, elements: 10_000, topology: 'switch' },
      { algorithm: 'double-tree', devices: 8, elements: 777, latencyUs: 2.5, bandwidthGBs: 50, op: 'max' },
      { collective: 'broadcast', algorithm: 'binomial-tree', devices: 6, elements: 1000 },
      { algorithm: 'tree', devices: 8, chunks: 4, elements: 100 },
    ] as Partial<SimConfig>[]) {
      const { app, cli } = await both(config);
      expect(cli.modelTimeUs, JSON.stringify(config)).toBeCloseTo(app.cost!.totalUs, 9);
      expect(cli.topology, JSON.stringify(config)).toEqual(app.topology);
    }
  });

  it('agree on a machine preset, whose command names the preset in place of the topology and fabrics', async () => {
    for (const config of [
      { algorithm: 'ring', devices: 8, elements: 1 << 18, preset: 'dgx-h100' },
      { algorithm: 'double-tree', devices: 16, elements: 4096, preset: 'dgx-h100' },
      { algorithm: 'halving-doubling', devices: 6, elements: 1000, preset: 'pcie-gen5' },
    ] as Partial<SimConfig>[]) {
      const { app, cli, words } = await both(config);
      expect(words.slice(-2)).toEqual(['--preset', config.preset]);
      expect(words).not.toContain('--topology');
      expect(cli.modelTimeUs, JSON.stringify(config)).toBeCloseTo(app.cost!.totalUs, 9);
      expect(cli.topology, JSON.stringify(config)).toEqual(app.topology);
    }
  });

  it('agree on a protocol and channels, on custom fabrics and on a preset', async () => {
    for (const config of [
      { algorithm: 'ring', devices: 8, elements: 1 << 16, protocol: 'LL', channels: 3 },
      { algorithm: 'double-tree', devices: 16, elements: 4096, topology: 'nodes', protocol: 'auto' },
      { algorithm: 'ring', devices: 16, elements: 1 << 18, preset: 'dgx-h100', protocol: 'LL128', channels: 6 },
    ] as Partial<SimConfig>[]) {
      const { app, cli, words } = await both(config);
      expect(words).toContain('--protocol');
      expect(cli.modelTimeUs, JSON.stringify(config)).toBeCloseTo(app.cost!.totalUs, 9);
      expect(cli.protocol, JSON.stringify(config)).toBe(app.cost!.protocol);
      expect(cli.topology, JSON.stringify(config)).toEqual(app.topology);
    }
  });

  it('agree on a machine fitted to an nccl-tests log, which the command gives as --fit, under each protocol', async () => {
    const fit = parseFabricText('29.63,251.2;LL:2.116,13.04;LL128:4.757,151.2');
    for (const protocol of ['Simple', 'LL', 'auto'] as const) {
      const { app, cli, words } = await both({ algorithm: 'ring', devices: 16, elements: 1 << 16, topology: 'switch', fit, protocol });
      expect(words).toContain('--fit');
      expect(words).not.toContain('--latency-us');
      expect(cli.modelTimeUs, protocol).toBeCloseTo(app.cost!.totalUs, 9);
      expect(cli.protocol, protocol).toBe(app.cost!.protocol);
    }
  });

  it('a loaded schedule runs from its file with the same figures', async () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 5 });
    const store = createSimStore({ gpu: null, config: { backend: 'cpu', elements: 500 } });
    store.getState().loadSchedule(schedule, 'mine.json');
    const { derived, config } = store.getState();
    store.getState().dispose();
    const dir = makeTempDir();
    const file = dir.file('mine.json', scheduleJson(schedule));
    const result = await runCli([...commandWords(config, derived!, file), '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out).modelTimeUs).toBeCloseTo(derived!.cost!.totalUs, 9);
    dir.remove();
  });
});
