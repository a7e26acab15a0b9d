// Recursive-doubling all-reduce: on p' = 2^⌊lg N⌋ ranks (after the fold of fold.ts), partners at
// distance 1, 2, 4, … exchange their whole buffers and both add what they receive. Both directions
// share a step because each message is a snapshot taken at the step's start. lg p' steps of a whole
// buffer each: few messages, lg p'·K elements per device.

import { writeWithFold } from './fold';
import { checkDevices, chunksOf } from './options';
import { defineAlgorithm, makeHeader, type AlgorithmSpec } from './types';

export const recursiveDoubling: AlgorithmSpec = defineAlgorithm({
  id: 'recursive-doubling',
  collective: 'allreduce',
  summary: 'partners at distance 1, 2, 4, … exchange and add whole buffers (any N, folded to a power of two): ~lg N steps',
  chunks: { kind: 'any', fallback: 1 },
  phases: ['fold', 'exchange', 'unfold'],
  layout: 'partners',
  drawsLinks: true,
  baseline: false,
  costForm: { kind: 'folded-exchanges' },
  write(options, out) {
    const devices = checkDevices(options);
    const { chunks } = chunksOf(recursiveDoubling, options);
    writeWithFold(out, devices, chunks, ({ survivors }) => {
      const ranks = survivors.length;
      for (let distance = 1; distance < ranks; distance *= 2) {
        out.step('exchange');
        for (let r = 0; r < ranks; r++) out.chunks(survivors[r], survivors[r ^ distance], 0, chunks, 'reduce');
      }
    });
    return makeHeader('allreduce', 'recursive-doubling', devices, chunks);
  },
});
