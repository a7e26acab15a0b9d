// NCCL's binary tree (trees.cc, ncclGetBtree) and double binary tree (ncclGetDtree), built over
// devices 0..N−1 instead of NCCL's nodes.
//
// For rank r let `bit` be its lowest set bit (for r = 0: the smallest power of two ≥ N). Rank 0 is
// the root, with the single child bit/2. Any other rank's parent is (r XOR bit) OR 2·bit, or r XOR bit
// when that is ≥ N; its children are r − bit/2 and r + bit/2 (none when bit = 1), where the right one
// is walked down to r + bit/4, r + bit/8, … while it is ≥ N, and dropped when no offset fits.
// Tree 1 is tree 0 mirrored (r ↦ N−1−r) for even N and shifted (r ↦ (r+1) mod N) for odd N. Tree 0's
// leaves are the odd ranks, so for N ≥ 2 every rank is a leaf in exactly one tree, except rank 0 of
// odd N, which is interior in both.
//
// Across nodes NCCL builds these trees over the nodes and joins them to a chain inside each node
// (connect.cc: ncclTopoPreset, connectTrees): acrossNodes.

import { invariant } from '../errors';

export interface TreeShape {
  devices: number;
  root: number;
  /** The device each device sends its partial result to; −1 for the root. */
  parent: readonly number[];
  /** Each device's children (0, 1 or 2) in ascending device order (NCCL's down0/down1 slots aside). */
  children: readonly (readonly number[])[];
}

/** NCCL's `bit`: the lowest set bit of a rank, and for rank 0 the smallest power of two ≥ n. */
function lowestBit(rank: number, n: number): number {
  let bit = 1;
  while (bit < n && (bit & rank) === 0) bit *= 2;
  return bit;
}

function btreeParent(rank: number, n: number): number {
  if (rank === 0) return -1;
  const bit = lowestBit(rank, n);
  const up = (rank ^ bit) | (bit * 2);
  return up < n ? up : rank ^ bit;
}

function btreeChildren(rank: number, n: number): number[] {
  const bit = lowestBit(rank, n);
  if (rank === 0) return n > 1 ? [bit / 2] : [];
  if (bit === 1) return [];
  // The left child rank − bit/2 is always in range, since it is below rank.
  const left = rank - bit / 2;
  // NCCL's down1 loop tests the offset bit/2 twice before halving it; that changes nothing, so this
  // walk lands on the same rank: the largest offset bit/2, bit/4, …, 1 that stays below n.
  let offset = bit / 2;
  while (offset >= 1 && rank + offset >= n) offset /= 2;
  return offset >= 1 ? [left, rank + offset] : [left];
}

function checkTreeDevices(n: number): void {
  invariant(Number.isInteger(n) && n >= 1, `a tree needs a positive integer device count, got ${n}`);
}

/** NCCL's binary tree over devices 0..n−1, rooted at 0. */
export function btree(n: number): TreeShape {
  checkTreeDevices(n);
  const parent: number[] = [];
  const children: number[][] = [];
  for (let r = 0; r < n; r++) {
    parent.push(btreeParent(r, n));
    children.push(btreeChildren(r, n));
  }
  return { devices: n, root: 0, parent, children };
}

/** The same tree with every device d renamed to rename(d); rename must be a permutation of 0..N−1. */
export function relabelTree(tree: TreeShape, rename: (device: number) => number): TreeShape {
  const n = tree.devices;
  const parent = new Array<number>(n).fill(-1);
  const children: number[][] = Array.from({ length: n }, () => []);
  for (let d = 0; d < n; d++) {
    const to = rename(d);
    invariant(Number.isInteger(to) && to >= 0 && to < n, `relabelTree maps device ${d} to ${to}`);
    parent[to] = tree.parent[d] === -1 ? -1 : rename(tree.parent[d]);
    children[to] = tree.children[d].map(rename).sort((a, b) => a - b);
  }
  return { devices: n, root: rename(tree.root), parent, children };
}

/** NCCL's double binary tree: [tree 0, tree 1], tree 1 mirrored (even n) or shifted by one (odd n). */
export function dtree(n: number): [TreeShape, TreeShape] {
  const first = btree(n);
  const second = n % 2 === 0 ? relabelTree(first, (d) => n - 1 - d) : relabelTree(first, (d) => (d + 1) % n);
  return [first, second];
}

/**
 * NCCL's tree across nodes of `perNode` devices (src/graph/connect.cc): inside node m the devices
 * form a chain from its first, m·G → m·G+1 → … → m·G+G−1 (each one's parent the one before it, as
 * NCCL's treeIntra up and down), and the first device of each node, its head, joins the heads of its
 * parent and child nodes in `overNodes`. Every network transfer of a node goes through its head, as
 * in NCCL's pattern TREE (its search may instead spread the child nodes over two GPUs). Both trees of
 * a double tree share the chains, as NCCL's second set of channels copies the first. With G = 1 this
 * is `overNodes` itself.
 */
export function acrossNodes(overNodes: TreeShape, perNode: number): TreeShape {
  invariant(Number.isInteger(perNode) && perNode >= 1, `acrossNodes needs a positive integer devices per node, got ${perNode}`);
  const n = overNodes.devices * perNode;
  const parent = new Array<number>(n);
  const children: number[][] = new Array<number[]>(n);
  for (let node = 0; node < overNodes.devices; node++) {
    const head = node * perNode;
    const up = overNodes.parent[node];
    parent[head] = up === -1 ? -1 : up * perNode;
    for (let local = 1; local < perNode; local++) parent[head + local] = head + local - 1;
    for (let local = 0; local < perNode; local++) {
      const next = local + 1 < perNode ? [head + local + 1] : [];
      children[head + local] = local === 0 ? [...next, ...overNodes.children[node].map((child) => child * perNode)].sort((a, b) => a - b) : next;
    }
  }
  return { devices: n, root: overNodes.root * perNode, parent, children };
}

/** NCCL's double binary tree over N/G nodes, joined to a chain inside each node (acrossNodes). */
export function dtreeAcrossNodes(devices: number, perNode: number): [TreeShape, TreeShape] {
  const [first, second] = dtree(devices / perNode);
  return [acrossNodes(first, perNode), acrossNodes(second, perNode)];
}
