import { describe, expect, it } from 'vitest';
import { parseNcclLog } from '../../../src/core/ncclLog';
import { factOf } from '../../../src/core/ncclLog/facts';
import { clusterLog, ringOrder, treeOf, type Style } from './ncclLogs';

const TWO_NODES = { nodes: 2, perNode: 8, channels: 2 };

describe('an NCCL_DEBUG=INFO log of 16 ranks on 2 hosts', () => {
  for (const style of ['2.4', '2.7', '2.12', '2.21', '2.30'] as Style[]) {
    it(`reads what NCCL ${style} built: ranks, hosts, each channel's ring and tree, and the transports`, () => {
      const log = parseNcclLog(clusterLog(style, TWO_NODES, (rank) => `[1,${rank}]<stdout>:`));
      expect(log.version).toMatch(new RegExp(`^${style.replace('.', '\\.')}\\.`));
      expect(log.ranks).toBe(16);
      expect(log.nodes).toBe(2);
      expect(log.hosts).toEqual([
        { host: 'node-a', ranks: [0, 1, 2, 3, 4, 5, 6, 7] },
        { host: 'node-b', ranks: [8, 9, 10, 11, 12, 13, 14, 15] },
      ]);
      expect(log.rings).toEqual([0, 1].map((channel) => ({ channel, order: ringOrder(TWO_NODES, channel), complete: true })));
      expect(log.treeLinks).toHaveLength(32);
      for (const link of log.treeLinks) expect({ parent: link.parent, children: link.children }).toEqual(treeOf(TWO_NODES, link.rank));
      // Every ring hop has its connection; the two between hosts go over the network.
      expect(log.ringEdges).toHaveLength(32);
      expect(log.ringEdges.filter((e) => e.transport === 'NET').map((e) => [e.channel, e.from, e.to])).toEqual(
        expect.arrayContaining([
          [0, 7, 8],
          [0, 15, 0],
        ]),
      );
      expect(log.ringEdges.filter((e) => e.transport === 'NET')).toHaveLength(4);
      expect(log.missingRanks).toEqual([]);
      expect(log.otherCommunicators).toEqual([]);
      // 2.4's ring lines do not say how many channels there are.
      expect(log.channelCount).toBe(style === '2.4' ? null : 2);
    });
  }

  it('places a rank on its host by its own ring or tree line where no init line says it', () => {
    const text = clusterLog('2.12', TWO_NODES)
      .split('\n')
      .filter((line) => !/ comm 0x/.test(line))
      .join('\n');
    const log = parseNcclLog(text);
    expect(log.hosts).toEqual([
      { host: 'node-a', ranks: [0, 1, 2, 3, 4, 5, 6, 7] },
      { host: 'node-b', ranks: [8, 9, 10, 11, 12, 13, 14, 15] },
    ]);
  });

  it('says how many channels NCCL built where the log shows fewer rings, and reads lines pasted without their host', () => {
    const text = clusterLog('2.12', TWO_NODES)
      .split('\n')
      .filter((line) => !/Channel 01\/02 :/.test(line) && !/ Ring 01 :/.test(line))
      .map((line) => line.replace(/^node-\w:\d+:\d+ /, ''))
      .join('\n');
    const log = parseNcclLog(text);
    expect([log.ranks, log.channelCount, log.rings.map((r) => r.channel), log.hosts]).toEqual([16, 2, [0], []]);
    expect(log.treeLinks).toHaveLength(32);
  });

  it('reads every rank’s neighbours where the version prints them (2.10 on)', () => {
    expect(parseNcclLog(clusterLog('2.21', TWO_NODES)).ringLinks).toHaveLength(32);
    expect(parseNcclLog(clusterLog('2.7', TWO_NODES)).ringLinks).toEqual([]);
  });

  it('reads a ring that rank 0 printed only in part as far as it goes, flagged, and closes it from every rank’s neighbours', () => {
    const big = { nodes: 4, perNode: 8, channels: 1 };
    // Up to 2.22 a line shows 20 ranks; from 2.23 it is cut at 127 characters with "...".
    const text = clusterLog('2.12', big)
      .split('\n')
      .filter((line) => !/NCCL INFO Ring /.test(line))
      .join('\n');
    expect(parseNcclLog(text).rings).toEqual([{ channel: 0, order: ringOrder(big, 0).slice(0, 20), complete: false }]);
    expect(parseNcclLog(clusterLog('2.12', big)).rings).toEqual([{ channel: 0, order: ringOrder(big, 0), complete: true }]);
    const cut = factOf(`Channel 00/02 :${Array.from({ length: 64 }, (_, r) => ` ${String(r).padStart(2)}`).join('')}`.slice(0, 124) + '...');
    expect(cut).toMatchObject({ kind: 'ring', cut: true });
    expect(cut?.kind === 'ring' && cut.order).toEqual(Array.from({ length: 36 }, (_, r) => r));
  });

  it('says which ranks no line speaks for, in a log cut short', () => {
    const lines = clusterLog('2.21', TWO_NODES).split('\n');
    const partial = lines.filter((line) => !/:40(1[2-5]):/.test(line)).join('\n');
    const log = parseNcclLog(partial);
    expect(log.ranks).toBe(16);
    expect(log.missingRanks).toEqual([12, 13, 14, 15]);
  });
});

