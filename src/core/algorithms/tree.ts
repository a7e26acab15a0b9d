// Binary tree all-reduce over NCCL's btree rooted at GPU-0: every chunk is reduced up the tree and
// broadcast back down, pipelined chunk by chunk (see pipelinedTree.ts): C − 1 + 2⌈log2 N⌉ steps.

import { btree } from './btree';
import { checkDevices, chunksOf } from './options';
import { PIPELINED_TREE_PHASES, writePipelinedTrees } from './pipelinedTree';
import { defineAlgorithm, makeHeader, type AlgorithmSpec } from './types';

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
  write(options, out) {
    const devices = checkDevices(options);
    const { chunks } = chunksOf(tree, options);
    const order = Array.from({ length: chunks }, (_, c) => c);
    writePipelinedTrees(out, [{ tree: btree(devices), chunks: order }]);
    return makeHeader('allreduce', 'tree', devices, chunks);
  },
});
