// What the aggregate view shows of an algorithm's structure: the trees' depth bands (which depth each
// device is at in each tree, and the span of its subtree, for a sunburst), or halving-doubling's
// partner distance round by round. A structure is claimed only where every transfer runs along it,
// as the card layouts do; anything else (loaded schedules included) keeps the ring.

import { btree, dtree, specOf, type TreeShape } from '../../../core/algorithms';
import { compileSchedule, type CompiledSchedule, type Schedule } from '../../../core/schedule';
import { deviceLabel } from '../../../core/notation';

/** One tree as bands by depth: device d sits at depth[d], its subtree over slots [start[d], end[d]) of the circle. */
export interface TreeBands {
  label: string;
  root: number;
  depth: Int32Array;
  /** Where the device itself sits among the slots (its own slot in the in-order walk). */
  slot: Int32Array;
  start: Int32Array;
  end: Int32Array;
  /** Devices at each depth, root first. */
  perDepth: number[];
  /** The chunks it carries, [from, to). */
  chunks: [number, number];
}

export type AggregateStructure =
  | { kind: 'ring' }
  | { kind: 'trees'; trees: TreeBands[] }
  /** Per step (0-based), how far apart the partners exchanging in it are (0: no transfers). */
  | { kind: 'partners'; distance: Int32Array };

/** A tree's bands: the in-order walk (smaller child, the device, larger child) gives each subtree a contiguous run of slots. */
function bandsOf(tree: TreeShape, label: string, chunks: [number, number]): TreeBands {
  const n = tree.devices;
  const depth = new Int32Array(n);
  const slot = new Int32Array(n);
  const start = new Int32Array(n);
  const end = new Int32Array(n);
  const perDepth: number[] = [];
  // Iterative walk: a long chain of loaded ranks must not overflow the stack.
  let next = 0;
  const stack: { d: number; level: number; stage: number }[] = [{ d: tree.root, level: 0, stage: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const kids = tree.children[top.d];
    const before = kids.filter((k) => k < top.d);
    const after = kids.filter((k) => k > top.d);
    if (top.stage === 0) {
      depth[top.d] = top.level;
      perDepth[top.level] = (perDepth[top.level] ?? 0) + 1;
      start[top.d] = next;
      top.stage = 1;
      for (const k of [...before].reverse()) stack.push({ d: k, level: top.level + 1, stage: 0 });
      continue;
    }
    if (top.stage === 1) {
      slot[top.d] = next++;
      top.stage = 2;
      for (const k of [...after].reverse()) stack.push({ d: k, level: top.level + 1, stage: 0 });
      continue;
    }
    end[top.d] = next;
    stack.pop();
  }
  return { label, root: tree.root, depth, slot, start, end, perDepth, chunks };
}

/** Whether every transfer runs between a parent and its child in the tree carrying its chunk. */
function alongTrees(compiled: CompiledSchedule, trees: readonly TreeShape[], treeOf: (chunk: number) => number): boolean {
  const { src, dst, chunk } = compiled;
  for (let t = 0; t < src.length; t++) {
    const { parent } = trees[treeOf(chunk[t])];
    if (parent[src[t]] !== dst[t] && parent[dst[t]] !== src[t]) return false;
  }
  return true;
}

/** The tree (0 or 1) that carries chunk c of a double tree of C chunks: tree 0 the first ⌈C/2⌉. */
export function treeOfChunk(structure: AggregateStructure, chunk: number): number {
  if (structure.kind !== 'trees') return 0;
  return structure.trees.findIndex(({ chunks: [from, to] }) => from <= chunk && chunk < to);
}

function treesOf(schedule: Schedule, compiled: CompiledSchedule, layout: string): AggregateStructure | null {
  const n = schedule.devices;
  if (layout === 'tree') {
    const tree = btree(n);
    return alongTrees(compiled, [tree], () => 0)
      ? { kind: 'trees', trees: [bandsOf(tree, `tree · root ${deviceLabel(tree.root)}`, [0, schedule.chunks])] }
      : null;
  }
  const split = Math.ceil(schedule.chunks / 2);
  const trees = dtree(n);
  if (!alongTrees(compiled, trees, (c) => (c < split ? 0 : 1))) return null;
  return {
    kind: 'trees',
    trees: [
      bandsOf(trees[0], `tree 0 · root ${deviceLabel(trees[0].root)}`, [0, split]),
      bandsOf(trees[1], `tree 1 · root ${deviceLabel(trees[1].root)}`, [split, schedule.chunks]),
    ],
  };
}

function partnersOf(compiled: CompiledSchedule): AggregateStructure {
  const distance = new Int32Array(compiled.steps);
  for (let s = 0; s < compiled.steps; s++) {
    const t = compiled.stepStart[s];
    if (t < compiled.stepStart[s + 1]) distance[s] = Math.abs(compiled.src[t] - compiled.dst[t]);
  }
  return { kind: 'partners', distance };
}

const known = new WeakMap<Schedule, AggregateStructure>();

/** The structure the aggregate view draws for a schedule (kept per schedule). */
export function aggregateStructure(schedule: Schedule): AggregateStructure {
  let structure = known.get(schedule);
  if (structure) return structure;
  const layout = specOf(schedule)?.layout;
  const compiled = compileSchedule(schedule);
  if (schedule.devices >= 2 && (layout === 'tree' || layout === 'double-tree')) structure = treesOf(schedule, compiled, layout) ?? { kind: 'ring' };
  else if (layout === 'partners') structure = partnersOf(compiled);
  else structure = { kind: 'ring' };
  known.set(schedule, structure);
  return structure;
}
