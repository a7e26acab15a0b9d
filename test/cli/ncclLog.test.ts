// gradsync nccl-log: a cluster's NCCL_DEBUG=INFO log in, what NCCL built out: ranks by host, each
// channel's ring with its transports, each channel's tree; as text or JSON. A log with nothing of
// NCCL's in it is one line, exit 2.
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT_OK } from '../../src/cli/exitCodes';
import { clusterLog } from '../core/ncclLog/ncclLogs';
import { expectUsageError, makeTempDir, runCli } from './helpers';

const dir = makeTempDir();
afterAll(() => dir.remove());

describe('gradsync nccl-log', () => {
  const file = dir.file(
    'nccl.log',
    clusterLog('2.21', { nodes: 2, perNode: 8, channels: 2 }, (rank) => `[1,${rank}]<stdout>:`),
  );

  it('says what NCCL built, host by host and channel by channel', async () => {
    const result = await runCli(['nccl-log', file]);
    expect(result.err).toBe('');
    expect(result.code).toBe(EXIT_OK);
    const lines = result.out.split('\n');
    expect(lines[0]).toBe('NCCL 2.21.5 · 16 ranks on 2 hosts');
    expect(lines).toContain('  node-a: ranks 0–7');
    expect(lines).toContain('   0: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15  [P2P+NET]');
    expect(result.out).toMatch(/trees \(2 channels\)\n {3}0: root 0; /);
  });

  it('sets each tree beside gradsync’s double tree, and the tuner’s choices beside gradsync tune’s', async () => {
    const example = new URL('../../public/examples/nccl-2x8-h100.log', import.meta.url).pathname;
    const result = await runCli(['nccl-log', example]);
    expect(result.code).toBe(EXIT_OK);
    const lines = result.out.split('\n');
    expect(lines).toContain(
      "   8: = Across the 2 nodes: the same as gradsync's tree 1, rooted at dgx-h100-a08. = Inside each node: a chain in rank order, as gradsync's.",
    );
    expect(lines).toContain(
      'tuner beside gradsync tune --preset dgx-h100 (matched on 8 GPUs a node, NVLink inside a node (type NVL), NVLS chosen (NVLink SHARP))',
    );
    expect(lines).toContain('  allreduce of 262144 bytes: NCCL chose Ring/LL; gradsync tune picks Tree/LL128 ≠');
  });

  it('prints the rings, links, connections and trees as JSON, −1 for none', async () => {
    const result = await runCli(['nccl-log', file, '--json']);
    expect(result.code).toBe(EXIT_OK);
    const log = JSON.parse(result.out);
    expect(Object.keys(log)).toEqual(
      expect.arrayContaining(['version', 'ranks', 'nodes', 'hosts', 'rings', 'ringLinks', 'ringEdges', 'treeLinks', 'tuning', 'unread']),
    );
    expect(log.rings[1]).toEqual({ channel: 1, order: [0, 7, 6, 5, 4, 3, 2, 1, 8, 15, 14, 13, 12, 11, 10, 9], complete: true });
    expect(log.treeLinks.find((l: { channel: number; rank: number }) => l.channel === 0 && l.rank === 0)).toEqual({
      channel: 0,
      rank: 0,
      parent: -1,
      children: [1, 8],
    });
    expect(log.ringEdges.find((e: { from: number; to: number }) => e.from === 7 && e.to === 8)).toMatchObject({
      channel: 0,
      transport: 'NET',
      via: 'NET/IB/0/GDRDMA',
    });
  });

  it('reads a graph dump too, told by its content', async () => {
    const dump = dir.file(
      'graph.xml',
      '<graphs version="1">\n  <graph id="0" pattern="4" crossnic="0" nchannels="1" speedintra="40" speedinter="12" typeintra="NVL" typeinter="PIX" samechannels="1">\n    <channel>\n      <net dev="0"/>\n      <gpu dev="0"/>\n      <gpu dev="1"/>\n      <net dev="0"/>\n    </channel>\n  </graph>\n</graphs>\n',
    );
    const result = await runCli(['nccl-log', dump]);
    expect(result.code).toBe(EXIT_OK);
    expect(result.out).toContain('ring (id 0, pattern 4 (ring), 40/12 GB/s, paths NVL/PIX), 1 channels\n   0: NET 0 → GPU 0 GPU 1 → NET 0');
  });

  it('plays a channel: the schedule of an all-reduce over its ring, which gradsync run verifies', async () => {
    const result = await runCli(['nccl-log', file, '--play', 'ring:1']);
    expect(result.code).toBe(EXIT_OK);
    const schedule = dir.file('ring1.json', result.out);
    const run = await runCli(['run', '--schedule', schedule, '--elements', '64', '--json']);
    expect(run.code).toBe(EXIT_OK);
    expect(JSON.parse(run.out)).toMatchObject({ verified: true, devices: 16 });
    expectUsageError(await runCli(['nccl-log', file, '--play', 'ring:9']), /no ring of channel 9/);
    expectUsageError(await runCli(['nccl-log', file, '--play', 'rings']), /--play takes ring:C or tree:C/);
  });

  it('refuses a log with nothing of NCCL’s in one line, exit 2', async () => {
    expectUsageError(
      await runCli(['nccl-log', dir.file('other.log', 'Epoch 1: loss 2.3\nEpoch 2: loss 1.9\n')]),
      /other\.log: no NCCL lines in this log: run with NCCL_DEBUG=INFO/,
    );
    expectUsageError(await runCli(['nccl-log', dir.fresh('absent.log')]), /absent\.log/);
  });
});
