import { describe, expect, it } from 'vitest';
import { parseNcclLog, ringChannelSchedule, treeChannelSchedule } from '../../../src/core/ncclLog';
import { verifySchedule } from '../../../src/core/symbolic';
import { clusterLog, ringOrder } from './ncclLogs';

const CLUSTER = { nodes: 2, perNode: 4, channels: 2 };

describe('playing a channel NCCL built', () => {
  const log = parseNcclLog(clusterLog('2.21', CLUSTER));

  it('runs an all-reduce around exactly that channel’s ring, and verifies', () => {
    const schedule = ringChannelSchedule(log, 1);
    expect(verifySchedule(schedule).ok).toBe(true);
    expect(schedule.steps).toHaveLength(2 * (8 - 1));
    // Each hop is one of the ring's: rank r sends only to its next in channel 1.
    const order = ringOrder(CLUSTER, 1);
    const next = new Map(order.map((rank, i) => [rank, order[(i + 1) % order.length]]));
    for (const step of schedule.steps) for (const t of step.transfers) expect(t.dst).toBe(next.get(t.src));
  });

  it('runs an all-reduce up and down exactly that channel’s tree, pipelined, and verifies', () => {
    const schedule = treeChannelSchedule(log, 0);
    expect(verifySchedule(schedule).ok).toBe(true);
    const edges = new Set(log.treeLinks.filter((l) => l.channel === 0 && l.parent >= 0).flatMap((l) => [`${l.rank}>${l.parent}`, `${l.parent}>${l.rank}`]));
    for (const step of schedule.steps) for (const t of step.transfers) expect(edges.has(`${t.src}>${t.dst}`)).toBe(true);
  });

  it('refuses a channel the log shows only in part, saying what is missing', () => {
    const partial = parseNcclLog(
      clusterLog('2.21', CLUSTER)
        .split('\n')
        .filter((line) => !/:4005:.*Trees/.test(line) && !/NCCL INFO Ring /.test(line))
        .map((line) => line.replace(/(Channel 01\/02 :(?: +\d+){5}).*/, '$1'))
        .join('\n'),
    );
    expect(() => treeChannelSchedule(partial, 0)).toThrow(/channel 0's tree without ranks 5: it cannot be played/);
    expect(() => ringChannelSchedule(partial, 1)).toThrow(/channel 1's ring only in part \(5 of 8 ranks\)/);
    expect(() => ringChannelSchedule(log, 7)).toThrow(/no ring of channel 7; it shows channels 0, 1/);
  });
});
