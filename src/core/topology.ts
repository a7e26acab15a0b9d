// The topology the cost model assumes for a device count: one switch while the devices fit in one
// node (or nodes of the given size do not divide them), else nodes of `devicesPerNode` joined by the
// inter-node network at its defaults.

import { DEFAULT_INTER_NODE_FABRIC, type Fabric, type Topology } from './cost';

export function topologyAt(devices: number, devicesPerNode: number, fabric: Fabric): Topology {
  if (devicesPerNode >= devices || devices % devicesPerNode !== 0) return { kind: 'switch', ...fabric };
  return { kind: 'nodes', devicesPerNode, intra: { ...fabric }, inter: { ...DEFAULT_INTER_NODE_FABRIC } };
}
