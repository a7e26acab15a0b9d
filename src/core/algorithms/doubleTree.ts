// NCCL's double binary tree all-reduce: tree 0 (btree) carries chunks [0, ⌈C/2⌉), tree 1 (its mirror
// for even N, its shift by one for odd N) the rest, both pipelined in the same steps:
// ⌈C/2⌉ − 1 + 2⌈log2 N⌉ steps. A device sends (and receives) each chunk once per tree edge it has, and
// every device but GPU-0 of odd N is a leaf in one tree, so no port carries more than 3·⌈C/2⌉ + ⌊C/2⌋
// chunk messages each way, where a single tree's interior devices carry 3·C.

import { dtree } from './btree';
import { anyChunks, checkDevices } from './options';
import { pipelinedTreeSteps } from './pipelinedTree';
import { makeSchedule, type AlgorithmSpec } from './types';

const DEFAULT_CHUNKS = 8;

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

export const doubleTree: AlgorithmSpec = {
  id: 'double-tree',
  collective: 'allreduce',
  summary: "NCCL's double binary tree: two complementary trees each pipeline half the chunks, ⌈C/2⌉ − 1 + 2⌈log2 N⌉ steps",
  build(options) {
    const devices = checkDevices(options);
    const chunks = anyChunks(options, DEFAULT_CHUNKS);
    const split = Math.ceil(chunks / 2);
    const [first, second] = dtree(devices);
    const steps = pipelinedTreeSteps([
      { tree: first, chunks: range(0, split) },
      { tree: second, chunks: range(split, chunks) },
    ]);
    return makeSchedule('allreduce', 'double-tree', devices, chunks, steps);
  },
};
