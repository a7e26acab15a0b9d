// The cost model's topology in a sentence (the rule that picks it is core/model/topology.ts).

import type { Fabric, Topology } from '../../../core/model';
import { formatGBs, plainNumber } from '../../format';

function fabricWords(fabric: Fabric): string {
  return `${formatGBs(fabric.bandwidthGBs)} per port, ${plainNumber(fabric.latencyUs)} µs per step`;
}

/** `nodesAsked`: nodes were chosen (or are the schedule's default), so a switch in their place says why. */
export function topologyWords(topology: Topology, devices: number, devicesPerNode: number, nodesAsked: boolean): string {
  if (topology.kind === 'nodes') {
    const g = topology.devicesPerNode;
    return `${devices / g} nodes of ${g}: inside a node ${fabricWords(topology.intra)}; between nodes ${fabricWords(topology.inter)}.`;
  }
  const why =
    !nodesAsked || devices <= 1
      ? ''
      : devicesPerNode >= devices
        ? ` (all ${devices} fit in one node of ${devicesPerNode})`
        : ` (${devicesPerNode} per node does not divide ${devices})`;
  return `One switch${why}: ${fabricWords(topology)}.`;
}
