// Import of the well-formed programs in test/fixtures/msccl: each becomes a schedule that leaves
// what the MSCCL program leaves, and the fixtures that show one feature each (fused steps, nops,
// forwarding, out of place, broadcast) are read transfer by transfer.

import { describe, expect, it } from 'vitest';
import { importMscclXml } from '../../../../src/core/formats/msccl/importXml';
import { parseMscclXml } from '../../../../src/core/formats/msccl/xml';
import { fixture, VALID_FIXTURES } from './mscclFixtures';
import { t } from './mscclDsl';
import { expectedOutputs, expectSameData, runSchedule } from './referenceSimulator';

describe('importMscclXml on the fixtures', () => {
  it.each(VALID_FIXTURES)('%s: a valid schedule whose outputs are the collective’s, as MSCCL computes them', (name) => {
    const text = fixture(name);
    const schedule = expectSameData(text);
    const expected = expectedOutputs(parseMscclXml(text));
    if (expected) expect(runSchedule(schedule)).toEqual(expected);
  });

  it('reads the fused ring all-reduce: rrs into a relay chunk, rrcs reduced in place, rcs forwarded the round after', () => {
    const schedule = importMscclXml(fixture('allreduce_ring_fused.xml'));
    expect({ ...schedule, steps: undefined }).toEqual({
      format: 'gradsync-schedule/2',
      collective: 'allreduce',
      algorithm: 'allreduce_ring_fused',
      devices: 4,
      chunks: 4,
      inPlace: true,
      scratch: 1,
      steps: undefined,
    });
    expect(schedule.steps.map((step) => step.phase)).toEqual(['share-reduce', 'share-reduce', 'share-reduce', 'share-only', 'share-only', 'share-only']);
    // Round 1: every GPU's rrs takes the chunk its predecessor sent and adds its own, in relay chunk 0.
    expect(schedule.steps[0].transfers.slice(0, 4)).toEqual([
      t(3, 'input', 3, 0, 'scratch', 0, 'copy', 0, [0, 0]),
      t(0, 'input', 3, 0, 'scratch', 0, 'reduce', 0, [0, 0]),
      t(0, 'input', 0, 1, 'scratch', 0, 'copy', 0, [0, 0]),
      t(1, 'input', 0, 1, 'scratch', 0, 'reduce', 0, [0, 0]),
    ]);
    // Round 2: the second rrs takes the relay forwarded (the relay chunk is read and refilled in one step).
    expect(schedule.steps[1].transfers.slice(0, 2)).toEqual([
      t(3, 'scratch', 0, 0, 'scratch', 0, 'copy', 0, [0, 0]),
      t(0, 'input', 2, 0, 'scratch', 0, 'reduce', 0, [0, 0]),
    ]);
    // Round 3: rrcs reads and writes the same chunk: one reduce from the message.
    expect(schedule.steps[2].transfers[0]).toEqual(t(3, 'scratch', 0, 0, 'input', 1, 'reduce', 0, [0, 0]));
    // Round 4: GPU 0's rcs takes the sum GPU 3's rrcs stored and forwarded.
    expect(schedule.steps[3].transfers[0]).toEqual(t(3, 'input', 0, 0, 'input', 0, 'copy', 0, [0, 0]));
    expect(schedule.steps[5].transfers.map((x) => [x.src, x.dst, x.srcChunk, x.chunk])).toEqual([
      [3, 0, 2, 2],
      [0, 1, 3, 3],
      [1, 2, 0, 0],
      [2, 3, 1, 1],
    ]);
  });

  it('reads the all-pairs all-reduce: waits of nops, a fused re chain one step at a time, counts of 2', () => {
    const schedule = importMscclXml(fixture('allreduce_allpairs.xml'));
    expect(schedule.scratch).toBe(6);
    expect(schedule.steps.map((step) => step.phase)).toEqual(['share-only', 'share-reduce', 'share-reduce', 'share-reduce', 'share-only']);
    // The re chain waits for all three receives (two through nops) and then runs one re per round.
    expect(schedule.steps[0].transfers).toHaveLength(12);
    expect(schedule.steps[0].transfers[0]).toEqual(t(1, 'input', 0, 0, 'scratch', 0, 'copy', 0, [1, 1], 2));
    expect(schedule.steps[1].transfers).toEqual([0, 1, 2, 3].map((g) => t(g, 'scratch', 0, g, 'input', 2 * g, 'reduce', 0, [0, 0], 2)));
    expect(schedule.steps[3].transfers).toEqual([0, 1, 2, 3].map((g) => t(g, 'scratch', 4, g, 'input', 2 * g, 'reduce', 0, [0, 0], 2)));
    // The sums go out only after the chain's last step (deps="4").
    expect(schedule.steps[4].transfers[0]).toEqual(t(1, 'input', 2, 0, 'input', 2, 'copy', 0, [1, 1], 2));
  });

  it('reads the ring all-gather: a local cpy, then each chunk on its own channel, forwarded by rcs a round later', () => {
    const schedule = importMscclXml(fixture('allgather_ring.xml'));
    expect(schedule.inPlace).toBe(false);
    expect(schedule.scratch).toBeUndefined();
    expect(schedule.steps[0].transfers).toEqual([0, 1, 2, 3].map((g) => t(g, 'input', 0, g, 'output', g, 'copy', 0, [0, 0])));
    // GPU 0's s (threadblock 2, channel 0) is taken by GPU 1's rcs on channel 0 (threadblock 4), in the round it is sent.
    expect(schedule.steps[1].transfers[1]).toEqual(t(0, 'output', 0, 1, 'output', 0, 'copy', 0, [2, 4]));
    // Round 2: GPU 1 forwards chunk 0 to GPU 2, whose threadblock 3 has channel 0 from GPU 1.
    expect(schedule.steps[2].transfers[2]).toEqual(t(1, 'output', 0, 2, 'output', 0, 'copy', 0, [4, 3]));
    expect(schedule.steps[3].transfers[3]).toEqual(t(2, 'output', 0, 3, 'output', 0, 'copy', 0, [3, 1]));
  });

  it('reads the in-place reduce-scatter: rrc into an output chunk that is the input chunk it reduces is one reduce', () => {
    const schedule = importMscclXml(fixture('reducescatter_ring.xml'));
    expect(schedule.collective).toBe('reduce-scatter');
    expect(schedule.steps[2].transfers).toEqual([0, 1, 2, 3].map((g) => t((g + 3) % 4, 'scratch', 0, g, 'output', 0, 'reduce', 0, [0, 0], 2)));
  });

  it('reads the out-of-place ring all-reduce: rrcs is a copy of the message and a local reduce, in that order', () => {
    const schedule = importMscclXml(fixture('allreduce_ring_oop.xml'));
    expect(schedule.steps[1].transfers.slice(0, 2)).toEqual([
      t(2, 'scratch', 0, 0, 'output', 1, 'copy', 0, [0, 0]),
      t(0, 'input', 1, 0, 'output', 1, 'reduce', 0, [0, 0]),
    ]);
  });

  it('reads a broadcast as rooted at GPU 0', () => {
    const schedule = importMscclXml(fixture('broadcast_tree.xml'));
    expect(schedule.root).toBe(0);
    expect(schedule.steps.map((step) => step.transfers.length)).toEqual([2, 1]);
  });
});
