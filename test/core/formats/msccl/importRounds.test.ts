// How the importer puts an MSCCL program's steps into rounds: messages paired first in, first out,
// waits honoured through nops and flags, late messages relayed through scratch, empty steps dropped.

import { describe, expect, it } from 'vitest';
import { programXml, t, type AlgoSpec } from './mscclDsl';
import { expectSameData } from './referenceSimulator';

describe('rounds', () => {
  it('pairs sends and receives first in, first out per sender, receiver and channel', () => {
    const text = programXml({
      chunks: 3,
      gpus: [
        {
          tbs: [
            { send: 1, chan: 0, steps: ['s i 0 s 1 1', 's i 1 s 2 1'] },
            { send: 1, chan: 1, steps: ['s i 2 s 0 1'] },
          ],
        },
        {
          s_chunks: 3,
          tbs: [
            { recv: 0, chan: 1, steps: ['r i 2 s 0 1'] },
            { recv: 0, chan: 0, steps: ['r i 0 s 1 1', 'r i 1 s 2 1'] },
          ],
        },
      ],
    });
    const schedule = expectSameData(text);
    expect(schedule.steps.map((step) => step.transfers)).toEqual([
      [t(0, 'input', 2, 1, 'scratch', 0, 'copy', 1, [1, 0]), t(0, 'input', 0, 1, 'scratch', 1, 'copy', 0, [0, 1])],
      [t(0, 'input', 1, 1, 'scratch', 2, 'copy', 0, [0, 1])],
    ]);
  });

  it('runs a step only after every wait its nops carry', () => {
    // GPU 0's threadblock 2 waits (a nop, then its own depid) for threadblock 0's second copy and
    // threadblock 1's first: it runs in round 2, after threadblock 0's round-1 step.
    const text = programXml({
      chunks: 4,
      gpus: [
        {
          s_chunks: 2,
          tbs: [
            { steps: ['cpy i 0 s 0 1', 'cpy i 1 s 1 1 -1 -1 1'] },
            { steps: ['cpy i 2 i 3 1 -1 -1 1'] },
            { steps: ['nop i -1 o -1 0 0 1', 're s 0 i 3 1 1 0 0'] },
          ],
        },
      ],
    });
    const schedule = expectSameData(text);
    expect(schedule.steps.map((step) => step.transfers.map((x) => x.threadblocks![0]))).toEqual([[0, 1], [0], [2]]);
    expect(schedule.steps[2].transfers).toEqual([t(0, 'scratch', 0, 0, 'input', 3, 'reduce', 0, [2, 2])]);
  });

  it('ends a wait at the first step from deps on that signals (hasdep="1")', () => {
    // Threadblock 1 waits for step 0 of threadblock 0, which signals only after its step 2.
    const text = programXml({
      chunks: 4,
      gpus: [{ tbs: [{ steps: ['cpy i 0 i 1 1', 'cpy i 0 i 2 1', 'cpy i 0 i 3 1 -1 -1 1'] }, { steps: ['re i 1 i 0 1 0 0 0'] }] }],
    });
    const schedule = expectSameData(text);
    expect(schedule.steps.map((step) => step.transfers.map((x) => x.threadblocks![0]))).toEqual([[0], [0], [0], [1]]);
  });

  it('relays a message through scratch when its source is written before it is received', () => {
    // GPU 0 sends input 0 in round 0 and then (after it) reduces into input 0 in round 1; GPU 1
    // receives only in round 2, so the message waits in a relay chunk of GPU 1 (after its 3 chunks).
    const spec = (rewrite: boolean): AlgoSpec => ({
      chunks: 2,
      gpus: [
        {
          tbs: [{ send: 1, steps: ['s i 0 s 0 1 -1 -1 1'] }, { steps: rewrite ? ['re i 1 i 0 1 0 0 0'] : ['nop i -1 o -1 0 0 0'] }],
        },
        { s_chunks: 3, tbs: [{ recv: 0, steps: ['cpy i 0 s 1 1', 'cpy i 1 s 2 1', 'r i 0 s 0 1'] }] },
      ],
    });
    const relayed = expectSameData(programXml(spec(true)));
    expect(relayed.scratch).toBe(4);
    expect(relayed.steps.map((step) => step.transfers)).toEqual([
      [t(1, 'input', 0, 1, 'scratch', 1, 'copy', 0, [0, 0]), t(0, 'input', 0, 1, 'scratch', 3, 'copy', 0, [0, 0])],
      [t(0, 'input', 1, 0, 'input', 0, 'reduce', 0, [1, 1]), t(1, 'input', 1, 1, 'scratch', 2, 'copy', 0, [0, 0])],
      [t(1, 'scratch', 3, 1, 'scratch', 0, 'copy', 0, [0, 0])],
    ]);
    // Nothing rewrites the source: the transfer reads it when it is received.
    const direct = expectSameData(programXml(spec(false)));
    expect(direct.scratch).toBe(3);
    expect(direct.steps[2].transfers).toEqual([t(0, 'input', 0, 1, 'scratch', 0, 'copy', 0, [0, 0])]);
  });

  it('relays rrs and rrc messages that are received late', () => {
    // GPU 1 is busy for two rounds; meanwhile GPU 0 overwrites both sources it sent.
    const text = programXml({
      chunks: 2,
      gpus: [
        {
          s_chunks: 1,
          tbs: [{ send: 1, steps: ['s i 0 i 0 1 -1 -1 0', 's i 1 i 1 1 -1 -1 1'] }, { steps: ['cpy s 0 i 0 1 0 1 0', 'cpy s 0 i 1 1'] }],
        },
        {
          s_chunks: 2,
          tbs: [{ recv: 0, send: 2, steps: ['cpy i 0 s 0 1', 'cpy i 1 s 1 1', 'cpy s 0 i 0 1', 'rrs i 0 i 0 1', 'rrc s 0 i 1 1'] }],
        },
        { tbs: [{ recv: 1, steps: ['r i 0 i 0 1'] }] },
      ],
    });
    const schedule = expectSameData(text);
    expect(schedule.scratch).toBe(4);
    const relayCopies = schedule.steps.flatMap((step) => step.transfers).filter((x) => x.src === 0 && x.dst === 1);
    expect(relayCopies).toEqual([t(0, 'input', 0, 1, 'scratch', 2, 'copy', 0, [0, 0]), t(0, 'input', 1, 1, 'scratch', 3, 'copy', 0, [0, 0])]);
  });

  it('drops steps of cnt 0 from the transfers and from the pairing of messages', () => {
    const text = programXml({
      chunks: 2,
      gpus: [{ tbs: [{ send: 1, steps: ['s i 1 i 1 0', 'cpy i 1 i 1 0', 's i 0 i 0 1'] }] }, { tbs: [{ recv: 0, steps: ['r i 0 i 0 0', 'r i 0 i 1 1'] }] }],
    });
    const schedule = expectSameData(text);
    expect(schedule.steps.map((step) => step.transfers)).toEqual([[t(0, 'input', 0, 1, 'input', 1, 'copy', 0, [0, 0])]]);
  });
});
