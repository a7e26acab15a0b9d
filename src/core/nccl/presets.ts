// Machines as published, for NCCL's model and for gradsync's α-β model: each preset gives the
// hardware NCCL's tuner reads (system.ts) and a gradsync Topology, and says where its figures come
// from and what nccl-tests runs on it report. Bandwidths are as NCCL counts them (tuningTables.ts):
// an NVLink of 25 GB/s per direction carries about 20 GB/s of data from the SMs (128-byte payloads).

import { nodesTopology, type Fabric, type Topology } from '../model/cost';
import type { Protocol } from './protocols';
import { GradsyncError } from '../errors';
import { ncclGraphs } from './graphs';
import { ncclSystem, type NcclHardware } from './system';
import { HOP_LATENCY_US, nicGBs, NVLINK_GBS_PER_LINK, pcieGBs, type GpuArch } from './tuningTables';

interface NcclReference {
  /** Large-message all-reduce busbw on one full node, as nccl-tests prints it: the range published. */
  busbwGBs: readonly [number, number];
  /** Which algorithm the figure is for, in NCCL's words. */
  algorithm: string;
  source: string;
}

export interface NcclPreset {
  id: string;
  /** What a menu calls it: "DGX H100". */
  label: string;
  name: string;
  hardware: NcclHardware;
  /** Where each figure of `hardware` comes from. */
  sources: readonly string[];
  references: readonly NcclReference[];
}

const NCCL_SOURCE = 'NVIDIA/nccl src/graph/topo.h and topo.cc: GB/s per NVLink (SM80 20.0, SM90 20.6), PCIe lanes × rate / 80, NIC Mb/s / 8000';
const DGX_A100_GUIDE = 'NVIDIA DGX A100 User Guide, hardware overview: https://docs.nvidia.com/dgx/dgxa100-user-guide/introduction-to-dgxa100.html';
const DGX_H100_GUIDE = 'NVIDIA DGX H100 User Guide, hardware overview: https://docs.nvidia.com/dgx/dgxh100-user-guide/introduction-to-dgxh100.html';
const NVLINK_PAGE =
  'NVLink generations: https://www.nvidia.com/en-us/data-center/nvlink/ (NVLink 3: 12 links, 600 GB/s both ways; NVLink 4: 18 links, 900 GB/s)';
const HGX_PAGE =
  'NVIDIA HGX: https://www.nvidia.com/en-us/data-center/hgx/ (8-GPU baseboards of A100 or H100 SXM with their NVSwitches, as in DGX; the server maker chooses CPUs and NICs)';
const PCIE_LIMITS = 'NVIDIA/nccl#1639 (S. Jeaugey): on PCIe systems the CPU and memory often bound what NCCL reaches';
const SUMMIT_GUIDE =
  'OLCF Summit User Guide, system overview: https://docs.olcf.ornl.gov/systems/summit_user_guide.html (a node: 2 POWER9 and 6 V100, 3 GPUs a socket; NVLink 2 bricks of 25 GB/s per direction, two joining each GPU to its CPU and to each GPU of its socket: 50 GB/s)';
const SUMMIT_NODE =
  'WikiChip, Summit: https://en.wikichip.org/wiki/supercomputers/summit (the X-Bus between the sockets, 64 GB/s both ways; one ConnectX-5 EDR NIC of 100 Gb/s a port, on a PCIe Gen4 x8 link to each socket) and Summit (supercomputer), Wikipedia (dual-rail EDR InfiniBand, 200 Gb/s a node, non-blocking fat tree)';
const SUMMIT_NCCL =
  'NVIDIA/nccl src/graph/topo.h: SM70_NVLINK_BW 20.0 GB/s a link, P9_BW 32.0 GB/s between POWER9 sockets; connect.cc: trees built over nodes, a chain inside each';
const NCCL_24_POST =
  'S. Jeaugey, “Massively Scale Your Deep Learning Training with NCCL 2.4”, NVIDIA Developer Blog, 4 February 2019: https://developer.nvidia.com/blog/massively-scale-deep-learning-training-nccl-2-4/ (rings and double binary trees on Summit, up to 24,576 GPUs)';

/** GB/s NCCL counts between two POWER9 sockets (topo.h P9_BW), where the X-Bus carries 32 GB/s each way. */
const P9_SMP_GBS = 32;

