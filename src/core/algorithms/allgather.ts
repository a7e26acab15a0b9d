// All-gather: every device starts with its own segment (the chunks it owns) and ends with every
// device's segment. Ring: in step s device i passes segment (i − s) mod N on to device i+1.
// Recursive doubling: devices exchange everything they have with a partner at distance 1, 2, 4, …;
// for N not a power of two the first 2·rem devices (rem = N − 2^⌊lg N⌋) fold in pairs before and
// unfold after, as in Thakur, Rabenseifner & Gropp's all-reduce.

import { largestPowerOfTwoAtMost } from './fold';
import { checkDevices, chunksOf, SEGMENT_PER_DEVICE } from './options';
import { identityRing, mod, writeRingPass } from './ring';
import { defineAlgorithm, makeHeader, type AlgorithmSpec } from './types';
import type { ScheduleWriter } from './writer';

export const ringAllgather: AlgorithmSpec = defineAlgorithm({
  id: 'ring',
  collective: 'allgather',
  summary: 'N−1 ring steps passing each segment on ((N−1)/N·K sent per device)',
  chunks: SEGMENT_PER_DEVICE,
  phases: ['allgather'],
  layout: 'circle',
  drawsLinks: true,
  baseline: false,
  write(options, out) {
    const devices = checkDevices(options);
    const { perSegment } = chunksOf(ringAllgather, options);
    // The all-gather pass sends position (i + 1 − s); shifting by one gives segment (i − s).
    writeRingPass(out, [identityRing(devices)], 'allgather', 'allgather', perSegment, (_, p) => mod(p - 1, devices));
    return makeHeader('allgather', 'ring', devices, devices * perSegment);
  },
});

function writeRecursiveDoubling(out: ScheduleWriter, devices: number, perSegment: number): void {
  /** Copies of segments [from, to) from src to dst. */
  const segmentRange = (src: number, dst: number, from: number, to: number) => out.chunks(src, dst, from * perSegment, (to - from) * perSegment, 'copy');
  const power = largestPowerOfTwoAtMost(devices);
  const rem = devices - power;
  // Virtual rank v < rem is device 2v+1 carrying segments {2v, 2v+1}; v ≥ rem is device v + rem.
  // Both maps are increasing, so a block of virtual ranks [a, b) holds segments [firstSegment(a), firstSegment(b)).
  const deviceOf = (v: number) => (v < rem ? 2 * v + 1 : v + rem);
  const firstSegment = (v: number) => (v < rem ? 2 * v : v + rem);

  if (rem > 0) {
    out.step('fold');
    for (let v = 0; v < rem; v++) segmentRange(2 * v, 2 * v + 1, 2 * v, 2 * v + 1);
  }
  for (let distance = 1; distance < power; distance *= 2) {
    out.step('allgather');
    for (let v = 0; v < power; v++) {
      const block = v - (v % distance);
      segmentRange(deviceOf(v), deviceOf(v ^ distance), firstSegment(block), firstSegment(block + distance));
    }
  }
  if (rem > 0) {
    out.step('unfold');
    for (let v = 0; v < rem; v++) {
      segmentRange(2 * v + 1, 2 * v, 0, 2 * v);
      segmentRange(2 * v + 1, 2 * v, 2 * v + 1, devices);
    }
  }
}

export const recursiveDoublingAllgather: AlgorithmSpec = defineAlgorithm({
  id: 'recursive-doubling',
  collective: 'allgather',
  summary: 'exchange everything held with the partner at distance 1, 2, 4, …: ⌈lg N⌉ steps (+1 fold step when N is not a power of two)',
  chunks: SEGMENT_PER_DEVICE,
  phases: ['fold', 'allgather', 'unfold'],
  layout: 'partners',
  drawsLinks: true,
  baseline: false,
  write(options, out) {
    const devices = checkDevices(options);
    const { perSegment } = chunksOf(recursiveDoublingAllgather, options);
    writeRecursiveDoubling(out, devices, perSegment);
    return makeHeader('allgather', 'recursive-doubling', devices, devices * perSegment);
  },
});
