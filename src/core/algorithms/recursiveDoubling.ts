// Recursive-doubling all-reduce: on p' = 2^⌊lg N⌋ ranks (after the fold of fold.ts), partners at
// distance 1, 2, 4, … exchange their whole buffers and both add what they receive. Both directions
// share a step because each message is a snapshot taken at the step's start. lg p' steps of a whole
// buffer each: few messages, lg p'·K elements per device.

import type { Transfer } from '../schedule';
import { withFold } from './fold';
import { anyChunks, checkDevices } from './options';
import { makeSchedule, wholeBuffer, type AlgorithmSpec } from './types';

export const recursiveDoubling: AlgorithmSpec = {
  id: 'recursive-doubling',
  collective: 'allreduce',
  summary: 'partners at distance 1, 2, 4, … exchange and add whole buffers (any N, folded to a power of two): ~lg N steps',
  build(options) {
    const devices = checkDevices(options);
    const chunks = anyChunks(options, 1);
    const steps = withFold(devices, chunks, ({ survivors }) => {
      const ranks = survivors.length;
      const exchanges = [];
      for (let distance = 1; distance < ranks; distance *= 2) {
        const transfers: Transfer[] = [];
        for (let r = 0; r < ranks; r++) transfers.push(...wholeBuffer(survivors[r], survivors[r ^ distance], chunks, 'reduce'));
        exchanges.push({ phase: 'exchange', transfers });
      }
      return exchanges;
    });
    return makeSchedule('allreduce', 'recursive-doubling', devices, chunks, steps);
  },
};