/** 8 GPUs on NVSwitch, one NIC of `nicGbits` Gb/s per GPU on the GPU's PCIe switch (a rail each). */
function dgxNode(arch: GpuArch, nvlinks: number, nvls: boolean, nicGbits: number, pcie: 4 | 5, cpu: NcclHardware['cpu']): NcclHardware {
  const fabricGBs = nvlinks * NVLINK_GBS_PER_LINK[arch];
  return { arch, gpusPerNode: 8, fabric: 'NVSwitch', fabricGBs, nvls, nicsPerNode: 8, nicGBs: nicGBs(nicGbits), nicPcieGBs: pcieGBs(pcie, 16), cpu };
}

/** 8 GPUs joined by PCIe x16 links through one switch fabric, and no network. */
function pcieNode(arch: GpuArch, generation: 4 | 5): NcclHardware {
  return { arch, gpusPerNode: 8, fabric: 'PCIe', fabricGBs: pcieGBs(generation, 16), nvls: false, nicsPerNode: 0, nicGBs: 0, nicPcieGBs: 0, cpu: 'intel' };
}

export const NCCL_PRESETS: readonly NcclPreset[] = [
  {
    id: 'dgx-a100',
    label: 'DGX/HGX A100',
    name: 'DGX A100: 8× A100 SXM4, NVLink 3 through 6 NVSwitches (300 GB/s per direction), 8× HDR 200 Gb/s InfiniBand; an HGX A100 8-GPU server with a 200 Gb/s NIC per GPU is the same machine to NCCL',
    hardware: dgxNode('Ampere', 12, false, 200, 4, 'amd'),
    sources: [DGX_A100_GUIDE, HGX_PAGE, NVLINK_PAGE, NCCL_SOURCE, 'CPUs: 2× AMD EPYC 7742; NICs: ConnectX-6, one per GPU, on the GPU’s PCIe Gen4 switch'],
    references: [
      {
        busbwGBs: [230, 240],
        algorithm: 'Ring',
        source: 'NVIDIA/nccl-tests#149 (S. Jeaugey): 12 NVLinks × ~20 GB/s effective = 240 GB/s; other limits hold A100 to ~230 GB/s at 8 GB',
      },
    ],
  },
  {
    id: 'dgx-h100',
    label: 'DGX/HGX H100',
    name: 'DGX H100: 8× H100 SXM5, NVLink 4 through 4 NVSwitches with NVLink SHARP (450 GB/s per direction), 8× NDR 400 Gb/s InfiniBand; an HGX H100 8-GPU server with a 400 Gb/s NIC per GPU is the same machine to NCCL',
    hardware: dgxNode('Hopper', 18, true, 400, 5, 'intel'),
    sources: [DGX_H100_GUIDE, HGX_PAGE, NVLINK_PAGE, NCCL_SOURCE, 'CPUs: 2× Intel Xeon Platinum 8480C; NICs: ConnectX-7, one per GPU, on PCIe Gen5'],
    references: [
      {
        busbwGBs: [460, 480],
        algorithm: 'NVLS',
        source:
          'NVIDIA/nccl-tests#212 (S. Jeaugey): peak busbw ~480 GB/s on 8 GPUs with NVLink SHARP (algbw ~275); nccl-tests#290: 476 GB/s "in the expected range"',
      },
      { busbwGBs: [350, 370], algorithm: 'Ring', source: 'NVIDIA/nccl-tests#212: ~370 GB/s effective NVLink bandwidth, seen as busbw with NCCL_ALGO=RING' },
    ],
  },
  {
    id: 'pcie-gen4',
    label: '8× A100 PCIe Gen4',
    name: '8× A100 PCIe on PCIe Gen4 x16 through one switch fabric, no NVLink, one node',
    hardware: pcieNode('Ampere', 4),
    sources: ['PCI Express 4.0: 16 GT/s per lane', NCCL_SOURCE, PCIE_LIMITS],
    references: [],
  },
  {
    id: 'pcie-gen5',
    label: '8× H100 PCIe Gen5',
    name: '8× H100 PCIe on PCIe Gen5 x16 through one switch fabric, no NVLink bridges, one node',
    hardware: pcieNode('Hopper', 5),
    sources: ['PCI Express 5.0: 32 GT/s per lane', NCCL_SOURCE, PCIE_LIMITS],
    references: [],
  },
  {
    id: 'summit',
    label: 'Summit (6× V100)',
    name: 'Summit (OLCF), a node: 6× V100 SXM2, NVLink 2 among the 3 GPUs of each POWER9 socket, the sockets joined by the X-Bus, dual-rail EDR 100 Gb/s InfiniBand; NCCL 2.4’s double binary trees were measured on up to 4,096 such nodes',
    // A ring through all six GPUs crosses the sockets twice: its slowest hop is the X-Bus as NCCL counts
    // it, under the two NVLinks (2 × 20 GB/s) between GPUs of a socket. NCCL reads POWER9 as it reads
    // any CPU but AMD's (llMaxBws row 0, a network overhead of 1 µs), hence 'intel'.
    hardware: {
      arch: 'Volta',
      gpusPerNode: 6,
      fabric: 'NVLink+SMP',
      fabricGBs: Math.min(2 * NVLINK_GBS_PER_LINK.Volta, P9_SMP_GBS),
      nvls: false,
      nicsPerNode: 2,
      nicGBs: nicGBs(100),
      nicPcieGBs: pcieGBs(4, 8),
      cpu: 'intel',
    },
    sources: [SUMMIT_GUIDE, SUMMIT_NODE, SUMMIT_NCCL, NCCL_24_POST],
    references: [],
  },
];

