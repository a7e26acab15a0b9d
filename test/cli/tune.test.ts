// gradsync tune: NCCL's pick per size on a preset machine, as a table or JSON; --preset in the other
// commands; bad input is one line, exit 2.
import { describe, expect, it } from 'vitest';
import { EXIT_OK } from '../../src/cli/exitCodes';
import { MODEL_DEPARTURES } from '../../src/core/nccl/tuner';
import { expectUsageError, runCli } from './helpers';

interface TuneJson {
  preset: string;
  devices: number;
  nodes: number;
  rows: { bytes: number; timesUs: Record<string, number>; pick: string; busbwGBs: number }[];
  crossovers: { bytes: number; from: string; to: string }[];
  candidates: { algorithm: string; protocol: string; disabled?: string }[];
  explained: { bytes: number; pick: string; runnerUp: string | null; sentence: string };
}

async function tune(args: string[]): Promise<TuneJson> {
  const result = await runCli(['tune', ...args, '--json']);
  expect(result.err).toBe('');
  expect(result.code).toBe(EXIT_OK);
  return JSON.parse(result.out);
}

describe('gradsync tune', () => {
  it('prints every pair’s time per size, marks the pick, lists the crossover and explains 1 MiB on a DGX H100', async () => {
    const result = await runCli(['tune', '--preset', 'dgx-h100']);
    expect(result.code).toBe(EXIT_OK);
    expect(result.err).toBe('');
    const lines = result.out.split('\n');
    expect(lines[1]).toBe('8 GPUs on 1 node; channels: Ring 12 × 30 GB/s, Tree 12 × 30 GB/s, NVLS 8 × 40 GB/s (bwInter 60)');
    expect(lines[2]).toBe('protocols: LL 4 data bytes in 8, LL128 120 data bytes in 128, Simple whole chunks behind a fence');
    expect(lines[4].trim().split(/\s+/)).toEqual([
      'size',
      'Tree/LL',
      'Tree/LL128',
      'Tree/Simple',
      'Ring/LL',
      'Ring/LL128',
      'Ring/Simple',
      'NVLS/Simple',
      'pick',
      'busbw',
    ]);
    expect(lines[5]).toMatch(/^\s+1\.00 KiB .* 15\.0 µs\* .* Ring\/LL\s+0\.12 GB\/s$/);
    expect(result.out).toMatch(/^\s+16\.0 GiB .* 63\.2 ms\*\s+NVLS\/Simple\s+476 GB\/s$/m);
    expect(result.out).toContain('from 1.09 MiB (1,144,836 B): NVLS/Simple, after Ring/LL');
    expect(result.out).toContain('  NVLSTree/Simple: NVLSTree runs across nodes only');
    expect(lines.at(-2)).toBe(MODEL_DEPARTURES);
    expect(lines.at(-4)).toBe(
      "At 1.00 MiB NCCL's model picks Ring/LL: 28.0 µs, against NVLS/Simple's 28.9 µs, because at this size its lower latency (15.0 µs against 25.0 µs) outweighs NVLS/Simple's higher bandwidth (272 GB/s against 80.6 GB/s).",
    );
  });

  it('gives the same as JSON: rows from --min-bytes to --max-bytes by --step-factor, crossovers, the explained size', async () => {
    const json = await tune(['--preset', 'dgx-h100', '--min-bytes', '4K', '--max-bytes', '16G', '--step-factor', '16', '--bytes', '64M']);
    expect(json.rows.map((row) => row.bytes)).toEqual([4096, 65536, 2 ** 20, 2 ** 24, 2 ** 28, 2 ** 32]);
    expect(json.rows.map((row) => row.pick)).toEqual(['Ring/LL', 'Ring/LL', 'Ring/LL', 'NVLS/Simple', 'NVLS/Simple', 'NVLS/Simple']);
    expect(json.crossovers).toEqual([{ bytes: 1144836, from: 'Ring/LL', to: 'NVLS/Simple' }]);
    expect(json.explained).toMatchObject({ bytes: 2 ** 26, pick: 'NVLS/Simple', runnerUp: 'Ring/Simple' });
    expect(Object.keys(json.rows[0].timesUs)).toHaveLength(7);
    expect(json.candidates.filter((c) => c.disabled).map((c) => `${c.algorithm}/${c.protocol}`)).toEqual([
      'CollNetDirect/Simple',
      'CollNetChain/Simple',
      'NVLSTree/Simple',
    ]);
  });

  it('models whole nodes: 16 H100s pick Tree/LL for small all-reduces and NVLSTree/Simple for large ones', async () => {
    const json = await tune(['--preset', 'dgx-h100', '--devices', '16', '--min-bytes', '1K', '--max-bytes', '1G', '--step-factor', '1024']);
    expect(json.nodes).toBe(2);
    expect(json.rows.map((row) => [row.bytes, row.pick])).toEqual([
      [1024, 'Tree/LL'],
      [2 ** 20, 'Tree/LL128'],
      [2 ** 30, 'NVLSTree/Simple'],
    ]);
  });

  it('broadcast has Ring alone; PCIe nodes run no LL128', async () => {
    const broadcast = await tune(['--preset', 'dgx-a100', '--collective', 'broadcast', '--max-bytes', '1M']);
    expect(Object.keys(broadcast.rows[0].timesUs)).toEqual(['Ring/LL', 'Ring/LL128', 'Ring/Simple']);
    const pcie = await tune(['--preset', 'pcie-gen4', '--max-bytes', '1M']);
    expect(Object.keys(pcie.rows[0].timesUs)).not.toContain('Ring/LL128');
  });

  it.each([
    { argv: [], mention: /missing --preset, one of dgx-a100, dgx-h100, pcie-gen4, pcie-gen5/ },
    { argv: ['--preset', 'dgx-b200'], mention: /--preset must be one of dgx-a100, dgx-h100, pcie-gen4, pcie-gen5, summit; got 'dgx-b200'/ },
    { argv: ['--preset', 'dgx-h100', '--devices', '12'], mention: /--devices must be from 2 to 8 \(one node\) or a multiple of 8/ },
    { argv: ['--preset', 'pcie-gen5', '--devices', '16'], mention: /--devices must be from 2 to 8: the machine has no network/ },
    { argv: ['--preset', 'dgx-h100', '--collective', 'alltoall'], mention: /--collective must be one of/ },
    { argv: ['--preset', 'dgx-h100', '--min-bytes', '1M', '--max-bytes', '1K'], mention: /--max-bytes \(1K\) must be at least --min-bytes \(1M\)/ },
    { argv: ['--preset', 'dgx-h100', '--bytes', '1X'], mention: /--bytes must be a byte count/ },
  ])('refuses $argv', async ({ argv, mention }) => {
    expectUsageError(await runCli(['tune', ...argv]), mention);
  });
});

