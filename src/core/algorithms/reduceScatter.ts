// Ring reduce-scatter in NCCL's order: in step s device i sends segment (i − s − 1) mod N to device
// i+1, which adds it to its own. Segment j starts at device j+1 and arrives, fully reduced, at its
// owner j after N−1 hops, so device d ends holding the chunks it owns ([d·C/N, (d+1)·C/N)).

import { checkDevices, chunksPerSegment } from './options';
import { identityRing, mod, ringSteps } from './ring';
import { makeSchedule, type AlgorithmSpec } from './types';

export const ringReduceScatter: AlgorithmSpec = {
  id: 'ring',
  collective: 'reduce-scatter',
  summary: 'N−1 ring steps; each device ends with its own segment fully reduced ((N−1)/N·K sent per device)',
  build(options) {
    const devices = checkDevices(options);
    const perSegment = chunksPerSegment(options, devices, 'ring reduce-scatter');
    // ringSteps sends position (i − s); shifting by one gives NCCL's segment (i − s − 1).
    const steps = ringSteps(identityRing(devices), perSegment, (p) => mod(p - 1, devices), {
      reduceScatter: 'reduce-scatter',
    });
    return makeSchedule('reduce-scatter', 'ring', devices, devices * perSegment, steps);
  },
};
