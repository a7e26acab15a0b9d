// "Play this channel": an all-reduce over exactly the ring or the tree NCCL built for one channel,
// as a gradsync schedule (verified, narrated, costed and exported like any other). A channel the log
// shows only in part cannot be played: what is missing is said, never filled in.

import type { TreeShape } from '../algorithms/btree';
import { ringAllReduceOver, treesAllReduceOver } from '../algorithms/given';
import { GradsyncError } from '../errors';
import type { Schedule } from '../schedule/ir';
import type { NcclLog } from './parseNcclLog';

/** Chunks a played tree pipelines: enough for its reduce and broadcast to overlap, few enough to follow. */
const TREE_CHUNKS = 4;

function bad(message: string): never {
  throw new GradsyncError('bad-input', message);
}

/** The all-reduce over channel `channel`'s ring as NCCL built it. */
export function ringChannelSchedule(log: NcclLog, channel: number): Schedule {
  const ring = log.rings.find((r) => r.channel === channel);
  if (!ring)
    bad(`the log shows no ring of channel ${channel}; it shows ${log.rings.length === 0 ? 'none' : `channels ${log.rings.map((r) => r.channel).join(', ')}`}`);
  if (!ring.complete) bad(`the log shows channel ${channel}'s ring only in part (${ring.order.length} of ${log.ranks} ranks): it cannot be played`);
  if (log.ranks < 2) bad('a ring of one rank moves nothing');
  return ringAllReduceOver(ring.order, `nccl-ring-${channel}`);
}

/** Channel `channel`'s tree as NCCL built it, every rank's parent and children; bad input where the log leaves any out. */
function channelTree(log: NcclLog, channel: number): TreeShape {
  const links = log.treeLinks.filter((l) => l.channel === channel);
  if (links.length === 0) bad(`the log shows no tree of channel ${channel}`);
  const parent = new Array<number>(log.ranks).fill(-2);
  for (const link of links) parent[link.rank] = link.parent;
  const missing = parent.flatMap((p, rank) => (p === -2 ? [rank] : []));
  if (missing.length > 0) bad(`the log shows channel ${channel}'s tree without ranks ${missing.join(', ')}: it cannot be played`);
  const roots = parent.flatMap((p, rank) => (p === -1 ? [rank] : []));
  if (roots.length !== 1) bad(`channel ${channel}'s tree has ${roots.length} roots in the log (${roots.join(', ') || 'none'}); a tree has one`);
  // Children as the parents say them, so the shape is one tree whatever a garbled line claims.
  const children: number[][] = Array.from({ length: log.ranks }, () => []);
  parent.forEach((p, rank) => p >= 0 && children[p].push(rank));
  const reached = [roots[0]];
  for (let i = 0; i < reached.length; i++) reached.push(...children[reached[i]]);
  if (reached.length !== log.ranks) bad(`channel ${channel}'s tree in the log does not reach every rank from its root ${roots[0]} (a loop of parents)`);
  return { devices: log.ranks, root: roots[0], parent, children };
}

/** The all-reduce over channel `channel`'s tree as NCCL built it, pipelined over a few chunks. */
export function treeChannelSchedule(log: NcclLog, channel: number): Schedule {
  if (log.ranks < 2) bad('a tree of one rank moves nothing');
  return treesAllReduceOver([channelTree(log, channel)], TREE_CHUNKS, `nccl-tree-${channel}`);
}
