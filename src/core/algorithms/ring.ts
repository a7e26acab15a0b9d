// Ring all-reduce in the seeds' order: in reduce-scatter ("share-reduce") step s, device i sends
// segment (i − s) mod N to device i+1, which adds it to its own; after N−1 steps device i holds the
// fully reduced segment (i+1) mod N. All-gather ("share-only") then passes the finished segments on:
// in step s device i sends segment (i + 1 − s) mod N, which the receiver stores.

import type { Step } from '../schedule';
import { checkDevices, chunksPerSegment } from './options';
import { makeSchedule, segmentTransfers, type AlgorithmSpec } from './types';

/** a mod n in [0, n), also for negative a. */
export const mod = (a: number, n: number) => ((a % n) + n) % n;

/** Steps of a ring over `ring` (device ids in ring order), segments indexed by ring position. */
export function ringSteps(
  ring: readonly number[],
  perSegment: number,
  segmentOf: (position: number) => number,
  phases: { reduceScatter?: string; allgather?: string },
): Step[] {
  const n = ring.length;
  const steps: Step[] = [];
  if (phases.reduceScatter !== undefined) {
    for (let s = 0; s < n - 1; s++) {
      steps.push({
        phase: phases.reduceScatter,
        transfers: ring.flatMap((device, i) =>
          segmentTransfers(device, ring[(i + 1) % n], segmentOf(mod(i - s, n)), perSegment, 'reduce'),
        ),
      });
    }
  }
  if (phases.allgather !== undefined) {
    for (let s = 0; s < n - 1; s++) {
      steps.push({
        phase: phases.allgather,
        transfers: ring.flatMap((device, i) =>
          segmentTransfers(device, ring[(i + 1) % n], segmentOf(mod(i + 1 - s, n)), perSegment, 'copy'),
        ),
      });
    }
  }
  return steps;
}

export function identityRing(devices: number): number[] {
  return Array.from({ length: devices }, (_, i) => i);
}

export const ring: AlgorithmSpec = {
  id: 'ring',
  collective: 'allreduce',
  summary: 'reduce-scatter ("share-reduce") then all-gather ("share-only") around a ring: 2(N−1) steps',
  build(options) {
    const devices = checkDevices(options);
    const perSegment = chunksPerSegment(options, devices, 'ring');
    const steps = ringSteps(identityRing(devices), perSegment, (p) => p, {
      reduceScatter: 'reduce-scatter',
      allgather: 'allgather',
    });
    return makeSchedule('allreduce', 'ring', devices, devices * perSegment, steps);
  },
};
