// Hierarchical ring all-reduce (Horovod/NCCL style) over M = N/G nodes of G devices, device
// d = node·G + local. The buffer is N segments in G super-segments of M (super-segment s is segments
// s·M … s·M+M−1). 1) Inside every node a ring reduce-scatter over super-segments leaves local rank l
// with super-segment (l+1) mod G summed over its node. 2) The devices of equal local rank, one per
// node, ring-all-reduce that super-segment split into its M segments. 3) Inside every node a ring
// all-gather passes the finished super-segments around. Rings follow the seeds' order; all nodes (and
// all local ranks) run in the same steps.

import { checkDevices, checkDevicesPerNode, chunksOf, SEGMENT_PER_DEVICE } from './options';
import { writeRingPass } from './ring';
import { defineAlgorithm, makeHeader, type AlgorithmSpec } from './types';

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

export const hierarchicalRing: AlgorithmSpec = defineAlgorithm({
  id: 'hierarchical-ring',
  collective: 'allreduce',
  takesDevicesPerNode: true,
  summary: 'intra-node ring reduce-scatter, inter-node ring all-reduce among equal local ranks, intra-node ring all-gather: 2(G−1) + 2(N/G−1) steps',
  chunks: SEGMENT_PER_DEVICE,
  phases: ['intra-reduce-scatter', 'inter-reduce-scatter', 'inter-allgather', 'intra-allgather'],
  layout: 'nodes',
  drawsLinks: true,
  baseline: false,
  costForm: { kind: 'node-rings' },
  write(options, out) {
    const devices = checkDevices(options);
    const perNode = checkDevicesPerNode(options.devicesPerNode, devices, hierarchicalRing.id);
    const nodes = devices / perNode;
    const { perSegment } = chunksOf(hierarchicalRing, options);
    const perSuperSegment = nodes * perSegment;

    const nodeRings = range(nodes).map((node) => range(perNode).map((local) => node * perNode + local));
    const localRankRings = range(perNode).map((local) => range(nodes).map((node) => node * perNode + local));
    const superSegment = (_: number, position: number) => position;
    // Local rank l's ring all-reduces the super-segment it holds, (l+1) mod G, segment by segment.
    const heldSegment = (local: number, position: number) => ((local + 1) % perNode) * nodes + position;

    writeRingPass(out, nodeRings, 'reduce-scatter', 'intra-reduce-scatter', perSuperSegment, superSegment);
    writeRingPass(out, localRankRings, 'reduce-scatter', 'inter-reduce-scatter', perSegment, heldSegment);
    writeRingPass(out, localRankRings, 'allgather', 'inter-allgather', perSegment, heldSegment);
    writeRingPass(out, nodeRings, 'allgather', 'intra-allgather', perSuperSegment, superSegment);
    return makeHeader('allreduce', 'hierarchical-ring', devices, devices * perSegment, { devicesPerNode: perNode });
  },
});
