// The machine NCCL's model is asked about, described by what NCCL's topology detection reads from it:
// GPUs of one generation, the GPUs of a node all joined through NVSwitch or through one PCIe switch,
// and nodes joined by NICs, each NIC under the same PCIe switch as a GPU (rails). Then a job on it:
// so many ranks, one per GPU, filling whole nodes when it spans more than one.

import { GradsyncError } from '../errors';
import { MAX_DEVICES } from '../schedule/ir';
import type { GpuArch } from './tuningTables';

export interface NcclHardware {
  arch: GpuArch;
  gpusPerNode: number;
  /**
   * How the GPUs of a node reach each other: all through NVSwitch, all through one PCIe switch, or
   * NVLink+SMP: NVLink among the GPUs of each CPU socket, the sockets joined through the CPUs (POWER9's
   * X-Bus), so a ring or chain through every GPU crosses the SMP link, a path NCCL types SYS: it times
   * those hops with its PCI latencies and runs no LL128 there.
   */
  fabric: 'NVSwitch' | 'PCIe' | 'NVLink+SMP';
  /** GB/s per GPU per direction into that fabric, as NCCL counts it (NVLink: links × GB/s per link; NVLink+SMP: a ring's slowest hop). */
  fabricGBs: number;
  /** NVLink SHARP: multicast and reductions in the NVSwitch (third-generation NVSwitch, Hopper on). */
  nvls: boolean;
  nicsPerNode: number;
  /** GB/s per NIC per direction, as NCCL counts it (Gb/s / 8). */
  nicGBs: number;
  /** GB/s of the PCIe link between a NIC and its GPU. */
  nicPcieGBs: number;
  /** NCCL reads the CPU's vendor for LL's cap across nodes (AMD rows of llMaxBws; others as Intel). */
  cpu: 'intel' | 'amd';
}

export interface NcclSystem extends NcclHardware {
  ranks: number;
  nodes: number;
  ranksPerNode: number;
}

/** The job of `ranks` GPUs on `hardware`: within one node, or on whole nodes. */
export function ncclSystem(hardware: NcclHardware, ranks: number): NcclSystem {
  const g = hardware.gpusPerNode;
  const fits = Number.isInteger(ranks) && ranks >= 2 && ranks <= MAX_DEVICES && (ranks <= g || ranks % g === 0);
  if (!fits) {
    throw new GradsyncError('bad-argument', `the GPUs must be 2 to ${g} in one node, or whole nodes of ${g}; got ${String(ranks)}`, {
      field: 'devices',
      value: ranks,
      allowed: `be from 2 to ${g} (one node) or a multiple of ${g} up to ${MAX_DEVICES} (whole nodes)`,
    });
  }
  const nodes = ranks <= g ? 1 : ranks / g;
  if (nodes > 1 && hardware.nicsPerNode < 1) {
    throw new GradsyncError('bad-argument', `this machine has no network between nodes; use at most ${g} GPUs`, {
      field: 'devices',
      value: ranks,
      allowed: `be from 2 to ${g}: the machine has no network between nodes`,
    });
  }
  return { ...hardware, ranks, nodes, ranksPerNode: ranks / nodes };
}
