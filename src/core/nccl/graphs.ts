// Where NCCL's topology search (src/graph/search.cc, ncclTopoCompute, lines 1074–1300) ends on the
// machines of system.ts: for the ring, the tree and the NVLS graph, how many channels and how many
// GB/s per channel inside a node (bwIntra) and across nodes (bwInter). NCCL searches paths through
// the machine's PCI tree; here every GPU has one port into its node's switch, so a graph fits when
// no port carries more than its bandwidth, and only the search's order of tries is followed:
// pass 1 walks down the speed array until a graph fits (stopping when it has every channel it may
// have or fills the GPU's bandwidth, or when the next speed is under 0.49 of the best found), the
// channels are doubled at half the speed (ncclTopoDupChannels), and pass 2 walks back up.

import type { NcclSystem } from './system';
import { GPU_ARCHS, SEARCH_SPEEDS_GBS } from './tuningTables';

export interface NcclGraph {
  channels: number;
  bwIntra: number;
  bwInter: number;
}

export interface NcclGraphs {
  ring: NcclGraph;
  tree: NcclGraph;
  /** Null where NCCL builds no NVLS graph (no NVLink SHARP, or fewer than two heads). */
  nvls: NcclGraph | null;
  /** The communicator's channels: the ring's doubled (src/graph/connect.cc, lines 460 and 481). */
  commChannels: number;
}

const MAX_CHANNELS = 64; // src/include/device.h MAXCHANNELS
const MAX_NVLS_ARITY = 32; // NCCL_MAX_NVLS_ARITY
const ROUNDING = 1e-6; // search.cc subtracts bandwidths rounded to 1/1000 GB/s

interface Pattern {
  graph: 'Ring' | 'Tree' | 'NVLS';
  minChannels: number;
  maxChannels: number;
}

/** The most channels of this pattern the machine carries at these speeds. */
function channelsThatFit(system: NcclSystem, pattern: Pattern, bwIntra: number, bwInter: number): number {
  const n = system.ranksPerNode;
  const port = system.fabricGBs + ROUNDING;
  const fitsIntra = (channels: number): boolean => {
    if (n === 1) return true;
    if (pattern.graph === 'NVLS') return (channels + 1) * bwIntra <= port; // a head's port also carries its own share
    // One node: every GPU sends and receives once per channel; across nodes a chain of n GPUs makes
    // n − 1 sends, spread over the n ports as the channels start at different GPUs.
    return (system.nodes === 1 ? channels : Math.ceil((channels * (n - 1)) / n)) * bwIntra <= port;
  };
  let most = pattern.maxChannels;
  if (system.nodes > 1) {
    const nicRate = Math.min(system.nicGBs, system.nicPcieGBs) + ROUNDING;
    const perNic = pattern.graph === 'NVLS' ? (bwInter <= nicRate ? 1 : 0) : Math.floor(nicRate / bwInter);
    most = Math.min(most, system.nicsPerNode * perNic);
  }
  let channels = 0;
  while (channels < most && fitsIntra(channels + 1)) channels++;
  return channels;
}

function better(pattern: Pattern, graph: NcclGraph, best: NcclGraph | null): boolean {
  if (graph.channels < pattern.minChannels || graph.channels === 0) return false;
  if (best === null) return true;
  if (pattern.graph === 'NVLS') return graph.channels > best.channels || graph.channels * graph.bwInter > best.channels * best.bwInter;
  return graph.channels * graph.bwIntra > best.channels * best.bwIntra;
}

function search(system: NcclSystem, pattern: Pattern): NcclGraph | null {
  const multi = system.nodes > 1;
  const speeds = SEARCH_SPEEDS_GBS[multi ? 'inter' : 'intra'][system.arch];
  const n = system.ranksPerNode;
  const totalBw = system.fabricGBs;
  const maxBw = multi ? Math.min(system.nicGBs, system.nicPcieGBs) : system.fabricGBs;
  // Graphs other than rings need not come back to the NIC they started from (search.cc line 1168).
  const startBw = pattern.graph === 'Ring' ? totalBw : (totalBw * n) / Math.max(1, n - 1);
  const tryAt = (bwIntra: number, bwInter: number): NcclGraph => ({
    channels: Math.min(pattern.maxChannels, channelsThatFit(system, pattern, bwIntra, bwInter)),
    bwIntra,
    bwInter,
  });

  let i = speeds.findIndex((s) => s <= maxBw && s * pattern.minChannels <= startBw);
  if (i < 0) i = speeds.length - 1;
  let best: NcclGraph | null = null;
  for (;;) {
    const graph = tryAt(speeds[i], speeds[i]);
    if (better(pattern, graph, best)) best = graph;
    if (best && (best.channels === pattern.maxChannels || best.channels * best.bwInter >= totalBw)) break;
    if (i < speeds.length - 1 && (best === null || speeds[i + 1] / best.bwInter > 0.49)) i++;
    else break;
  }
  return best && raise(pattern, speeds, doubled(system, pattern, best), tryAt);
}

