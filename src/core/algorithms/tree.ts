// Binary tree all-reduce over NCCL's btree rooted at GPU-0: every chunk is reduced up the tree and
// broadcast back down, pipelined chunk by chunk (see pipelinedTree.ts): C − 1 + 2⌈log2 N⌉ steps.
// Given G devices per node it is built as NCCL builds it across nodes: the btree over the N/G nodes,
// a chain inside each (btree.ts acrossNodes).

import { acrossNodes, btree } from './btree';
import { checkDevices, checkDevicesPerNode, chunksOf } from './options';
import { PIPELINED_TREE_PHASES, writePipelinedTrees, type TreeLoad } from './pipelinedTree';
import { defineAlgorithm, makeHeader, type AlgorithmSpec } from './types';

function treeLoads({ devices, chunks, devicesPerNode }: { devices: number; chunks: number; devicesPerNode?: number }): TreeLoad[] {
  const order = Array.from({ length: chunks }, (_, c) => c);
  if (devicesPerNode === undefined) return [{ tree: btree(devices), chunks: order }];
  const perNode = checkDevicesPerNode(devicesPerNode, devices, tree.id);
  return [{ tree: acrossNodes(btree(devices / perNode), perNode), chunks: order }];
}

export const tree: AlgorithmSpec = defineAlgorithm({
  id: 'tree',
  collective: 'allreduce',
  summary: 'binary tree (NCCL btree): chunks pipelined up to GPU-0 and broadcast back down, C − 1 + 2⌈log2 N⌉ steps',
  // Four chunks show the pipeline: the reduce of later chunks overlapping the broadcast of earlier ones.
  chunks: { kind: 'any', fallback: 4 },
  phases: PIPELINED_TREE_PHASES,
  layout: 'tree',
  drawsLinks: true,
  baseline: false,
  costForm: { kind: 'pipelined-trees', loads: treeLoads },
  write(options, out) {
    const devices = checkDevices(options);
    const { chunks } = chunksOf(tree, options);
    writePipelinedTrees(out, treeLoads({ devices, chunks, devicesPerNode: options.devicesPerNode }));
    return makeHeader('allreduce', 'tree', devices, chunks, { devicesPerNode: options.devicesPerNode });
  },
});
