// A channel's tree as NCCL built it, set beside gradsync's own model of NCCL's double binary tree for
// the same nodes (algorithms/btree.ts): across nodes, NCCL's btree over the nodes (tree 0 for the
// first half of the channels, its mirror, tree 1, for the second half, as connect.cc gives them);
// inside each node, a chain. The nodes are numbered as NCCL numbers them: by their first rank. What
// the log does not say (which host a rank is on, a rank's tree line) is said, never filled in.

import { dtree } from '../algorithms/btree';
import type { NcclLog } from './parseNcclLog';

interface NodeChain {
  host: string;
  /** The node's ranks along its chain, from the one whose parent is on another node (or the root); null where they are not one chain. */
  ranks: number[] | null;
}

export type TreeComparison =
  | {
      channel: number;
      ok: true;
      /** The tree of gradsync's double tree this channel takes: 0 in the first half of the channels, 1 in the second. */
      expected: 0 | 1;
      /** Which of gradsync's two trees the nodes' tree is, or null: neither. */
      sameAs: 0 | 1 | null;
      /** Each node's parent node in NCCL's tree (−1 for the root's node), nodes by their first rank. */
      nodeParents: number[];
      chains: NodeChain[];
      /** Whether every node's chain runs in rank order from its first rank, as gradsync's does. */
      inRankOrder: boolean;
      /** What is the same and what differs, a sentence each: across the nodes (where there are several), inside them. */
      words: { text: string; same: boolean }[];
    }
  | { channel: number; ok: false; why: string };

/** Each rank's node, hosts numbered by their first rank as NCCL numbers its nodes; null where a rank's host is not in the log. */
function nodeOfRanks(log: NcclLog): (number | null)[] {
  const node = new Array<number | null>(log.ranks).fill(null);
  log.hosts.forEach((host, n) => host.ranks.forEach((rank) => (node[rank] = n)));
  return node;
}

/** The tree channels in the log, in order. */
export function treeChannels(log: NcclLog): number[] {
  return [...new Set(log.treeLinks.map((l) => l.channel))].sort((a, b) => a - b);
}

const listed = (ranks: readonly number[]) => ranks.join(' → ');
/** Nodes whose chain is written out where they differ from gradsync's; past them, how many more. */
const NAMED_CHAINS = 2;

/** Channel `channel`'s tree beside gradsync's. */
export function compareTree(log: NcclLog, channel: number): TreeComparison {
  const no = (why: string): TreeComparison => ({ channel, ok: false, why });
  const links = log.treeLinks.filter((l) => l.channel === channel);
  if (links.length === 0) return no(`the log shows no tree of channel ${channel}`);
  // −2 for a rank no line of this channel speaks for.
  const parent = new Array<number>(log.ranks).fill(-2);
  for (const link of links) parent[link.rank] = link.parent;
  const silent = parent.flatMap((p, rank) => (p === -2 ? [rank] : []));
  if (silent.length > 0) return no(`no tree line of ranks ${silent.join(', ')} in channel ${channel}: the log is partial`);
  const nodeOf = nodeOfRanks(log);
  const hostless = nodeOf.flatMap((n, rank) => (n === null ? [rank] : []));
  if (hostless.length > 0) return no(`the log does not say which host ranks ${hostless.join(', ')} are on, so its nodes are not known`);
  const nodes = log.hosts.length;

  // Across nodes: each node's parent, from the links that leave it.
  const nodeParents = new Array<number>(nodes).fill(-2);
  for (let rank = 0; rank < log.ranks; rank++) {
    const up = parent[rank];
    const here = nodeOf[rank]!;
    if (up === -1) {
      if (nodeParents[here] >= 0) return no(`channel ${channel}'s tree gives ${log.hosts[here].host} both a root and a parent`);
      nodeParents[here] = -1;
    } else if (nodeOf[up] !== here) {
      const there = nodeOf[up]!;
      if (nodeParents[here] !== -2 && nodeParents[here] !== there)
        return no(`channel ${channel}'s tree joins ${log.hosts[here].host} to two parents across nodes`);
      nodeParents[here] = there;
    }
  }
  const orphans = nodeParents.flatMap((p, n) => (p === -2 ? [log.hosts[n].host] : []));
  if (orphans.length > 0) return no(`channel ${channel}'s tree does not join ${orphans.join(', ')} to another node`);

  // Inside each node: a chain, from the rank whose parent is elsewhere.
  const chains = log.hosts.map((host, n): NodeChain => {
    const inside = (rank: number) => nodeOf[rank] === n;
    const heads = host.ranks.filter((rank) => parent[rank] === -1 || !inside(parent[rank]));
    if (heads.length !== 1) return { host: host.host, ranks: null };
    const chain = [heads[0]];
    for (;;) {
      const next = host.ranks.filter((rank) => parent[rank] === chain[chain.length - 1]);
      if (next.length !== 1 || chain.includes(next[0])) break;
      chain.push(next[0]);
    }
    return { host: host.host, ranks: chain.length === host.ranks.length ? chain : null };
  });
  const inRankOrder = chains.every((c, n) => c.ranks !== null && c.ranks.join() === log.hosts[n].ranks.join());

  const channels = treeChannels(log);
  const expected: 0 | 1 = channels.indexOf(channel) < channels.length / 2 ? 0 : 1;
  const ours = dtree(nodes).map((tree) => tree.parent);
  const sameAs = ours.findIndex((p) => p.join() === nodeParents.join());
  const name = (n: number) => log.hosts[n].host;
  const words: { text: string; same: boolean }[] = [];
  const say = (text: string, same: boolean) => words.push({ text, same });
  if (nodes > 1) {
    const root = name(nodeParents.indexOf(-1));
    if (sameAs === expected) say(`Across the ${nodes} nodes: the same as gradsync's tree ${expected}, rooted at ${root}.`, true);
    else if (sameAs !== -1)
      say(
        `Across the ${nodes} nodes: gradsync's tree ${sameAs}, rooted at ${root}; gradsync gives channel ${channel} tree ${expected}, since NCCL gives the first half of its channels tree 0 and the second half its mirror.`,
        false,
      );
    else {
      const first = nodeParents.findIndex((p, n) => p !== ours[expected][n]);
      const theirs = (p: number) => (p === -1 ? 'the root' : `a child of ${name(p)}`);
      say(
        `Across the ${nodes} nodes it differs from gradsync's tree ${expected}: NCCL makes ${name(first)} ${theirs(nodeParents[first])}, gradsync ${theirs(ours[expected][first])}.`,
        false,
      );
    }
  }
  const broken = chains.filter((c) => c.ranks === null).map((c) => c.host);
  if (broken.length > 0) say(`Inside ${broken.join(', ')} the tree is not one chain, as gradsync's is.`, false);
  else if (inRankOrder) say(`Inside each node: a chain in rank order, as gradsync's.`, true);
  else {
    const others = chains.filter((c, n) => c.ranks!.join() !== log.hosts[n].ranks.join());
    const runs = others.slice(0, NAMED_CHAINS).map((c) => `${c.host} runs ${listed(c.ranks!)}`);
    const more = others.length - runs.length;
    say(
      `Inside each node a chain in the order of NCCL's topology search, where gradsync's runs in rank order; down from the rank joined across nodes, ${runs.join('; ')}${more > 0 ? `; and ${more} more ${more === 1 ? 'node' : 'nodes'} differ` : ''}.`,
      false,
    );
  }
  return { channel, ok: true, expected, sameAs: sameAs === -1 ? null : (sameAs as 0 | 1), nodeParents, chains, inRankOrder, words };
}
