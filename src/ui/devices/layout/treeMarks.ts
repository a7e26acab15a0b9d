// The trees of the aggregate view as discs side by side, one per tree: rings of depth bands, the root
// innermost, in which each device is a wedge spanning its subtree's slots (a sunburst), so a parent
// covers its children and the leaves fringe the edge. Which device is under a point, and where a
// device's traffic starts, in each disc.

import type { TreeBands } from './aggregateStructure';
import type { Size } from './geometry';
import type { Point } from './layouts';

export interface TreeDisc {
  tree: TreeBands;
  cx: number;
  cy: number;
  /** Radius of the empty middle, where the root's band begins. */
  hole: number;
  /** Radial width of one depth's band. */
  band: number;
  outer: number;
}

export interface TreeMarks {
  kind: 'trees';
  devices: number;
  discs: TreeDisc[];
}

/** Room above the discs for their titles. */
const TITLE = 34;
/** Room below the discs for what their bands are busy with. */
const FOOT = 18;

export function treeMarks(trees: readonly TreeBands[], devices: number, size: Size): TreeMarks {
  const column = size.width / trees.length;
  const outer = Math.max(24, Math.min(column / 2 - 14, (size.height - TITLE - FOOT) / 2));
  const cy = TITLE + (size.height - TITLE - FOOT) / 2;
  const discs = trees.map((tree, i) => {
    const hole = outer * 0.12;
    return { tree, cx: column * (i + 0.5), cy, hole, band: (outer - hole) / tree.perDepth.length, outer };
  });
  return { kind: 'trees', devices, discs };
}

/** Angle of a position along the slots (fractional): slot 0 at the top, clockwise. */
export function slotAngle(position: number, devices: number): number {
  return -Math.PI / 2 + (2 * Math.PI * position) / devices;
}

/** Inner and outer radius of depth `depth`'s band. */
export function bandRadii(disc: TreeDisc, depth: number): [number, number] {
  return [disc.hole + depth * disc.band, disc.hole + (depth + 1) * disc.band];
}

/** The middle of device d's own slot in its band. */
export function treeAnchor(disc: TreeDisc, device: number): Point {
  const angle = slotAngle(disc.tree.slot[device] + 0.5, disc.tree.depth.length);
  const r = disc.hole + (disc.tree.depth[device] + 0.5) * disc.band;
  return { x: disc.cx + r * Math.cos(angle), y: disc.cy + r * Math.sin(angle) };
}

/** The device whose wedge is at (x, y) in either disc, or −1. */
export function treeDeviceAt(marks: TreeMarks, x: number, y: number): number {
  for (const disc of marks.discs) {
    const dx = x - disc.cx;
    const dy = y - disc.cy;
    const r = Math.hypot(dx, dy);
    if (r < disc.hole || r >= disc.outer) continue;
    const depth = Math.floor((r - disc.hole) / disc.band);
    const turn = (((Math.atan2(dy, dx) + Math.PI / 2) / (2 * Math.PI)) % 1) + 1;
    const position = (turn % 1) * marks.devices;
    const { tree } = disc;
    for (let d = 0; d < marks.devices; d++) if (tree.depth[d] === depth && tree.start[d] <= position && position < tree.end[d]) return d;
  }
  return -1;
}
