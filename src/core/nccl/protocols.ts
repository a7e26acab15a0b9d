// NCCL's three protocols, as NCCL defines them (src/device/prims_*.h, src/graph/tuning.cc): what share
// of the bytes on a link is data, which caps the bandwidth each can reach.
// - LL (low latency): 8-byte stores of 4 data bytes and a 4-byte flag: half the link's bandwidth, the
//   lowest latency (no fence: the flag says the data is there).
// - LL128: 128-byte lines of 120 data bytes and an 8-byte flag: 120/128 of the link.
// - Simple: whole buffers with a fence and a flag per chunk: the link's bandwidth, the highest latency.

export const PROTOCOLS = ['LL', 'LL128', 'Simple'] as const;
export type Protocol = (typeof PROTOCOLS)[number];

/** Data bytes per line and line bytes. */
export const PROTOCOL_LINES: Readonly<Record<Protocol, { dataBytes: number; lineBytes: number } | null>> = {
  LL: { dataBytes: 4, lineBytes: 8 },
  LL128: { dataBytes: 120, lineBytes: 128 },
  Simple: null,
};

/** The share of a link's bandwidth that carries data. */
export function protocolEfficiency(protocol: Protocol): number {
  const line = PROTOCOL_LINES[protocol];
  return line ? line.dataBytes / line.lineBytes : 1;
}

/**
 * How NCCL's tuner scales a ring's or a tree's bus bandwidth for a protocol (src/graph/tuning.cc,
 * lines 327–335), before its per-channel caps. Rings: LL keeps its line efficiency, 1/2; LL128 keeps
 * 0.92, a little under its 120/128 (the source writes 120.0/128.0 in a comment beside 0.92). Trees:
 * LL keeps 1/3.8; LL128 7/9 inside one node and 120/128 across nodes.
 */
export function ncclProtocolFactor(shape: 'Ring' | 'Tree', protocol: Protocol, nodes: number): number {
  if (protocol === 'Simple') return 1;
  if (shape === 'Ring') return protocol === 'LL' ? protocolEfficiency('LL') : 0.92;
  if (protocol === 'LL') return 1 / 3.8;
  return nodes === 1 ? 7 / 9 : protocolEfficiency('LL128');
}
