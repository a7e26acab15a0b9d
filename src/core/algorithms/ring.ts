// Ring all-reduce in the seeds' order: in reduce-scatter ("share-reduce") step s, device i sends
// segment (i − s) mod N to device i+1, which adds it to its own; after N−1 steps device i holds the
// fully reduced segment (i+1) mod N. All-gather ("share-only") then passes the finished segments on:
// in step s device i sends segment (i + 1 − s) mod N, which the receiver stores.

import { checkDevices, chunksOf, SEGMENT_PER_DEVICE } from './options';
import { defineAlgorithm, makeHeader, type AlgorithmSpec } from './types';
import type { ScheduleWriter } from './writer';

/** a mod n in [0, n), also for negative a. */
export const mod = (a: number, n: number) => ((a % n) + n) % n;

/**
 * A pass around rings: in reduce-scatter step s, ring[i] adds position (i − s) into ring[i+1]; in
 * all-gather step s it copies position (i + 1 − s) there.
 */
export type RingPass = 'reduce-scatter' | 'allgather';

/**
 * Writes the N−1 steps of a pass around rings of equal length that run side by side: each step holds
 * that step of every ring, rings in order. `segmentOf(r, position)` is the segment that ring r's
 * position stands for; a segment is `perSegment` consecutive chunks.
 */
export function writeRingPass(
  out: ScheduleWriter,
  rings: readonly (readonly number[])[],
  pass: RingPass,
  phase: string,
  perSegment: number,
  segmentOf: (ring: number, position: number) => number,
): void {
  const n = rings[0]?.length ?? 0;
  const shift = pass === 'reduce-scatter' ? 0 : 1;
  const op = pass === 'reduce-scatter' ? 'reduce' : 'copy';
  out.reserve((n - 1) * rings.length * n * perSegment);
  for (let s = 0; s < n - 1; s++) {
    out.step(phase);
    for (let r = 0; r < rings.length; r++) {
      const ring = rings[r];
      // Position (i + shift − s) mod N, stepped along with i: two million transfers at 1024 devices.
      let position = mod(shift - s, n);
      for (let i = 0; i < n; i++) {
        out.chunks(ring[i], ring[i + 1 === n ? 0 : i + 1], segmentOf(r, position) * perSegment, perSegment, op);
        position = position + 1 === n ? 0 : position + 1;
      }
    }
  }
}

export function identityRing(devices: number): number[] {
  return Array.from({ length: devices }, (_, i) => i);
}

export const ring: AlgorithmSpec = defineAlgorithm({
  id: 'ring',
  collective: 'allreduce',
  summary: 'reduce-scatter ("share-reduce") then all-gather ("share-only") around a ring: 2(N−1) steps',
  chunks: SEGMENT_PER_DEVICE,
  phases: ['reduce-scatter', 'allgather'],
  layout: 'circle',
  drawsLinks: true,
  baseline: false,
  seedTraffic: [
    { scope: 'per device', text: '2·(G−1)·N/G', elements: (g, n) => (2 * (g - 1) * n) / g },
    { scope: 'in all', text: '2·(G−1)·N', elements: (g, n) => 2 * (g - 1) * n },
  ],
  costForm: { kind: 'segment-ring' },
  write(options, out) {
    const devices = checkDevices(options);
    const { perSegment } = chunksOf(ring, options);
    const rings = [identityRing(devices)];
    const position = (_: number, p: number) => p;
    out.reserve(2 * (devices - 1) * devices * perSegment);
    writeRingPass(out, rings, 'reduce-scatter', 'reduce-scatter', perSegment, position);
    writeRingPass(out, rings, 'allgather', 'allgather', perSegment, position);
    return makeHeader('allreduce', 'ring', devices, devices * perSegment);
  },
});
