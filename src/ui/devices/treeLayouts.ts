// Trees drawn top-down (NCCL's btree, the binomial tree of broadcast and reduce) and the double tree
// as one row of devices with tree 0 arching above it and tree 1 below, so every device appears once.

import { btree, dtree, type TreeShape } from '../../core/algorithms/btree';
import { binomialTreeRounds } from '../../core/algorithms/broadcast';
import type { DeviceLayout, LayoutLink, Point } from './layouts';

/** Highest arc above (or below) the row, in unit heights; the row sits at y = 0.5. */
const ARC_APEX = 0.46;

/**
 * Top-down positions: leaves evenly spread in depth-first order, every parent centred over its
 * children, depth on y. Subtrees own disjoint ranges of leaves, so no two devices coincide.
 */
export function tidyTree(devices: number, root: number, children: readonly (readonly number[])[]): Point[] {
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

function treeLinks(tree: TreeShape, kind: LayoutLink['kind']): LayoutLink[] {
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

/** The binomial tree of broadcast and reduce from `root`, root on top, larger subtrees first. */
export function binomialLayout(n: number, root: number): DeviceLayout {
  const children: number[][] = Array.from({ length: n }, () => []);
  for (const edges of binomialTreeRounds(n, root)) for (const [parent, child] of edges) children[parent].unshift(child);
  const tree: TreeShape = { devices: n, root, parent: [], children };
  return {
    kind: 'binomial-tree',
    devices: n,
    positions: tidyTree(n, root, children),
    links: treeLinks(tree, 'tree'),
    groups: [],
    description: `Binomial tree over ${n} devices, GPU-${root} at the root on top, each device linked to the devices it serves`,
  };
}

function chunkRange(from: number, to: number): string {
  return to - from <= 1 ? `chunk ${from + 1}` : `chunks ${from + 1}–${to}`;
}

/** Both of NCCL's trees over one row of devices: tree 0's edges arch above the row, tree 1's below. */
export function doubleTreeLayout(n: number, chunks: number): DeviceLayout {
  const trees = dtree(n);
  const positions = Array.from({ length: n }, (_, d) => ({ x: n > 1 ? d / (n - 1) : 0.5, y: 0.5 }));
  const edges = [...treeLinks(trees[0], 'tree0'), ...treeLinks(trees[1], 'tree1')];
  const spanOf = (link: LayoutLink) => Math.abs(positions[link.a].x - positions[link.b].x);
  const widest = Math.max(1e-9, ...edges.map(spanOf));
  const links = edges.map((link) => {
    // A quadratic curve peaks halfway to its control point; wider edges arch higher, so arcs nest.
    const apex = ARC_APEX * Math.pow(spanOf(link) / widest, 0.6);
    const side = link.kind === 'tree0' ? -1 : 1;
    return { ...link, control: { x: (positions[link.a].x + positions[link.b].x) / 2, y: 0.5 + side * 2 * apex } };
  });
  const split = Math.ceil(chunks / 2);
  return {
    kind: 'double-tree',
    devices: n,
    positions,
    links,
    groups: [],
    treeSplit: split,
    roots: [
      { device: trees[0].root, label: 'tree 0 root', side: 'above' },
      { device: trees[1].root, label: 'tree 1 root', side: 'below' },
    ],
    description:
      `NCCL's double binary tree over ${n} devices in a row: tree 0 (${chunkRange(0, split)}) arches above, rooted at GPU-${trees[0].root}; ` +
      `tree 1 (${split < chunks ? chunkRange(split, chunks) : 'no chunks'}) arches below, rooted at GPU-${trees[1].root}`,
  };
}
