// What one of NCCL's INFO messages says, by the formats NCCL has printed from 2.4 to 2.30 (the
// architecture doc lists them with the versions each comes from). −1 stands for "none", as NCCL
// prints it. A message of none of these kinds says nothing here.

export type Fact =
  | { kind: 'version'; version: string }
  /**
   * A communicator's init line: "comm 0x… rank R nranks N …" (START, COMPLETE, or the nNodes line).
   * `comm` is the rank's own object; `id` (2.16 on) names the communicator across its ranks.
   */
  | { kind: 'comm'; comm: string; id: string | null; rank: number; ranks: number; stage: 'start' | 'complete' | 'nodes'; nodes?: number; localRanks?: number }
  /** Rank 0's ring of a channel: its ranks from 0 on; `cut` where NCCL cut the line short ("..."). */
  | { kind: 'ring'; channel: number; channels: number | null; order: number[]; cut: boolean }
  | { kind: 'ringLink'; channel: number; rank: number; prev: number; next: number }
  | { kind: 'trees'; links: TreeLink[] }
  /** An inter-node tree line: "Tree 1 : 1 -> 3 -> 2/-1/-1" (parent, rank, children). */
  | { kind: 'tree'; link: TreeLink }
  | { kind: 'edge'; channel: number; connection: number; from: number; to: number; transport: Transport; via: string; side: 'send' | 'receive' | null }
  | ({ kind: 'graph' } & NcclGraph)
  | { kind: 'tuning'; collective: string | null; bytes: number; algorithm: string; protocol: string; channels: [number, number] | null };

/** A graph search's result: its pattern, channels, bandwidths (GB/s a channel) and path types inside and between nodes. */
export interface NcclGraph {
  pattern: number;
  crossNic: number;
  channels: number;
  bwIntra: number;
  bwInter: number;
  typeIntra: string;
  typeInter: string;
  sameChannels: boolean;
}

export interface TreeLink {
  channel: number;
  rank: number;
  parent: number;
  children: number[];
}

export type Transport = 'P2P' | 'SHM' | 'NET' | 'COLLNET';

const int = (text: string) => Number.parseInt(text, 10);
const none = (children: number[]) => children.filter((child) => child >= 0);

const VERSION = /^NCCL version (\d+\.\d+\.\d+)\S*?(?:\+cuda\d+\.\d+)?$/;
const COMM = /^(?:\[Rank \d+\] )?(?:\w+ )?comm (0x[0-9a-f]+|\(nil\)) rank (\d+) n[Rr]anks (\d+)\b(.*)$/;
const RING = /^Channel (\d+)(?:\/(\d+))? :((?: +\d+)*)( ?\.\.\.)?$/;
const RING_LINK = /^Ring (\d+) : (-?\d+) -> (\d+) -> (-?\d+)$/;
const TREES = /^Trees((?: \[\d+\] \S+)*)$/;
const TREE = /^Tree (\d+) : (-?\d+) -> (\d+) -> (-?\d+)\/(-?\d+)\/(-?\d+)$/;
const EDGE = /^(?:Ring|Channel) (\d+)(?:\/(\d+))? : (\d+)(?:\[[0-9a-fx]+\])? -> (\d+)(?:\[[0-9a-fx]+\])? (?:\[(send|receive)\] )?via (.+)$/;
const GRAPH = /^Pattern (\d+), crossNic (\d+), nChannels (\d+), (?:speed|bw) ([\d.]+)\/([\d.]+), (?:nvlink \d+, )?type (\w+)(?:\/(\w+))?, sameChannels (\d)$/;
const TUNING_NAMED = /^(\w+): (\d+) Bytes -> Algo ([A-Z_]+) proto ([A-Z0-9]+) channel\{Lo\.\.Hi\}=\{(\d+)\.\.(\d+)\}$/;
const TUNING_NUMBERED = /^(?:(\w+): )?(\d+) Bytes -> Algo (-?\d+) proto (-?\d+) time [\d.]+$/;

/** NCCL's algorithm numbers, as 2.20 to 2.23 print them: Tree, Ring, CollNetDirect, CollNetChain, NVLS, NVLSTree, PAT. */
const ALGORITHMS = ['TREE', 'RING', 'COLLNET_DIRECT', 'COLLNET_CHAIN', 'NVLS', 'NVLS_TREE', 'PAT'];
const PROTOCOLS = ['LL', 'LL128', 'SIMPLE'];

