// NCCL's double binary tree as two trees that share the cards. Tree 0's interior devices fill the top
// half by their depth in tree 0, root on top; tree 1's fill the bottom half by their depth in tree 1,
// root at the bottom. Every device is interior in one tree and a leaf of the other, so tree 0 grows
// down into the bottom half to reach its leaves and tree 1 grows up into the top half. Columns follow
// both trees' left-to-right order: for even N tree 1 is tree 0 mirrored, so the picture turned half
// way round is itself with the colours swapped.

import { dtree, type TreeShape } from '../../../core/algorithms';
import type { DeviceLayout, LayoutLink, Point } from './layouts';
import { treeLinks } from './treeLayouts';
import { deviceLabel } from '../../../core/notation';

/** Room between the halves, in rows: every leaf link crosses it. */
const MIDDLE_GAP = 0.5;
/** Card heights a link bows out by where both trees link the same pair. */
const SHARED_BOW = 0.35;

function depths(tree: TreeShape): number[] {
  const depth = new Array<number>(tree.devices).fill(0);
  const visit = (d: number, level: number): void => {
    depth[d] = level;
    for (const child of tree.children[d]) visit(child, level + 1);
  };
  visit(tree.root, 0);
  return depth;
}

/**
 * Column of a device, 0 … columns − 1. Each btree is a search tree over its ranks (left subtree below,
 * right above) whose root has one child, so its root may stand in any column. Even N: tree 1 is tree 0
 * mirrored, and rank order serves both. Odd N: tree 1 is tree 0 shifted by one, so GPU-0 (tree 0's
 * root, also inside tree 1, as the image of GPU-(N−1)) goes right of GPU-(N−1), and tree 1's root
 * GPU-1 stands below it: only GPU-1's link to its tree-0 parent GPU-2 is left to cross the picture.
 */
function doubleTreeColumn(device: number, n: number): number {
  if (n % 2 === 0) return device;
  return device < 2 ? n - 2 : device - 2;
}

function doubleTreeColumns(n: number): number {
  return n % 2 === 0 ? n : n - 1;
}

/** Which half a device sits in: tree 0's interior devices on top (GPU-0 of odd N is interior in both). */
function inTopHalf(trees: readonly [TreeShape, TreeShape], device: number): boolean {
  return trees[0].children[device].length > 0 || trees[1].children[device].length === 0;
}

/** Chunks [from, to) in the seeds' 1-based counting: "chunks 1–4", "chunk 5", "no chunks". */
export function chunkRange(from: number, to: number): string {
  if (to <= from) return 'no chunks';
  return to - from === 1 ? `chunk ${from + 1}` : `chunks ${from + 1}–${to}`;
}

/**
 * For even N, where tree 0's interior devices are the even ones and tree 1's the odd ones: two rows,
 * tree 0's interior above and tree 1's below in rank order, but each tree's root (one child) at the
 * far end of the other row, so that no link runs along a row past a card. Cards large enough to write
 * their chunks fit here, where the rows by depth leave them too little room. Null where the trees do
 * not split so, or a link would still pass a card in its row.
 */
function twoRows(trees: readonly [TreeShape, TreeShape], links: readonly LayoutLink[]): Point[] | null {
  const n = trees[0].devices;
  if (n < 4 || n % 2 === 1) return null;
  for (let d = 0; d < n; d++) if (trees[d % 2].children[d].length === 0) return null;
  const last = n - 1;
  const positions = Array.from({ length: n }, (_, d) => {
    if (d === 0) return { x: 0, y: 1 };
    if (d === last) return { x: 1, y: 0 };
    return d % 2 === 0 ? { x: (d - 1) / last, y: 0 } : { x: (d + 1) / last, y: 1 };
  });
  const passes = (a: Point, b: Point) => positions.some((p) => p !== a && p !== b && p.y === a.y && p.x > Math.min(a.x, b.x) && p.x < Math.max(a.x, b.x));
  return links.some((link) => positions[link.a].y === positions[link.b].y && passes(positions[link.a], positions[link.b])) ? null : positions;
}

/** Positions, and the unit height of one row of cards. */
function positionsOf(trees: readonly [TreeShape, TreeShape]): { positions: Point[]; row: number } {
  const n = trees[0].devices;
  const [depth0, depth1] = trees.map(depths);
  const top = Array.from({ length: n }, (_, d) => inTopHalf(trees, d));
  const topRows = 1 + Math.max(...depth0.filter((_, d) => top[d]));
  const bottomRows = 1 + Math.max(0, ...depth1.filter((_, d) => !top[d]));
  // Unit y per row: the top half's rows, the gap, then the bottom half's rows counted from the bottom.
  const span = topRows - 1 + 1 + MIDDLE_GAP + bottomRows - 1;
  const positions = Array.from({ length: n }, (_, d) => ({
    x: doubleTreeColumns(n) > 1 ? doubleTreeColumn(d, n) / (doubleTreeColumns(n) - 1) : 0.5,
    y: top[d] ? depth0[d] / span : (span - depth1[d]) / span,
  }));
  return { positions, row: 1 / (span + 1) };
}

export function doubleTreeLayout(n: number, chunks: number): DeviceLayout {
  const trees = dtree(n);
  const { positions, row } = positionsOf(trees);
  const first = treeLinks(trees[0], 'tree0');
  const second = treeLinks(trees[1], 'tree1');
  // Where both trees link the same pair, each bows to its own side of the line from the lower device
  // to the higher (a bend is to the left of a→b, and a→b is parent→child).
  const key = (link: LayoutLink) => Math.min(link.a, link.b) * n + Math.max(link.a, link.b);
  const shared = new Set(first.map(key).filter((k) => second.some((link) => key(link) === k)));
  const bow = (link: LayoutLink) => (link.kind === 'tree0' ? SHARED_BOW : -SHARED_BOW) * (link.a < link.b ? 1 : -1);
  const links = [...first, ...second].map((link) => (shared.has(key(link)) ? { ...link, bend: bow(link) } : link));
  const split = Math.ceil(chunks / 2);
  const sideOf = (d: number) => (positions[d].x < 0.5 ? 'right' : 'left');
  const rows = twoRows(trees, links);
  return {
    kind: 'double-tree',
    devices: n,
    positions,
    arrangements: rows ? [rows] : [],
    links,
    groups: [],
    treeSplit: split,
    roots: [
      { device: trees[0].root, label: 'tree 0 root', side: sideOf(trees[0].root), kind: 'tree0' },
      { device: trees[1].root, label: 'tree 1 root', side: sideOf(trees[1].root), kind: 'tree1' },
    ],
    // Every device has a column of its own, so only this keeps a card from growing into a tall
    // column (a card may reach a little into the next row: the cards there stand further along);
    // and cards wider than about one and a half columns would hide the links that climb between them.
    cardLimit: { widthShare: Math.min(0.4, 1.6 / Math.max(1, doubleTreeColumns(n) - 1)), heightShare: 1.3 * row },
    description:
      `NCCL's double binary tree over ${n} devices: tree 0 (${chunkRange(0, split)}) hangs from ${deviceLabel(trees[0].root)} at the top, ` +
      `tree 1 (${chunkRange(split, chunks)}) grows up from ${deviceLabel(trees[1].root)} at the bottom; ` +
      `each device is inside one tree and a leaf of the other`,
  };
}