describe('single lines in each version’s words', () => {
  it('reads the trees’ three layouts, −1 as none', () => {
    expect(factOf('Trees [0] 1/8/-1->0->-1 [1] 1/-1/-1->0->8')).toEqual({
      kind: 'trees',
      links: [
        { channel: 0, rank: 0, parent: -1, children: [1, 8] },
        { channel: 1, rank: 0, parent: 8, children: [1] },
      ],
    });
    expect(factOf('Trees [0] 1/-1/-1->0->-1|-1->0->1/-1/-1')).toEqual({ kind: 'trees', links: [{ channel: 0, rank: 0, parent: -1, children: [1] }] });
    expect(factOf('Trees [0] 26->25->-1/-1/-1')).toEqual({ kind: 'trees', links: [{ channel: 0, rank: 25, parent: 26, children: [] }] });
    expect(factOf('Tree 1 : 1 -> 3 -> 2/-1/-1')).toEqual({ kind: 'tree', link: { channel: 1, rank: 3, parent: 1, children: [2] } });
  });

  it('reads connections of every era, with their transport', () => {
    expect(factOf('Ring 00 : 34 -> 33 [send] via NET/Socket/0')).toMatchObject({ kind: 'edge', channel: 0, from: 34, to: 33, transport: 'NET', side: 'send' });
    expect(factOf('Channel 00 : 0[6000] -> 1[7000] via P2P/IPC/read')).toMatchObject({ kind: 'edge', from: 0, to: 1, transport: 'P2P', via: 'P2P/IPC/read' });
    expect(factOf('Channel 02/1 : 7[e2000] -> 9[1c000] [send] via NET/IB/3/GDRDMA/Shared')).toMatchObject({ connection: 1, transport: 'NET' });
    expect(factOf('Channel 00 : 7[7] -> 8[0] via SHM/direct/direct')).toMatchObject({ transport: 'SHM' });
    expect(factOf('Ring 00 : 0[0] -> 1[1] via direct shared memory')).toMatchObject({ transport: 'SHM' });
  });

  it('reads the graph search and the tuner, named or numbered', () => {
    expect(factOf('Pattern 4, crossNic 0, nChannels 16, bw 40.000000/40.000000, type NVL/PIX, sameChannels 1')).toMatchObject({
      kind: 'graph',
      pattern: 4,
      channels: 16,
      bwIntra: 40,
      typeIntra: 'NVL',
      typeInter: 'PIX',
    });
    expect(factOf('Pattern 4, crossNic 0, nChannels 2, speed 24/24, nvlink 1, type 1, sameChannels 1')).toMatchObject({
      bwIntra: 24,
      typeIntra: '1',
      typeInter: '1',
    });
    expect(factOf('AllReduce: 1048576 Bytes -> Algo RING proto LL channel{Lo..Hi}={0..1}')).toEqual({
      kind: 'tuning',
      collective: 'AllReduce',
      bytes: 1048576,
      algorithm: 'RING',
      protocol: 'LL',
      channels: [0, 1],
    });
    expect(factOf('AllReduce: 1048576 Bytes -> Algo 1 proto 2 time 36.480000')).toMatchObject({ algorithm: 'RING', protocol: 'SIMPLE', channels: null });
  });

  it('reads the banner bare or under a prefix, and a timestamp or launcher before the prefix', () => {
    const log = parseNcclLog(
      [
        '[0] NCCL version 2.18.3+cuda12.2',
        '[2025-03-14 09:26:53] node01:12345:12345 [0] NCCL INFO comm 0x55d0c3a1b2c0 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x1 - Init COMPLETE',
        ' 1: node01:12346:12346 [1] NCCL INFO comm 0x55d0c3a1b2c1 rank 1 nranks 2 cudaDev 1 nvmlDev 1 busId 1c000 commId 0x1 - Init COMPLETE',
        'some other program’s line',
      ].join('\n'),
    );
    expect(log).toMatchObject({ version: '2.18.3', ranks: 2, nodes: 1, hosts: [{ host: 'node01', ranks: [0, 1] }], unread: 1 });
  });
});

