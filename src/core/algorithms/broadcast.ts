// Broadcast from the root. Binomial tree: ranks are taken relative to the root (r = (d − root) mod N);
// in step k every r < 2^k already holds the data and sends its whole buffer to r + 2^k, so after
// ⌈lg N⌉ steps everyone has it. Ring: a pipelined chain root → root+1 → … → root+N−1; chunk c leaves
// the root at step c and moves one hop per step, N−1 + C−1 steps in all.

import type { Step, Transfer, TransferOp } from '../schedule';
import { anyChunks, checkDevices, checkRoot } from './options';
import { makeSchedule, wholeBuffer, type AlgorithmOptions, type AlgorithmSpec } from './types';

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
 * Steps moving every chunk along `chain` (device ids, first to last): chunk c crosses hop h (from
 * chain[h] to chain[h+1]) in step c + h, so a device forwards a chunk the step after it arrives.
 */
export function pipelinedChainSteps(chain: readonly number[], chunks: number, op: TransferOp, phase: string): Step[] {
  const hops = chain.length - 1;
  if (hops < 1) return [];
  const steps: Step[] = [];
  for (let t = 0; t < hops + chunks - 1; t++) {
    const transfers: Transfer[] = [];
    for (let hop = Math.max(0, t - chunks + 1); hop <= Math.min(hops - 1, t); hop++) {
      transfers.push({ src: chain[hop], dst: chain[hop + 1], chunk: t - hop, op });
    }
    steps.push({ phase, transfers });
  }
  return steps;
}

/** Devices from `start`, following the ring upward: start, start+1, … (mod N). */
export function ringOrderFrom(start: number, devices: number): number[] {
  return Array.from({ length: devices }, (_, i) => (start + i) % devices);
}

/** The `root` field a rooted schedule carries: only when the caller chose one. */
export function rootExtra(options: AlgorithmOptions, root: number): { root?: number } {
  return options.root === undefined ? {} : { root };
}

export const binomialTreeBroadcast: AlgorithmSpec = {
  id: 'binomial-tree',
  collective: 'broadcast',
  summary: 'every device that has the data sends its whole buffer on, doubling the holders each step: ⌈lg N⌉ steps',
  build(options) {
    const devices = checkDevices(options);
    const root = checkRoot(options, devices);
    const chunks = anyChunks(options, 1);
    const steps = binomialTreeRounds(devices, root).map((edges) => ({
      phase: 'broadcast',
      transfers: edges.flatMap(([parent, child]) => wholeBuffer(parent, child, chunks, 'copy')),
    }));
    return makeSchedule('broadcast', 'binomial-tree', devices, chunks, steps, rootExtra(options, root));
  },
};

export const ringBroadcast: AlgorithmSpec = {
  id: 'ring',
  collective: 'broadcast',
  summary: 'pipelined chain root → root+1 → …, one chunk leaving the root per step: N−1 + C−1 steps',
  build(options) {
    const devices = checkDevices(options);
    const root = checkRoot(options, devices);
    const chunks = anyChunks(options, CHAIN_CHUNKS);
    const steps = pipelinedChainSteps(ringOrderFrom(root, devices), chunks, 'copy', 'broadcast');
    return makeSchedule('broadcast', 'ring', devices, chunks, steps, rootExtra(options, root));
  },
};
