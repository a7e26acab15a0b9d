// Rabenseifner's all-reduce (Thakur, Rabenseifner & Gropp 2005) on p' = 2^⌊lg N⌋ ranks, after the
// fold of fold.ts. Reduce-scatter by recursive halving: in step k partners at distance p'/2^(k+1)
// split their current range of segments, the lower rank keeping the lower half, so new rank r ends
// with the fully reduced segment r. All-gather by recursive doubling at distances 1, 2, 4, …: rank r
// holds the aligned block of `distance` segments around r (it starts at r & ~(distance − 1)) and
// copies it to its partner.

import { foldPlan, largestPowerOfTwoAtMost, writeWithFold } from './fold';
import { checkDevices, chunksOf } from './options';
import { defineAlgorithm, makeHeader, type AlgorithmSpec } from './types';
import type { ScheduleWriter } from './writer';

function writeReduceScatter(out: ScheduleWriter, survivors: readonly number[], perSegment: number): void {
  const ranks = survivors.length;
  for (let distance = ranks / 2; distance >= 1; distance /= 2) {
    out.step('reduce-scatter');
    for (let r = 0; r < ranks; r++) {
      // Rank r holds the aligned block of 2·distance segments around r and sends the half around its partner.
      const partner = r ^ distance;
      out.chunks(survivors[r], survivors[partner], (partner & ~(distance - 1)) * perSegment, distance * perSegment, 'reduce');
    }
  }
}

function writeAllgather(out: ScheduleWriter, survivors: readonly number[], perSegment: number): void {
  const ranks = survivors.length;
  for (let distance = 1; distance < ranks; distance *= 2) {
    out.step('allgather');
    for (let r = 0; r < ranks; r++) {
      out.chunks(survivors[r], survivors[r ^ distance], (r & ~(distance - 1)) * perSegment, distance * perSegment, 'copy');
    }
  }
}

export const halvingDoubling: AlgorithmSpec = defineAlgorithm({
  id: 'halving-doubling',
  collective: 'allreduce',
  summary: 'Rabenseifner: recursive-halving reduce-scatter then recursive-doubling all-gather (any N, folded to a power of two): ~2·lg N steps',
  chunks: { kind: 'segments', segments: largestPowerOfTwoAtMost },
  phases: ['fold', 'reduce-scatter', 'allgather', 'unfold'],
  layout: 'partners',
  drawsLinks: true,
  baseline: false,
  costForm: { kind: 'halving-blocks' },
  write(options, out) {
    const devices = checkDevices(options);
    const { chunks, perSegment } = chunksOf(halvingDoubling, options);
    const { ranks, folded } = foldPlan(devices);
    // Each half moves every chunk but one rank's share, for each rank; fold and unfold whole buffers.
    out.reserve(2 * (ranks - 1) * chunks + 2 * folded * chunks);
    writeWithFold(out, devices, chunks, ({ survivors }) => {
      writeReduceScatter(out, survivors, perSegment);
      writeAllgather(out, survivors, perSegment);
    });
    return makeHeader('allreduce', 'halving-doubling', devices, chunks);
  },
});
