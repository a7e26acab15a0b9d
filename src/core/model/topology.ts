// The one place that says what a topology is called, which one a schedule is modelled on, and how it
// reads: the CLI's --topology, the app's setting and the comparison all come here. The default is one
// switch (docs/architecture.md, "The cost model"); nodes are chosen, except for a schedule built over nodes (hierarchical-ring),
// which is modelled on the nodes it was built for unless a switch is chosen.

import { DEFAULT_INTER_NODE_FABRIC, DEFAULT_SWITCH_FABRIC, nodesTopology, type Fabric, type Topology } from './cost';
import { GradsyncError } from '../errors';
import type { Schedule } from '../schedule/ir';
import { isPlainTransport, transportFabric, transportWords, type Transport } from './transport';

export const TOPOLOGY_KINDS = ['switch', 'nodes'] as const;
export type TopologyKind = (typeof TOPOLOGY_KINDS)[number];

/** The kind a schedule is modelled on when none is chosen. */
export function defaultTopologyKind(schedule: Pick<Schedule, 'devicesPerNode'>): TopologyKind {
  return schedule.devicesPerNode !== undefined ? 'nodes' : 'switch';
}

/** The text of a topology as the command line and links write it: 'switch' or 'nodes:G'. */
export function topologyText(topology: Topology): string {
  return topology.kind === 'switch' ? 'switch' : `nodes:${topology.devicesPerNode}`;
}

/** Reads 'switch' or 'nodes:G', with the fabrics given (the defaults otherwise). */
export function parseTopology(text: string, intra: Fabric = DEFAULT_SWITCH_FABRIC, inter: Fabric = DEFAULT_INTER_NODE_FABRIC): Topology {
  if (text === 'switch') return { kind: 'switch', ...intra };
  const match = /^nodes:(\d+)$/.exec(text);
  const g = match ? Number(match[1]) : 0;
  if (g < 1) {
    throw new GradsyncError('bad-argument', `the topology must be 'switch' or 'nodes:G' with G a positive integer (devices per node), got '${text}'`, {
      field: 'topology',
      value: text,
      allowed: "be 'switch' or 'nodes:G' with G devices per node",
    });
  }
  return nodesTopology(g, intra, inter);
}

/**
 * The topology of `kind` for `devices` devices: nodes of `devicesPerNode` where such nodes make two or
 * more (G divides N, G < N); one switch otherwise, so every device count has a model.
 */
export function topologyAt(kind: TopologyKind, devices: number, devicesPerNode: number, fabric: Fabric, inter: Fabric = DEFAULT_INTER_NODE_FABRIC): Topology {
  if (kind === 'switch' || devicesPerNode >= devices || devices % devicesPerNode !== 0) return { kind: 'switch', ...fabric };
  return nodesTopology(devicesPerNode, fabric, inter);
}

/** The topology in a line: "switch, α 5 µs, B 100 GB/s", then its transport where one is chosen ("; LL128, 4 channels"). */
export function describeTopology(topology: Topology): string {
  const transport = isPlainTransport(topology.transport) ? '' : `; ${transportWords(topology.transport)}${effectiveWords(topology, topology.transport!)}`;
  if (topology.kind === 'switch') return `switch, α ${topology.latencyUs} µs, B ${topology.bandwidthGBs} GB/s${transport}`;
  const { intra, inter } = topology;
  return `nodes of ${topology.devicesPerNode}: inside α ${intra.latencyUs} µs, B ${intra.bandwidthGBs} GB/s; between α ${inter.latencyUs} µs, B ${inter.bandwidthGBs} GB/s${transport}`;
}

const short = (n: number) => Number(n.toPrecision(3)).toLocaleString('en-US');

/**
 * What a chosen protocol and channels make of the fabrics' α and B, the figures the model then uses:
 * ", so α 1.29 µs, B 15 GB/s"; nothing for Simple with the ports full, or for 'auto', which weighs several.
 */
function effectiveWords(topology: Topology, transport: Transport): string {
  if (transport.protocol === 'auto' || isPlainTransport(transport)) return '';
  const { protocol, channels } = transport;
  const pair = (f: { latencyUs: number; bandwidthGBs: number }) => `α ${short(f.latencyUs)} µs, B ${short(f.bandwidthGBs)} GB/s`;
  if (topology.kind === 'switch') return `, so ${pair(transportFabric(topology, 'inside', protocol, channels))}`;
  const inside = transportFabric(topology.intra, 'inside', protocol, channels);
  const between = transportFabric(topology.inter, 'between', protocol, channels);
  return `, so inside ${pair(inside)} and between ${pair(between)}`;
}
