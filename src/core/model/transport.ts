// How the α-β model moves bytes: NCCL's protocol (LL, LL128, Simple; core/nccl/protocols.ts) and its
// channels. A fabric's α and B are Simple's, with as many channels as fill the port: the model of
// docs/architecture.md, unchanged while no transport is chosen. A transport makes each fabric
//   α_p = the protocol's latency per step (the fabric's own, else α × NCCL's ratio for that protocol
//         on such a link: NVLink inside a node or on one switch, the network between nodes);
//   B_p,C = min(B, C × one channel's speed) × the protocol's share of data per line (1/2, 120/128, 1).
// Channels run side by side, each with 1/C of every message, so they share α; fewer channels than
// fill the port leave it partly idle. 'auto' takes, for the whole collective, the protocol whose
// model time is least, as NCCL's tuner does per call (ties go to NCCL's order: LL, LL128, Simple). A
// fabric fitted to an nccl-tests log gives its own α and data bandwidth for the protocols it fitted.

import { GradsyncError } from '../errors';
import { PROTOCOLS, protocolEfficiency, type Protocol } from '../nccl/protocols';
import { HOP_LATENCY_US } from '../nccl/tuningTables';
import { formatMicroseconds, plural } from '../units';

export const PROTOCOL_CHOICES = ['Simple', 'LL128', 'LL', 'auto'] as const;
export type ProtocolChoice = (typeof PROTOCOL_CHOICES)[number];

/** NCCL's MAXCHANNELS (src/include/device.h). */
export const MAX_CHANNELS = 64;

/**
 * GB/s one channel moves when a fabric does not say: what NCCL's topology search settles on per ring
 * channel inside a DGX A100 (12 channels × 20 GB/s, core/nccl/graphs.ts), so 100 GB/s takes 5 channels.
 */
const DEFAULT_CHANNEL_GBS = 20;

export interface Transport {
  protocol: ProtocolChoice;
  /** Channels per device; undefined: as many as fill every port (the plain α-β model's B). */
  channels?: number;
}

/** The transport of the plain α-β model: Simple, the ports full. */
const DEFAULT_TRANSPORT: Readonly<Transport> = Object.freeze({ protocol: 'Simple' });

/** What a fabric says of its protocols and channels, beyond Simple's α and B. */
export interface FabricTransport {
  /** µs per step of LL and LL128; default: α × NCCL's ratio on such a link (latencyRatio). */
  protocolLatencyUs?: Readonly<Partial<Record<'LL' | 'LL128', number>>>;
  /** Data GB/s of LL and LL128 with the port full (a fit's); default: B × the protocol's data per line. */
  protocolBandwidthGBs?: Readonly<Partial<Record<'LL' | 'LL128', number>>>;
  /** GB/s one channel moves at most; default DEFAULT_CHANNEL_GBS. */
  channelGBs?: number;
}

/** Which kind of link a fabric stands for, for NCCL's latency ratios. */
export type FabricRole = 'inside' | 'between';

/** A protocol's latency over Simple's on a ring hop, from NCCL's hwLat (NVLink inside, NET between). */
function latencyRatio(role: FabricRole, protocol: Protocol): number {
  const row = HOP_LATENCY_US[role === 'inside' ? 'NVLink' : 'NET'].Ring;
  return row[protocol] / row.Simple;
}

export function isPlainTransport(transport: Transport | undefined): boolean {
  return transport === undefined || (transport.protocol === 'Simple' && transport.channels === undefined);
}

/** Throws GradsyncError('bad-argument') about a bad protocol or channel count. */
export function checkTransport(transport: Transport): void {
  if (!PROTOCOL_CHOICES.includes(transport.protocol)) {
    throw new GradsyncError('bad-argument', `the protocol must be one of ${PROTOCOL_CHOICES.join(', ')}, got '${String(transport.protocol)}'`, {
      field: 'protocol',
      value: transport.protocol,
      allowed: `be one of ${PROTOCOL_CHOICES.join(', ')}`,
    });
  }
  const c = transport.channels;
  if (c !== undefined && (!Number.isInteger(c) || c < 1 || c > MAX_CHANNELS)) {
    throw new GradsyncError('bad-argument', `the channels must be an integer from 1 to ${MAX_CHANNELS}, got ${String(c)}`, {
      field: 'channels',
      value: c,
      allowed: `be an integer from 1 to ${MAX_CHANNELS}`,
    });
  }
}

/** Reads a protocol as the command line and links write it, in any case ('ll128', 'Simple', 'auto'). */
export function parseProtocol(text: string): ProtocolChoice {
  const found = PROTOCOL_CHOICES.find((p) => p.toLowerCase() === text.toLowerCase());
  if (found === undefined) checkTransport({ protocol: text as ProtocolChoice });
  return found as ProtocolChoice;
}

interface TransportFabric extends FabricTransport {
  latencyUs: number;
  bandwidthGBs: number;
}

function channelGBsOf(fabric: FabricTransport): number {
  return fabric.channelGBs ?? DEFAULT_CHANNEL_GBS;
}

/** The fewest channels that fill a fabric's port (may exceed MAX_CHANNELS for a very fast port). */
export function channelsToFill(fabric: TransportFabric): number {
  return Math.max(1, Math.ceil(fabric.bandwidthGBs / channelGBsOf(fabric) - 1e-9));
}

