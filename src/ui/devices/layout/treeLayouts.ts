// Trees drawn top-down: NCCL's btree and the binomial tree of broadcast and reduce.

import { btree, type TreeShape, binomialTreeRounds } from '../../../core/algorithms';
import type { DeviceLayout, LayoutLink, Point } from './layouts';
import { deviceLabel } from '../../../core/notation';

/**
 * Top-down positions: leaves evenly spread in depth-first order, every parent centred over its
 * children, depth on y. Subtrees own disjoint ranges of leaves, so no two devices coincide.
 */
function tidyTree(devices: number, root: number, children: readonly (readonly number[])[]): Point[] {
  const x = new Array<number>(devices).fill(0);
  const depth = new Array<number>(devices).fill(0);
  let leaves = 0;
  let deepest = 0;
  const visit = (d: number, level: number): void => {
    depth[d] = level;
    deepest = Math.max(deepest, level);
    const kids = children[d];
    if (kids.length === 0) {
      x[d] = leaves++;
      return;
    }
    for (const child of kids) visit(child, level + 1);
    x[d] = kids.reduce((sum, child) => sum + x[child], 0) / kids.length;
  };
  visit(root, 0);
  return x.map((slot, d) => ({
    x: leaves > 1 ? slot / (leaves - 1) : 0.5,
    y: deepest > 0 ? depth[d] / deepest : 0.5,
  }));
}

/** One link per parent and child, parent first. */
export function treeLinks(tree: TreeShape, kind: LayoutLink['kind']): LayoutLink[] {
  const links: LayoutLink[] = [];
  for (let d = 0; d < tree.devices; d++) for (const child of tree.children[d]) links.push({ a: d, b: child, kind });
  return links;
}

/** NCCL's binary tree (the `tree` algorithm), root on top. */
export function btreeLayout(n: number): DeviceLayout {
  const tree = btree(n);
  return {
    kind: 'tree',
    devices: n,
    positions: tidyTree(n, tree.root, tree.children),
    links: treeLinks(tree, 'tree'),
    groups: [],
    description: `NCCL's binary tree over ${n} devices, GPU-0 at the root on top, each device linked to its children below`,
  };
}

/**
 * The binomial tree of broadcast and reduce from `root`, root on top. A device's children stand left
 * to right in the order it serves them (round 1 first), which puts the largest subtree on the left.
 */
export function binomialLayout(n: number, root: number): DeviceLayout {
  const children: number[][] = Array.from({ length: n }, () => []);
  for (const edges of binomialTreeRounds(n, root)) for (const [parent, child] of edges) children[parent].push(child);
  const tree: TreeShape = { devices: n, root, parent: [], children };
  return {
    kind: 'binomial-tree',
    devices: n,
    positions: tidyTree(n, root, children),
    links: treeLinks(tree, 'tree'),
    groups: [],
    description: `Binomial tree over ${n} devices, ${deviceLabel(root)} at the root on top, each device linked to the devices it serves`,
  };
}
