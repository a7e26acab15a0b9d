// gradsync calibrate: an nccl-tests log in, the fitted α and β per protocol and every row's error
// out, as text or JSON; a log it cannot read is one line naming the line, exit 2.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT_OK } from '../../src/cli/exitCodes';
import { DEFAULT_ALGORITHM } from '../../src/core/algorithms';
import { expectUsageError, makeTempDir, runCli } from './helpers';

const log = (name: string) => fileURLToPath(new URL(`../fixtures/nccl-tests/${name}`, import.meta.url));

interface CalibrationJson {
  collective: string;
  devices: number | null;
  devicesPerNode: number;
  nodes: number;
  gpuNames: string[];
  fabric: string;
  time: string;
  parameters: Record<string, number>;
  rows: { line: number; bytes: number; measuredUs: number; modelUs: number | null; errorPct: number | null; protocol: string | null }[];
  fittedRows: number;
  medianAbsErrorPct: number;
  maxAbsErrorPct: number;
}

const json = async (args: string[]): Promise<CalibrationJson> => {
  const result = await runCli(['calibrate', ...args, '--json']);
  expect(result.err).toBe('');
  expect(result.code).toBe(EXIT_OK);
  return JSON.parse(result.out);
};

const dir = makeTempDir('gradsync-calibrate-');
afterAll(() => dir.remove());

