// Rabenseifner's all-reduce (Thakur, Rabenseifner & Gropp 2005) on p' = 2^⌊lg N⌋ ranks, after the
// fold of fold.ts. Reduce-scatter by recursive halving: in step k partners at distance p'/2^(k+1)
// split their current range of segments, the lower rank keeping the lower half, so new rank r ends
// with the fully reduced segment r. All-gather by recursive doubling at distances 1, 2, 4, …: rank r
// holds the aligned block of `distance` segments around r (it starts at r & ~(distance − 1)) and
// copies it to its partner.

import type { Step, Transfer } from '../schedule';
import { largestPowerOfTwoAtMost, withFold } from './fold';
import { checkDevices, chunksPerSegment } from './options';
import { makeSchedule, segmentTransfers, type AlgorithmSpec } from './types';

/** The block of `size` segments starting at `lo` (a multiple of size) as one message. */
function blockTransfers(src: number, dst: number, lo: number, size: number, perSegment: number, op: Transfer['op']): Transfer[] {
  return segmentTransfers(src, dst, lo / size, size * perSegment, op);
}

function reduceScatterSteps(survivors: readonly number[], perSegment: number): Step[] {
  const ranks = survivors.length;
  const steps: Step[] = [];
  for (let distance = ranks / 2; distance >= 1; distance /= 2) {
    const transfers: Transfer[] = [];
    for (let r = 0; r < ranks; r++) {
      // Rank r holds the aligned block of 2·distance segments around r and sends the half around its partner.
      const partner = r ^ distance;
      transfers.push(...blockTransfers(survivors[r], survivors[partner], partner & ~(distance - 1), distance, perSegment, 'reduce'));
    }
    steps.push({ phase: 'reduce-scatter', transfers });
  }
  return steps;
}

function allgatherSteps(survivors: readonly number[], perSegment: number): Step[] {
  const ranks = survivors.length;
  const steps: Step[] = [];
  for (let distance = 1; distance < ranks; distance *= 2) {
    const transfers: Transfer[] = [];
    for (let r = 0; r < ranks; r++) {
      transfers.push(...blockTransfers(survivors[r], survivors[r ^ distance], r & ~(distance - 1), distance, perSegment, 'copy'));
    }
    steps.push({ phase: 'allgather', transfers });
  }
  return steps;
}

export const halvingDoubling: AlgorithmSpec = {
  id: 'halving-doubling',
  collective: 'allreduce',
  summary: 'Rabenseifner: recursive-halving reduce-scatter then recursive-doubling all-gather (any N, folded to a power of two): ~2·lg N steps',
  build(options) {
    const devices = checkDevices(options);
    const segments = largestPowerOfTwoAtMost(devices);
    const perSegment = chunksPerSegment(options, segments, 'halving-doubling');
    const chunks = segments * perSegment;
    const steps = withFold(devices, chunks, ({ survivors }) => [
      ...reduceScatterSteps(survivors, perSegment),
      ...allgatherSteps(survivors, perSegment),
    ]);
    return makeSchedule('allreduce', 'halving-doubling', devices, chunks, steps);
  },
};
