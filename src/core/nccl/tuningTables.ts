// NCCL's tuning constants as NVIDIA/nccl states them (commit 5067397, June 2026): the latency and
// bandwidth tables of src/graph/tuning.cc (ncclTunerConstantsDefaults, lines 138–212; the tree
// correction, lines 620–627), the per-channel speeds the topology search tries (src/graph/search.cc,
// lines 1051–1067) and the link bandwidths it starts from (src/graph/topo.h, lines 17–35; topo.cc,
// lines 416–418 and 545–657). The numbers are NCCL's; the shape of these tables is ours.

import type { Protocol } from './protocols';

/** NCCL's algorithms, spelled and ordered as NCCL's ncclAlgoStr: the order also breaks ties in the pick. */
const NCCL_ALGORITHMS = ['Tree', 'Ring', 'CollNetDirect', 'CollNetChain', 'NVLS', 'NVLSTree', 'PAT'] as const;
export type NcclAlgorithm = (typeof NCCL_ALGORITHMS)[number];

/** The GPU generations NCCL tunes for (its compCapIndex: sm70, sm80, sm90, sm100). */
export const GPU_ARCHS = ['Volta', 'Ampere', 'Hopper', 'Blackwell'] as const;
export type GpuArch = (typeof GPU_ARCHS)[number];

/** The link a hop crosses, as NCCL's NCCL_HW_NVLINK, NCCL_HW_PCI and NCCL_HW_NET. */
export type HopKind = 'NVLink' | 'PCI' | 'NET';

type PerProtocol = Readonly<Record<Protocol, number>>;
type PerAlgorithm = Readonly<Record<NcclAlgorithm, PerProtocol>>;
/** Per node count, as NCCL's index2: one node, two nodes, more than two. */
type PerNodes = readonly [number, number, number];

function perProtocol(ll: number, ll128: number, simple: number): PerProtocol {
  return { LL: ll, LL128: ll128, Simple: simple };
}

function perAlgorithm(rows: readonly (readonly [number, number, number])[]): PerAlgorithm {
  return Object.fromEntries(NCCL_ALGORITHMS.map((algorithm, a) => [algorithm, perProtocol(...rows[a])])) as PerAlgorithm;
}

/** µs every launch of (algorithm, protocol) pays once (NCCL's baseLatencies). */
export const BASE_LATENCY_US: PerAlgorithm = perAlgorithm([
  [6.8, 14.0, 8.4],
  [6.6, 14.0, 8.4],
  [0, 0, 0],
  [0, 0, 0],
  [0, 0, 0],
  [0, 0, 0],
  [8.0, 8.0, 8.0],
]);

/** µs per hop over each kind of link (NCCL's hwLatencies). */
export const HOP_LATENCY_US: Readonly<Record<HopKind, PerAlgorithm>> = {
  NVLink: perAlgorithm([
    [0.6, 1.25, 4.0],
    [0.6, 1.9, 3.4],
    [0, 0, 3.7],
    [0, 0, 2.8],
    [0, 0, 25],
    [0, 0, 25],
    [0, 0, 4.0],
  ]),
  PCI: perAlgorithm([
    [1.0, 1.9, 4.0],
    [1.0, 2.5, 5.7],
    [0, 0, 3.7],
    [0, 0, 2.8],
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 4.0],
  ]),
  NET: perAlgorithm([
    [5.0, 8.5, 14],
    [2.7, 4.0, 14.0],
    [0, 0, 31],
    [0, 0, 30],
    [0, 0, 18],
    [0, 0, 20.9],
    [0, 0, 14],
  ]),
};

/** LL's bandwidth cap in GB/s on one node, by GPU (NCCL's llMaxBws, column N1). */
export const LL_MAX_BW_ONE_NODE: Readonly<Record<GpuArch, number>> = { Volta: 39.0, Ampere: 87.7, Hopper: 141.0, Blackwell: 282.0 };

/** LL's cap across nodes, by CPU, for two nodes and for more (llMaxBws rows 0 and 1, columns N2 and N4). */
export const LL_MAX_BW_NODES: Readonly<Record<'intel' | 'amd', readonly [number, number]>> = { intel: [39.0, 20.4], amd: [22.5, 19.0] };

