// NCCL 2.4's two figures as settings (S. Jeaugey, "Massively Scale Your Deep Learning Training with
// NCCL 2.4", 2019; the summit preset's sources): the latency and the bus bandwidth of rings and double
// binary trees against the GPU count on Summit, up to 24,576 GPUs (4,096 nodes of 6), and what the
// post measured. The post plots its values without printing them; it says trees reached up to 180×
// lower latency than rings at 24,576 GPUs, the gap growing with scale, and kept the bus bandwidth.

import { doubleTree } from '../algorithms/doubleTree';
import { hierarchicalRing } from '../algorithms/hierarchicalRing';
import { ring } from '../algorithms/ring';
import type { Fabric } from './cost';
import type { ProtocolChoice } from './transport';

export interface ScaleFigures {
  /** A machine preset's id (core/nccl presets), or one switch of this fabric. */
  machine: string | Fabric;
  /** hierarchical-ring's G; absent: the preset's nodes. */
  devicesPerNode?: number;
  /** The incumbent first, then the challenger, then any others drawn. */
  algorithms: readonly string[];
  deviceCounts: readonly number[];
  /** The small all-reduce whose time stands for latency. */
  latencyBytes: number;
  latencyProtocol: ProtocolChoice;
  /** The large all-reduce whose bus bandwidth is drawn. */
  bandwidthBytes: number;
  bandwidthProtocol: ProtocolChoice;
  /** The trees' pipeline chunk at the large size (the chunks are its multiple that holds the message). */
  treeChunkBytes: number;
  /** What was measured, where the figures stand beside a publication: the incumbent's latency over the challenger's, up to `ratio`, at `devices`. */
  measured?: { devices: number; ratio: number; source: string };
}

const KIB = 1024;

export const NCCL_24_FIGURES: ScaleFigures = {
  machine: 'summit',
  algorithms: [ring.id, doubleTree.id, hierarchicalRing.id],
  // One node to 4,096 nodes of 6, doubling.
  deviceCounts: Array.from({ length: 13 }, (_, k) => 6 * 2 ** k),
  // Two f32 elements: the smallest all-reduce nccl-tests times (-b 8). The post does not name its size.
  latencyBytes: 8,
  // NCCL 2.4 had LL and Simple (LL128 came with 2.5); its tuner runs LL for a few bytes, Simple for many.
  latencyProtocol: 'LL',
  bandwidthBytes: 256 * KIB * KIB,
  bandwidthProtocol: 'Simple',
  // Simple moves a channel's 4 MiB buffer in NCCL_STEPS = 8 steps of 512 KiB, a tree's chunk.
  treeChunkBytes: 512 * KIB,
  measured: { devices: 24_576, ratio: 180, source: 'NCCL 2.4 on Summit (NVIDIA, 2019)' },
};

/** The trees' chunks for a message: enough chunks of `treeChunkBytes` to hold it. */
export function treeChunksFor(figures: Pick<ScaleFigures, 'treeChunkBytes'>, bytes: number): number {
  return Math.max(1, Math.ceil(bytes / figures.treeChunkBytes));
}
