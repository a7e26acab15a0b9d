import { describe, expect, it } from 'vitest';
import { parseNcclLog, ringChannelSchedule, ringPlayProblem, treeChannelSchedule, treeFault, treePlayProblem } from '../../../src/core/ncclLog';
import { verifySchedule } from '../../../src/core/symbolic';
import { clusterLog, ringOrder, type Style } from './ncclLogs';

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
    expect(() => ringChannelSchedule(log, 7)).toThrow(/no ring of channel 7; it shows channels 0–1/);
  });

  it('says before play what keeps a channel from playing, and nothing for a whole one', () => {
    for (const style of ['2.4', '2.7', '2.12', '2.21', '2.30'] as Style[]) {
      const whole = parseNcclLog(clusterLog(style, CLUSTER));
      for (const channel of [0, 1])
        expect([style, ringPlayProblem(whole, channel), treePlayProblem(whole, channel), treeFault(whole, channel)]).toEqual([style, null, null, null]);
    }
    expect(ringPlayProblem(log, 7)).toMatch(/no ring of channel 7/);
  });

  it('names a tree whose lines contradict each other, and does not play it', () => {
    // Rank 1 says its parent is 0, while rank 0 names 2 as its only child.
    const text = clusterLog('2.21', CLUSTER).replace(/(\[0\] NCCL INFO Trees \[0\] )[\d/-]+->0->/, '$12/-1/-1->0->');
    const bent = parseNcclLog(text);
    expect(treeFault(bent, 0)).toMatch(
      /^rank 0’s line names 2 a child, but rank 2’s names \d+ its parent|rank \d+’s line names 0 its parent, but rank 0’s does not name \d+ a child/,
    );
    expect(treePlayProblem(bent, 0)).toMatch(/^channel 0's tree in the log contradicts itself: /);
    expect(() => treeChannelSchedule(bent, 0)).toThrow(/contradicts itself/);
  });
});
