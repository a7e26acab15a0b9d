// How the MSCCL XML export fits RCCL's limits: channels, threadblocks and steps per threadblock
// spread to stay within them, messages of at most 71 chunks, and a one-line refusal naming the
// limit when a schedule cannot fit.

import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../../src/core/algorithms/index';
import { GradsyncError } from '../../../../src/core/errors';
import { mscclXml } from '../../../../src/core/formats/msccl/exportXml';
import type { Schedule, Transfer } from '../../../../src/core/schedule/ir';
import { evaluate, exportAndCheck } from './exportCheck';

describe('MSCCL XML export', () => {
  it('spreads ring on 64 devices over channels within 64 steps per threadblock', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 64 });
    const { shape } = exportAndCheck(schedule, { interleavings: 2 });
    expect(shape.steps).toBeLessThanOrEqual(64);
    expect(shape.nchannels).toBeGreaterThan(1);
    expect(shape).toEqual({ nchannels: 4, threadblocks: 8, steps: 64, scratch: 4 });
  });

  it('exports ring on 16 devices with more chunks and larger step limits', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 16, chunks: 32 });
    expect(exportAndCheck(schedule, { interleavings: 3 }).shape.nchannels).toBe(1);
    expect(exportAndCheck(schedule, { maxSteps: 32, interleavings: 3 }).shape.steps).toBeLessThanOrEqual(32);
  });

  it('sends a buffer of many chunks as messages of at most 71 chunks', () => {
    const schedule = buildSchedule({ algorithm: 'master', devices: 3, chunks: 150 });
    const { algo } = exportAndCheck(schedule, { interleavings: 3 });
    const counts = algo.gpus[1].tbs.flatMap((tb) => tb.steps.map((s) => s.cnt));
    expect(counts).toEqual(expect.arrayContaining([71, 71, 8]));
  });

  it('joins the send and receive of a peer when a GPU would pass 64 threadblocks: naive on 64 devices', () => {
    const schedule = buildSchedule({ algorithm: 'naive', devices: 64 });
    const { algo } = exportAndCheck(schedule, { interleavings: 1 });
    // 63 peers: 126 threadblocks apart, 64 with 62 peers' sends and receives joined.
    expect(algo.gpus[0].tbs.length).toBe(64);
    expect(algo.gpus[0].tbs.filter((tb) => tb.send >= 0 && tb.send === tb.recv).length).toBe(62);
    // Peers at ring distances 1-16 on channel 0, 17-32 on channel 1: at most 32 senders a channel.
    expect(algo.nchannels).toBe(2);
  });

  it('says in one line when a GPU would need more than 64 threadblocks', () => {
    const schedule = buildSchedule({ algorithm: 'naive', devices: 66 });
    expect(() => mscclXml(schedule)).toThrow(GradsyncError);
    expect(() => mscclXml(schedule)).toThrow(
      /^naive on 66 devices cannot be exported as MSCCL XML for RCCL: GPU 0 would need 65 threadblocks, more than the 64 a GPU runs$/,
    );
  });

  it('says in one line when a threadblock would need more steps than RCCL takes', () => {
    // 70 local reductions into one place: one threadblock, which no channel can split.
    const schedule: Schedule = {
      format: 'gradsync-schedule/2',
      collective: 'allreduce',
      algorithm: 'hot-spot',
      devices: 2,
      chunks: 2,
      scratch: 1,
      steps: [
        { phase: 'share', transfers: [{ src: 1, dst: 0, chunk: 0, dstBuffer: 'scratch', srcChunk: 0, op: 'copy' }] },
        ...Array.from({ length: 70 }, () => ({
          phase: 'add',
          transfers: [{ src: 0, dst: 0, srcBuffer: 'scratch' as const, srcChunk: 0, chunk: 0, op: 'reduce' as const }],
        })),
      ],
    };
    let error: unknown;
    try {
      mscclXml(schedule);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GradsyncError);
    expect((error as GradsyncError).code).toBe('unsupported');
    expect((error as GradsyncError).message).toBe(
      'hot-spot on 2 devices cannot be exported as MSCCL XML for RCCL: GPU 0 would need 70 steps in a local threadblock, with local operations spread over 1, more than the 64 steps a threadblock takes',
    );
    expect((error as GradsyncError).message).not.toContain('\n');
    // With RCCL builds that take more steps, it fits.
    exportAndCheck(schedule, { maxSteps: 128, interleavings: 2 });
  });

  it('rejects a step limit outside 2..256 without naming a flag', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 4 });
    expect(() => mscclXml(schedule, { maxSteps: 300 })).toThrow('steps per threadblock must be an integer from 2 to 256, got 300');
  });

  it('spreads local operations over more local threadblocks when one would pass the step limit', () => {
    // One device, out of place: 70 local copies that cannot be merged (the output reversed).
    const schedule: Schedule = {
      format: 'gradsync-schedule/2',
      collective: 'allreduce',
      algorithm: 'reverse',
      devices: 1,
      chunks: 70,
      inPlace: false,
      steps: [
        {
          phase: 'copy',
          transfers: Array.from({ length: 70 }, (_, j): Transfer => ({
            src: 0,
            dst: 0,
            srcBuffer: 'input',
            srcChunk: j,
            dstBuffer: 'output',
            chunk: 69 - j,
            op: 'copy',
          })),
        },
      ],
    };
    const { algo } = exportAndCheck(schedule, { interleavings: 3 });
    expect(algo.gpus[0].tbs.map((tb) => tb.steps.length)).toEqual([35, 35]);
  });

  it('spreads the messages of one pair by their order when one chunk carries them all', () => {
    // Device 1 adds its chunk 0 into device 0's chunk 0 forty times: 80 steps in one receiving threadblock.
    const schedule: Schedule = {
      format: 'gradsync-schedule/2',
      collective: 'allreduce',
      algorithm: 'repeat',
      devices: 2,
      chunks: 2,
      steps: Array.from({ length: 40 }, () => ({ phase: 'add', transfers: [{ src: 1, dst: 0, chunk: 0, op: 'reduce' as const }] })),
    };
    const { shape } = exportAndCheck(schedule, { interleavings: 3 });
    expect(shape).toEqual({ nchannels: 2, threadblocks: 2, steps: 40, scratch: 2 });
    expect(evaluate(schedule)[0][0]).toBe(`${'('.repeat(40)}d0c0${'+d1c0)'.repeat(40)}`);
  });
});
