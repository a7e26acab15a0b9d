import { describe, expect, it } from 'vitest';
import { trainingQuestion } from '../../../src/core/lessons/trainingQuestion';
import { DEFAULT_TOPOLOGY } from '../../../src/core/model';
import { commBytesPerDevice, memoryPerDevice, presetModel, totalParams, trainingReport, type TrainingRequest } from '../../../src/core/training';
import { formatBytes, formatMicroseconds } from '../../../src/core/units';

const REQUEST: TrainingRequest = {
  model: presetModel('gpt2-xl'),
  strategy: 'ddp',
  devices: 64,
  algorithm: 'ring',
  topology: DEFAULT_TOPOLOGY,
  flopsPerSecond: 125e12,
  batch: 8,
  bucketBytes: 25 * 2 ** 20,
  servers: 8,
};

describe('training questions', () => {
  it('times overlap with the training model: serial, overlapped and the difference', () => {
    const report = trainingReport(REQUEST);
    const [serial, overlapped, saved] = trainingQuestion('overlap', REQUEST).parts;
    expect(serial.answer).toBe(`${formatMicroseconds(report.serial.iterationUs)}.`);
    expect(overlapped.answer).toBe(
      `${formatMicroseconds(report.overlapped.iterationUs)}: only ${formatMicroseconds(report.overlapped.exposedUs)} of communication is left exposed.`,
    );
    expect(saved.answer.startsWith(formatMicroseconds(report.serial.iterationUs - report.overlapped.iterationUs))).toBe(true);
  });

  it('counts ZeRO’s bytes: 16Ψ replicated against 16Ψ/N sharded, and 1.5× the traffic', () => {
    const params = totalParams(REQUEST.model);
    const [memory, traffic] = trainingQuestion('sharding', REQUEST).parts;
    expect(memoryPerDevice('ddp', params, 64).total).toBe(16 * params);
    expect(memory.answer).toBe(`${formatBytes(16 * params)} with DDP; ${formatBytes((16 * params) / 64)} with ZeRO-3 (FSDP), 64× less.`);
    expect(traffic.answer).toBe(
      `${formatBytes(commBytesPerDevice('ddp', params, 64).total)} with DDP; ${formatBytes(commBytesPerDevice('zero3', params, 64).total)} with ZeRO-3 (FSDP), 1.5× as much.`,
    );
  });

  it('finds the parameter server’s port carrying N/K times a worker’s', () => {
    const [bytes] = trainingQuestion('server', REQUEST).parts;
    const worker = 2 * 2 * totalParams(REQUEST.model);
    expect(bytes.answer).toBe(`${formatBytes(worker)} a worker, ${formatBytes((64 / 8) * worker)} a server: 8× as much.`);
  });
});
