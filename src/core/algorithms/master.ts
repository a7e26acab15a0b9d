// Single-GPU master (seed 000): all devices send their buffers to GPU-0, which reduces them and sends
// the result back: 2·(G−1)·K elements, all through one device's port.

import { checkDevices, chunksOf } from './options';
import { defineAlgorithm, makeHeader, type AlgorithmSpec } from './types';

export const master: AlgorithmSpec = defineAlgorithm({
  id: 'master',
  collective: 'allreduce',
  summary: 'all devices send to GPU-0, which reduces and sends the result back (2·(G−1)·K elements)',
  chunks: { kind: 'any', fallback: 1 },
  phases: ['reduce', 'broadcast'],
  layout: 'star',
  drawsLinks: true,
  baseline: true,
  seedTraffic: [{ scope: 'in all', text: '2·(G−1)·N', elements: (g, n) => 2 * (g - 1) * n }],
  costForm: { kind: 'whole-buffers', steps: 2 },
  write(options, out) {
    const devices = checkDevices(options);
    const { chunks } = chunksOf(master, options);
    if (devices > 1) {
      out.step('reduce');
      for (let d = 1; d < devices; d++) out.chunks(d, 0, 0, chunks, 'reduce');
      out.step('broadcast');
      for (let d = 1; d < devices; d++) out.chunks(0, d, 0, chunks, 'copy');
    }
    return makeHeader('allreduce', 'master', devices, chunks);
  },
});
