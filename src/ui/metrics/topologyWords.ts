// The cost model's topology in a sentence, and the rule the app uses to pick it (store/derive.ts
// topologyFor): nodes of `devicesPerNode` once several full nodes are needed, else one switch.

import { DEFAULT_INTER_NODE_FABRIC, type Fabric, type Topology } from '../../core/cost';
import { formatGBs } from '../format';

/** The topology the app models for `devices` devices (same rule as topologyFor). */
export function topologyAt(devices: number, devicesPerNode: number, fabric: Fabric): Topology {
  if (devicesPerNode >= devices || devices % devicesPerNode !== 0) return { kind: 'switch', ...fabric };
  return { kind: 'nodes', devicesPerNode, intra: { ...fabric }, inter: { ...DEFAULT_INTER_NODE_FABRIC } };
}

const plain = (value: number) => String(Number(value.toPrecision(4)));

function fabricWords(fabric: Fabric): string {
  return `${formatGBs(fabric.bandwidthGBs)} per port, ${plain(fabric.latencyUs)} µs per step`;
}

export function topologyWords(topology: Topology, devices: number, devicesPerNode: number): string {
  if (topology.kind === 'nodes') {
    const g = topology.devicesPerNode;
    return `${devices / g} nodes of ${g}: inside a node ${fabricWords(topology.intra)}; between nodes ${fabricWords(topology.inter)}.`;
  }
  const why =
    devices <= 1
      ? ''
      : devicesPerNode >= devices
        ? ` (all ${devices} fit in one node of ${devicesPerNode})`
        : ` (${devicesPerNode} per node does not divide ${devices})`;
  return `One switch${why}: ${fabricWords(topology)}.`;
}
