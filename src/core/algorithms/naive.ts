// Naive all-reduce (seed 000, "Algorithm #1"): every device sends its whole buffer to every other
// device in one step, G·(G−1)·K elements in all. Each device sums its own value first, then the
// incoming buffers in device order.

import { GradsyncError } from '../errors';
import { checkDevices, chunksOf } from './options';
import { defineAlgorithm, makeHeader, type AlgorithmSpec } from './types';

/** naive's G·(G−1)·C transfers grow fastest of all; this keeps the schedule within memory. */
const MAX_NAIVE_TRANSFERS = 1 << 24;

export const naive: AlgorithmSpec = defineAlgorithm({
  id: 'naive',
  collective: 'allreduce',
  summary: 'every device sends its whole buffer to every other device (G·(G−1)·K elements)',
  chunks: { kind: 'any', fallback: 1 },
  phases: ['exchange'],
  layout: 'circle',
  drawsLinks: false,
  baseline: true,
  seedTraffic: [{ scope: 'in all', text: 'G·(G−1)·N', elements: (g, n) => g * (g - 1) * n }],
  costForm: { kind: 'whole-buffers', steps: 1 },
  write(options, out) {
    const devices = checkDevices(options);
    const { chunks } = chunksOf(naive, options);
    if (devices * (devices - 1) * chunks > MAX_NAIVE_TRANSFERS) {
      throw new GradsyncError(
        'too-large',
        `naive on ${devices} devices with ${chunks} chunks would need ${(devices * (devices - 1) * chunks).toLocaleString('en-US')} transfers; the limit is ${MAX_NAIVE_TRANSFERS.toLocaleString('en-US')}`,
      );
    }
    out.reserve(devices * (devices - 1) * chunks);
    if (devices > 1) out.step('exchange');
    for (let src = 0; src < devices; src++) {
      for (let dst = 0; dst < devices; dst++) {
        if (dst !== src) out.chunks(src, dst, 0, chunks, 'reduce');
      }
    }
    return makeHeader('allreduce', 'naive', devices, chunks);
  },
});
