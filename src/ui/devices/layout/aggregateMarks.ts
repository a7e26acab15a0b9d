// Where each device's mark sits in the aggregate view: a wedge of a ring, a cell of its node's block
// when devices come in nodes, or a wedge of each tree's disc in the band of its depth (treeMarks.ts).
// Also the reverse: which device is under a point.

import type { Size } from './geometry';
import type { Point } from './layouts';
import { treeAnchor, treeDeviceAt, type TreeMarks } from './treeMarks';

export interface RingMarks {
  kind: 'ring';
  devices: number;
  cx: number;
  cy: number;
  outer: number;
  inner: number;
}

interface NodeBlock {
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface GridMarks {
  kind: 'grid';
  devices: number;
  /** Per device: x, y, width, height. */
  cells: Float32Array;
  nodes: NodeBlock[];
}

export type AggregateMarks = RingMarks | GridMarks | TreeMarks;

const NODE_PAD = 4;
const NODE_LABEL = 13;

export function ringMarks(devices: number, size: Size): RingMarks {
  const outer = Math.max(20, Math.min(size.width, size.height) / 2 - 26);
  const thickness = Math.max(8, Math.min(26, outer * 0.1));
  return { kind: 'ring', devices, cx: size.width / 2, cy: size.height / 2, outer, inner: outer - thickness };
}

/** Angle of device d's wedge centre: GPU-0 at the top, clockwise. */
export function markAngle(device: number, devices: number): number {
  return -Math.PI / 2 + (2 * Math.PI * device) / devices;
}

export function gridMarks(devices: number, perNode: number, size: Size): GridMarks {
  const nodes = devices / perNode;
  const innerColumns = Math.ceil(Math.sqrt(perNode * 2));
  const innerRows = Math.ceil(perNode / innerColumns);
  let best = { columns: 1, cell: 0 };
  for (let columns = 1; columns <= nodes; columns++) {
    const rows = Math.ceil(nodes / columns);
    const cell = Math.min((size.width / columns - 2 * NODE_PAD - 4) / innerColumns, (size.height / rows - 2 * NODE_PAD - NODE_LABEL - 4) / innerRows);
    if (cell > best.cell) best = { columns, cell };
  }
  const cell = Math.max(1, Math.min(28, best.cell));
  const blockWidth = innerColumns * cell + 2 * NODE_PAD;
  const blockHeight = innerRows * cell + 2 * NODE_PAD + NODE_LABEL;
  const rows = Math.ceil(nodes / best.columns);
  const gapX = Math.max(4, (size.width - best.columns * blockWidth) / (best.columns + 1));
  const gapY = Math.max(4, (size.height - rows * blockHeight) / (rows + 1));
  const cells = new Float32Array(devices * 4);
  const blocks: NodeBlock[] = [];
  for (let k = 0; k < nodes; k++) {
    const x = gapX + (k % best.columns) * (blockWidth + gapX);
    const y = gapY + Math.floor(k / best.columns) * (blockHeight + gapY);
    blocks.push({ label: `node ${k}`, x, y, width: blockWidth, height: blockHeight });
    for (let local = 0; local < perNode; local++) {
      const d = k * perNode + local;
      cells.set([x + NODE_PAD + (local % innerColumns) * cell, y + NODE_LABEL + NODE_PAD + Math.floor(local / innerColumns) * cell, cell, cell], d * 4);
    }
  }
  return { kind: 'grid', devices, cells, nodes: blocks };
}

/** Where traffic lines start and end for device d (in tree `tree`'s disc, where there are trees). */
export function markAnchor(marks: AggregateMarks, device: number, tree = 0): Point {
  if (marks.kind === 'trees') return treeAnchor(marks.discs[tree], device);
  if (marks.kind === 'grid') {
    const [x, y, w, h] = marks.cells.subarray(device * 4, device * 4 + 4);
    return { x: x + w / 2, y: y + h / 2 };
  }
  const angle = markAngle(device, marks.devices);
  const r = marks.inner - 3;
  return { x: marks.cx + r * Math.cos(angle), y: marks.cy + r * Math.sin(angle) };
}

/** The device whose mark is at (x, y), or −1. */
export function deviceAt(marks: AggregateMarks, x: number, y: number): number {
  if (marks.kind === 'trees') return treeDeviceAt(marks, x, y);
  if (marks.kind === 'grid') {
    for (let d = 0; d < marks.devices; d++) {
      const [cx, cy, w, h] = marks.cells.subarray(d * 4, d * 4 + 4);
      if (x >= cx && x < cx + w && y >= cy && y < cy + h) return d;
    }
    return -1;
  }
  const dx = x - marks.cx;
  const dy = y - marks.cy;
  const r = Math.hypot(dx, dy);
  if (r < marks.inner - 6 || r > marks.outer + 6) return -1;
  const turn = (Math.atan2(dy, dx) + Math.PI / 2) / (2 * Math.PI);
  return ((Math.round(turn * marks.devices) % marks.devices) + marks.devices) % marks.devices;
}