describe('gradsync calibrate', () => {
  it("fits a two-node H100 run: the log's rows in order with measured and modelled times, the parameters by name", async () => {
    const report = await json(['--nccl-tests', log('h100-2node-ib.txt')]);
    expect(report).toMatchObject({
      collective: 'all_reduce',
      devices: 16,
      devicesPerNode: 8,
      nodes: 2,
      gpuNames: ['NVIDIA H100 80GB HBM3'],
      fabric: 'inter',
      time: 'out-of-place',
    });
    expect(report.rows).toHaveLength(32);
    expect(report.rows.map((r) => r.bytes)).toEqual(Array.from({ length: 32 }, (_, i) => 8 * 2 ** i));
    expect(report.rows[0]).toMatchObject({ line: 37, bytes: 8, measuredUs: 68.52 });
    expect(report.rows[31]).toMatchObject({ line: 68, bytes: 17179869184, measuredUs: 68652 });
    for (const row of report.rows) expect(row.errorPct).toBeCloseTo((100 * (row.modelUs! - row.measuredUs)) / row.measuredUs, 9);
    expect(Object.keys(report.parameters)).toEqual(['alphaLLUs', 'betaInterLLGBs', 'alphaLL128Us', 'betaInterLL128GBs', 'alphaSimpleUs', 'betaInterSimpleGBs']);
    expect(report.medianAbsErrorPct).toBeLessThan(10);
    expect(report.maxAbsErrorPct).toBe(Math.max(...report.rows.map((r) => Math.abs(r.errorPct!))));
  });

  it('prints the header, a row per size, the parameters and the median error', async () => {
    const result = await runCli(['calibrate', '--nccl-tests', log('h100-2node-tcpxo.txt')]);
    expect(result.code).toBe(EXIT_OK);
    const lines = result.out.split('\n');
    expect(lines[0]).toBe('all_reduce_perf · 16 × NVIDIA H100 80GB HBM3 · 2 nodes of 8');
    expect(result.out).toMatch(/^ {11}8 {4}135\.8 µs {4}\d+\.\d+ µs {3,}[-+]\d+\.\d% {2}LL$/m);
    expect(result.out).toMatch(/^ {2}8589934592 {4}47535 µs {4}\d+ µs {3,}[-+]\d+\.\d% {2}Simple$/m);
    expect(result.out).toMatch(/^ {2}betaInterSimpleGBs +1\d\d\.\d {2}Simple bandwidth, GB\/s$/m);
    expect(lines.at(-2)).toMatch(/^median \|error\| \d\.\d %, max \d+\.\d % over 31 rows$/);
  });

  it('takes --devices-per-node over the device list', async () => {
    const report = await json(['--nccl-tests', log('h100-2node-ib.txt'), '--devices-per-node', '16']);
    expect(report).toMatchObject({ devices: 16, devicesPerNode: 16, nodes: 1, fabric: 'intra' });
    expect(report.parameters.betaIntraSimpleGBs).toBeGreaterThan(400);
  });

  it('needs --devices-per-node for nodes only where the log lists no devices', async () => {
    const rows = readFileSync(log('h100-2node-ib.txt'), 'utf8').replace(/^# {2}Rank.*\n/gm, '');
    const bare = dir.file('bare.txt', rows);
    expect(await json(['--nccl-tests', bare])).toMatchObject({ devices: 16, devicesPerNode: 16, nodes: 1, fabric: 'intra' });
    expect(await json(['--nccl-tests', bare, '--devices-per-node', '8'])).toMatchObject({ devices: 16, devicesPerNode: 8, nodes: 2, fabric: 'inter' });
  });

  it("reads what gradsync bench prints and recovers the switch model's α and B", async () => {
    const bench = await runCli(['bench', '--algorithm', DEFAULT_ALGORITHM, '--devices', '8', '--max-bytes', '16M', '--iters', '1']);
    expect(bench.code).toBe(EXIT_OK);
    const modelTable = bench.out.split('\n\n')[0];
    const report = await json(['--nccl-tests', dir.file('bench.txt', modelTable)]);
    expect(report).toMatchObject({ collective: 'all_reduce', devices: 8, nodes: 1 });
    expect(Object.keys(report.parameters)).toEqual(['alphaSimpleUs', 'betaIntraSimpleGBs']);
    // Ring on 8 devices: 14 steps of α = 5 µs, and the ring's bytes at B = 100 GB/s.
    expect(report.parameters.alphaSimpleUs).toBeCloseTo(70, 0);
    expect(report.parameters.betaIntraSimpleGBs).toBeCloseTo(100, 0);
  });

  it('answers a log it cannot read in one line naming the line', async () => {
    const truncated = log('all-reduce-truncated.txt');
    expectUsageError(
      await runCli(['calibrate', '--nccl-tests', truncated]),
      new RegExp(`^gradsync: ${truncated}: line 15: the row ends after 10 of its 13 columns`),
    );
    expectUsageError(
      await runCli(['calibrate', '--nccl-tests', log('all-reduce-garbled.txt')]),
      /all-reduce-garbled\.txt: line 14: algbw '2\.6\?' is not a number of GB\/s/,
    );
    expectUsageError(await runCli(['calibrate', '--nccl-tests', dir.file('empty.txt', '')]), /empty\.txt: line 1: no result rows/);
    expectUsageError(await runCli(['calibrate', '--nccl-tests', dir.fresh('absent.txt')]), /cannot read nccl-tests log '.*absent\.txt': no such file/);
  });

  it('answers bad flags in one line', async () => {
    expectUsageError(await runCli(['calibrate']), /missing --nccl-tests LOG/);
    expectUsageError(
      await runCli(['calibrate', '--nccl-tests', log('h100-2node-ib.txt'), '--devices-per-node', '3']),
      /--devices-per-node must divide the 16 devices: 1, 2, 4, 8 or 16; got 3/,
    );
    expectUsageError(
      await runCli(['calibrate', '--nccl-tests', log('h100-2node-ib.txt'), '--devices-per-node', 'eight']),
      /--devices-per-node must be an integer/,
    );
    const uneven = readFileSync(log('h100-2node-ib.txt'), 'utf8').replace(/on bm-h100-01 device {2}7/, 'on bm-h100-03 device  7');
    expectUsageError(
      await runCli(['calibrate', '--nccl-tests', dir.file('uneven.txt', uneven)]),
      /missing --devices-per-node, which must divide the 16 devices; the device list puts 7, 1 and 8 of them on its 3 hosts/,
    );
  });
});
