import { describe, expect, it } from 'vitest';
import { buildSchedule, type BuildRequest } from '../../../../src/core/algorithms/index';
import { GradsyncError } from '../../../../src/core/errors';
import { mscclProgramOf, mscclXml } from '../../../../src/core/formats/msccl/exportXml';
import type { BufferName, Schedule, Transfer } from '../../../../src/core/schedule/ir';
import { defaultBuffer, initialChunk, slotLayout, slotOf } from '../../../../src/core/schedule/slots';
import { mscclFaults, pickers, readMsccl, simulateMsccl, type Initial, type XmlAlgo } from './mscclCheck';

/** The schedule's outputs under the IR's rules (docs/schedule-format.md), on symbolic values. */
function evaluate(schedule: Schedule): string[][] {
  const layout = slotLayout(schedule);
  const values = Array.from({ length: schedule.devices }, (_, d) =>
    Array.from({ length: layout.slots }, (_, slot) => {
      const chunk = initialChunk(layout, d, slot);
      return chunk < 0 ? '∅' : `d${d}c${chunk}`;
    }),
  );
  const fallback = defaultBuffer(schedule.collective);
  const where = (t: Transfer) => ({
    src: slotOf(layout, t.src, t.srcBuffer ?? fallback, t.srcChunk ?? t.chunk),
    dst: slotOf(layout, t.dst, t.dstBuffer ?? fallback, t.chunk),
    count: t.count ?? 1,
  });
  for (const step of schedule.steps) {
    // Every message is its source at the start of the step; then the writes apply in listed order.
    const messages = step.transfers.map((t) => {
      const { src, count } = where(t);
      return Array.from({ length: count }, (_, c) => values[t.src][src + c]);
    });
    step.transfers.forEach((t, i) => {
      const { dst, count } = where(t);
      for (let c = 0; c < count; c++) {
        const place = values[t.dst];
        place[dst + c] = t.op === 'reduce' ? `(${place[dst + c]}+${messages[i][c]})` : messages[i][c];
      }
    });
  }
  return values.map((slots, d) => Array.from({ length: layout.output }, (_, j) => slots[slotOf(layout, d, 'output', j)]));
}

/** What MSCCL's buffers hold at the start, as the IR's slots do; scratch past the schedule's own is "?". */
function initialOf(schedule: Schedule): Initial {
  const layout = slotLayout(schedule);
  const names: Record<string, BufferName> = { i: 'input', o: 'output', s: 'scratch' };
  return (gpu, buf, off) => {
    if (buf === 's' && off >= layout.scratch) return `?${off}`;
    const chunk = initialChunk(layout, gpu, slotOf(layout, gpu, names[buf], off));
    return chunk < 0 ? '∅' : `d${gpu}c${chunk}`;
  };
}

interface Shape {
  nchannels: number;
  threadblocks: number;
  steps: number;
  scratch: number;
}

function shapeOf(algo: XmlAlgo): Shape {
  return {
    nchannels: algo.nchannels,
    threadblocks: Math.max(...algo.gpus.map((g) => g.tbs.length)),
    steps: Math.max(...algo.gpus.flatMap((g) => g.tbs.map((tb) => tb.steps.length))),
    scratch: Math.max(...algo.gpus.map((g) => g.s_chunks)),
  };
}

const PICKERS = [
  ['first', pickers.first],
  ['last', pickers.last],
  ['round-robin', pickers.roundRobin],
  ['random 1', () => pickers.random(1)],
  ['random 7', () => pickers.random(7)],
  ['random 42', () => pickers.random(42)],
] as const;

