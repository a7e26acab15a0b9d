// Broadcast from the root. Binomial tree: ranks are taken relative to the root (r = (d − root) mod N);
// in step k every r < 2^k already holds the data and sends its whole buffer to r + 2^k, so after
// ⌈lg N⌉ steps everyone has it. Ring: a pipelined chain root → root+1 → … → root+N−1; chunk c leaves
// the root at step c and moves one hop per step, N−1 + C−1 steps in all.

import type { TransferOp } from '../schedule/ir';
import { checkDevices, checkRoot, chunksOf } from './options';
import { defineAlgorithm, makeHeader, type AlgorithmOptions, type AlgorithmSpec } from './types';
import type { ScheduleWriter } from './writer';

/** Default chunk count of the pipelined chains: enough to show chunks overlapping on the chain. */
export const CHAIN_CHUNKS = 4;

/** Edges [parent, child] of the binomial tree per step, in broadcast order (root outward). */
export function binomialTreeRounds(devices: number, root: number): [number, number][][] {
  const rounds: [number, number][][] = [];
  for (let distance = 1; distance < devices; distance *= 2) {
    const edges: [number, number][] = [];
    for (let r = 0; r < distance && r + distance < devices; r++) {
      edges.push([(r + root) % devices, (r + distance + root) % devices]);
    }
    rounds.push(edges);
  }
  return rounds;
}

/**
 * Writes the steps moving every chunk along `chain` (device ids, first to last): chunk c crosses hop
 * h (from chain[h] to chain[h+1]) in step c + h, so a device forwards a chunk the step after it arrives.
 */
export function writePipelinedChain(out: ScheduleWriter, chain: readonly number[], chunks: number, op: TransferOp, phase: string): void {
  const hops = chain.length - 1;
  if (hops < 1) return;
  for (let t = 0; t < hops + chunks - 1; t++) {
    out.step(phase);
    for (let hop = Math.max(0, t - chunks + 1); hop <= Math.min(hops - 1, t); hop++) out.transfer(chain[hop], chain[hop + 1], t - hop, op);
  }
}

/** Devices from `start`, following the ring upward: start, start+1, … (mod N). */
export function ringOrderFrom(start: number, devices: number): number[] {
  return Array.from({ length: devices }, (_, i) => (start + i) % devices);
}

/** The `root` field a rooted schedule carries: only when the caller chose one. */
export function rootExtra(options: AlgorithmOptions, root: number): { root?: number } {
  return options.root === undefined ? {} : { root };
}

export const binomialTreeBroadcast: AlgorithmSpec = defineAlgorithm({
  id: 'binomial-tree',
  collective: 'broadcast',
  summary: 'every device that has the data sends its whole buffer on, doubling the holders each step: ⌈lg N⌉ steps',
  chunks: { kind: 'any', fallback: 1 },
  phases: ['broadcast'],
  layout: 'binomial-tree',
  drawsLinks: true,
  baseline: false,
  write(options, out) {
    const devices = checkDevices(options);
    const root = checkRoot(options, devices);
    const { chunks } = chunksOf(binomialTreeBroadcast, options);
    for (const edges of binomialTreeRounds(devices, root)) {
      out.step('broadcast');
      for (const [parent, child] of edges) out.chunks(parent, child, 0, chunks, 'copy');
    }
    return makeHeader('broadcast', 'binomial-tree', devices, chunks, rootExtra(options, root));
  },
});

export const ringBroadcast: AlgorithmSpec = defineAlgorithm({
  id: 'ring',
  collective: 'broadcast',
  summary: 'pipelined chain root → root+1 → …, one chunk leaving the root per step: N−1 + C−1 steps',
  chunks: { kind: 'any', fallback: CHAIN_CHUNKS },
  phases: ['broadcast'],
  layout: 'circle',
  drawsLinks: true,
  baseline: false,
  write(options, out) {
    const devices = checkDevices(options);
    const root = checkRoot(options, devices);
    const { chunks } = chunksOf(ringBroadcast, options);
    writePipelinedChain(out, ringOrderFrom(root, devices), chunks, 'copy', 'broadcast');
    return makeHeader('broadcast', 'ring', devices, chunks, rootExtra(options, root));
  },
});