/** ncclTopoDupChannels: twice the channels at half the speed, except for NVLS and slow graphs. */
function doubled(system: NcclSystem, pattern: Pattern, graph: NcclGraph): NcclGraph {
  const afterAmpere = GPU_ARCHS.indexOf(system.arch) > GPU_ARCHS.indexOf('Ampere');
  if (pattern.graph === 'NVLS' || graph.bwIntra < 25 || (afterAmpere && graph.bwIntra < 50 && graph.channels > 4)) return graph;
  const channels = Math.min(2 * graph.channels, pattern.maxChannels);
  const split = Math.ceil(channels / graph.channels);
  return { channels, bwIntra: graph.bwIntra / split, bwInter: graph.bwInter / split };
}

function raise(pattern: Pattern, speeds: readonly number[], found: NcclGraph, tryAt: (bwIntra: number, bwInter: number) => NcclGraph): NcclGraph {
  let best = found;
  // Pass 2 keeps the channels and raises the speeds: both for rings, bwIntra for trees (while under
  // twice bwInter), bwInter for NVLS (while under twice bwIntra).
  let i = speeds.findIndex((s) => s <= best.bwInter);
  if (i < 0) i = speeds.length - 1;
  let tried = { bwIntra: speeds[i], bwInter: speeds[i] };
  while (i > 0) {
    const faster = speeds[i - 1];
    if (pattern.graph === 'Ring') tried = { bwIntra: faster, bwInter: faster };
    else if (pattern.graph === 'NVLS' && tried.bwInter === best.bwInter && tried.bwInter < tried.bwIntra * 2) tried = { ...tried, bwInter: faster };
    else if (pattern.graph === 'Tree' && tried.bwIntra === best.bwIntra && tried.bwIntra < tried.bwInter * 2) tried = { ...tried, bwIntra: faster };
    else break;
    i--;
    const same: NcclGraph = { channels: best.channels, ...tried };
    if (tryAt(tried.bwIntra, tried.bwInter).channels >= best.channels && better(pattern, same, best)) best = same;
  }
  return best;
}

/** The ring, tree and NVLS graphs NCCL's search gives `system` (init.cc lines 1172–1216). */
export function ncclGraphs(system: NcclSystem): NcclGraphs {
  // A graph search that finds nothing falls back to one channel at 0.1 GB/s (search.cc line 1300 on).
  const fallback: NcclGraph = { channels: 1, bwIntra: 0.1, bwInter: 0.1 };
  const ring = search(system, { graph: 'Ring', minChannels: 1, maxChannels: MAX_CHANNELS / 2 }) ?? fallback;
  const tree = search(system, { graph: 'Tree', minChannels: ring.channels, maxChannels: ring.channels }) ?? fallback;
  const afterAmpere = GPU_ARCHS.indexOf(system.arch) > GPU_ARCHS.indexOf('Ampere');
  const nvlsPossible = system.nvls && system.fabric === 'NVSwitch' && afterAmpere;
  const heads = Math.min(MAX_NVLS_ARITY, system.ranksPerNode);
  const nvlsGraph = nvlsPossible ? search(system, { graph: 'NVLS', minChannels: system.nodes === 1 ? heads : 1, maxChannels: heads }) : null;
  let commChannels = Math.min(MAX_CHANNELS, 2 * Math.min(ring.channels, tree.channels));
  if (afterAmpere && system.nodes > 1 && ring.bwIntra > 45 && commChannels < 16) commChannels = Math.min(MAX_CHANNELS, 2 * commChannels);
  return { ring, tree, nvls: nvlsGraph && nvlsGraph.channels >= 2 ? nvlsGraph : null, commChannels };
}
