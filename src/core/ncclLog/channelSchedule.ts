// "Play this channel": an all-reduce over exactly the ring or the tree NCCL built for one channel,
// as a gradsync schedule (verified, narrated, costed and exported like any other). A channel the log
// shows only in part, or in lines that contradict each other, cannot be played: what is wrong is
// said (ringPlayProblem, treePlayProblem, so a front end can say it before anyone presses play),
// never filled in.

import type { TreeShape } from '../algorithms/btree';
import { ringAllReduceOver, treesAllReduceOver } from '../algorithms/given';
import { GradsyncError } from '../errors';
import type { Schedule } from '../schedule/ir';
import type { NcclLog } from './parseNcclLog';
import { rankRuns } from './words';

/** Chunks a played tree pipelines: enough for its reduce and broadcast to overlap, few enough to follow. */
const TREE_CHUNKS = 4;

function unplayable(problem: string): never {
  throw new GradsyncError('bad-input', `${problem}: it cannot be played`);
}

/**
 * Ranks a host, where the log's hosts hold the communicator in equal runs (host k: ranks kL to
 * kL + L − 1, as launchers place them): a played channel is then modelled and drawn on those nodes,
 * its hops between hosts over the network. Absent where the log does not say, or places ranks otherwise.
 */
function ranksPerHost(log: NcclLog): number | undefined {
  const size = log.hosts[0]?.ranks.length ?? 0;
  if (log.hosts.length < 2 || size * log.hosts.length !== log.ranks) return undefined;
  const blocks = log.hosts.every((host, k) => host.ranks.length === size && host.ranks.every((rank, i) => rank === k * size + i));
  return blocks ? size : undefined;
}

/** A played channel on the log's hosts, where they are equal runs of ranks. */
function onHosts(log: NcclLog, schedule: Schedule): Schedule {
  const perHost = ranksPerHost(log);
  return perHost === undefined ? schedule : { ...schedule, devicesPerNode: perHost };
}

/** Why channel `channel`'s ring cannot be played; null where it can. */
export function ringPlayProblem(log: NcclLog, channel: number): string | null {
  const ring = log.rings.find((r) => r.channel === channel);
  if (!ring)
    return `the log shows no ring of channel ${channel}; it shows ${log.rings.length === 0 ? 'none' : `channels ${rankRuns(log.rings.map((r) => r.channel))}`}`;
  if (ring.fault) return `channel ${channel}'s ring in the log cannot be right: ${ring.fault}`;
  if (!ring.complete) return `the log shows channel ${channel}'s ring only in part (${ring.order.length} of ${log.ranks} ranks)`;
  if (log.ranks < 2) return 'a ring of one rank moves nothing';
  return null;
}

/** The all-reduce over channel `channel`'s ring as NCCL built it. */
export function ringChannelSchedule(log: NcclLog, channel: number): Schedule {
  const problem = ringPlayProblem(log, channel);
  if (problem !== null) unplayable(problem);
  return onHosts(log, ringAllReduceOver(log.rings.find((r) => r.channel === channel)!.order, `nccl-ring-${channel}`));
}

/**
 * Where two ranks' tree lines of channel `channel` disagree (one names the other its parent, and the
 * other does not name it a child, or the other way round); null where they agree. Ranks without a
 * line are not a contradiction: they are missing.
 */
export function treeFault(log: NcclLog, channel: number): string | null {
  const links = new Map(log.treeLinks.filter((l) => l.channel === channel).map((l) => [l.rank, l]));
  const faults: string[] = [];
  for (const link of links.values()) {
    const parent = link.parent >= 0 ? links.get(link.parent) : undefined;
    if (parent && !parent.children.includes(link.rank))
      faults.push(`rank ${link.rank}’s line names ${link.parent} its parent, but rank ${link.parent}’s does not name ${link.rank} a child`);
    for (const child of link.children) {
      const told = links.get(child);
      if (told && told.parent !== link.rank)
        faults.push(
          `rank ${link.rank}’s line names ${child} a child, but rank ${child}’s names ${told.parent === -1 ? 'no parent' : `${told.parent} its parent`}`,
        );
    }
  }
  if (faults.length === 0) return null;
  return faults.length === 1 ? faults[0] : `${faults[0]} (and ${faults.length - 1} more such)`;
}

/** Channel `channel`'s tree as NCCL built it, every rank's parent and children; why not, where the log cannot give it. */
function channelTree(log: NcclLog, channel: number): TreeShape | string {
  const links = log.treeLinks.filter((l) => l.channel === channel);
  if (links.length === 0) return `the log shows no tree of channel ${channel}`;
  if (log.ranks < 2) return 'a tree of one rank moves nothing';
  const parent = new Array<number>(log.ranks).fill(-2);
  for (const link of links) parent[link.rank] = link.parent;
  const missing = parent.flatMap((p, rank) => (p === -2 ? [rank] : []));
  if (missing.length > 0) return `the log shows channel ${channel}'s tree without ranks ${rankRuns(missing)}`;
  const fault = treeFault(log, channel);
  if (fault !== null) return `channel ${channel}'s tree in the log contradicts itself: ${fault}`;
  const roots = parent.flatMap((p, rank) => (p === -1 ? [rank] : []));
  if (roots.length !== 1) return `channel ${channel}'s tree has ${roots.length} roots in the log (${roots.join(', ') || 'none'}); a tree has one`;
  const children: number[][] = Array.from({ length: log.ranks }, () => []);
  parent.forEach((p, rank) => p >= 0 && children[p].push(rank));
  const reached = [roots[0]];
  for (let i = 0; i < reached.length; i++) reached.push(...children[reached[i]]);
  if (reached.length !== log.ranks) return `channel ${channel}'s tree in the log does not reach every rank from its root ${roots[0]} (a loop of parents)`;
  return { devices: log.ranks, root: roots[0], parent, children };
}

/** Why channel `channel`'s tree cannot be played; null where it can. */
export function treePlayProblem(log: NcclLog, channel: number): string | null {
  const tree = channelTree(log, channel);
  return typeof tree === 'string' ? tree : null;
}

/** The all-reduce over channel `channel`'s tree as NCCL built it, pipelined over a few chunks. */
export function treeChannelSchedule(log: NcclLog, channel: number): Schedule {
  const tree = channelTree(log, channel);
  if (typeof tree === 'string') unplayable(tree);
  return onHosts(log, treesAllReduceOver([tree], TREE_CHUNKS, `nccl-tree-${channel}`));
}
