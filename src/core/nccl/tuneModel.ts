// NCCL's model of each (algorithm, protocol) for a collective on a system, before the message size
// comes in: a latency in µs and a bandwidth in GB/s, as ncclTopoTuneModel computes them
// (src/graph/tuning.cc lines 243–541): the graphs' channels × GB/s per channel, the protocols'
// factors and per-channel caps, NVLS's efficiency, the bus bandwidth turned into the algorithm's,
// base latencies plus per-hop latencies over NVLink, PCI and the network; and which pairs NCCL
// leaves out, with why.

import type { Collective } from '../schedule/ir';
import type { NcclGraph, NcclGraphs } from './graphs';
import { ncclProtocolFactor, PROTOCOLS, type Protocol } from './protocols';
import type { NcclSystem } from './system';
import {
  BASE_LATENCY_US,
  HOP_LATENCY_US,
  LL_MAX_BW_NODES,
  LL_MAX_BW_ONE_NODE,
  NVLS_EFFICIENCY,
  PER_CHANNEL_MAX_GBS,
  type HopKind,
  type NcclAlgorithm,
} from './tuningTables';

export interface NcclModelEntry {
  algorithm: NcclAlgorithm;
  protocol: Protocol;
  /** µs every call pays, before the per-size corrections. */
  latencyUs: number;
  /** GB/s the bytes are divided by (NCCL's bandwidths table: the algorithm's, not the bus's). */
  bandwidthGBs: number;
  /** Why NCCL does not run this pair here; absent when it does. */
  disabled?: string;
}

/** The (algorithm, protocol) pairs NCCL's tuner considers for each collective (tuning.cc lines 293–304). */
const CONSIDERED: Readonly<Record<Collective, readonly NcclAlgorithm[]>> = {
  allreduce: ['Tree', 'Ring', 'CollNetDirect', 'CollNetChain', 'NVLS', 'NVLSTree'],
  'reduce-scatter': ['Ring', 'CollNetDirect', 'NVLS', 'PAT'],
  allgather: ['Ring', 'CollNetDirect', 'NVLS', 'PAT'],
  broadcast: ['Ring'],
  reduce: ['Ring'],
};
/** Algorithms that run Simple only: NCCL skips or zeroes their other protocols. */
const SIMPLE_ONLY: ReadonlySet<NcclAlgorithm> = new Set(['CollNetDirect', 'CollNetChain', 'NVLS', 'NVLSTree', 'PAT']);

/** ⌊log2 n⌋, NCCL's log2i. */
export function log2Floor(n: number): number {
  return n >= 1 ? Math.floor(Math.log2(n)) : -1;
}

function steps(collective: Collective, ranks: number): number {
  if (collective === 'allreduce') return 2 * (ranks - 1);
  return collective === 'reduce-scatter' || collective === 'allgather' ? ranks - 1 : ranks;
}

function graphOf(graphs: NcclGraphs, algorithm: NcclAlgorithm): NcclGraph | null {
  if (algorithm === 'Ring') return graphs.ring;
  if (algorithm === 'Tree' || algorithm === 'PAT') return graphs.tree;
  return algorithm === 'NVLS' || algorithm === 'NVLSTree' ? graphs.nvls : null;
}

function whyDisabled(system: NcclSystem, graphs: NcclGraphs, algorithm: NcclAlgorithm, protocol: Protocol): string | undefined {
  if (algorithm === 'CollNetDirect' || algorithm === 'CollNetChain') return 'CollNet needs NCCL_COLLNET_ENABLE=1 and a SHARP network plugin';
  if ((algorithm === 'NVLS' || algorithm === 'NVLSTree') && !graphs.nvls) return 'NVLS needs NVLink SHARP (NVSwitch on Hopper or later)';
  if (algorithm === 'NVLSTree' && system.nodes === 1) return 'NVLSTree runs across nodes only';
  if (algorithm === 'NVLS' && system.nodes > 1) return 'NVLS across nodes needs CollNet';
  if (algorithm === 'PAT' && system.ranksPerNode !== 1) return 'PAT runs with one GPU per node only';
  if (protocol === 'LL128' && system.fabric !== 'NVSwitch') return 'LL128 needs NVLink all the way between the GPUs';
  return undefined;
}

/** GB/s per channel of NVLS and NVLSTree (tuning.cc lines 307–323). */
function nvlsChannelGBs(system: NcclSystem, graph: NcclGraph, algorithm: NcclAlgorithm, collective: Collective, nodesIndex: number): number {
  const ppn = system.ranksPerNode;
  let intra = (graph.bwIntra * NVLS_EFFICIENCY[system.arch] * (graph.channels - 1)) / graph.channels;
  intra *= collective === 'allreduce' ? 2 : (ppn - 1) / ppn; // all-reduce pipelines its reduce and its broadcast
  const inter = graph.bwInter * (system.nodes <= 2 && algorithm === 'NVLSTree' ? 2 : 1);
  const cap = algorithm === 'NVLSTree' ? PER_CHANNEL_MAX_GBS.nvlsTree[system.arch][nodesIndex] : Infinity;
  return Math.min(intra, inter, cap);
}