/** Exports, reads the text back, checks every rule and runs the program under several interleavings against the IR. */
function exportAndCheck(schedule: Schedule, options: { maxSteps?: number; interleavings?: number } = {}): { algo: XmlAlgo; shape: Shape; text: string } {
  const text = mscclXml(schedule, options);
  const algo = readMsccl(text);
  expect(mscclFaults(algo, options.maxSteps ?? 64)).toEqual([]);
  // The text is the program mscclProgramOf gives.
  const program = mscclProgramOf(schedule, options);
  expect(algo.gpus.map((g) => g.tbs)).toEqual(
    program.gpus.map((g) => g.threadblocks.map(({ id, send, recv, chan, steps }) => ({ id, send, recv, chan, steps }))),
  );
  const expected = evaluate(schedule);
  for (const [name, picker] of PICKERS.slice(0, options.interleavings ?? PICKERS.length)) {
    const run = simulateMsccl(algo, initialOf(schedule), picker());
    expect(run.race, name).toBeNull();
    expect(run.outputs, name).toEqual(expected);
  }
  return { algo, shape: shapeOf(algo), text };
}

/** Every device's output chunk c of an all-reduce holds each device's chunk c exactly once. */
function expectFullSums(schedule: Schedule): void {
  const outputs = evaluate(schedule);
  outputs.forEach((chunks, d) =>
    chunks.forEach((value, c) => {
      const terms = value.match(/d\d+c\d+/g) ?? [];
      expect(terms.sort(), `device ${d} chunk ${c}`).toEqual(Array.from({ length: schedule.devices }, (_, x) => `d${x}c${c}`).sort());
    }),
  );
}

// The limits each algorithm reaches (the most of any GPU): channels, threadblocks, steps of one threadblock, scratch chunks.
const CASES: [string, BuildRequest, Shape][] = [
  ['ring 4', { algorithm: 'ring', devices: 4 }, { nchannels: 1, threadblocks: 2, steps: 9, scratch: 1 }],
  ['ring 8', { algorithm: 'ring', devices: 8 }, { nchannels: 1, threadblocks: 2, steps: 21, scratch: 1 }],
  ['double-tree 5', { algorithm: 'double-tree', devices: 5 }, { nchannels: 1, threadblocks: 6, steps: 12, scratch: 2 }],
  ['double-tree 6', { algorithm: 'double-tree', devices: 6 }, { nchannels: 1, threadblocks: 8, steps: 12, scratch: 2 }],
  ['naive 4', { algorithm: 'naive', devices: 4 }, { nchannels: 1, threadblocks: 6, steps: 4, scratch: 3 }],
  ['master 4', { algorithm: 'master', devices: 4 }, { nchannels: 1, threadblocks: 6, steps: 2, scratch: 3 }],
  ['halving-doubling 6', { algorithm: 'halving-doubling', devices: 6 }, { nchannels: 1, threadblocks: 6, steps: 3, scratch: 7 }],
  ['recursive-doubling 5', { algorithm: 'recursive-doubling', devices: 5 }, { nchannels: 1, threadblocks: 6, steps: 2, scratch: 3 }],
  ['hierarchical-ring 8 by 4', { algorithm: 'hierarchical-ring', devices: 8, devicesPerNode: 4 }, { nchannels: 1, threadblocks: 4, steps: 9, scratch: 3 }],
  ['tree 7', { algorithm: 'tree', devices: 7 }, { nchannels: 1, threadblocks: 6, steps: 8, scratch: 2 }],
  ['ring allgather 4', { algorithm: 'ring', collective: 'allgather', devices: 4 }, { nchannels: 1, threadblocks: 2, steps: 3, scratch: 0 }],
  ['ring reduce-scatter 4', { algorithm: 'ring', collective: 'reduce-scatter', devices: 4 }, { nchannels: 1, threadblocks: 2, steps: 6, scratch: 1 }],
  [
    'binomial-tree broadcast 5',
    { algorithm: 'binomial-tree', collective: 'broadcast', devices: 5, root: 0 },
    { nchannels: 1, threadblocks: 3, steps: 1, scratch: 0 },
  ],
  [
    'binomial-tree reduce 5',
    { algorithm: 'binomial-tree', collective: 'reduce', devices: 5, root: 0 },
    { nchannels: 1, threadblocks: 3, steps: 2, scratch: 3 },
  ],
  ['ring reduce 5', { algorithm: 'ring', collective: 'reduce', devices: 5, root: 0 }, { nchannels: 1, threadblocks: 2, steps: 8, scratch: 1 }],
];