describe('logs that say nothing of what NCCL built', () => {
  it('is one line saying how to get one', () => {
    expect(() => parseNcclLog('hello\nworld')).toThrow(/^no NCCL lines in this log: run with NCCL_DEBUG=INFO/);
    expect(() => parseNcclLog('host:1:1 [0] NCCL INFO NET/Plugin: could not find\n')).toThrow(
      /^NCCL’s one line does not say what it built \(line 1, “NET\/Plugin: could not find”, is of no kind read here\)$/,
    );
  });

  it('reads the largest communicator where a log holds several, and counts the others', () => {
    const world = clusterLog('2.21', TWO_NODES);
    const pair = [0, 1]
      .map(
        (rank) =>
          `node-a:${4000 + rank}:${4000 + rank} [${rank}] NCCL INFO ncclCommSplit comm 0x7f00000${rank} rank ${rank} nranks 2 cudaDev ${rank} nvmlDev ${rank} busId 1b000 parent 0x1 color 0 key ${rank} commId 0x2 - Init COMPLETE`,
      )
      .join('\n');
    const log = parseNcclLog(`${world}\n${pair}`);
    expect(log.ranks).toBe(16);
    expect(log.otherCommunicators).toEqual([2]);
    expect(log.rings.every((ring) => ring.complete)).toBe(true);
  });

  it('is one communicator where each rank’s nRanks line comes before its COMPLETE line and no START is printed', () => {
    const lines = [0, 1, 2, 3].flatMap((rank) => [
      `h:${100 + rank}:${100 + rank} [${rank}] NCCL INFO comm 0x7f0${rank} rank ${rank} nRanks 4 nNodes 1 localRanks 4 localRank ${rank} MNNVL 0`,
      `h:${100 + rank}:${100 + rank} [${rank}] NCCL INFO Trees [0] ${rank + 1 < 4 ? rank + 1 : -1}/-1/-1->${rank}->${rank - 1}`,
      `h:${100 + rank}:${100 + rank} [${rank}] NCCL INFO ncclCommInitRank comm 0x7f0${rank} rank ${rank} nranks 4 cudaDev ${rank} nvmlDev ${rank} busId ${rank}000 commId 0xabc - Init COMPLETE`,
    ]);
    const log = parseNcclLog(lines.join('\n'));
    expect([log.ranks, log.otherCommunicators, log.treeLinks.length]).toEqual([4, [], 4]);
  });
});

describe('what the log says besides', () => {
  it('keeps the lines it did not read to look at, alike ones together', () => {
    const text = [
      'h:100:100 [0] NCCL INFO comm 0x1 rank 0 nRanks 4 nNodes 1 localRanks 4 localRank 0 MNNVL 0',
      'h:100:100 [0] NCCL INFO cudaDriverVersion 12080',
      'h:101:101 [1] NCCL INFO cudaDriverVersion 12080',
      'some launcher output',
      'h:101:101 [1] NCCL INFO Channel 00/01 :    0   1   2   3',
    ].join('\n');
    const log = parseNcclLog(text);
    expect([log.unread, log.unreadKinds]).toEqual([
      3,
      [
        { line: 2, count: 2, text: 'NCCL INFO cudaDriverVersion 12080' },
        { line: 4, count: 1, text: 'some launcher output' },
      ],
    ]);
    // NCCL's "nNodes 1" puts the silent ranks on the one host too.
    expect(log.hosts).toEqual([{ host: 'h', ranks: [0, 1, 2, 3] }]);
  });
});

describe('a ring line that cannot be right', () => {
  const header = [0, 1, 2, 3].map(
    (rank) => `h:${100 + rank}:${100 + rank} [${rank}] NCCL INFO comm 0x7f0${rank} rank ${rank} nRanks 4 nNodes 1 localRanks 4 localRank ${rank} MNNVL 0`,
  );

  it('names the rank given twice and the rank never given, at its line', () => {
    const log = parseNcclLog([...header, 'h:100:100 [0] NCCL INFO Channel 00/01 :    0   1   1   3'].join('\n'));
    expect(log.rings).toEqual([
      { channel: 0, order: [0, 1], complete: false, fault: expect.stringMatching(/^line 5, “Channel 00\/01 : .*”, names rank 1 twice and never rank 2$/) },
    ]);
  });

  it('names a rank past the communicator instead of dropping the ring', () => {
    const log = parseNcclLog([...header, 'h:100:100 [0] NCCL INFO Channel 00/01 :    0   1   7   3'].join('\n'));
    expect(log.rings[0]).toMatchObject({
      order: [0, 1],
      complete: false,
      fault: expect.stringMatching(/names rank 7, past the communicator’s 4 ranks \(0 to 3\)$/),
    });
  });
});
