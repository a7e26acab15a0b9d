import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dtree } from '../../../src/core/algorithms/btree';
import { compareTree, compareTuning, matchPreset, parseNcclDump, parseNcclLog } from '../../../src/core/ncclLog';
import { clusterLog } from './ncclLogs';

const example = (file: string) => readFileSync(new URL(`../../../public/examples/${file}`, import.meta.url), 'utf8');

describe('a tree NCCL built, beside gradsync’s double tree', () => {
  const log = parseNcclLog(example('nccl-2x8-h100.log'));

  it('finds NCCL’s tree 0 in the first half of the channels and its mirror in the second, across the nodes', () => {
    for (let channel = 0; channel < 16; channel++) {
      const c = compareTree(log, channel);
      if (!c.ok) throw new Error(c.why);
      expect([c.expected, c.sameAs]).toEqual(channel < 8 ? [0, 0] : [1, 1]);
      expect(c.nodeParents).toEqual(dtree(2)[c.expected].parent);
      expect(c.words[0]).toEqual({
        text: expect.stringMatching(/^Across the 2 nodes: the same as gradsync's tree [01], rooted at dgx-h100-a0[78]\.$/),
        same: true,
      });
    }
  });

  it('reads each node’s chain from the rank that joins the network, and says where its order is not gradsync’s', () => {
    const inOrder = compareTree(log, 0);
    const searched = compareTree(log, 10);
    if (!inOrder.ok || !searched.ok) throw new Error('no comparison');
    expect(inOrder.inRankOrder).toBe(true);
    expect(inOrder.words[1]).toEqual({ text: "Inside each node: a chain in rank order, as gradsync's.", same: true });
    expect(searched.chains.map((c) => c.ranks)).toEqual([
      [2, 3, 4, 5, 6, 7, 0, 1],
      [10, 11, 12, 13, 14, 15, 8, 9],
    ]);
    expect(searched.words[1].same).toBe(false);
    expect(searched.words[1].text).toContain('dgx-h100-a07 runs 2 → 3 → 4 → 5 → 6 → 7 → 0 → 1');
  });

  it('names the node where a tree across nodes differs from gradsync’s', () => {
    // The generator joins node heads as a heap (node n under (n−1)/2); NCCL's btree over 4 nodes puts node 1 under node 2.
    const heap = parseNcclLog(clusterLog('2.21', { nodes: 4, perNode: 2, channels: 2 }));
    const c = compareTree(heap, 0);
    if (!c.ok) throw new Error(c.why);
    expect(c.sameAs).toBeNull();
    expect(c.nodeParents).toEqual([-1, 0, 0, 1]);
    expect(c.words[0]).toEqual({
      text: "Across the 4 nodes it differs from gradsync's tree 0: NCCL makes node-b a child of node-a, gradsync a child of node-c.",
      same: false,
    });
    // Channel 1 is in the second half: gradsync gives it tree 1, the mirror.
    const second = compareTree(heap, 1);
    expect(second.ok && second.expected).toBe(1);
  });

  it('says why it cannot compare, never guessing: a rank without its tree line, ranks without a host', () => {
    const text = clusterLog('2.21', { nodes: 2, perNode: 4, channels: 2 });
    const partial = parseNcclLog(
      text
        .split('\n')
        .filter((line) => !/:4005:.*Trees/.test(line))
        .join('\n'),
    );
    expect(compareTree(partial, 0)).toEqual({ channel: 0, ok: false, why: 'no tree line of ranks 5 in channel 0: the log is partial' });
    const bare = parseNcclLog(text.replace(/^node-\w:\d+:\d+ /gm, ''));
    expect(bare.ranks).toBe(8);
    expect(compareTree(bare, 0)).toMatchObject({ ok: false, why: expect.stringMatching(/^the log does not say which host ranks 0, 1, .* are on/) });
    expect(compareTree(partial, 9)).toEqual({ channel: 9, ok: false, why: 'the log shows no tree of channel 9' });
  });
});

describe('the tuner’s choices beside gradsync tune', () => {
  const log = parseNcclLog(example('nccl-2x8-h100.log'));

  it('matches the preset on what the log and a topology dump say, with the reasons', () => {
    expect(matchPreset(log)).toEqual({
      id: 'dgx-h100',
      because: ['8 GPUs a node', 'NVLink inside a node (type NVL)', 'NVLS chosen (NVLink SHARP)'],
      alike: [],
    });
    const topology = parseNcclDump(example('nccl-topo-h100.xml'));
    expect(matchPreset(log, topology).because).toEqual(['8 GPUs a node', 'NVLink inside a node (type NVL)', 'Hopper GPUs (sm 90)']);
    const pcie = parseNcclLog(example('nccl-2x8-h100.log').replaceAll('type NVL/PIX', 'type PIX/PIX').replaceAll('NVLS_TREE', 'TREE'));
    expect(matchPreset(pcie)).toEqual({ id: 'pcie-gen4', because: ['8 GPUs a node', 'PCIe inside a node (type PIX)'], alike: ['pcie-gen5'] });
    expect(matchPreset(parseNcclLog(clusterLog('2.21', { nodes: 2, perNode: 3, channels: 1 }))).id).toBeNull();
  });

  it('sets each distinct call beside the model’s pick for the same size, agreeing or not', () => {
    const rows = compareTuning(log, 'dgx-h100');
    expect(rows.map((r) => [r.bytes, r.logged, r.predicted, r.agrees])).toEqual([
      [4096, 'Tree/LL', 'Tree/LL', true],
      [65536, 'Tree/LL', 'Tree/LL', true],
      [262144, 'Ring/LL', 'Tree/LL128', false],
      [1048576, 'Tree/LL128', 'Tree/LL128', true],
      [16777216, 'NVLSTree/Simple', 'NVLSTree/Simple', true],
      [268435456, 'Ring/Simple', 'NVLSTree/Simple', false],
    ]);
  });

  it('says why where it cannot predict: a line without its collective, a machine that cannot hold the ranks', () => {
    const old = parseNcclLog(
      'h:1:1 [0] NCCL INFO comm 0x1 rank 0 nRanks 16 nNodes 2 localRanks 8 localRank 0 MNNVL 0\nh:1:1 [0] NCCL INFO 1048576 Bytes -> Algo 1 proto 2 time 36.48',
    );
    expect(compareTuning(old, 'dgx-h100')).toEqual([
      {
        collective: null,
        bytes: 1048576,
        logged: 'Ring/Simple',
        predicted: null,
        agrees: null,
        why: 'the line does not name its collective (NCCL before 2.23)',
      },
    ]);
    const [row] = compareTuning(log, 'pcie-gen4');
    expect(row.predicted).toBeNull();
    expect(row.why).toMatch(/^the model of 8× A100 PCIe Gen4 cannot take 16 ranks: /);
  });
});
