// Naive all-reduce (seed 000, "Algorithm #1"): every device sends its whole buffer to every other
// device in one step, G·(G−1)·K elements in all. Each device sums its own value first, then the
// incoming buffers in device order.

import type { Transfer } from '../schedule';
import { anyChunks, checkDevices } from './options';
import { makeSchedule, wholeBuffer, type AlgorithmSpec } from './types';

export const naive: AlgorithmSpec = {
  id: 'naive',
  collective: 'allreduce',
  summary: 'every device sends its whole buffer to every other device (G·(G−1)·K elements)',
  build(options) {
    const devices = checkDevices(options);
    const chunks = anyChunks(options, 1);
    const transfers: Transfer[] = [];
    for (let src = 0; src < devices; src++) {
      for (let dst = 0; dst < devices; dst++) {
        if (dst !== src) transfers.push(...wholeBuffer(src, dst, chunks, 'reduce'));
      }
    }
    const steps = devices > 1 ? [{ phase: 'exchange', transfers }] : [];
    return makeSchedule('allreduce', 'naive', devices, chunks, steps);
  },
};
