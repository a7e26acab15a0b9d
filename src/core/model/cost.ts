// The α-β cost model: a deterministic model time for a schedule on a topology. Every device has one
// full-duplex port per fabric; a step that moves bytes on a fabric costs that fabric's α plus its
// busiest port's max(sent, received) bytes over its bandwidth B. Steps run one after the other.
// A topology may name a transport (transport.ts): NCCL's protocol and channels change each fabric's
// α and B, and 'auto' models every protocol and keeps the fastest.

import { compileSchedule } from '../schedule/compile';
import { GradsyncError, type SettingFault } from '../errors';
import type { Schedule } from '../schedule/ir';
import { countTraffic, type TrafficCounts } from './traffic';
import { stepLoads } from './stepLoads';
import type { Protocol } from '../nccl/protocols';
import {
  channelsToFill,
  checkTransport,
  fabricReading,
  fastest,
  isPlainTransport,
  protocolsOf,
  transportFabric,
  type FabricReading,
  type FabricRole,
  type FabricTransport,
  type Transport,
} from './transport';

/** α and B are Simple's, the port full; what the fabric says of other protocols and of channels is optional. */
export interface Fabric extends FabricTransport {
  latencyUs: number;
  /** GB/s with GB = 1e9 bytes, as in nccl-tests. */
  bandwidthGBs: number;
}

/** Every device has one port into a non-blocking switch. */
export interface SwitchTopology extends Fabric {
  kind: 'switch';
  /** Protocol and channels; absent: Simple with the ports full. */
  transport?: Transport;
}

/** Devices grouped in nodes of `devicesPerNode`: device d is in node floor(d / devicesPerNode). */
export interface NodesTopology {
  kind: 'nodes';
  devicesPerNode: number;
  intra: Fabric;
  inter: Fabric;
  transport?: Transport;
}

export type Topology = SwitchTopology | NodesTopology;

export interface CostOptions {
  /** γ: µs per reduced byte on the busiest reducing device of a step (default 0). */
  gammaUsPerByte?: number;
  /** Also count the loads of runs of this many devices (the timeline's rows: timelineRowSize). */
  runLoadsOf?: number;
}

export interface CostResult {
  topology: Topology;
  elements: number;
  stepTimesUs: Float64Array;
  /** The α in each step's time: the latency of the fabric that sets it (0 where nothing moves). */
  stepLatencyUs: Float64Array;
  totalUs: number;
  bytesSent: Float64Array;
  bytesReceived: Float64Array;
  traffic: TrafficCounts;
  /** The protocol modelled: the transport's, or the fastest where it says 'auto'. */
  protocol: Protocol;
  /** The total of each protocol weighed (one, or all three for 'auto'). */
  protocolTotalsUs: Partial<Record<Protocol, number>>;
}

/**
 * Defaults, chosen to be round and of the right order for today's hardware (not any one product):
 * a switch (or NVLink/NVSwitch-like intra-node fabric) of 5 µs per message step and 100 GB/s per
 * port, and an inter-node network of 10 µs and 25 GB/s per port (≈ a 200 Gb/s NIC).
 */
export const DEFAULT_SWITCH_FABRIC: Readonly<Fabric> = Object.freeze({ latencyUs: 5, bandwidthGBs: 100 });
export const DEFAULT_INTER_NODE_FABRIC: Readonly<Fabric> = Object.freeze({ latencyUs: 10, bandwidthGBs: 25 });
export const DEFAULT_TOPOLOGY: Readonly<SwitchTopology> = Object.freeze({ kind: 'switch', ...DEFAULT_SWITCH_FABRIC });

export function nodesTopology(devicesPerNode: number, intra: Fabric = DEFAULT_SWITCH_FABRIC, inter: Fabric = DEFAULT_INTER_NODE_FABRIC): NodesTopology {
  return { kind: 'nodes', devicesPerNode, intra: { ...intra }, inter: { ...inter } };
}

