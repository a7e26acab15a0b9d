// gradsync compare: algorithms side by side per device count and size, as a table or JSON, from closed
// forms (to 131,072 devices); each row is the model time `gradsync run` reports for the same options;
// rows without a model say why; bad input is one line, exit 2.
import { describe, expect, it } from 'vitest';
import { EXIT_OK } from '../../src/cli/exitCodes';
import { formatBytes, formatCount, formatGBs, formatMicroseconds } from '../../src/core/units';
import { expectUsageError, runCli } from './helpers';

interface Row {
  algorithm: string;
  devices: number;
  bytes: number;
  timeUs: number | null;
  algbwGBs: number | null;
  busbwGBs: number | null;
  protocol: string | null;
  unavailable?: string;
}

async function compareJson(args: string[]): Promise<Row[]> {
  const result = await runCli(['compare', ...args, '--json']);
  expect(result.err).toBe('');
  expect(result.code).toBe(EXIT_OK);
  const json = JSON.parse(result.out) as { rows: Row[] };
  expect(Object.keys(json)).toEqual(['rows']);
  return json.rows;
}

async function runModelTimeUs(args: string[]): Promise<number> {
  const result = await runCli(['run', ...args, '--json']);
  expect(result.err).toBe('');
  return JSON.parse(result.out).modelTimeUs;
}

const SUMMIT = ['--preset', 'summit'];