describe('MSCCL XML export', () => {
  it.each(CASES)('%s: RCCL takes it and it computes what the schedule does', (_, request, shape) => {
    const schedule = buildSchedule(request);
    const { shape: actual } = exportAndCheck(schedule);
    expect(actual).toEqual(shape);
  });

  it('writes the header RCCL reads: two comments, then <algo> with every attribute', () => {
    const text = mscclXml(buildSchedule({ algorithm: 'ring', devices: 4 }));
    const lines = text.split('\n');
    expect(lines[0]).toBe('<!-- gradsync export of ring on 4 devices -->');
    expect(lines[1]).toMatch(/^<!-- .* -->$/);
    expect(lines[2]).toBe(
      '<algo name="gradsync-ring-allreduce-4" proto="Simple" nchannels="1" nchunksperloop="4" ngpus="4" coll="allreduce" inplace="1" outofplace="0" minBytes="0" maxBytes="0">',
    );
    expect(lines[3]).toBe('  <gpu id="0" i_chunks="4" o_chunks="4" s_chunks="1">');
    expect(text).not.toMatch(/type="(rcs|rrs|rrc|rrcs)"/);
    expect(text.endsWith('</algo>\n')).toBe(true);
  });

  it('is deterministic', () => {
    const a = mscclXml(buildSchedule({ algorithm: 'double-tree', devices: 6 }));
    const b = mscclXml(buildSchedule({ algorithm: 'double-tree', devices: 6 }));
    expect(a).toBe(b);
  });

  it('keeps the order of reductions into one place: naive adds the incoming buffers in device order', () => {
    const schedule = buildSchedule({ algorithm: 'naive', devices: 4 });
    expectFullSums(schedule);
    const { algo } = exportAndCheck(schedule);
    const run = simulateMsccl(algo, initialOf(schedule), pickers.last());
    expect(run.outputs[0][0]).toBe('(((d0c0+d1c0)+d2c0)+d3c0)');
    expect(run.outputs[3][0]).toBe('(((d3c0+d0c0)+d1c0)+d2c0)');
  });

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

  it('writes i_chunks and o_chunks of in-place all-gather and reduce-scatter as the collective sizes them', () => {
    const gather = readMsccl(mscclXml(buildSchedule({ algorithm: 'ring', collective: 'allgather', devices: 4, chunks: 8 })));
    expect(gather.gpus[1]).toMatchObject({ i_chunks: 2, o_chunks: 8 });
    const scatter = readMsccl(mscclXml(buildSchedule({ algorithm: 'ring', collective: 'reduce-scatter', devices: 4, chunks: 8 })));
    expect(scatter.gpus[1]).toMatchObject({ i_chunks: 8, o_chunks: 2 });
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

  it('exports a schedule with nothing to do: one empty threadblock a GPU', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 1 });
    const { algo } = exportAndCheck(schedule);
    expect(algo.gpus).toEqual([{ id: 0, i_chunks: 1, o_chunks: 1, s_chunks: 0, tbs: [{ id: 0, send: -1, recv: -1, chan: 0, steps: [] }] }]);
  });

  it('catches a missing dependency: the checker and the simulator are not vacuous', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 4 });
    const algo = readMsccl(mscclXml(schedule));
    // Drop every dependency of gpu 0's sending threadblock: its sends no longer wait for the reductions.
    const sender = algo.gpus[0].tbs.find((tb) => tb.send >= 0)!;
    for (const step of sender.steps) {
      step.depid = -1;
      step.deps = -1;
    }
    expect(mscclFaults(algo).some((f) => f.includes('hasdep 1 but not depended on'))).toBe(true);
    const run = simulateMsccl(algo, initialOf(schedule), pickers.first());
    expect(run.race).not.toBeNull();
    const outputs = PICKERS.map(([, picker]) => simulateMsccl(algo, initialOf(schedule), picker()).outputs);
    expect(outputs.some((o) => JSON.stringify(o) !== JSON.stringify(evaluate(schedule)))).toBe(true);
  });
});