describe('--preset in the commands that take a topology', () => {
  const RING8 = ['run', '--algorithm', 'ring', '--devices', '8', '--elements', '4096'];

  it('models on the preset’s fabrics: one node as a switch, more as nodes of 8', async () => {
    const one = await runCli([...RING8, '--preset', 'dgx-h100']);
    expect(one.code).toBe(EXIT_OK);
    expect(one.out).toContain('topology: switch, α 3.4 µs, B 360 GB/s');
    const two = await runCli([
      'run',
      '--algorithm',
      'hierarchical-ring',
      '--devices',
      '16',
      '--devices-per-node',
      '8',
      '--elements',
      '4096',
      '--preset',
      'dgx-a100',
    ]);
    expect(two.code).toBe(EXIT_OK);
    expect(two.out).toContain('topology: nodes of 8: inside α 3.4 µs, B 240 GB/s; between α 14 µs, B 24 GB/s');
  });

  it('refuses a preset with the options it replaces, and devices that are not whole nodes', async () => {
    expectUsageError(
      await runCli([...RING8, '--preset', 'dgx-h100', '--bandwidth-gbs', '50', '--topology', 'switch']),
      /--preset sets the topology and its fabrics; leave out --topology and --bandwidth-gbs/,
    );
    expectUsageError(
      await runCli(['run', '--algorithm', 'ring', '--devices', '12', '--elements', '12', '--preset', 'dgx-h100']),
      /--devices must be at most 8 \(one node\) or a multiple of 8/,
    );
  });
});