function bad(message: string, setting?: SettingFault): never {
  throw new GradsyncError('bad-argument', message, setting);
}

function shown(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

function checkLatency(value: unknown, what: string, field: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    bad(`${what} must be a number ≥ 0, got ${shown(value)}`, { field, value, allowed: 'be a number ≥ 0' });
  }
}

function checkBandwidth(value: unknown, what: string, field: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    bad(`${what} must be a number > 0, got ${shown(value)}`, { field, value, allowed: 'be a number > 0' });
  }
}

/**
 * Throws GradsyncError('bad-argument') about the first bad field. With `devices`,
 * also checks that devicesPerNode divides it.
 */
export function checkTopology(topology: Topology, devices?: number): void {
  if (topology.transport !== undefined) checkTransport(topology.transport);
  if (topology.kind === 'switch') {
    checkLatency(topology.latencyUs, 'the latency', 'latencyUs');
    checkBandwidth(topology.bandwidthGBs, 'the bandwidth', 'bandwidthGBs');
    return;
  }
  if (topology.kind !== 'nodes') bad(`the topology must be 'switch' or 'nodes:G', got ${shown((topology as { kind: unknown }).kind)}`);
  const g = topology.devicesPerNode;
  if (!Number.isInteger(g) || g < 1)
    bad(`devices per node must be a positive integer, got ${shown(g)}`, { field: 'devicesPerNode', value: g, allowed: 'be a positive integer' });
  if (devices !== undefined && devices % g !== 0) {
    bad(`devices per node must divide the number of devices (${devices}), got ${g}`, {
      field: 'devicesPerNode',
      value: g,
      allowed: `divide the ${devices} devices`,
    });
  }
  checkLatency(topology.intra?.latencyUs, 'the latency', 'latencyUs');
  checkBandwidth(topology.intra?.bandwidthGBs, 'the bandwidth', 'bandwidthGBs');
  checkLatency(topology.inter?.latencyUs, 'the latency between nodes', 'interLatencyUs');
  checkBandwidth(topology.inter?.bandwidthGBs, 'the bandwidth between nodes', 'interBandwidthGBs');
}

/** A topology's fabrics with the kind of link each stands for: one switch, or inside and between nodes. */
function rolesOf(topology: Topology): { fabric: Fabric; role: FabricRole }[] {
  return topology.kind === 'switch'
    ? [{ fabric: topology, role: 'inside' }]
    : [
        { fabric: topology.intra, role: 'inside' },
        { fabric: topology.inter, role: 'between' },
      ];
}

/** The protocols the topology's transport weighs: Simple alone for none (transport.ts protocolsOf). */
export function weighedProtocols(topology: Topology): readonly Protocol[] {
  if (isPlainTransport(topology.transport)) return ['Simple'];
  return protocolsOf(
    topology.transport!.protocol,
    rolesOf(topology).map(({ fabric }) => fabric),
  );
}

/** How the topology's transport makes each fabric's α and B under `protocol` (one switch, or inside and between nodes). */
export function topologyReadings(topology: Topology, protocol: Protocol): FabricReading[] {
  const roles = rolesOf(topology);
  const filling = topologyFillingChannels(topology);
  return roles.map(({ fabric, role }) => fabricReading(fabric, role, protocol, topology.transport?.channels, filling));
}

/** The fewest channels that fill every port of the topology (transport.ts channelsToFill). */
export function topologyFillingChannels(topology: Topology): number {
  return Math.max(...rolesOf(topology).map(({ fabric }) => channelsToFill(fabric)));
}

/**
 * The plain α-β topology a protocol makes of `topology` under its channels (transport.ts): each
 * fabric's α and B as that protocol sees them, and no transport left to apply.
 */
export function topologyUnder(topology: Topology, protocol: Protocol): Topology {
  const channels = topology.transport?.channels;
  const [first, second] = rolesOf(topology).map(({ fabric, role }) => transportFabric(fabric, role, protocol, channels));
  if (topology.kind === 'switch') return { ...first, kind: 'switch' };
  return { kind: 'nodes', devicesPerNode: topology.devicesPerNode, intra: first, inter: second };
}