export const PRESET_IDS: readonly string[] = NCCL_PRESETS.map((preset) => preset.id);

export function presetById(id: string): NcclPreset {
  const preset = NCCL_PRESETS.find((p) => p.id === id);
  if (!preset) {
    throw new GradsyncError('bad-argument', `unknown preset '${id}'; presets: ${PRESET_IDS.join(', ')}`, {
      field: 'preset',
      value: id,
      allowed: `be one of ${PRESET_IDS.join(', ')}`,
    });
  }
  return preset;
}

/** A link's per-step latencies for each protocol (NCCL's ring hop) and the GB/s one ring channel moves. */
function linkFabric(hop: Readonly<Record<Protocol, number>>, channelGBs: number): Omit<Fabric, 'bandwidthGBs'> {
  return { latencyUs: hop.Simple, protocolLatencyUs: { LL: hop.LL, LL128: hop.LL128 }, channelGBs };
}

/**
 * The preset as gradsync's α-β topology for `devices` GPUs: one switch within a node, nodes of the
 * preset's size beyond. B inside a node is NCCL's ring bandwidth there (channels × GB/s per channel),
 * α its per-hop latency for Simple, the protocol that reaches that bandwidth; between nodes, B is a
 * GPU's share of the node's NICs and α NCCL's per-hop network latency for Simple. Each fabric also
 * carries NCCL's per-hop latencies of LL and LL128 and its ring's GB/s per channel (transport.ts),
 * so the fewest channels that fill the node's fabric are NCCL's ring channels there.
 */
export function presetTopology(preset: NcclPreset, devices: number): Topology {
  const { hardware } = preset;
  const g = hardware.gpusPerNode;
  const ring = ncclGraphs(ncclSystem(hardware, Math.max(2, Math.min(devices, g)))).ring;
  // NCCL times a hop by the worst path its graph takes inside the node: NVLink through NVSwitch, PCI
  // through a PCIe switch or across CPU sockets (system.ts).
  const intra = {
    ...linkFabric(HOP_LATENCY_US[hardware.fabric === 'NVSwitch' ? 'NVLink' : 'PCI'].Ring, ring.bwIntra),
    bandwidthGBs: ring.channels * ring.bwIntra,
  };
  if (devices <= g) return { kind: 'switch', ...intra };
  if (devices % g !== 0 || hardware.nicsPerNode === 0) {
    const allowed = hardware.nicsPerNode === 0 ? `be at most ${g}: ${preset.id} is one node` : `be at most ${g} (one node) or a multiple of ${g} (whole nodes)`;
    throw new GradsyncError(
      'bad-argument',
      `${preset.id} takes at most ${g} devices${hardware.nicsPerNode === 0 ? '' : ` or whole nodes of ${g}`}; got ${devices}`,
      {
        field: 'devices',
        value: devices,
        allowed,
      },
    );
  }
  const nicShareGBs = (hardware.nicsPerNode * Math.min(hardware.nicGBs, hardware.nicPcieGBs)) / g;
  // NCCL's search reads only whether there are several nodes, not how many: two stand for any number,
  // so a preset takes as many whole nodes as asked (24,576 GPUs of Summit), beyond what a schedule can hold.
  const across = ncclGraphs(ncclSystem(hardware, 2 * g)).ring;
  return nodesTopology(g, intra, { ...linkFabric(HOP_LATENCY_US.NET.Ring, across.bwInter), bandwidthGBs: nicShareGBs });
}
