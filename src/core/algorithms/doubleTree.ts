// NCCL's double binary tree all-reduce: tree 0 (btree) carries chunks [0, ⌈C/2⌉), tree 1 (its mirror
// for even N, its shift by one for odd N) the rest, both pipelined in the same steps:
// ⌈C/2⌉ − 1 + 2⌈log2 N⌉ steps. A device sends (and receives) each chunk once per tree edge it has, and
// every device but GPU-0 of odd N is a leaf in one tree, so no port carries more than 3·⌈C/2⌉ + ⌊C/2⌋
// chunk messages each way, where a single tree's interior devices carry 3·C.
// Given G devices per node it is built as NCCL builds it across nodes: the double tree over the N/G
// nodes, both trees joined to the same chain inside each node (btree.ts acrossNodes), so each node's
// head carries both trees' network traffic and (⌈C/2⌉ − 1) + 2·(G − 1 + the node tree's height) steps.

import { dtree, dtreeAcrossNodes } from './btree';
import { checkDevices, checkDevicesPerNode, chunksOf } from './options';
import { PIPELINED_TREE_PHASES, writePipelinedTrees, type TreeLoad } from './pipelinedTree';
import { defineAlgorithm, makeHeader, type AlgorithmSpec } from './types';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

function doubleTreeLoads({ devices, chunks, devicesPerNode }: { devices: number; chunks: number; devicesPerNode?: number }): TreeLoad[] {
  const split = Math.ceil(chunks / 2);
  const [first, second] =
    devicesPerNode === undefined ? dtree(devices) : dtreeAcrossNodes(devices, checkDevicesPerNode(devicesPerNode, devices, doubleTree.id));
  return [
    { tree: first, chunks: range(0, split) },
    { tree: second, chunks: range(split, chunks) },
  ];
}

export const doubleTree: AlgorithmSpec = defineAlgorithm({
  id: 'double-tree',
  collective: 'allreduce',
  summary: "NCCL's double binary tree: two complementary trees each pipeline half the chunks, ⌈C/2⌉ − 1 + 2⌈log2 N⌉ steps",
  // Eight chunks: four per tree, as many as the single tree pipelines.
  chunks: { kind: 'any', fallback: 8 },
  phases: PIPELINED_TREE_PHASES,
  layout: 'double-tree',
  drawsLinks: true,
  baseline: false,
  costForm: { kind: 'pipelined-trees', loads: doubleTreeLoads },
  write(options, out) {
    const devices = checkDevices(options);
    const { chunks } = chunksOf(doubleTree, options);
    writePipelinedTrees(out, doubleTreeLoads({ devices, chunks, devicesPerNode: options.devicesPerNode }));
    return makeHeader('allreduce', 'double-tree', devices, chunks, { devicesPerNode: options.devicesPerNode });
  },
});
