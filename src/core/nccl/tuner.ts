// NCCL's choice of algorithm and protocol for one call, as its default tuner makes it: every pair it
// runs is timed as latency + bytes / bandwidth with the per-size corrections of ncclTopoGetAlgoTime
// (src/graph/tuning.cc lines 630–655), and the fastest wins, ties going to the first in NCCL's order
// (topoGetAlgoInfo, src/enqueue.cc lines 2028–2046). nBytes is the larger of a rank's send and
// receive buffers (enqueue.h ncclFuncMaxSendRecvCount): the whole buffer for all-reduce, all-gather's
// output and reduce-scatter's input — the size nccl-tests prints.
//
// Where gradsync's model departs from NCCL's: the graphs come from graphs.ts, which follows the
// search's order of tries on a node of one switch (NVSwitch or PCIe) with a NIC per rail, not from
// a search of the machine's real PCI tree (no NVLink meshes, NUMA hops, PXN or cross-NIC rings), and
// takes the tree as balanced (NCCL's 0.85 for a simple tree never applies); CollNet is off, as it is
// in NCCL without NCCL_COLLNET_ENABLE and a SHARP plugin; no NCCL_ALGO/NCCL_PROTO, tuner plugin,
// registered-buffer policy or symmetric kernels; one operation per call (no aggregation); doubles
// where NCCL computes in float. The channel and thread counts NCCL trims for small messages after
// the pick are not modelled: they do not change the pick.
// MODEL_DEPARTURES says it in one line for the app.

import { invariant } from '../errors';
import type { Collective } from '../schedule/ir';
import { ncclGraphs, type NcclGraphs } from './graphs';
import { ncclSystem, type NcclHardware, type NcclSystem } from './system';
import { log2Floor, ncclTuneModel, type NcclModelEntry } from './tuneModel';
import { TREE_CORRECTION } from './tuningTables';

/** Where gradsync departs from NCCL, in one line: its α-β model, and this model of NCCL's. */
export const MODEL_DEPARTURES =
  "Where gradsync departs from NCCL: its α-β model has one α and one B per fabric and protocol (on a preset, NCCL's ring bandwidth, channels and per-hop latencies), no per-launch latency, no LL bandwidth cap and no NVLS; its model of NCCL's tuner takes one switch per node and a NIC per GPU, not NCCL's search of the real PCI tree, and leaves out CollNet and NCCL_ALGO.";

/** NCCL's model of one collective on one system, ready to time any size. */
export interface NcclTuner {
  collective: Collective;
  system: NcclSystem;
  graphs: NcclGraphs;
  entries: NcclModelEntry[];
}

export interface NcclCandidate extends NcclModelEntry {
  /** µs this pair takes at the size asked; null where NCCL does not run it. */
  timeUs: number | null;
  /** The latency and bandwidth at this size, after NCCL's per-size corrections. */
  sizeLatencyUs: number;
  sizeBandwidthGBs: number;
}

export interface NcclChoice {
  bytes: number;
  candidates: NcclCandidate[];
  pick: NcclCandidate;
  /** The fastest of the others NCCL runs; null when the pick is the only one. */
  runnerUp: NcclCandidate | null;
}

export function ncclTuner(hardware: NcclHardware, ranks: number, collective: Collective): NcclTuner {
  const system = ncclSystem(hardware, ranks);
  const graphs = ncclGraphs(system);
  return { collective, system, graphs, entries: ncclTuneModel(system, graphs, collective) };
}

/** "Ring/LL128", as NCCL's logs write a pair. */
export function pairName(pair: Pick<NcclModelEntry, 'algorithm' | 'protocol'>): string {
  return `${pair.algorithm}/${pair.protocol}`;
}

function timed(tuner: NcclTuner, entry: NcclModelEntry, bytes: number): NcclCandidate {
  if (entry.disabled) return { ...entry, timeUs: null, sizeLatencyUs: entry.latencyUs, sizeBandwidthGBs: entry.bandwidthGBs };
  const { system, graphs, collective } = tuner;
  let bandwidth = entry.bandwidthGBs;
  let latency = entry.latencyUs;
  // Trees stray from the model at medium sizes; NCCL corrects them by a factor per power of two
  // (NVLSTree too on Blackwell with x86 CPUs, the only CPUs systems here have).
  const logSize = log2Floor(Math.floor(bytes / 64));
  const correctedSizes = entry.algorithm === 'Tree' ? 23 : entry.algorithm === 'NVLSTree' && system.arch === 'Blackwell' ? 24 : 0;
  if (collective === 'allreduce' && logSize >= 0 && logSize < correctedSizes) bandwidth *= TREE_CORRECTION[entry.protocol][logSize];
  // A ring across nodes plateaus: Simple's latency grows once each channel's share passes 64 bytes.
  if (
    entry.algorithm === 'Ring' &&
    entry.protocol === 'Simple' &&
    system.nodes > 1 &&
    collective === 'allreduce' &&
    Math.floor(bytes / (graphs.commChannels * system.ranks)) >= 64
  ) {
    latency *= system.arch === 'Volta' ? 1.9 : 1.4;
  }
  // bandwidth GB/s = bandwidth · 1e3 bytes per µs.
  return { ...entry, timeUs: latency + bytes / (1000 * bandwidth), sizeLatencyUs: latency, sizeBandwidthGBs: bandwidth };
}

/** Every pair's time for a call of `bytes`, and NCCL's pick. */
export function ncclChoose(tuner: NcclTuner, bytes: number): NcclChoice {
  const candidates = tuner.entries.map((entry) => timed(tuner, entry, bytes));
  let pick: NcclCandidate | null = null;
  let runnerUp: NcclCandidate | null = null;
  for (const candidate of candidates) {
    if (candidate.timeUs === null) continue;
    if (pick === null || candidate.timeUs < pick.timeUs!) {
      runnerUp = pick;
      pick = candidate;
    } else if (runnerUp === null || candidate.timeUs < runnerUp.timeUs!) {
      runnerUp = candidate;
    }
  }
  invariant(pick !== null, 'NCCL always runs Ring/Simple');
  return { bytes, candidates, pick, runnerUp };
}
