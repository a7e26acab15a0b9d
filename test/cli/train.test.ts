// gradsync train: one training iteration modelled, as text or JSON; bad input is one line, exit 2.
import { describe, expect, it } from 'vitest';
import { EXIT_OK } from '../../src/cli/exitCodes';
import { presetModel, totalParams } from '../../src/core/training/models';
import { memoryPerDevice } from '../../src/core/training/strategies';
import { expectUsageError, runCli } from './helpers';

interface Report {
  model: { id: string; params: number };
  memoryPerDeviceBytes: { params: number; grads: number; optimizer: number; total: number };
  commBytesPerDevice: { total: number };
  iterationTimeUs: { overlap: number; noOverlap: number };
  exposedCommUs: { overlap: number; noOverlap: number };
  serverMemoryBytes?: number;
}

const json = async (args: string[]): Promise<Report> => {
  const result = await runCli(['train', ...args, '--json']);
  expect(result.err).toBe('');
  expect(result.code).toBe(EXIT_OK);
  return JSON.parse(result.out);
};

describe('gradsync train', () => {
  it('reports memory, bytes and the iteration with and without overlap for GPT-2 XL on 64 devices under every strategy', async () => {
    const params = totalParams(presetModel('gpt2-xl'));
    const reports: Record<string, Report> = Object.fromEntries(
      await Promise.all(
        ['ddp', 'zero1', 'zero2', 'zero3', 'ps'].map(async (s) => [
          s,
          await json(['--model', 'gpt2-xl', '--devices', '64', '--strategy', s, '--servers', '8']),
        ]),
      ),
    );
    for (const [strategy, report] of Object.entries(reports)) {
      expect(report.model).toMatchObject({ id: 'gpt2-xl', params });
      expect(report.memoryPerDeviceBytes).toEqual(memoryPerDevice(strategy as 'ddp', params, 64));
      expect(report.iterationTimeUs.overlap).toBeLessThanOrEqual(report.iterationTimeUs.noOverlap);
      expect(report.exposedCommUs.overlap).toBeGreaterThan(0);
    }
    const total = (s: string) => reports[s].memoryPerDeviceBytes.total;
    expect(total('ddp') > total('zero1') && total('zero1') > total('zero2') && total('zero2') > total('zero3')).toBe(true);
    expect(reports.zero3.commBytesPerDevice.total / reports.ddp.commBytesPerDevice.total).toBeCloseTo(1.5, 9);
    expect(reports.ps.serverMemoryBytes).toBe((12 * params) / 8);
  });

  it('writes a short text report', async () => {
    const result = await runCli(['train', '--params', '1000000000', '--devices', '8', '--strategy', 'zero2', '--overlap', 'off']);
    expect(result.code).toBe(EXIT_OK);
    expect(result.out).toMatch(/^A custom model \(1,000,000,000 parameters\) on 8 devices, ZeRO-2\n/);
    expect(result.out).toMatch(/iteration +[\d.]+ \w+ with overlap, [\d.]+ \w+ without \(shown\)/);
  });

  it('answers bad input in one line', async () => {
    expectUsageError(await runCli(['train', '--model', 'gpt5', '--devices', '4', '--strategy', 'ddp']), /--model must be one of resnet50, bert-base/);
    expectUsageError(await runCli(['train', '--params', '0', '--devices', '4', '--strategy', 'ddp']), /--params must be an integer from 1/);
    expectUsageError(await runCli(['train', '--params', '-5', '--devices', '4', '--strategy', 'ddp']), /--params must be an integer/);
    expectUsageError(
      await runCli(['train', '--model', 'resnet50', '--devices', '4', '--strategy', 'ddp', '--bucket-mb', '5000']),
      /larger than the model's gradients/,
    );
    expectUsageError(
      await runCli(['train', '--model', 'resnet50', '--devices', '4', '--strategy', 'ddp', '--bucket-mb', '0']),
      /--bucket-mb must be a number > 0/,
    );
    expectUsageError(
      await runCli(['train', '--model', 'resnet50', '--devices', '4', '--strategy', 'fsdp']),
      /--strategy must be one of ddp, zero1, zero2, zero3, ps/,
    );
    expectUsageError(
      await runCli(['train', '--model', 'resnet50', '--params', '5', '--devices', '4', '--strategy', 'ddp']),
      /give one of --model PRESET or --params N/,
    );
    expectUsageError(
      await runCli(['train', '--model', 'resnet50', '--devices', '4', '--strategy', 'ddp', '--algorithm', 'nope']),
      /--algorithm must be one for all-reduce \(ddp\): naive/,
    );
    expectUsageError(
      await runCli(['train', '--model', 'resnet50', '--devices', '4', '--strategy', 'zero3', '--algorithm', 'double-tree']),
      /--algorithm must be one for reduce-scatter and all-gather \(zero3\): ring; got 'double-tree'/,
    );
  });
});
