// Export of the built-in algorithms as MSCCL XML: each one kept to RCCL's rules, computing what its
// schedule does and reaching the limits listed for it; the text's header, its determinism and its
// buffer sizes; and a broken export caught, so the checks are known to bite.

import { describe, expect, it } from 'vitest';
import { buildSchedule, type BuildRequest } from '../../../../src/core/algorithms/index';
import { mscclXml } from '../../../../src/core/formats/msccl/exportXml';
import { evaluate, exportAndCheck, expectFullSums, initialOf, PICKERS, type Shape } from './exportCheck';
import { pickers, simulateMsccl } from './rcclExecutor';
import { mscclFaults } from './rcclRules';
import { readMsccl } from './strictReader';

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

  it('writes i_chunks and o_chunks of in-place all-gather and reduce-scatter as the collective sizes them', () => {
    const gather = readMsccl(mscclXml(buildSchedule({ algorithm: 'ring', collective: 'allgather', devices: 4, chunks: 8 })));
    expect(gather.gpus[1]).toMatchObject({ i_chunks: 2, o_chunks: 8 });
    const scatter = readMsccl(mscclXml(buildSchedule({ algorithm: 'ring', collective: 'reduce-scatter', devices: 4, chunks: 8 })));
    expect(scatter.gpus[1]).toMatchObject({ i_chunks: 8, o_chunks: 2 });
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
