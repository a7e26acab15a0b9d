// NCCL's double binary tree all-reduce: tree 0 (btree) carries chunks [0, ⌈C/2⌉), tree 1 (its mirror
// for even N, its shift by one for odd N) the rest, both pipelined in the same steps:
// ⌈C/2⌉ − 1 + 2⌈log2 N⌉ steps. A device sends (and receives) each chunk once per tree edge it has, and
// every device but GPU-0 of odd N is a leaf in one tree, so no port carries more than 3·⌈C/2⌉ + ⌊C/2⌋
// chunk messages each way, where a single tree's interior devices carry 3·C.

import { dtree } from './btree';
import { checkDevices, chunksOf } from './options';
import { PIPELINED_TREE_PHASES, writePipelinedTrees } from './pipelinedTree';
import { defineAlgorithm, makeHeader, type AlgorithmSpec } from './types';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

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
  write(options, out) {
    const devices = checkDevices(options);
    const { chunks } = chunksOf(doubleTree, options);
    const split = Math.ceil(chunks / 2);
    const [first, second] = dtree(devices);
    writePipelinedTrees(out, [
      { tree: first, chunks: range(0, split) },
      { tree: second, chunks: range(split, chunks) },
    ]);
    return makeHeader('allreduce', 'double-tree', devices, chunks);
  },
});
