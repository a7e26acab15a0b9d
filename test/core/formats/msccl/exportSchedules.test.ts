// Export of hand-written version-2 schedules as MSCCL XML: scratch, counts above 1, local copies
// and reductions, out of place, and the orders within a step (sources read at its start, writes in
// listed order) kept where RCCL would otherwise merge or reorder steps.

import { describe, expect, it } from 'vitest';
import type { Schedule, Transfer } from '../../../../src/core/schedule/ir';
import { evaluate, exportAndCheck, expectFullSums, initialOf } from './exportCheck';
import { pickers, simulateMsccl } from './rcclExecutor';
import { mscclFaults } from './rcclRules';

describe('MSCCL XML export', () => {
  it('exports a version-2 schedule with scratch, counts above 1 and local operations', () => {
    // All-reduce on 3 devices of 6 chunks (2 per segment), in place, through 2 scratch chunks:
    // reduce-scatter by sending each segment into its owner's scratch and adding it there locally,
    // then an all-gather, one of its two messages through the receiver's scratch and a local copy.
    const seg = (d: number) => 2 * d;
    const steps: Schedule['steps'] = [];
    // Step 1: device d sends segment d+1 to device d+1's scratch [0, 2).
    steps.push({
      phase: 'share',
      transfers: [0, 1, 2].map((d) => ({ src: d, dst: (d + 1) % 3, srcChunk: seg((d + 1) % 3), dstBuffer: 'scratch', chunk: 0, count: 2, op: 'copy' })),
    });
    // Step 2: each device adds its scratch to its segment (local, count 2) and receives segment d
    // from device d+1 into the same scratch, which the local add reads at the step's start: the
    // receive must wait for it.
    steps.push({
      phase: 'reduce',
      transfers: [0, 1, 2].flatMap((d): Transfer[] => [
        { src: d, dst: d, srcBuffer: 'scratch', srcChunk: 0, chunk: seg(d), count: 2, op: 'reduce' },
        { src: (d + 1) % 3, dst: d, srcChunk: seg(d), dstBuffer: 'scratch', chunk: 0, count: 2, op: 'copy' },
      ]),
    });
    // Step 3: add the second contribution from scratch.
    steps.push({
      phase: 'reduce',
      transfers: [0, 1, 2].flatMap((d): Transfer[] => [{ src: d, dst: d, srcBuffer: 'scratch', srcChunk: 0, chunk: seg(d), count: 2, op: 'reduce' }]),
    });
    // Step 4: all-gather of the finished segments, one of them through the receiver's scratch and a local copy.
    steps.push({
      phase: 'gather',
      transfers: [0, 1, 2].flatMap((d): Transfer[] => [
        { src: d, dst: (d + 1) % 3, srcChunk: seg(d), chunk: seg(d), count: 2, op: 'copy' },
        { src: d, dst: (d + 2) % 3, srcChunk: seg(d), dstBuffer: 'scratch', chunk: 0, count: 2, op: 'copy' },
      ]),
    });
    steps.push({
      phase: 'gather',
      transfers: [0, 1, 2].map((d) => ({ src: d, dst: d, srcBuffer: 'scratch', srcChunk: 0, chunk: seg((d + 1) % 3), count: 2, op: 'copy' })),
    });
    const schedule: Schedule = { format: 'gradsync-schedule/2', collective: 'allreduce', algorithm: 'scratch-ring', devices: 3, chunks: 6, scratch: 2, steps };
    expectFullSums(schedule);
    const { algo, shape } = exportAndCheck(schedule);
    expect(algo.gpus[0].s_chunks).toBeGreaterThanOrEqual(2);
    expect(shape.nchannels).toBe(1);
    const types = new Set(algo.gpus.flatMap((g) => g.tbs.flatMap((tb) => tb.steps.map((s) => s.type))));
    expect(types).toContain('cpy');
    expect(types).toContain('re');
    expect(algo.gpus.every((g) => g.tbs.some((tb) => tb.send === -1 && tb.recv === -1))).toBe(true);
  });

  it('keeps the copy-then-reduce pattern (as MSCCL rrc) in order, in the receiving threadblock', () => {
    // Device 1 receives chunk 0 from device 0 as a copy and adds its own chunk 1 into it in the same
    // step: chunk 0 = d0c0 + d1c1; a receive of a place that a local operation reads at the step's start.
    const schedule: Schedule = {
      format: 'gradsync-schedule/2',
      collective: 'allreduce',
      algorithm: 'rrc',
      devices: 2,
      chunks: 2,
      steps: [
        {
          phase: 'x',
          transfers: [
            { src: 0, dst: 1, chunk: 0, op: 'copy' },
            { src: 1, dst: 1, srcChunk: 1, chunk: 0, op: 'reduce' },
            { src: 1, dst: 1, srcChunk: 0, chunk: 1, op: 'copy' },
          ],
        },
      ],
    };
    expect(evaluate(schedule)[1]).toEqual(['(d0c0+d1c1)', 'd1c0']);
    const { algo } = exportAndCheck(schedule);
    const receiver = algo.gpus[1].tbs.find((tb) => tb.recv === 0)!;
    expect(receiver.steps.map((s) => s.type)).toEqual(['r', 're']);
  });

  it('exports out-of-place schedules: an all-gather that copies its input to its output', () => {
    const n = 3;
    const schedule: Schedule = {
      format: 'gradsync-schedule/2',
      collective: 'allgather',
      algorithm: 'direct',
      devices: n,
      chunks: 6,
      inPlace: false,
      steps: [
        {
          phase: 'gather',
          transfers: Array.from({ length: n }, (_, d): Transfer[] => [
            { src: d, dst: d, srcBuffer: 'input', srcChunk: 0, dstBuffer: 'output', chunk: 2 * d, count: 2, op: 'copy' },
            ...[1, 2].map((k): Transfer => ({
              src: d,
              dst: (d + k) % n,
              srcBuffer: 'input',
              srcChunk: 0,
              dstBuffer: 'output',
              chunk: 2 * d,
              count: 2,
              op: 'copy',
            })),
          ]).flat(),
        },
      ],
    };
    const { algo, text } = exportAndCheck(schedule);
    expect(algo.inplace).toBe(0);
    expect(algo.outofplace).toBe(1);
    expect(algo.gpus[0]).toMatchObject({ i_chunks: 2, o_chunks: 6, s_chunks: 0 });
    expect(text).toContain('type="cpy" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="2"');
  });

  it('writes consecutive re into one place with different cnt one chunk a step, as RCCL would merge them', () => {
    const schedule: Schedule = {
      format: 'gradsync-schedule/2',
      collective: 'allreduce',
      algorithm: 'fusion',
      devices: 2,
      chunks: 4,
      scratch: 3,
      steps: [
        { phase: 'share', transfers: [{ src: 1, dst: 0, srcChunk: 0, dstBuffer: 'scratch', chunk: 0, count: 3, op: 'copy' }] },
        { phase: 'add', transfers: [{ src: 0, dst: 0, srcBuffer: 'scratch', srcChunk: 0, chunk: 0, count: 2, op: 'reduce' }] },
        { phase: 'add', transfers: [{ src: 0, dst: 0, srcBuffer: 'scratch', srcChunk: 2, chunk: 0, op: 'reduce' }] },
      ],
    };
    const { algo } = exportAndCheck(schedule);
    const local = algo.gpus[0].tbs.find((tb) => tb.send === -1 && tb.recv === -1)!;
    expect(local.steps.map((s) => `${s.type} ${s.dstbuf}${s.dstoff}+=${s.srcbuf}${s.srcoff} x${s.cnt}`)).toEqual([
      're i0+=s0 x1',
      're i1+=s1 x1',
      're i0+=s2 x1',
    ]);
    // Written as two steps, RCCL would run them as one reduction of cnt 1: the checker and the simulator see it.
    local.steps.splice(0, 2, { ...local.steps[0], cnt: 2 });
    local.steps.forEach((step, s) => (step.s = s));
    expect(mscclFaults(algo)).toContain('gpu 0 tb 0 step 1: merged into a chain of re with cnt 2');
    expect(simulateMsccl(algo, initialOf(schedule), pickers.first()).outputs).not.toEqual(evaluate(schedule));
  });

  it('reads local sources at the step start: overlapping copies and sources written earlier in the step', () => {
    const schedule: Schedule = {
      format: 'gradsync-schedule/2',
      collective: 'allreduce',
      algorithm: 'shift',
      devices: 2,
      chunks: 4,
      steps: [
        {
          phase: 'shift',
          transfers: [
            { src: 1, dst: 0, chunk: 3, op: 'copy' },
            { src: 0, dst: 0, srcChunk: 3, chunk: 0, op: 'reduce' },
            { src: 1, dst: 1, srcChunk: 0, chunk: 1, count: 2, op: 'copy' },
          ],
        },
      ],
    };
    expect(evaluate(schedule)).toEqual([
      ['(d0c0+d0c3)', 'd0c1', 'd0c2', 'd1c3'],
      ['d1c0', 'd1c0', 'd1c1', 'd1c3'],
    ]);
    const { text } = exportAndCheck(schedule);
    // Device 1's overlapping copy goes through scratch: copied out, then in.
    expect(text).toContain('type="cpy" srcbuf="i" srcoff="0" dstbuf="s" dstoff="0" cnt="2"');
    expect(text).toContain('type="cpy" srcbuf="s" srcoff="0" dstbuf="i" dstoff="1" cnt="2"');
  });
});
