// --protocol and --channels on the commands that model: the figures follow them, the report says which
// protocol was modelled, and bad values are one line naming the flag.

import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/core/algorithms';
import { modelCost } from '../../src/core/model/cost';
import { expectUsageError, runCli } from './helpers';

const RING8 = ['--algorithm', 'ring', '--devices', '8'];

describe('gradsync run with a protocol', () => {
  it('--json gives the model time of the protocol and channels, the protocol modelled and each one weighed', async () => {
    const result = await runCli(['run', ...RING8, '--elements', '65536', '--protocol', 'auto', '--channels', '3', '--json']);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.out);
    const topology = { kind: 'switch' as const, latencyUs: 5, bandwidthGBs: 100, transport: { protocol: 'auto' as const, channels: 3 } };
    const cost = modelCost(buildSchedule({ algorithm: 'ring', devices: 8 }), 65536, topology);
    expect(json.modelTimeUs).toBe(cost.totalUs);
    expect(json.protocol).toBe(cost.protocol);
    expect(Object.keys(json.protocolTotalsUs).sort()).toEqual(['LL', 'LL128', 'Simple']);
    expect(json.topology.transport).toEqual({ protocol: 'auto', channels: 3 });
    expect(json.dataflowTimeUs).toBeLessThanOrEqual(json.modelTimeUs * (1 + 1e-12));
  });

  it('the report names the transport and, for auto, the pick beside the others', async () => {
    const result = await runCli(['run', ...RING8, '--elements', '1024', '--protocol', 'AUTO']);
    expect(result.code).toBe(0);
    expect(result.out).toContain('topology: switch, α 5 µs, B 100 GB/s; the fastest protocol, channels to fill each port');
    expect(result.out).toMatch(/\n {2}protocol: LL, the fastest \(LL [\d.]+ µs, LL128 [\d.]+ µs, Simple [\d.]+ µs\)\n/);
    const plain = await runCli(['run', ...RING8, '--elements', '1024']);
    expect(plain.out).not.toContain('protocol');
  });

  it('works with a preset, and on trace and bench', async () => {
    const preset = await runCli(['run', ...RING8, '--elements', '4096', '--preset', 'dgx-h100', '--protocol', 'LL128', '--json']);
    expect(JSON.parse(preset.out).topology).toMatchObject({ latencyUs: 3.4, channelGBs: 30, transport: { protocol: 'LL128' } });
    const trace = await runCli(['trace', ...RING8, '--elements', '4096', '--protocol', 'LL']);
    expect(trace.code).toBe(0);
    expect(JSON.parse(trace.out).otherData.topology).toBe('switch, α 5 µs, B 100 GB/s; LL, channels to fill each port, so α 0.882 µs, B 50 GB/s');
    const bench = await runCli(['bench', ...RING8, '--channels', '1']);
    expect(bench.code).toBe(0);
    expect(bench.out).toContain('(switch, α 5 µs, B 100 GB/s; Simple, 1 channel, so α 5 µs, B 20 GB/s)');
  });

  it('bench with the fastest protocol says where the pick changes, in the table and in --json', async () => {
    const table = await runCli(['bench', ...RING8, '--protocol', 'auto', '--max-bytes', '64M', '--iters', '1']);
    expect(table.code).toBe(0);
    expect(table.out).toContain('# the fastest protocol: LL at 1.00 KiB, LL128 from 4.00 MiB, Simple from 64.0 MiB\n');
    const json = JSON.parse((await runCli(['bench', ...RING8, '--protocol', 'auto', '--max-bytes', '64M', '--iters', '1', '--json'])).out);
    expect(json.protocolFrom).toEqual([
      { bytes: 1024, protocol: 'LL' },
      { bytes: 4 << 20, protocol: 'LL128' },
      { bytes: 64 << 20, protocol: 'Simple' },
    ]);
    const plain = await runCli(['bench', ...RING8, '--max-bytes', '4K', '--iters', '1']);
    expect(plain.out).not.toContain('the fastest protocol');
  });

  it('refuses a protocol or channel count that cannot be, in one line naming the flag', async () => {
    expectUsageError(
      await runCli(['run', ...RING8, '--elements', '8', '--protocol', 'll256']),
      /--protocol must be one of Simple, LL128, LL, auto; got 'll256'/,
    );
    for (const channels of ['0', '65', '2.5', 'many']) {
      expectUsageError(await runCli(['run', ...RING8, '--elements', '8', '--channels', channels]), /--channels/);
    }
  });
});
