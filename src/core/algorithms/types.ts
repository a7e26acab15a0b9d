// What every algorithm builder takes and returns, and what each algorithm says about itself: every
// fact that differs per algorithm lives on its spec, so front ends never test an algorithm's name.

import { plainSchedule, type FlatSchedule } from '../schedule/flat';
import type { TreeLoad } from './pipelinedTree';
import type { Collective, Schedule, ScheduleHeader } from '../schedule/ir';
import { SCHEDULE_FORMAT } from '../schedule/ir';
import { ScheduleWriter } from './writer';

export interface AlgorithmOptions {
  devices: number;
  /** Number of chunks; each algorithm has a default and may require a multiple of its natural count. */
  chunks?: number;
  /** Devices per node (hierarchical-ring needs it; tree and double-tree build over nodes with it); it must divide devices. */
  devicesPerNode?: number;
  /** Root device for broadcast and reduce. */
  root?: number;
}

/** How many chunks an algorithm splits the buffer into. */
export type ChunkRule =
  /** Any count; `fallback` when none is given. */
  | { kind: 'any'; fallback: number }
  /** A multiple of its segment count for N devices (ring: N), the segment count when none is given. */
  | { kind: 'segments'; segments: (devices: number) => number };

/**
 * The picture of an algorithm's devices, as a word: the UI turns it into geometry. circle: devices
 * on a ring; star: GPU-0 in the middle; tree: NCCL's binary tree; double-tree: its two trees; nodes:
 * blocks of devicesPerNode; partners: recursive halving and doubling pairs; binomial-tree: the
 * binomial tree from the root.
 */
export type AlgorithmLayout = 'circle' | 'star' | 'tree' | 'double-tree' | 'nodes' | 'partners' | 'binomial-tree';

/**
 * The closed form costFormulas.ts evaluates an all-reduce's α-β time with, without building its
 * schedule; an algorithm without one has its schedule compiled once and counted for every K.
 */
export type CostForm =
  /** `steps` steps, each through a port that carries N−1 whole buffers (naive 1, master 2). */
  | { kind: 'whole-buffers'; steps: number }
  /** 2(N−1) ring steps, each moving every one of the N segments once. */
  | { kind: 'segment-ring' }
  /** Recursive halving then doubling over aligned blocks of the p' = 2^⌊lg N⌋ segments, after the fold. */
  | { kind: 'halving-blocks' }
  /** lg p' exchanges of whole buffers, after the fold. */
  | { kind: 'folded-exchanges' }
  /** 2(G−1) intra-node ring steps over G super-segments, 2(N/G−1) inter-node ring steps over N segments. */
  | { kind: 'node-rings' }
  /**
   * Trees pipelined over chunks (pipelinedTree.ts): the trees and the chunks each carries, exactly as
   * the builder writes them, for N devices and C chunks (any N: nothing is checked against the
   * schedule's limits), over nodes where G is given.
   */
  | { kind: 'pipelined-trees'; loads(options: { devices: number; chunks: number; devicesPerNode?: number }): readonly TreeLoad[] };

/** One of the seeds' counts of elements moved, for G devices of N elements each. */
export interface TrafficFormula {
  /** 'in all': every transfer together; 'per device': what each device sends, and receives. */
  scope: 'in all' | 'per device';
  /** In the seeds' notation: 'G·(G−1)·N'. */
  text: string;
  elements(g: number, n: number): number;
}

export interface AlgorithmSpec {
  id: string;
  collective: Collective;
  /** One line for help texts and pickers. */
  summary: string;
  /** It groups devices in nodes and needs devicesPerNode (suggestDevicesPerNode picks one). */
  takesDevicesPerNode?: boolean;
  chunks: ChunkRule;
  /** The phases its steps carry, in the order they first appear. */
  phases: readonly string[];
  layout: AlgorithmLayout;
  /** False where the links would hide the picture (naive links every pair). */
  drawsLinks: boolean;
  /** One of the seeds' starting points (naive, master), drawn dashed so the real contenders read first. */
  baseline: boolean;
  /** The seeds' counts of its traffic, for the algorithms the seeds count. */
  seedTraffic?: readonly TrafficFormula[];
  /** All-reduce only: its closed-form α-β time. */
  costForm?: CostForm;
  /** Writes its schedule's steps into `out` and returns the schedule's other fields. */
  write(options: AlgorithmOptions, out: ScheduleWriter): ScheduleHeader;
  /** Its schedule as new objects, free to change. */
  build(options: AlgorithmOptions): Schedule;
}

/** A spec whose builder writes flat arrays (`write`); `build` makes the objects from them. */
export function defineAlgorithm(spec: Omit<AlgorithmSpec, 'build'>): AlgorithmSpec {
  return { ...spec, build: (options) => plainSchedule(writeAlgorithm(spec, options)) };
}

/** The flat form of a spec's schedule. */
export function writeAlgorithm(spec: Pick<AlgorithmSpec, 'write'>, options: AlgorithmOptions): FlatSchedule {
  const out = new ScheduleWriter();
  const header = spec.write(options, out);
  return out.finish(header);
}

/** How messages name an algorithm: its id, and the collective too beyond all-reduce ('ring allgather'). */
export function algorithmName(spec: Pick<AlgorithmSpec, 'id' | 'collective'>): string {
  return spec.collective === 'allreduce' ? spec.id : `${spec.id} ${spec.collective}`;
}

/** The fields of a schedule but its steps, in the IR's order. */
export function makeHeader(
  collective: Collective,
  algorithm: string,
  devices: number,
  chunks: number,
  extra: { root?: number; devicesPerNode?: number } = {},
): ScheduleHeader {
  const header: ScheduleHeader = { format: SCHEDULE_FORMAT, collective, algorithm, devices, chunks };
  if (extra.root !== undefined) header.root = extra.root;
  if (extra.devicesPerNode !== undefined) header.devicesPerNode = extra.devicesPerNode;
  return header;
}
