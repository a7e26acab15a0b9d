// Naive all-reduce (seed 000, "Algorithm #1"): every device sends its whole buffer to every other
// device in one step, G·(G−1)·K elements in all. Each device sums its own value first, then the
// incoming buffers in device order.

import { GradsyncError } from '../errors';
import type { Transfer } from '../schedule';
import { anyChunks, checkDevices } from './options';
import { makeSchedule, wholeBuffer, type AlgorithmSpec } from './types';

/** naive's G·(G−1)·C transfers grow fastest of all; this keeps the schedule within memory. */
const MAX_NAIVE_TRANSFERS = 1 << 24;

export const naive: AlgorithmSpec = {
  id: 'naive',
  collective: 'allreduce',
  summary: 'every device sends its whole buffer to every other device (G·(G−1)·K elements)',
  build(options) {
    const devices = checkDevices(options);
    const chunks = anyChunks(options, 1);
    if (devices * (devices - 1) * chunks > MAX_NAIVE_TRANSFERS) {
      throw new GradsyncError(
        'too-large',
        `naive on ${devices} devices with ${chunks} chunks would need ${(devices * (devices - 1) * chunks).toLocaleString('en-US')} transfers; the limit is ${MAX_NAIVE_TRANSFERS.toLocaleString('en-US')}`,
      );
    }
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
