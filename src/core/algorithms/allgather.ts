// All-gather: every device starts with its own segment (the chunks it owns) and ends with every
// device's segment. Ring: in step s device i passes segment (i − s) mod N on to device i+1.
// Recursive doubling: devices exchange everything they have with a partner at distance 1, 2, 4, …;
// for N not a power of two the first 2·rem devices (rem = N − 2^⌊lg N⌋) fold in pairs before and
// unfold after, as in Thakur, Rabenseifner & Gropp's all-reduce.

import type { Step, Transfer } from '../schedule';
import { largestPowerOfTwoAtMost } from './fold';
import { checkDevices, chunksPerSegment } from './options';
import { identityRing, mod, ringSteps } from './ring';
import { makeSchedule, segmentTransfers, type AlgorithmSpec } from './types';

export const ringAllgather: AlgorithmSpec = {
  id: 'ring',
  collective: 'allgather',
  summary: 'N−1 ring steps passing each segment on ((N−1)/N·K sent per device)',
  build(options) {
    const devices = checkDevices(options);
    const perSegment = chunksPerSegment(options, devices, 'ring allgather');
    // ringSteps' all-gather sends position (i + 1 − s); shifting by one gives segment (i − s).
    const steps = ringSteps(identityRing(devices), perSegment, (p) => mod(p - 1, devices), {
      allgather: 'allgather',
    });
    return makeSchedule('allgather', 'ring', devices, devices * perSegment, steps);
  },
};

/** Copies of segments [from, to) from src to dst. */
function segmentRange(src: number, dst: number, from: number, to: number, perSegment: number): Transfer[] {
  const out: Transfer[] = [];
  for (let segment = from; segment < to; segment++) out.push(...segmentTransfers(src, dst, segment, perSegment, 'copy'));
  return out;
}

function recursiveDoublingSteps(devices: number, perSegment: number): Step[] {
  const power = largestPowerOfTwoAtMost(devices);
  const rem = devices - power;
  // Virtual rank v < rem is device 2v+1 carrying segments {2v, 2v+1}; v ≥ rem is device v + rem.
  // Both maps are increasing, so a block of virtual ranks [a, b) holds segments [firstSegment(a), firstSegment(b)).
  const deviceOf = (v: number) => (v < rem ? 2 * v + 1 : v + rem);
  const firstSegment = (v: number) => (v < rem ? 2 * v : v + rem);

  const steps: Step[] = [];
  if (rem > 0) {
    const fold: Transfer[] = [];
    for (let v = 0; v < rem; v++) fold.push(...segmentTransfers(2 * v, 2 * v + 1, 2 * v, perSegment, 'copy'));
    steps.push({ phase: 'fold', transfers: fold });
  }
  for (let distance = 1; distance < power; distance *= 2) {
    const transfers: Transfer[] = [];
    for (let v = 0; v < power; v++) {
      const block = v - (v % distance);
      transfers.push(...segmentRange(deviceOf(v), deviceOf(v ^ distance), firstSegment(block), firstSegment(block + distance), perSegment));
    }
    steps.push({ phase: 'allgather', transfers });
  }
  if (rem > 0) {
    const unfold: Transfer[] = [];
    for (let v = 0; v < rem; v++) {
      unfold.push(...segmentRange(2 * v + 1, 2 * v, 0, 2 * v, perSegment));
      unfold.push(...segmentRange(2 * v + 1, 2 * v, 2 * v + 1, devices, perSegment));
    }
    steps.push({ phase: 'unfold', transfers: unfold });
  }
  return steps;
}

export const recursiveDoublingAllgather: AlgorithmSpec = {
  id: 'recursive-doubling',
  collective: 'allgather',
  summary: 'exchange everything held with the partner at distance 1, 2, 4, …: ⌈lg N⌉ steps (+1 fold step when N is not a power of two)',
  build(options) {
    const devices = checkDevices(options);
    const perSegment = chunksPerSegment(options, devices, 'recursive-doubling allgather');
    return makeSchedule('allgather', 'recursive-doubling', devices, devices * perSegment, recursiveDoublingSteps(devices, perSegment));
  },
};
