// Logs as NCCL prints them, written from the formats of each version (docs/architecture.md, "What did
// NCCL build?"): rank 0's ring lines, every rank's ring neighbours, "Trees" pieces, connection lines
// and init lines, for a cluster of `nodes` hosts of `perNode` GPUs with `channels` channels.

export type Style = '2.4' | '2.7' | '2.12' | '2.21' | '2.30';

export interface Cluster {
  nodes: number;
  perNode: number;
  channels: number;
}

/** Channel c's ring: even channels in rank order, odd ones each node's GPUs backwards, from rank 0. */
export function ringOrder({ nodes, perNode }: Cluster, channel: number): number[] {
  const order: number[] = [];
  for (let n = 0; n < nodes; n++) {
    for (let g = 0; g < perNode; g++) order.push(n * perNode + (channel % 2 === 0 || g === 0 ? g : perNode - g));
  }
  return order;
}

/** A chain inside each node from its first GPU, and node heads in a binary tree by node number. */
export function treeOf({ perNode, nodes }: Cluster, rank: number): { parent: number; children: number[] } {
  const node = Math.floor(rank / perNode);
  const local = rank % perNode;
  const children: number[] = [];
  if (local + 1 < perNode) children.push(rank + 1);
  if (local === 0) for (const child of [2 * node + 1, 2 * node + 2]) if (child < nodes) children.push(child * perNode);
  const parent = local > 0 ? rank - 1 : node === 0 ? -1 : Math.floor((node - 1) / 2) * perNode;
  return { parent, children };
}

const VERSIONS: Record<Style, string> = { '2.4': '2.4.8', '2.7': '2.7.8', '2.12': '2.12.12', '2.21': '2.21.5', '2.30': '2.30.7' };

const three = (children: number[]) => [...children, -1, -1, -1].slice(0, 3).join('/');
const hex = (rank: number) => ((rank % 8) * 0x10000 + 0x1b000).toString(16);

function ringLine(style: Style, channel: number, channels: number, order: number[], ranks: number): string {
  if (style === '2.4' || style === '2.7' || style === '2.12' || style === '2.21') {
    const head =
      style === '2.4' ? `Channel ${String(channel).padStart(2, '0')} :` : `Channel ${String(channel).padStart(2, '0')}/${String(channels).padStart(2, '0')} :`;
    return (
      head +
      order
        .slice(0, 20)
        .map((r) => ` ${String(r).padStart(3)}`)
        .join('')
    );
  }
  const width = String(ranks - 1).length;
  let line = `Channel ${String(channel).padStart(2, '0')}/${String(channels).padStart(2, '0')} :`;
  for (const r of order) line += ` ${String(r).padStart(width)}`;
  return line.length > 127 ? `${line.slice(0, 124)}...` : line;
}

function treesPiece(style: Style, channel: number, rank: number, tree: { parent: number; children: number[] }): string {
  if (style === '2.4') return ` [${channel}] ${tree.parent}->${rank}->${three(tree.children)}`;
  if (style === '2.7') return ` [${channel}] ${three(tree.children)}->${rank}->${tree.parent}|${tree.parent}->${rank}->${three(tree.children)}`;
  return ` [${channel}] ${three(tree.children)}->${rank}->${tree.parent}`;
}

function edgeLine(style: Style, channel: number, from: number, to: number, net: boolean, side: 'send' | 'receive'): string {
  const c = String(channel).padStart(2, '0');
  const via = net ? `[${side}] via NET/IB/0/GDRDMA` : 'via P2P/IPC';
  if (style === '2.4') return net ? `Ring ${c} : ${from} -> ${to} ${via}` : `Ring ${c} : ${from}[${from % 8}] -> ${to}[${to % 8}] ${via}`;
  if (style === '2.7') return `Channel ${c} : ${from}[${hex(from)}] -> ${to}[${hex(to)}] ${via}${net ? '' : '/read'}`;
  if (style === '2.12') return `Channel ${c}${net ? '/0' : ''} : ${from}[${hex(from)}] -> ${to}[${hex(to)}] ${via}`;
  return `Channel ${c}/0 : ${from}[${from % 8}] -> ${to}[${to % 8}] ${via}`;
}

