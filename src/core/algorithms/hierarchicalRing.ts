// Hierarchical ring all-reduce (Horovod/NCCL style) over M = N/G nodes of G devices, device
// d = node·G + local. The buffer is N segments in G super-segments of M (super-segment s is segments
// s·M … s·M+M−1). 1) Inside every node a ring reduce-scatter over super-segments leaves local rank l
// with super-segment (l+1) mod G summed over its node. 2) The devices of equal local rank, one per
// node, ring-all-reduce that super-segment split into its M segments. 3) Inside every node a ring
// all-gather passes the finished super-segments around. Rings follow the seeds' order; all nodes (and
// all local ranks) run in the same steps.

import type { Step } from '../schedule';
import { checkDevices, checkDevicesPerNode, chunksPerSegment } from './options';
import { ringSteps } from './ring';
import { makeSchedule, type AlgorithmSpec } from './types';

/** Rings that run side by side: step i of the result holds step i of every ring. */
function inParallel(rings: Step[][]): Step[] {
  return (rings[0] ?? []).map((step, i) => ({
    phase: step.phase,
    transfers: rings.flatMap((steps) => steps[i].transfers),
  }));
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

export const hierarchicalRing: AlgorithmSpec = {
  id: 'hierarchical-ring',
  collective: 'allreduce',
  takesDevicesPerNode: true,
  summary: 'intra-node ring reduce-scatter, inter-node ring all-reduce among equal local ranks, intra-node ring all-gather: 2(G−1) + 2(N/G−1) steps',
  build(options) {
    const devices = checkDevices(options);
    const perNode = checkDevicesPerNode(options.devicesPerNode, devices, 'hierarchical-ring');
    const nodes = devices / perNode;
    const perSegment = chunksPerSegment(options, devices, 'hierarchical-ring');
    const perSuperSegment = nodes * perSegment;

    const nodeRings = range(nodes).map((node) => range(perNode).map((local) => node * perNode + local));
    const localRankRings = range(perNode).map((local) => range(nodes).map((node) => node * perNode + local));
    const superSegment = (position: number) => position;

    const intraReduceScatter = inParallel(
      nodeRings.map((ring) => ringSteps(ring, perSuperSegment, superSegment, { reduceScatter: 'intra-reduce-scatter' })),
    );
    const interRing = inParallel(
      localRankRings.map((ring, local) => {
        const held = (local + 1) % perNode;
        return ringSteps(ring, perSegment, (position) => held * nodes + position, {
          reduceScatter: 'inter-reduce-scatter',
          allgather: 'inter-allgather',
        });
      }),
    );
    const intraAllgather = inParallel(
      nodeRings.map((ring) => ringSteps(ring, perSuperSegment, superSegment, { allgather: 'intra-allgather' })),
    );

    return makeSchedule(
      'allreduce',
      'hierarchical-ring',
      devices,
      devices * perSegment,
      [...intraReduceScatter, ...interRing, ...intraAllgather],
      { devicesPerNode: perNode },
    );
  },
};