/** α of `protocol` on a fabric. */
function protocolLatencyUs(fabric: TransportFabric, role: FabricRole, protocol: Protocol): number {
  if (protocol === 'Simple') return fabric.latencyUs;
  return fabric.protocolLatencyUs?.[protocol] ?? fabric.latencyUs * latencyRatio(role, protocol);
}

/** GB/s of lines a port's channels reach: min(B, channels × one channel's), or B with the port full (undefined). */
function reachGBsOf(fabric: TransportFabric, channels: number | undefined): number {
  return channels === undefined ? fabric.bandwidthGBs : Math.min(fabric.bandwidthGBs, channels * channelGBsOf(fabric));
}

/** The share of the lines' bandwidth that is data: the fabric's own (a fit's), else the protocol's line. */
function dataShare(fabric: TransportFabric, protocol: Protocol): number {
  const own = protocol === 'Simple' ? undefined : fabric.protocolBandwidthGBs?.[protocol];
  return own === undefined ? protocolEfficiency(protocol) : own / fabric.bandwidthGBs;
}

/** Data GB/s a port moves with `protocol` over `channels` (undefined: the port full). */
function protocolBandwidthGBs(fabric: TransportFabric, protocol: Protocol, channels: number | undefined): number {
  return reachGBsOf(fabric, channels) * dataShare(fabric, protocol);
}

/** How a protocol and channels make a fabric's α and B, term by term, for a reader. */
export interface FabricReading {
  role: FabricRole;
  latencyUs: number;
  /** Channels in use: those chosen, or the fewest that fill every port of the topology. */
  channels: number;
  /** Whether the channels were chosen (else the ports are full). */
  chosen: boolean;
  /** The fewest channels that fill this fabric's port. */
  fillsWith: number;
  channelGBs: number;
  portGBs: number;
  /** The share of B that is data: the protocol's data per line bytes (1 for Simple), or the fabric's own. */
  efficiency: number;
  /** Whether the share is the fabric's own (a fit's) rather than the protocol's line. */
  ownShare: boolean;
  /** What the channels reach, min(port, channels × per channel). */
  reachGBs: number;
  /** The data bandwidth the model uses: reach × efficiency. */
  bandwidthGBs: number;
}

/** `filling`: the channels in use where none are chosen (every fabric's channels are the same ones). */
export function fabricReading(fabric: TransportFabric, role: FabricRole, protocol: Protocol, channels: number | undefined, filling: number): FabricReading {
  const reachGBs = reachGBsOf(fabric, channels);
  return {
    role,
    latencyUs: protocolLatencyUs(fabric, role, protocol),
    channels: channels ?? filling,
    chosen: channels !== undefined,
    fillsWith: channelsToFill(fabric),
    channelGBs: channelGBsOf(fabric),
    portGBs: fabric.bandwidthGBs,
    efficiency: dataShare(fabric, protocol),
    ownShare: protocol !== 'Simple' && fabric.protocolBandwidthGBs?.[protocol] !== undefined,
    reachGBs,
    bandwidthGBs: protocolBandwidthGBs(fabric, protocol, channels),
  };
}

/** The fabric as the plain α-β model sees it under a protocol and channels. */
export function transportFabric<F extends TransportFabric>(fabric: F, role: FabricRole, protocol: Protocol, channels: number | undefined): F {
  return { ...fabric, latencyUs: protocolLatencyUs(fabric, role, protocol), bandwidthGBs: protocolBandwidthGBs(fabric, protocol, channels) };
}

/**
 * The protocols a choice weighs, in NCCL's order. 'auto' on fabrics fitted to a log (that give their
 * own protocols) weighs only those and Simple: a protocol the fit left out was the fastest at no size.
 */
export function protocolsOf(choice: ProtocolChoice, fabrics: readonly FabricTransport[]): readonly Protocol[] {
  if (choice !== 'auto') return [choice];
  if (!fabrics.some((f) => f.protocolBandwidthGBs !== undefined)) return PROTOCOLS;
  return PROTOCOLS.filter((p) => p === 'Simple' || fabrics.every((f) => f.protocolBandwidthGBs?.[p] !== undefined));
}

/** Index of the least time, the first on ties (NCCL's order). */
export function fastest(timesUs: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < timesUs.length; i++) if (timesUs[i] < timesUs[best]) best = i;
  return best;
}

/** The transport in words: "LL128, 4 channels" or "the fastest protocol, channels to fill each port". */
export function transportWords(transport: Transport | undefined): string {
  const t = transport ?? DEFAULT_TRANSPORT;
  const protocol = t.protocol === 'auto' ? 'the fastest protocol' : t.protocol;
  return `${protocol}, ${t.channels === undefined ? 'channels to fill each port' : plural(t.channels, 'channel')}`;
}

/**
 * The protocol modelled in words: "LL128" for one chosen; for 'auto' the pick beside the others'
 * totals: "LL128, the fastest (LL 12.3 µs, LL128 10.1 µs, Simple 15.2 µs)".
 */
export function protocolPickWords(protocol: Protocol, totalsUs: Partial<Record<Protocol, number>>): string {
  const weighed = PROTOCOLS.filter((p) => totalsUs[p] !== undefined);
  if (weighed.length < 2) return protocol;
  return `${protocol}, the fastest (${weighed.map((p) => `${p} ${formatMicroseconds(totalsUs[p]!)}`).join(', ')})`;
}
