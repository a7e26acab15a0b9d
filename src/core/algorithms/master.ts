// Single-GPU master (seed 000): all devices send their buffers to GPU-0, which reduces them and sends
// the result back: 2·(G−1)·K elements, all through one device's port.

import type { Transfer } from '../schedule';
import { anyChunks, checkDevices } from './options';
import { makeSchedule, wholeBuffer, type AlgorithmSpec } from './types';

export const master: AlgorithmSpec = {
  id: 'master',
  collective: 'allreduce',
  summary: 'all devices send to GPU-0, which reduces and sends the result back (2·(G−1)·K elements)',
  build(options) {
    const devices = checkDevices(options);
    const chunks = anyChunks(options, 1);
    const gather: Transfer[] = [];
    const scatter: Transfer[] = [];
    for (let d = 1; d < devices; d++) {
      gather.push(...wholeBuffer(d, 0, chunks, 'reduce'));
      scatter.push(...wholeBuffer(0, d, chunks, 'copy'));
    }
    const steps =
      devices > 1
        ? [
            { phase: 'reduce', transfers: gather },
            { phase: 'broadcast', transfers: scatter },
          ]
        : [];
    return makeSchedule('allreduce', 'master', devices, chunks, steps);
  },
};
