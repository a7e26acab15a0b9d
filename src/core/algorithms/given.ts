// All-reduce over structures given from outside rather than built by an algorithm here: what NCCL
// built on a cluster, as its log tells it (core/ncclLog). A ring in any order of its devices runs
// as ring.ts runs rings; trees given by their parents run pipelined as tree.ts runs its own.

import type { Schedule } from '../schedule/ir';
import { plainSchedule } from '../schedule/flat';
import type { TreeShape } from './btree';
import { writePipelinedTrees } from './pipelinedTree';
import { writeRingPass } from './ring';
import { makeHeader } from './types';
import { ScheduleWriter } from './writer';

/** Ring all-reduce around `order` (each of its devices once): a segment a device, reduce-scatter then all-gather. */
export function ringAllReduceOver(order: readonly number[], algorithm: string): Schedule {
  const out = new ScheduleWriter();
  const position = (_: number, p: number) => p;
  writeRingPass(out, [order], 'reduce-scatter', 'reduce-scatter', 1, position);
  writeRingPass(out, [order], 'allgather', 'allgather', 1, position);
  return plainSchedule(out.finish(makeHeader('allreduce', algorithm, order.length, order.length)));
}

/** Tree all-reduce pipelined over `chunks` chunks, the trees carrying them in turn (two trees: the first half and the second, as a double tree). */
export function treesAllReduceOver(trees: readonly TreeShape[], chunks: number, algorithm: string): Schedule {
  const out = new ScheduleWriter();
  const share = Math.ceil(chunks / trees.length);
  writePipelinedTrees(
    out,
    trees.map((tree, i) => ({ tree, chunks: Array.from({ length: Math.max(0, Math.min(chunks, (i + 1) * share) - i * share) }, (_, k) => i * share + k) })),
  );
  return plainSchedule(out.finish(makeHeader('allreduce', algorithm, trees[0].devices, chunks)));
}