/** Time of one fabric in one step: nothing moved costs nothing. */
function fabricTimeUs(fabric: Fabric, movedBytes: number, portBytes: number): number {
  // B GB/s = B·1e9 bytes per second = B·1e3 bytes per µs.
  return movedBytes > 0 ? fabric.latencyUs + portBytes / (fabric.bandwidthGBs * 1e3) : 0;
}

/** Which fabric each transfer uses: 0 inside a node, 1 across nodes. */
export function fabricPerTransfer(src: Int32Array, dst: Int32Array, devicesPerNode: number): Uint8Array {
  const fabric = new Uint8Array(src.length);
  for (let t = 0; t < src.length; t++) {
    fabric[t] = Math.floor(src[t] / devicesPerNode) === Math.floor(dst[t] / devicesPerNode) ? 0 : 1;
  }
  return fabric;
}

/**
 * Model time of a schedule on a K-element f32 buffer. Step time: switch, α + max_d max(sent_d,
 * received_d)/B when the step moves bytes, else 0; nodes, the larger of the intra- and inter-node
 * fabrics' times, each computed like a switch over its own transfers. Plus γ × the most bytes any one
 * device reduces in the step.
 */
export function modelCost(schedule: Schedule, elements: number, topology: Topology, options: CostOptions = {}): CostResult {
  const compiled = compileSchedule(schedule);
  checkTopology(topology, compiled.devices);
  const gamma = options.gammaUsPerByte ?? 0;
  if (typeof gamma !== 'number' || !Number.isFinite(gamma) || gamma < 0) {
    bad(`γ per byte must be a number ≥ 0, got ${shown(gamma)}`, { field: 'gammaUsPerByte', value: gamma, allowed: 'be a number ≥ 0' });
  }
  const traffic = countTraffic(schedule, elements, options.runLoadsOf ?? 0);
  const steps = compiled.steps;
  // Per step, each fabric's bytes moved and its busiest port's bytes (index fabrics·s + f).
  let moved = traffic.stepBytes;
  let port = traffic.stepPortBytes;
  if (topology.kind === 'nodes') {
    const loads = stepLoads(compiled, elements, fabricPerTransfer(compiled.src, compiled.dst, topology.devicesPerNode), 2);
    moved = loads.movedBytes;
    port = loads.portBytes;
  }

  const protocols = weighedProtocols(topology);
  const runs = protocols.map((protocol) => {
    const fabrics = rolesOf(topologyUnder(topology, protocol)).map(({ fabric }) => fabric);
    const stepTimesUs = new Float64Array(steps);
    const stepLatencyUs = new Float64Array(steps);
    let totalUs = 0;
    for (let s = 0; s < steps; s++) {
      let time = 0;
      for (let f = 0; f < fabrics.length; f++) {
        const i = fabrics.length * s + f;
        const fabricUs = fabricTimeUs(fabrics[f], moved[i], port[i]);
        if (fabricUs > time) {
          time = fabricUs;
          stepLatencyUs[s] = fabrics[f].latencyUs;
        }
      }
      stepTimesUs[s] = time + gamma * traffic.stepReducedBytes[s];
      totalUs += stepTimesUs[s];
    }
    return { stepTimesUs, stepLatencyUs, totalUs };
  });
  const best = fastest(runs.map((run) => run.totalUs));
  return {
    topology,
    elements,
    stepTimesUs: runs[best].stepTimesUs,
    stepLatencyUs: runs[best].stepLatencyUs,
    totalUs: runs[best].totalUs,
    bytesSent: traffic.bytesSent,
    bytesReceived: traffic.bytesReceived,
    traffic,
    protocol: protocols[best],
    protocolTotalsUs: Object.fromEntries(protocols.map((p, i) => [p, runs[i].totalUs])),
  };
}
