// A parameter server's ports. Each of N workers splits what it pushes (and later pulls) evenly over
// the K servers: its own port carries all of it, each server's port N/K of everyone's. A push or a
// pull lasts as long as the busier port needs, so with more workers than servers each server's port
// is busy the whole time and each worker's only K/N of it: the servers' ports are saturated.

import type { Fabric, Topology } from '../model/cost';

/** The port a server's traffic crosses: a switch's, or between nodes. */
export function serverFabric(topology: Topology): Fabric {
  return topology.kind === 'switch' ? topology : topology.inter;
}

/** Bytes crossing one worker's port and one server's port when every worker moves `bytes`. */
function portBytes(bytes: number, devices: number, servers: number): { worker: number; server: number } {
  return { worker: bytes, server: (devices * bytes) / servers };
}

const bytesPerUs = (fabric: Fabric) => fabric.bandwidthGBs * 1e3;

/** One push (or pull) of `bytes` from every worker: α, then the busier port's bytes at its bandwidth. */
export function psTransferUs(bytes: number, devices: number, servers: number, fabric: Fabric): number {
  const { worker, server } = portBytes(bytes, devices, servers);
  return fabric.latencyUs + Math.max(worker, server) / bytesPerUs(fabric);
}

export interface PortLoad {
  /** Ports of this kind: the N workers' or the K servers'. */
  count: number;
  /** Bytes one such port carries in an iteration, pushes and pulls together. */
  bytes: number;
  /** Time it spends transferring them. */
  busyUs: number;
  /** Its busy share of the time the pushes and pulls take (their latency included), 0 to 1. */
  commShare: number;
  /** Its busy share of the whole iteration, 0 to 1. */
  iterationShare: number;
  /** It is the port that sets how long each push and pull takes (both kinds, when N = K). */
  saturated: boolean;
}

export interface ServerPorts {
  worker: PortLoad;
  server: PortLoad;
  /** A server port's bytes over a worker port's: N/K. */
  ratio: number;
  /** Time the pushes and pulls take, one after another on the stream. */
  commUs: number;
}

export interface PortsRequest {
  /** The iteration's pushes and pulls (bytes each worker moves, and how long each took). */
  spans: readonly { kind: string; bytes: number; startUs: number; endUs: number }[];
  iterationUs: number;
  devices: number;
  servers: number;
  topology: Topology;
}

/** Each port kind's bytes and busy time over a parameter server's iteration, and which one is saturated. */
export function serverPorts({ spans, iterationUs, devices, servers, topology }: PortsRequest): ServerPorts {
  const fabric = serverFabric(topology);
  const moves = spans.filter((span) => span.kind === 'push' || span.kind === 'pull');
  const commUs = moves.reduce((sum, span) => sum + span.endUs - span.startUs, 0);
  const load = (kind: 'worker' | 'server', count: number): PortLoad => {
    const bytes = moves.reduce((sum, span) => sum + portBytes(span.bytes, devices, servers)[kind], 0);
    const busyUs = bytes / bytesPerUs(fabric);
    return {
      count,
      bytes,
      busyUs,
      commShare: commUs > 0 ? busyUs / commUs : 0,
      iterationShare: iterationUs > 0 ? busyUs / iterationUs : 0,
      saturated: kind === 'server' ? devices >= servers : servers >= devices,
    };
  };
  return { worker: load('worker', devices), server: load('server', servers), ratio: devices / servers, commUs };
}
