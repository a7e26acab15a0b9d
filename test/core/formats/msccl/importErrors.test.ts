// The checks the importer makes of a program that parses but cannot run, or cannot run one way:
// deadlocks, messages sent or received alone or of different sizes, waits that never end, races,
// and what a gradsync schedule cannot express; each refused in one line naming the steps.

import { describe, expect, it } from 'vitest';
import { importMscclXml, scheduleFromMscclAlgo } from '../../../../src/core/formats/msccl/importXml';
import { parseMscclXml } from '../../../../src/core/formats/msccl/xml';
import { failure } from './failure';
import { fixture } from './mscclFixtures';
import { programXml } from './mscclDsl';

describe('errors of the conversion', () => {
  it('names the cycle of a deadlock', () => {
    const error = failure(() => importMscclXml(fixture('deadlock.xml')));
    expect(error.code).toBe('deadlock');
    expect(error.message).toBe(
      'line 5: GPU 0 threadblock 0 step 0 (r from GPU 1, channel 0) waits for GPU 1 threadblock 0 step 1 (s to GPU 0, channel 0) to send, which comes after GPU 1 threadblock 0 step 0 (r from GPU 0, channel 0), which waits for GPU 0 threadblock 0 step 1 (s to GPU 1, channel 0) to send, which comes after GPU 0 threadblock 0 step 0 (r from GPU 1, channel 0): a cycle',
    );
  });

  it('names a receive whose message is never sent, through the step waiting on it', () => {
    const text = programXml({
      chunks: 2,
      gpus: [
        { tbs: [{ send: 1, chan: 0, steps: ['s i 0 i 0 1'] }] },
        { tbs: [{ steps: ['re i 1 i 0 1 1 0 0'] }, { recv: 0, chan: 1, steps: ['r i 0 i 1 1 -1 -1 1'] }] },
      ],
    });
    const error = failure(() => importMscclXml(text));
    expect(error.code).toBe('deadlock');
    expect(error.message).toBe(
      'line 9: GPU 1 threadblock 0 step 0 (re) waits for threadblock 1 step 0 (r from GPU 0, channel 1), which waits for a message that is never sent',
    );
  });

  it('names a send nobody receives', () => {
    const text = programXml({
      chunks: 2,
      gpus: [{ tbs: [{ send: 1, steps: ['s i 0 i 0 1', 's i 1 i 1 1'] }] }, { tbs: [{ recv: 0, steps: ['r i 0 i 0 1'] }] }],
    });
    const error = failure(() => importMscclXml(text));
    expect(error.code).toBe('unmatched');
    expect(error.message).toBe('line 5: GPU 0 threadblock 0 step 1 sends to GPU 1 on channel 0, but no step receives it');
  });

  it('names the receive of cnt 0 that takes no message, on its line', () => {
    const text = programXml({ chunks: 2, gpus: [{ tbs: [{ send: 1, steps: ['s i 0 i 0 1'] }] }, { tbs: [{ recv: 0, steps: ['r i 0 i 0 0'] }] }] });
    expect(failure(() => importMscclXml(text)).message).toBe(
      'line 9: GPU 0 threadblock 0 step 0 sends to GPU 1 on channel 0, but no step receives it; GPU 1 threadblock 0 step 0 receives from it with cnt 0, which takes no message',
    );
  });

  it('names a send and its receive of different cnt', () => {
    const text = programXml({ chunks: 2, gpus: [{ tbs: [{ send: 1, steps: ['s i 0 i 0 2'] }] }, { tbs: [{ recv: 0, steps: ['r i 0 i 0 1'] }] }] });
    expect(failure(() => importMscclXml(text)).code).toBe('unmatched');
    expect(failure(() => importMscclXml(text)).message).toBe(
      'line 9: GPU 0 threadblock 0 step 0 sends 2 chunks to GPU 1 on channel 0, but GPU 1 threadblock 0 step 0, which receives that message, has cnt 1; a send and its receive must have the same cnt',
    );
  });

  it('names a wait that no hasdep ever ends', () => {
    const text = programXml({ chunks: 2, gpus: [{ tbs: [{ steps: ['cpy i 0 i 1 1', 'cpy i 1 i 0 1'] }, { steps: ['re i 0 i 1 1 0 0 0'] }] }] });
    const error = failure(() => importMscclXml(text));
    expect(error.code).toBe('deadlock');
    expect(error.message).toBe(
      'GPU 0 threadblock 1 step 0 waits for threadblock 0 step 0, but threadblock 0 signals no step from 0 on (a step signals only with hasdep="1"), so it would wait forever',
    );
  });

  it('names a wait that RCCL’s numbering of signals never ends', () => {
    // A nop without a wait is not counted: threadblock 0's cpy (step 1) signals 0, and a wait for 1 never ends.
    const text = programXml({
      chunks: 2,
      gpus: [{ tbs: [{ steps: ['nop i -1 o -1 0 -1 -1 0', 'cpy i 0 i 1 1 -1 -1 1'] }, { steps: ['re i 0 i 1 1 0 1 0'] }] }],
    });
    expect(failure(() => importMscclXml(text)).message).toBe(
      "GPU 0 threadblock 1 step 0 waits for threadblock 0 step 1, but RCCL numbers threadblock 0's signals by its own count (a nop without a wait, or a fused re of cnt 0, is not counted) and none reaches 1, so it would wait forever",
    );
  });

  it('names two writes of one place that nothing orders', () => {
    const text = programXml({ chunks: 2, gpus: [{ tbs: [{ steps: ['cpy i 0 i 1 1'] }, { steps: ['re i 0 i 1 1'] }] }] });
    const error = failure(() => importMscclXml(text));
    expect(error.code).toBe('bad-input');
    expect(error.message).toBe(
      'GPU 0 threadblock 0 step 0 and threadblock 1 step 0 both write input chunk 1 and nothing orders them (no dependency or message between them), so the result would depend on timing',
    );
  });

  it('refuses a reduce of a place with itself', () => {
    const text = programXml({ chunks: 2, inplace: 1, gpus: [{ tbs: [{ steps: ['re o 1 i 1 1'] }] }] });
    const error = failure(() => importMscclXml(text));
    expect(error.code).toBe('unsupported');
    expect(error.message).toBe('GPU 0 threadblock 0 step 0 (re) reduces input chunk 1 with itself, which a gradsync schedule cannot express');
  });

  it('checks an algorithm built in code, naming no line', () => {
    const algo = parseMscclXml(fixture('allreduce_ring_fused.xml'));
    algo.gpus[1].threadblocks[0].steps[2].cnt = 80;
    expect(failure(() => scheduleFromMscclAlgo(algo)).message).toBe('<step s="2"> of GPU 1 threadblock 0: cnt must be 0..71, got 80');
  });
});
