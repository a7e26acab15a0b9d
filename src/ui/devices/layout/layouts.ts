// Where every device sits for an algorithm, in unit-square coordinates, and which links to draw. The
// algorithm's spec names its picture (AlgorithmLayout); a layout only claims a structure (tree, star,
// nodes) when every transfer of the schedule runs along one of its links; anything else, loaded
// schedules included, is drawn as a circle.

import { specOf, type AlgorithmLayout } from '../../../core/algorithms';
import type { Schedule } from '../../../core/schedule';
import { circleLayout, starLayout } from './circleLayouts';
import { doubleTreeLayout } from './doubleTreeLayout';
import { partnerLayout } from './halvingDoublingLayout';
import { nodeLayout, nodeLayoutOver } from './nodeLayout';
import { pairKey, usedPairs } from './pairs';

export { pairKey, usedPairs } from './pairs';
import { binomialLayout, btreeLayout } from './treeLayouts';

export interface Point {
  x: number;
  y: number;
}

/**
 * ring: neighbours on the circle; chord: any other pair on the circle; spoke: master to worker;
 * tree: parent to child; tree0/tree1: the double tree's two trees; intra/inter: inside a node and
 * between nodes; partner: the pairs that exchange in recursive halving and doubling; fold: the pairs
 * that merge before them when N is not a power of two.
 */
export type LinkKind = 'ring' | 'chord' | 'spoke' | 'tree' | 'tree0' | 'tree1' | 'intra' | 'inter' | 'partner' | 'fold';

/**
 * A curve out of the top (`above`) or bottom edge of both cards, peaking `reach` (0..1] of the way
 * from the cards' edge to `limit`: the unit y of a row of cards it must stay clear of, or, when
 * absent, the drawing's edge. Resolved in pixels because card sizes are chosen after the layout.
 */
interface ArcShape {
  side: 'above' | 'below';
  reach: number;
  limit?: number;
}

export interface LayoutLink {
  a: number;
  b: number;
  kind: LinkKind;
  /** Control point of a quadratic curve (unit coordinates); absent for a straight link. */
  control?: Point;
  /** A curve bent sideways by this many card heights (left of a→b); for links that would cross cards. */
  bend?: number;
  arc?: ArcShape;
  /** The partner distance of a `partner` link (1, 2, 4, …), named in the legend. */
  distance?: number;
  /** Written on the link, halfway along. */
  label?: string;
}

export interface NodeGroup {
  node: number;
  devices: number[];
  label: string;
}

/** A name written beside a card, on the side the layout keeps free. */
interface RootMark {
  device: number;
  label: string;
  side: 'left' | 'right';
  /** Link kind whose colour the name takes (a tree's root is named in its tree's colour). */
  kind?: LinkKind;
}

/** Most a card may take of the drawing, where links need the room around the cards. */
interface CardLimit {
  widthShare?: number;
  heightShare?: number;
}

export type LayoutKind = AlgorithmLayout;

export interface DeviceLayout {
  kind: LayoutKind;
  devices: number;
  /** Card centres in the unit square, one per device. */
  positions: Point[];
  /**
   * Other places for the same cards (a ring around a rectangle instead of an ellipse, a double tree in
   * two rows), taken where they let the cards write their chunks larger (cardFit.ts); cardLimit is the
   * positions' own and does not bind them.
   */
  arrangements?: Point[][];
  links: LayoutLink[];
  groups: NodeGroup[];
  /** Roots named next to their cards (the double tree's two roots). */
  roots?: RootMark[];
  /** The double tree: chunks below this travel on tree 0's links, the rest on tree 1's. */
  treeSplit?: number;
  cardLimit?: CardLimit;
  /**
   * Least room (px) between two cards in a row whose links leave by arcs above or below them rather
   * than run between them: only an arrow out of an inner cell passes there. Absent: as between linked cards.
   */
  rowGap?: number;
  /** One sentence for screen readers: what the picture shows. */
  description: string;
}

/** True when every transfer runs along a link of the layout. */
function linksCover(layout: DeviceLayout, pairs: Set<number>): boolean {
  const linked = new Set(layout.links.map((link) => pairKey(link.a, link.b)));
  for (const pair of pairs) if (!linked.has(pair)) return false;
  return true;
}

/** Each structured picture, for N ≥ 2 devices; null where the schedule cannot take it. */
const STRUCTURES: Record<LayoutKind, (schedule: Schedule, aspect: number) => DeviceLayout | null> = {
  circle: () => null,
  star: (schedule, aspect) => starLayout(schedule.devices, aspect),
  tree: (schedule) => btreeLayout(schedule.devices),
  'double-tree': (schedule) => doubleTreeLayout(schedule.devices, schedule.chunks),
  nodes: ({ devices, devicesPerNode: perNode }) =>
    perNode && perNode > 1 && perNode < devices && devices % perNode === 0 ? nodeLayout(devices, perNode) : null,
  partners: (schedule) => partnerLayout(schedule.devices),
  'binomial-tree': (schedule) => binomialLayout(schedule.devices, schedule.root ?? 0),
};

/**
 * The picture of a schedule's devices: its algorithm's structure, or a circle. `aspect` (width over
 * height of the drawing) spreads circles evenly once stretched to fill it.
 */
export function deviceLayout(schedule: Schedule, aspect = 1): DeviceLayout {
  const pairs = usedPairs(schedule);
  const spec = specOf(schedule);
  const structured = spec && schedule.devices >= 2 ? STRUCTURES[spec.layout](schedule, aspect) : null;
  if (structured && linksCover(structured, pairs)) return structured;
  // Devices on nodes, but linked as no algorithm of ours links them (a channel NCCL built): in their nodes.
  const { devices, devicesPerNode: perNode } = schedule;
  if (perNode && perNode > 1 && perNode < devices && devices % perNode === 0) return nodeLayoutOver(devices, perNode, pairs);
  return circleLayout(schedule.devices, spec?.drawsLinks === false ? new Set() : pairs, aspect);
}