function bandwidthGBs(system: NcclSystem, graph: NcclGraph, algorithm: NcclAlgorithm, protocol: Protocol, collective: Collective): number {
  const { arch, nodes, ranks } = system;
  const nodesIndex = Math.min(nodes, 3) - 1;
  const llMax = nodes === 1 ? LL_MAX_BW_ONE_NODE[arch] : LL_MAX_BW_NODES[system.cpu][nodes === 2 ? 0 : 1];
  const perChannel =
    algorithm === 'NVLS' || algorithm === 'NVLSTree'
      ? nvlsChannelGBs(system, graph, algorithm, collective, nodesIndex)
      : nodes <= 2
        ? graph.bwIntra
        : graph.bwInter;
  const ch = graph.channels;
  let bus = ch * perChannel;
  if (algorithm === 'Ring' && protocol === 'LL') bus = Math.min(llMax, bus * ncclProtocolFactor('Ring', 'LL', nodes));
  if (algorithm === 'Ring' && protocol === 'LL128')
    bus = Math.min(bus * ncclProtocolFactor('Ring', 'LL128', nodes), ch * PER_CHANNEL_MAX_GBS.ringLL128[arch][nodesIndex]);
  if (algorithm === 'Tree' && collective === 'allreduce') bus = Math.min(bus * 0.92, ch * PER_CHANNEL_MAX_GBS.tree[arch][nodesIndex]);
  if (algorithm === 'Tree' && protocol === 'LL') bus = Math.min(bus * ncclProtocolFactor('Tree', 'LL', nodes), llMax);
  if (algorithm === 'Tree' && protocol === 'LL128')
    bus = Math.min(bus * ncclProtocolFactor('Tree', 'LL128', nodes), ch * PER_CHANNEL_MAX_GBS.treeLL128[arch][nodesIndex]);
  if (algorithm === 'PAT') bus *= 0.75;
  // The bus bandwidth becomes the algorithm's (tuning.cc lines 376–382); all-gather and
  // reduce-scatter other than Ring keep theirs.
  if (algorithm === 'Ring' || collective === 'allreduce' || collective === 'broadcast' || collective === 'reduce') {
    bus *= algorithm === 'Ring' || algorithm === 'NVLS' || algorithm === 'NVLSTree' ? ranks / steps(collective, ranks) : 0.5;
  }
  return bus;
}

function latencyUs(system: NcclSystem, algorithm: NcclAlgorithm, protocol: Protocol, collective: Collective): number {
  const { nodes, ranks, ranksPerNode: ppn } = system;
  const intraHop: HopKind = system.fabric === 'NVSwitch' ? 'NVLink' : 'PCI';
  let intra = HOP_LATENCY_US[intraHop][algorithm][protocol];
  // With one GPU per node every hop is exposed: NCCL then takes the tree's network latency. The
  // network's own latency (graph latencyInter) is 0 for InfiniBand, whose plugin does not set it.
  const inter = HOP_LATENCY_US.NET[ppn === 1 ? 'Tree' : algorithm][protocol];
  const base = BASE_LATENCY_US[algorithm][protocol];
  const nsteps = steps(collective, ranks);
  switch (algorithm) {
    case 'Ring': {
      // Broadcast and reduce: one hop's latency, the ring's channels being the same (sameChannels).
      if (collective === 'broadcast' || collective === 'reduce') return base + HOP_LATENCY_US[nodes === 1 ? intraHop : 'NET'].Ring[protocol];
      const netOverhead = nodes > 1 ? (system.cpu === 'amd' ? 2 : 1) * (protocol === 'Simple' ? 3 : 1) : 0;
      intra = Math.max(intra, netOverhead);
      const interSteps = nodes === 1 ? 0 : collective === 'allreduce' ? 2 * (nodes - 1) : nodes - 1;
      return base + (nsteps - interSteps) * intra + interSteps * inter;
    }
    case 'Tree':
      return base + (collective === 'allreduce' ? 2 * ((ppn - 1) * intra + log2Floor(nodes) * inter) : 0);
    case 'NVLS':
      return intra + (nodes > 1 ? inter : 0);
    case 'NVLSTree':
      return base + intra + 2 * log2Floor(nodes) * inter;
    case 'PAT':
      return base + log2Floor(nodes) * (inter / 3.5) + ranks * 2.8;
    default:
      return base;
  }
}

/** Every pair NCCL's tuner weighs for `collective` on `system`, in NCCL's order, with its latency and bandwidth. */
export function ncclTuneModel(system: NcclSystem, graphs: NcclGraphs, collective: Collective): NcclModelEntry[] {
  const entries: NcclModelEntry[] = [];
  for (const algorithm of CONSIDERED[collective]) {
    for (const protocol of PROTOCOLS) {
      if (SIMPLE_ONLY.has(algorithm) && protocol !== 'Simple') continue;
      const graph = graphOf(graphs, algorithm);
      const disabled = whyDisabled(system, graphs, algorithm, protocol);
      if (disabled || !graph) {
        entries.push({ algorithm, protocol, latencyUs: 0, bandwidthGBs: 0, disabled: disabled ?? 'not modelled' });
        continue;
      }
      const bandwidth = bandwidthGBs(system, graph, algorithm, protocol, collective);
      const entry: NcclModelEntry = { algorithm, protocol, latencyUs: latencyUs(system, algorithm, protocol, collective), bandwidthGBs: bandwidth };
      if (!(bandwidth > 0)) entry.disabled = 'NCCL’s model gives it no bandwidth here';
      entries.push(entry);
    }
  }
  return entries;
}