/** The whole log, each line under `tag(rank)` (a launcher's), ranks interleaved line by line. */
export function clusterLog(style: Style, cluster: Cluster, tag: (rank: number) => string = () => ''): string {
  const { nodes, perNode, channels } = cluster;
  const ranks = nodes * perNode;
  const version = VERSIONS[style];
  const perRank: string[][] = [];
  const bare: string[] = [];
  for (let rank = 0; rank < ranks; rank++) {
    const host = `node-${String.fromCharCode(97 + Math.floor(rank / perNode))}`;
    const pid = 4000 + rank;
    const p = `${tag(rank)}${host}:${pid}:${pid} [${rank % perNode}] NCCL INFO `;
    const lines: string[] = [];
    const comm = `0x55d0c3a1${(0xb000 + rank).toString(16)}`;
    if (style === '2.30') lines.push(`${p}NCCL version ${version}+cuda12.8`);
    else if (rank === 0) bare.push(`${tag(rank)}NCCL version ${version}+cuda12.2`);
    if (style === '2.21' || style === '2.30') {
      lines.push(
        `${p}ncclCommInitRank comm ${comm} rank ${rank} nranks ${ranks} cudaDev ${rank % perNode} nvmlDev ${rank % perNode} busId ${hex(rank)} commId 0x9f1c2a77d1e0b34c - Init START`,
      );
      lines.push(`${p}comm ${comm} rank ${rank} nRanks ${ranks} nNodes ${nodes} localRanks ${perNode} localRank ${rank % perNode} MNNVL 0`);
    }
    if (rank === 0) for (let c = 0; c < channels; c++) lines.push(p + ringLine(style, c, channels, ringOrder(cluster, c), ranks));
    if (style !== '2.4' && style !== '2.7') {
      for (let c = 0; c < channels; c++) {
        const order = ringOrder(cluster, c);
        const i = order.indexOf(rank);
        lines.push(`${p}Ring ${String(c).padStart(2, '0')} : ${order[(i + ranks - 1) % ranks]} -> ${rank} -> ${order[(i + 1) % ranks]}`);
      }
    }
    let trees = 'Trees';
    for (let c = 0; c < channels; c++) trees += treesPiece(style, c, rank, treeOf(cluster, rank));
    lines.push(p + trees);
    for (let c = 0; c < channels; c++) {
      const order = ringOrder(cluster, c);
      const i = order.indexOf(rank);
      const next = order[(i + 1) % ranks];
      const prev = order[(i + ranks - 1) % ranks];
      const net = (a: number, b: number) => Math.floor(a / perNode) !== Math.floor(b / perNode);
      lines.push(p + edgeLine(style, c, rank, next, net(rank, next), 'send'));
      if (net(prev, rank)) lines.push(p + edgeLine(style, c, prev, rank, true, 'receive'));
    }
    const init =
      style === '2.4'
        ? `comm ${comm} rank ${rank} nranks ${ranks} cudaDev ${rank % perNode} nvmlDev ${rank % perNode} - Init COMPLETE`
        : style === '2.7' || style === '2.12'
          ? `comm ${comm} rank ${rank} nranks ${ranks} cudaDev ${rank % perNode} busId ${hex(rank)} - Init COMPLETE`
          : `ncclCommInitRank comm ${comm} rank ${rank} nranks ${ranks} cudaDev ${rank % perNode} nvmlDev ${rank % perNode} busId ${hex(rank)} commId 0x9f1c2a77d1e0b34c - Init COMPLETE`;
    lines.push(p + init);
    perRank.push(lines);
  }
  // Interleaved as processes write at once: a line of each rank in turn.
  const out = [...bare];
  for (let i = 0; perRank.some((lines) => i < lines.length); i++) for (const lines of perRank) if (i < lines.length) out.push(lines[i]);
  return out.join('\n');
}
