// Tree all-reduce pipelined over chunks, as NCCL's tree kernels do. A tree carries its chunks in a
// fixed order; its k-th chunk c moves as follows (steps 0-based, H = height of the root):
// - up: a device of height h sends c to its parent as a reduce at step k + h. Its children have
//   height ≤ h − 1, so their contributions arrived by the end of step k + h − 1.
// - down: the root holds c fully reduced after step k + H − 1, and a device at depth d copies c to
//   its children at step k + H + d.
// So the reduce of later chunks overlaps the broadcast of earlier ones, and a tree with K chunks
// takes K − 1 + 2H steps. Several trees with disjoint chunks run in the same steps (double tree).
// Within a step, transfers are ordered by chunk, then by sending device, then by receiving device.

import { invariant } from '../errors';
import type { Transfer } from '../schedule/ir';
import type { TreeShape } from './btree';
import type { ScheduleWriter } from './writer';

export interface TreeLoad {
  tree: TreeShape;
  /** The chunks this tree carries, in the order they enter its pipeline. */
  chunks: readonly number[];
}

/** Each device's height: 0 for a leaf, else 1 + its highest child's height. */
export function subtreeHeights(tree: TreeShape): number[] {
  const height = new Array<number>(tree.devices).fill(0);
  for (const d of topDownOrder(tree).reverse()) {
    for (const child of tree.children[d]) height[d] = Math.max(height[d], height[child] + 1);
  }
  return height;
}

/** Each device's distance from the root. */
export function depths(tree: TreeShape): number[] {
  const depth = new Array<number>(tree.devices).fill(0);
  for (const d of topDownOrder(tree)) {
    for (const child of tree.children[d]) depth[child] = depth[d] + 1;
  }
  return depth;
}

/** Devices in breadth-first order from the root: every parent before its children. */
function topDownOrder(tree: TreeShape): number[] {
  const order = [tree.root];
  for (let i = 0; i < order.length; i++) order.push(...tree.children[order[i]]);
  invariant(order.length === tree.devices, `a tree over ${tree.devices} devices reaches only ${order.length} from its root`);
  return order;
}

/** A step's phase: reducing, broadcasting, or both once the pipeline overlaps them. */
export const PIPELINED_TREE_PHASES = ['reduce', 'reduce+broadcast', 'broadcast'] as const;

function phaseOf(transfers: readonly Transfer[]): string {
  const reduces = transfers.some((t) => t.op === 'reduce');
  const copies = transfers.some((t) => t.op === 'copy');
  const [reduce, both, broadcast] = PIPELINED_TREE_PHASES;
  return reduces && copies ? both : reduces ? reduce : broadcast;
}

/** Writes the pipelined all-reduce steps of trees that carry disjoint chunks concurrently. */
export function writePipelinedTrees(out: ScheduleWriter, loads: readonly TreeLoad[]): void {
  interface Move extends Transfer {
    step: number;
  }
  const moves: Move[] = [];
  const seen = new Set<number>();
  for (const { tree, chunks } of loads) {
    const height = subtreeHeights(tree);
    const depth = depths(tree);
    const rootHeight = height[tree.root];
    chunks.forEach((chunk, k) => {
      invariant(!seen.has(chunk), `chunk ${chunk} is carried by two trees`);
      seen.add(chunk);
      for (let d = 0; d < tree.devices; d++) {
        const parent = tree.parent[d];
        if (parent !== -1) moves.push({ step: k + height[d], src: d, dst: parent, chunk, op: 'reduce' });
        for (const child of tree.children[d]) {
          moves.push({ step: k + rootHeight + depth[d], src: d, dst: child, chunk, op: 'copy' });
        }
      }
    });
  }
  // Each (chunk, src, dst) moves once, so this is a total order.
  moves.sort((a, b) => a.chunk - b.chunk || a.src - b.src || a.dst - b.dst);
  const buckets: Transfer[][] = [];
  for (const { step, src, dst, chunk, op } of moves) (buckets[step] ??= []).push({ src, dst, chunk, op });
  for (let i = 0; i < buckets.length; i++) {
    const transfers = buckets[i];
    invariant(transfers !== undefined, `pipelined tree step ${i} has no transfers`);
    out.step(phaseOf(transfers));
    for (const t of transfers) out.transfer(t.src, t.dst, t.chunk, t.op);
  }
}