/** One channel's piece of a "Trees" line, by its shape: 2.8+ children->rank->parent, 2.5–2.7 the reduce tree then "|" the broadcast tree, 2.4 parent->rank->children. */
function treePiece(channel: number, piece: string): TreeLink | null {
  const up = /^(-?\d+)\/(-?\d+)\/(-?\d+)->(\d+)->(-?\d+)(?:\|.*)?$/.exec(piece);
  if (up) return { channel, rank: int(up[4]), parent: int(up[5]), children: none([up[1], up[2], up[3]].map(int)) };
  const down = /^(-?\d+)->(\d+)->(-?\d+)\/(-?\d+)\/(-?\d+)$/.exec(piece);
  if (down) return { channel, rank: int(down[2]), parent: int(down[1]), children: none([down[3], down[4], down[5]].map(int)) };
  return null;
}

function transportOf(via: string): Transport | null {
  if (via.startsWith('P2P/')) return 'P2P';
  if (via.startsWith('SHM/') || via === 'direct shared memory') return 'SHM';
  if (via.startsWith('NET/')) return 'NET';
  if (via.startsWith('COLLNET/')) return 'COLLNET';
  return null;
}

/** What `message` says, or null. */
export function factOf(message: string): Fact | null {
  let m = VERSION.exec(message);
  if (m) return { kind: 'version', version: m[1] };
  if ((m = COMM.exec(message))) {
    const rest = m[4];
    const nodes = /\bnNodes (\d+) localRanks (\d+)/.exec(rest);
    const stage = nodes ? 'nodes' : /Init START/.test(rest) ? 'start' : /Init COMPLETE/.test(rest) ? 'complete' : null;
    if (!stage) return null;
    return {
      kind: 'comm',
      comm: m[1],
      id: /\bcommId (0x[0-9a-f]+)/.exec(rest)?.[1] ?? null,
      rank: int(m[2]),
      ranks: int(m[3]),
      stage,
      ...(nodes ? { nodes: int(nodes[1]), localRanks: int(nodes[2]) } : {}),
    };
  }
  if ((m = RING.exec(message))) {
    const order = m[3].trim() === '' ? [] : m[3].trim().split(/\s+/).map(int);
    const cut = m[4] !== undefined;
    // The number before "..." may itself be cut: it is not read.
    if (cut && !/ $/.test(m[3]) && !/^ /.test(m[4])) order.pop();
    return { kind: 'ring', channel: int(m[1]), channels: m[2] === undefined ? null : int(m[2]), order, cut };
  }
  if ((m = RING_LINK.exec(message))) return { kind: 'ringLink', channel: int(m[1]), prev: int(m[2]), rank: int(m[3]), next: int(m[4]) };
  if ((m = TREES.exec(message))) {
    const links: TreeLink[] = [];
    for (const piece of m[1].matchAll(/ \[(\d+)\] (\S+)/g)) {
      const link = treePiece(int(piece[1]), piece[2]);
      if (link) links.push(link);
    }
    return { kind: 'trees', links };
  }
  if ((m = TREE.exec(message))) {
    return { kind: 'tree', link: { channel: int(m[1]), parent: int(m[2]), rank: int(m[3]), children: none([m[4], m[5], m[6]].map(int)) } };
  }
  if ((m = EDGE.exec(message))) {
    const via = m[6].trim();
    const transport = transportOf(via);
    if (!transport) return null;
    return {
      kind: 'edge',
      channel: int(m[1]),
      connection: m[2] === undefined ? 0 : int(m[2]),
      from: int(m[3]),
      to: int(m[4]),
      transport,
      via,
      side: (m[5] as 'send' | 'receive' | undefined) ?? null,
    };
  }
  if ((m = GRAPH.exec(message))) {
    return {
      kind: 'graph',
      pattern: int(m[1]),
      crossNic: int(m[2]),
      channels: int(m[3]),
      bwIntra: Number(m[4]),
      bwInter: Number(m[5]),
      typeIntra: m[6],
      // 2.5 prints one path type, a number.
      typeInter: m[7] ?? m[6],
      sameChannels: m[8] === '1',
    };
  }
  if ((m = TUNING_NAMED.exec(message))) {
    return { kind: 'tuning', collective: m[1], bytes: int(m[2]), algorithm: m[3], protocol: m[4], channels: [int(m[5]), int(m[6])] };
  }
  if ((m = TUNING_NUMBERED.exec(message))) {
    return {
      kind: 'tuning',
      collective: m[1] ?? null,
      bytes: int(m[2]),
      algorithm: ALGORITHMS[int(m[3])] ?? `algorithm ${m[3]}`,
      protocol: PROTOCOLS[int(m[4])] ?? `protocol ${m[4]}`,
      channels: null,
    };
  }
  return null;
}

/** NCCL's graph search patterns by number (graph.h, NCCL_TOPO_PATTERN_*). */
const PATTERNS = ['', 'balanced tree', 'split tree', 'tree', 'ring', 'NVLS', 'CollNet direct'];

/** "ring" for pattern 4; "pattern 9" for one NCCL has not named. */
export function patternName(pattern: number): string {
  return PATTERNS[pattern] || `pattern ${pattern}`;
}
