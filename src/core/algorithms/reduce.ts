// Reduce to the root. Binomial tree: the broadcast tree with its edges reversed and its steps in
// reverse order, so a device sends its partial sum to its parent only after all its children (which
// lie further from the root) have added theirs. Ring: a pipelined chain in the ring's direction,
// root+1 → root+2 → … → root+N−1 → root, so every hop goes from device i to i+1 as in the ring
// broadcast; chunk c leaves root+1 at step c and gains one contribution per hop.

import { checkDevices, checkRoot, chunksOf } from './options';
import { binomialTreeRounds, CHAIN_CHUNKS, ringOrderFrom, rootExtra, writePipelinedChain } from './broadcast';
import { defineAlgorithm, makeHeader, type AlgorithmSpec } from './types';

export const binomialTreeReduce: AlgorithmSpec = defineAlgorithm({
  id: 'binomial-tree',
  collective: 'reduce',
  summary: 'the binomial broadcast tree run backwards: whole buffers are added toward the root, ⌈lg N⌉ steps',
  chunks: { kind: 'any', fallback: 1 },
  phases: ['reduce'],
  layout: 'binomial-tree',
  drawsLinks: true,
  baseline: false,
  write(options, out) {
    const devices = checkDevices(options);
    const root = checkRoot(options, devices);
    const { chunks } = chunksOf(binomialTreeReduce, options);
    for (const edges of binomialTreeRounds(devices, root).reverse()) {
      out.step('reduce');
      for (const [parent, child] of edges) out.chunks(child, parent, 0, chunks, 'reduce');
    }
    return makeHeader('reduce', 'binomial-tree', devices, chunks, rootExtra(options, root));
  },
});

export const ringReduce: AlgorithmSpec = defineAlgorithm({
  id: 'ring',
  collective: 'reduce',
  summary: 'pipelined chain root+1 → root+2 → … → root, one chunk leaving root+1 per step: N−1 + C−1 steps',
  chunks: { kind: 'any', fallback: CHAIN_CHUNKS },
  phases: ['reduce'],
  layout: 'circle',
  drawsLinks: true,
  baseline: false,
  write(options, out) {
    const devices = checkDevices(options);
    const root = checkRoot(options, devices);
    const { chunks } = chunksOf(ringReduce, options);
    writePipelinedChain(out, ringOrderFrom(root + 1, devices), chunks, 'reduce', 'reduce');
    return makeHeader('reduce', 'ring', devices, chunks, rootExtra(options, root));
  },
});