describe('gradsync compare', () => {
  it('prints a table per size, device count and algorithm: the machine, then time, algbw, busbw and protocol as the CLI writes them', async () => {
    const args = ['--algorithms', 'ring,double-tree', '--devices', '6,96,24576', '--bytes', '8,256M', ...SUMMIT, '--protocol', 'LL'];
    const result = await runCli(['compare', ...args]);
    expect(result.code).toBe(EXIT_OK);
    expect(result.err).toBe('');
    const lines = result.out.trimEnd().split('\n');
    expect(lines.slice(0, 5)).toEqual([
      'gradsync compare: all-reduce on Summit (6× V100), α-β model from closed forms',
      '# 6 devices: switch, α 5.7 µs, B 30 GB/s; LL, channels to fill each port, so α 1 µs, B 15 GB/s',
      '# 96–24,576 devices: nodes of 6: inside α 5.7 µs, B 30 GB/s; between α 14 µs, B 4 GB/s; LL, channels to fill each port, so inside α 1 µs, B 15 GB/s and between α 2.7 µs, B 2 GB/s',
      '# on nodes, tree and double-tree run over the nodes with a chain inside each, as NCCL builds them across nodes',
      '',
    ]);
    expect(lines[5].trim().split(/\s+/)).toEqual(['size', 'devices', 'algorithm', 'time', 'algbw', 'busbw', 'protocol']);
    const rows = await compareJson(args);
    expect(lines.slice(6)).toHaveLength(rows.length);
    rows.forEach((row, i) => {
      const cells = [
        formatBytes(row.bytes),
        formatCount(row.devices),
        row.algorithm,
        formatMicroseconds(row.timeUs!),
        formatGBs(row.algbwGBs),
        formatGBs(row.busbwGBs),
        'LL',
      ];
      expect(lines[6 + i].trim().split(/\s{2,}/)).toEqual(cells);
    });
  });

  it('--json prints exactly { rows: [{ algorithm, devices, bytes, timeUs, algbwGBs, busbwGBs, protocol }] }, busbw as nccl-tests computes it', async () => {
    const rows = await compareJson(['--algorithms', 'ring,double-tree', '--devices', '8,16', '--bytes', '64K']);
    expect(rows.map((row) => Object.keys(row))).toEqual(Array(4).fill(['algorithm', 'devices', 'bytes', 'timeUs', 'algbwGBs', 'busbwGBs', 'protocol']));
    expect(rows.map((row) => [row.algorithm, row.devices, row.bytes, row.protocol])).toEqual([
      ['ring', 8, 65536, 'Simple'],
      ['double-tree', 8, 65536, 'Simple'],
      ['ring', 16, 65536, 'Simple'],
      ['double-tree', 16, 65536, 'Simple'],
    ]);
    for (const row of rows) {
      expect(row.algbwGBs).toBeCloseTo(row.bytes / (row.timeUs! * 1e3), 12);
      expect(row.busbwGBs).toBeCloseTo((row.algbwGBs! * 2 * (row.devices - 1)) / row.devices, 12);
    }
  });

  it('gives the model time gradsync run reports for the same options, the trees across Summit’s nodes as --devices-per-node 6 builds them', async () => {
    const rows = await compareJson(['--algorithms', 'ring,double-tree,tree,hierarchical-ring', '--devices', '12,24', '--bytes', '8,40K', ...SUMMIT]);
    for (const row of rows) {
      const perNode = row.algorithm === 'ring' ? [] : ['--devices-per-node', '6'];
      const run = await runModelTimeUs([
        '--algorithm',
        row.algorithm,
        '--devices',
        String(row.devices),
        '--elements',
        String(row.bytes / 4),
        ...perNode,
        ...SUMMIT,
      ]);
      expect(row.timeUs, JSON.stringify(row)).toBeCloseTo(run, 9);
    }
    const custom = await compareJson([
      '--algorithms',
      'double-tree',
      '--devices',
      '16',
      '--bytes',
      '1M',
      '--chunks',
      '32',
      '--devices-per-node',
      '4',
      '--inter-latency-us',
      '7',
    ]);
    const run = await runModelTimeUs([
      '--algorithm',
      'double-tree',
      '--devices',
      '16',
      '--elements',
      String(2 ** 18),
      '--chunks',
      '32',
      '--devices-per-node',
      '4',
      '--inter-latency-us',
      '7',
    ]);
    expect(custom[0].timeUs).toBe(run);
  });

  it('models 65,536 devices: ring 2(N−1)(α + ⌈K/N⌉·4/B), the double tree far below it at 8 B', async () => {
    const rows = await compareJson(['--algorithms', 'ring,double-tree', '--devices', '65536', '--bytes', '8,1G']);
    expect(rows).toHaveLength(4);
    const n = 65536;
    const ringAt = (bytes: number) => 2 * (n - 1) * (5 + (Math.ceil(bytes / 4 / n) * 4) / 1e5);
    expect(rows[0].timeUs).toBeCloseTo(ringAt(8), 3);
    expect(rows[2].timeUs).toBeCloseTo(ringAt(2 ** 30), 3);
    expect(rows[1].timeUs! * 1000).toBeLessThan(rows[0].timeUs!);
  });

  it('says in one line where an algorithm has no model, in the table and in JSON, and exits 0', async () => {
    const args = ['--algorithms', 'ring,hierarchical-ring', '--devices', '8,12', '--bytes', '8', ...SUMMIT, '--devices-per-node', '5'];
    const result = await runCli(['compare', ...args]);
    expect(result.code).toBe(EXIT_OK);
    expect(result.out).toMatch(/^ 8 B +8 {2}ring +no model: summit takes at most 6 devices or whole nodes of 6; got 8$/m);
    expect(result.out).toMatch(
      /^ 8 B +12 {2}hierarchical-ring {2}no model: hierarchical-ring needs devices per node G dividing the device count N, got G = 5 for N = 12; try G = 6$/m,
    );
    const rows = await compareJson(args);
    expect(rows[0]).toEqual({
      algorithm: 'ring',
      devices: 8,
      bytes: 8,
      timeUs: null,
      algbwGBs: null,
      busbwGBs: null,
      protocol: null,
      unavailable: 'summit takes at most 6 devices or whole nodes of 6; got 8',
    });
    expect(rows[2]).toMatchObject({ algorithm: 'ring', devices: 12, protocol: 'Simple' });
    const nodes = await compareJson(['--algorithms', 'ring', '--devices', '12,16', '--bytes', '8', '--devices-per-node', '8']);
    expect(nodes[0].unavailable).toBe('nodes of 8 do not divide 12 devices');
    expect(nodes[1].timeUs).toBeGreaterThan(0);
  });

  it('rejects bad options with one line naming the flag, exit 2', async () => {
    const ok = ['--algorithms', 'ring', '--devices', '8', '--bytes', '8'];
    const withFlag = (flag: string, value: string) => {
      const args = [...ok];
      const i = args.indexOf(flag);
      if (i >= 0) args[i + 1] = value;
      else args.push(flag, value);
      return ['compare', ...args];
    };
    expectUsageError(await runCli(['compare', '--devices', '8', '--bytes', '8']), /missing --algorithms/);
    expectUsageError(await runCli(['compare', '--algorithms', 'ring', '--bytes', '8']), /missing --devices/);
    expectUsageError(await runCli(['compare', '--algorithms', 'ring', '--devices', '8']), /missing --bytes/);
    expectUsageError(await runCli(withFlag('--algorithms', 'ring,rings')), /--algorithms must name all-reduce algorithms .*; got 'rings'/);
    expectUsageError(await runCli(withFlag('--algorithms', 'ring,,tree')), /--algorithms must be a comma-separated list/);
    expectUsageError(await runCli(withFlag('--devices', '8,abc')), /--devices must be an integer from 1 to 131,072, got 'abc'/);
    expectUsageError(await runCli(withFlag('--devices', '131073')), /--devices must be an integer from 1 to 131,072/);
    expectUsageError(await runCli(withFlag('--bytes', '6')), /--bytes must be a byte count ≥ 4 and a multiple of 4/);
    expectUsageError(await runCli(withFlag('--chunks', '0')), /--chunks must be an integer from 1/);
    expectUsageError(await runCli(withFlag('--preset', 'summitt')), /--preset must be one of .*summit; got 'summitt'/);
    expectUsageError(
      await runCli([...withFlag('--preset', 'summit'), '--bandwidth-gbs', '5']),
      /--preset sets the topology and its fabrics; leave out --bandwidth-gbs/,
    );
    expectUsageError(await runCli(withFlag('--topology', 'nodes:x')), /--topology must be 'switch' or 'nodes:G'/);
    expectUsageError(await runCli(withFlag('--protocol', 'fast')), /--protocol must be one of Simple, LL128, LL, auto/);
    expectUsageError(await runCli(withFlag('--latency-us', '-1')), /--latency-us must be a number ≥ 0/);
    expectUsageError(await runCli(['compare', ...ok, '--frobnicate']), /frobnicate/);
  });

  it('is listed by gradsync --help', async () => {
    const result = await runCli(['--help']);
    expect(result.out).toMatch(/^\s+compare \[options\]\s+all-reduce algorithms side by side/m);
  });
});
