// Ring reduce-scatter in NCCL's order: in step s device i sends segment (i − s − 1) mod N to device
// i+1, which adds it to its own. Segment j starts at device j+1 and arrives, fully reduced, at its
// owner j after N−1 hops, so device d ends holding the chunks it owns ([d·C/N, (d+1)·C/N)).

import { checkDevices, chunksOf, SEGMENT_PER_DEVICE } from './options';
import { identityRing, mod, writeRingPass } from './ring';
import { defineAlgorithm, makeHeader, type AlgorithmSpec } from './types';

export const ringReduceScatter: AlgorithmSpec = defineAlgorithm({
  id: 'ring',
  collective: 'reduce-scatter',
  summary: 'N−1 ring steps; each device ends with its own segment fully reduced ((N−1)/N·K sent per device)',
  chunks: SEGMENT_PER_DEVICE,
  phases: ['reduce-scatter'],
  layout: 'circle',
  drawsLinks: true,
  baseline: false,
  write(options, out) {
    const devices = checkDevices(options);
    const { perSegment } = chunksOf(ringReduceScatter, options);
    // The reduce-scatter pass sends position (i − s); shifting by one gives NCCL's segment (i − s − 1).
    writeRingPass(out, [identityRing(devices)], 'reduce-scatter', 'reduce-scatter', perSegment, (_, p) => mod(p - 1, devices));
    return makeHeader('reduce-scatter', 'ring', devices, devices * perSegment);
  },
});
