// gradsync fit: a real data-parallel run from the command line, as text or JSON; exit 0 when it
// kept its promises; bad input is one line, exit 2.
import { describe, expect, it } from 'vitest';
import { EXIT_OK } from '../../src/cli/exitCodes';
import type { RunFrame } from '../../src/core/training/realRunStory';
import { expectUsageError, runCli } from './helpers';

interface FitJson {
  model: { kind: string; parameters: number };
  devices: number;
  algorithm: string;
  sync: boolean;
  backend: string;
  learningRate: number;
  guaranteedIdentical: boolean;
  verified: boolean;
  frames: RunFrame[];
  weights: number[][];
  singleDeviceWeights: number[];
}

const json = async (args: string[]): Promise<FitJson> => {
  const result = await runCli(['fit', ...args, '--json']);
  expect(result.err).toBe('');
  expect(result.code).toBe(EXIT_OK);
  return JSON.parse(result.out);
};

describe('gradsync fit', () => {
  it('trains 4 ring-synchronized replicas that end bit-identical and within the bound of one device', async () => {
    const report = await json(['--algorithm', 'ring', '--devices', '4', '--steps', '40']);
    expect(report).toMatchObject({
      model: { kind: 'least-squares', parameters: 16 },
      devices: 4,
      sync: true,
      backend: 'cpu',
      guaranteedIdentical: true,
      verified: true,
    });
    expect(report.frames).toHaveLength(41);
    const last = report.frames[40];
    expect(last.identical).toBe(true);
    expect(last.gap).toBeLessThanOrEqual(last.bound!);
    expect(report.weights.every((w) => JSON.stringify(w) === JSON.stringify(report.weights[0]))).toBe(true);
    expect(last.losses[0]).toBeLessThan(report.frames[0].losses[0] / 10);
  });

  it('says in words what held, and without sync how far the replicas drifted', async () => {
    const synced = await runCli(['fit', '--devices', '3', '--steps', '20']);
    expect(synced.code).toBe(EXIT_OK);
    expect(synced.out).toMatch(/The replicas held the same bits at every step, as ring guarantees/);
    expect(synced.out).toMatch(/within the rounding bound/);
    const alone = await runCli(['fit', '--devices', '3', '--steps', '20', '--sync', 'off']);
    expect(alone.code).toBe(EXIT_OK);
    expect(alone.out).toMatch(/Without sync each replica learns only its own shard: after 20 steps they are 0\.\d+ apart/);
    const drifted = await json(['--devices', '3', '--steps', '20', '--sync', 'off']);
    expect(drifted.frames[20].bound).toBeNull();
    expect(drifted.frames[20].spread).toBeGreaterThan(0.1);
  });

  it('runs an MSCCL schedule from a file', async () => {
    const report = await json(['--schedule', 'test/fixtures/msccl/allreduce_allpairs.xml', '--steps', '10']);
    expect(report.devices).toBe(4);
    expect(report.verified).toBe(true);
  });

  it('answers bad input in one line, exit 2', async () => {
    expectUsageError(await runCli(['fit', '--devices', '1']), /--devices must be a whole number from 2 to 64; got 1/);
    expectUsageError(await runCli(['fit', '--devices', '4', '--steps', '0']), /--steps/);
    expectUsageError(await runCli(['fit', '--devices', '4', '--sync', 'maybe']), /--sync/);
    expectUsageError(await runCli(['fit', '--devices', '4', '--collective', 'allgather']), /average their gradients with an all-reduce/);
    expectUsageError(await runCli(['fit', '--devices', '4', '--algorithm', 'nope']), /--algorithm/);
  });
});
