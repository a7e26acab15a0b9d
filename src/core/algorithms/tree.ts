// Binary tree all-reduce over NCCL's btree rooted at GPU-0: every chunk is reduced up the tree and
// broadcast back down, pipelined chunk by chunk (see pipelinedTree.ts): C − 1 + 2⌈log2 N⌉ steps.

import { btree } from './btree';
import { anyChunks, checkDevices } from './options';
import { pipelinedTreeSteps } from './pipelinedTree';
import { makeSchedule, type AlgorithmSpec } from './types';

const DEFAULT_CHUNKS = 4;

export const tree: AlgorithmSpec = {
  id: 'tree',
  collective: 'allreduce',
  summary: 'binary tree (NCCL btree): chunks pipelined up to GPU-0 and broadcast back down, C − 1 + 2⌈log2 N⌉ steps',
  build(options) {
    const devices = checkDevices(options);
    const chunks = anyChunks(options, DEFAULT_CHUNKS);
    const order = Array.from({ length: chunks }, (_, c) => c);
    const steps = pipelinedTreeSteps([{ tree: btree(devices), chunks: order }]);
    return makeSchedule('allreduce', 'tree', devices, chunks, steps);
  },
};
