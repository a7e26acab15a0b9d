// Reduce to the root. Binomial tree: the broadcast tree with its edges reversed and its steps in
// reverse order, so a device sends its partial sum to its parent only after all its children (which
// lie further from the root) have added theirs. Ring: a pipelined chain in the ring's direction,
// root+1 → root+2 → … → root+N−1 → root, so every hop goes from device i to i+1 as in the ring
// broadcast; chunk c leaves root+1 at step c and gains one contribution per hop.

import { anyChunks, checkDevices, checkRoot } from './options';
import { binomialTreeRounds, CHAIN_CHUNKS, pipelinedChainSteps, ringOrderFrom, rootExtra } from './broadcast';
import { makeSchedule, wholeBuffer, type AlgorithmSpec } from './types';

export const binomialTreeReduce: AlgorithmSpec = {
  id: 'binomial-tree',
  collective: 'reduce',
  summary: 'the binomial broadcast tree run backwards: whole buffers are added toward the root, ⌈lg N⌉ steps',
  build(options) {
    const devices = checkDevices(options);
    const root = checkRoot(options, devices);
    const chunks = anyChunks(options, 1);
    const steps = binomialTreeRounds(devices, root)
      .reverse()
      .map((edges) => ({
        phase: 'reduce',
        transfers: edges.flatMap(([parent, child]) => wholeBuffer(child, parent, chunks, 'reduce')),
      }));
    return makeSchedule('reduce', 'binomial-tree', devices, chunks, steps, rootExtra(options, root));
  },
};

export const ringReduce: AlgorithmSpec = {
  id: 'ring',
  collective: 'reduce',
  summary: 'pipelined chain root+1 → root+2 → … → root, one chunk leaving root+1 per step: N−1 + C−1 steps',
  build(options) {
    const devices = checkDevices(options);
    const root = checkRoot(options, devices);
    const chunks = anyChunks(options, CHAIN_CHUNKS);
    const steps = pipelinedChainSteps(ringOrderFrom(root + 1, devices), chunks, 'reduce', 'reduce');
    return makeSchedule('reduce', 'ring', devices, chunks, steps, rootExtra(options, root));
  },
};