/** Per-channel caps in GB/s (perChMaxRingLL128Bws, perChMaxTreeLL128Bws, perChMaxTreeBws, perChMaxNVLSTreeBws). */
export const PER_CHANNEL_MAX_GBS: Readonly<Record<'ringLL128' | 'treeLL128' | 'tree' | 'nvlsTree', Readonly<Record<GpuArch, PerNodes>>>> = {
  ringLL128: { Volta: [20.0, 20.0, 20.0], Ampere: [20.0, 20.0, 20.0], Hopper: [36.7, 36.7, 36.7], Blackwell: [40.0, 40.0, 40.0] },
  treeLL128: { Volta: [20.0, 20.0, 20.0], Ampere: [20.0, 20.0, 20.0], Hopper: [36.7, 36.7, 29.0], Blackwell: [55.6, 31.67, 20.0] },
  tree: { Volta: [26.5, 18.5, 10.0], Ampere: [24.0, 23.6, 17.8], Hopper: [38.7, 41.4, 36.0], Blackwell: [70.0, 42.8, 24.0] },
  nvlsTree: { Volta: [26.5, 18.5, 10.0], Ampere: [24.0, 23.6, 17.8], Hopper: [0.0, 57.7, 45.5], Blackwell: [0.0, 96.0, 80.0] },
};

/** The share of NVLink bandwidth NVLS turns into reduction bandwidth (nvlsEfficiency). */
export const NVLS_EFFICIENCY: Readonly<Record<GpuArch, number>> = { Volta: 0, Ampere: 0, Hopper: 0.85, Blackwell: 0.74 };

/**
 * Tree all-reduce bandwidth correction for medium sizes, by protocol, for nBytes/64 in [2^i, 2^(i+1))
 * with i from 0 to 22 (treeCorrectionFactor; NCCL reads 23 of its 24 columns for Tree).
 */
export const TREE_CORRECTION: Readonly<Record<Protocol, readonly number[]>> = {
  LL: [1.0, 1.0, 1.0, 1.0, 0.9, 0.8, 0.7, 0.7, 0.7, 0.7, 0.6, 0.5, 0.4, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.0, 1.0, 1.0, 1.0],
  LL128: [1.0, 1.0, 1.0, 1.0, 1.0, 0.9, 0.8, 0.8, 0.8, 0.7, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0.8, 0.9, 0.9, 0.9, 0.9, 1.0, 1.0, 1.0],
  Simple: [0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.8, 0.7, 0.6, 0.6, 0.5, 0.5, 0.5, 0.5, 0.6, 0.7, 0.8, 0.7, 0.7, 0.8, 0.9, 0.9, 0.9],
};

/** The per-channel GB/s the topology search tries, fastest first, inside one node and across nodes. */
export const SEARCH_SPEEDS_GBS: Readonly<Record<'intra' | 'inter', Readonly<Record<GpuArch, readonly number[]>>>> = {
  intra: {
    Volta: [40.0, 30.0, 20.0, 18.0, 15.0, 12.0, 10.0, 9.0, 7.0, 6.0, 5.0, 4.0, 3.0],
    Ampere: [40.0, 30.0, 20.0, 18.0, 15.0, 12.0, 10.0, 9.0, 7.0, 6.0, 5.0, 4.0, 3.0],
    Hopper: [60.0, 50.0, 40.0, 30.0, 24.0, 20.0, 15.0, 12.0, 11.0, 6.0, 3.0],
    Blackwell: [90.0, 80.0, 70.0, 60.0, 50.0, 45.0, 40.0, 30.0, 24.0, 20.0, 19.0, 18.0],
  },
  inter: {
    Volta: [48.0, 30.0, 28.0, 24.0, 20.0, 18.0, 15.0, 12.0, 10.0, 9.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.4, 1.2, 0.24, 0.12],
    Ampere: [48.0, 30.0, 28.0, 24.0, 20.0, 18.0, 15.0, 12.0, 10.0, 9.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.4, 1.2, 0.24, 0.12],
    Hopper: [48.0, 45.0, 42.0, 40.0, 30.0, 24.0, 22.0, 20.0, 17.5, 15.0, 12.0, 6.0, 3.0, 2.4, 1.2, 0.24, 0.12],
    Blackwell: [96.0, 86.0, 80.0, 48.0, 45.1, 42.0, 40.0, 30.0, 24.0, 22.0, 20.0, 17.5, 15.0, 12.0, 6.0, 3.0, 2.4, 1.2, 0.24, 0.12],
  },
};

/** GB/s NCCL counts for one NVLink (topo.h SM80/SM90/SM100_NVLINK_BW; sm70 as Volta). */
export const NVLINK_GBS_PER_LINK: Readonly<Record<GpuArch, number>> = { Volta: 20.0, Ampere: 20.0, Hopper: 20.6, Blackwell: 40.1 };

/** GB/s NCCL counts for a PCIe link: lanes × the generation's rate in 100 Mb/s units / 80 (topo.cc). */
export function pcieGBs(generation: 3 | 4 | 5, lanes: number): number {
  const rate = { 3: 60, 4: 120, 5: 240 }[generation];
  return (lanes * rate) / 80;
}

/** GB/s NCCL counts for a NIC of `gbits` Gb/s (topo.cc: speed in Mb/s / 8000). */
export function nicGBs(gbits: number): number {
  return (gbits * 1000) / 8000;
}
