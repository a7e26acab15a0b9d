// The model of one nccl-tests row. Each NCCL protocol p takes t_p(S) = α_p + B(S) / β_p, where B(S)
// is the bytes the operation puts on the fabric that limits it and β_p the bandwidth p reaches there;
// the modelled time is the fastest protocol's, as NCCL's tuner picks the fastest by the same kind of
// model. Within one node B(S) is the ring's bytes per device (what nccl-tests' busbw counts), so β is
// a bus bandwidth per GPU; across nodes it is the bytes that must leave a node (collectives.ts), so β
// is a node's network bandwidth, all its NICs together. One log cannot tell the two fabrics apart (both
// scale with S), so a multi-node log measures the network, taking the links inside a node as faster.

import { PROTOCOLS, protocolEfficiency, type Protocol } from '../nccl/protocols';
import { collectiveFacts, type NcclTestsCollective } from './collectives';

export type Fabric = 'intra' | 'inter';

export interface LogShape {
  collective: NcclTestsCollective;
  devices: number;
  devicesPerNode: number;
}

export function fabricOf(shape: LogShape): Fabric {
  return shape.devices > shape.devicesPerNode ? 'inter' : 'intra';
}

/** B(S): the bytes one operation on S bytes puts on the limiting fabric. */
export function fabricBytes(shape: LogShape, sizeBytes: number): number {
  const { devices, devicesPerNode } = shape;
  const facts = collectiveFacts(shape.collective);
  if (fabricOf(shape) === 'intra') return sizeBytes * facts.algShare(devices) * facts.busFactor(devices);
  return sizeBytes * facts.interNodeShare(devices / devicesPerNode, devicesPerNode);
}

interface ProtocolLine {
  alphaUs: number;
  betaGBs: number;
}

/** The lines of the protocols a model has, fastest-latency first; Simple always among them. */
export type ProtocolLines = Partial<Record<Protocol, ProtocolLine>>;

function lineTimeUs(line: ProtocolLine, bytes: number): number {
  // GB/s = 1e3 bytes per µs.
  return line.alphaUs + bytes / (line.betaGBs * 1e3);
}

/** The fastest protocol's time for B(S) = `bytes`. */
export function modelledTime(lines: ProtocolLines, bytes: number): { timeUs: number; protocol: Protocol } {
  let best: { timeUs: number; protocol: Protocol } | null = null;
  for (const protocol of PROTOCOLS) {
    const line = lines[protocol];
    if (!line) continue;
    const timeUs = lineTimeUs(line, bytes);
    if (!best || timeUs < best.timeUs) best = { timeUs, protocol };
  }
  if (!best) throw new Error('gradsync invariant failed: a model without protocols');
  return best;
}

/**
 * What a protocol can reach on a fabric whose Simple bandwidth is β: LL and LL128 carry flags in
 * their lines (protocols.ts), so they reach at most their data share of it.
 */
export function bandwidthCeilingGBs(protocol: Protocol, simpleGBs: number): number {
  return protocolEfficiency(protocol) * simpleGBs;
}

/** The parameters' names: alphaLLUs, alphaSimpleUs, betaInterLL128GBs, betaIntraSimpleGBs, … */
export function parameterNames(protocol: Protocol, fabric: Fabric): { alpha: string; beta: string } {
  const where = fabric === 'intra' ? 'Intra' : 'Inter';
  return { alpha: `alpha${protocol}Us`, beta: `beta${where}${protocol}GBs` };
}
