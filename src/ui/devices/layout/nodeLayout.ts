// Hierarchical ring: one labelled box per node with its devices in a row; nodes stacked in columns
// in snake order, so consecutive nodes of the inter-node ring sit next to each other.

import type { DeviceLayout, LayoutLink, NodeGroup, Point } from './layouts';
import { pairOf } from './pairs';

/** Extra device-widths between two columns of nodes, so their boxes do not touch. */
const COLUMN_GAP = 0.8;
/** Target width : height of the grid of devices, counted in cards (cards are wider than tall). */
const GRID_ASPECT = 1.25;

function nodeColumns(nodes: number, perNode: number): number {
  let best = 1;
  let bestMiss = Infinity;
  for (let columns = 1; columns <= nodes; columns++) {
    const rows = Math.ceil(nodes / columns);
    const miss = Math.abs(Math.log((columns * perNode) / (rows * GRID_ASPECT)));
    if (miss < bestMiss - 1e-9) {
      best = columns;
      bestMiss = miss;
    }
  }
  return best;
}

/** Grid cell of node k in snake order: down the first column, up the second, … */
function nodeCell(k: number, rows: number): { column: number; row: number } {
  const column = Math.floor(k / rows);
  const within = k % rows;
  return { column, row: column % 2 === 0 ? within : rows - 1 - within };
}

function ringLinks(members: number[], kind: LayoutLink['kind'], wrapBend: number): LayoutLink[] {
  const links: LayoutLink[] = [];
  for (let i = 0; i + 1 < members.length; i++) links.push({ a: members[i], b: members[i + 1], kind });
  // Two members are already linked; more need the way back, bent around the ones in between.
  if (members.length > 2) links.push({ a: members[0], b: members[members.length - 1], kind, bend: wrapBend });
  return links;
}

export function nodeLayout(n: number, perNode: number): DeviceLayout {
  const nodes = n / perNode;
  const columns = nodeColumns(nodes, perNode);
  const rows = Math.ceil(nodes / columns);
  const xMax = (columns - 1) * (perNode + COLUMN_GAP) + perNode - 1;
  const positions: Point[] = new Array(n);
  const groups: NodeGroup[] = [];
  for (let k = 0; k < nodes; k++) {
    const { column, row } = nodeCell(k, rows);
    const devices = Array.from({ length: perNode }, (_, local) => k * perNode + local);
    for (const [local, d] of devices.entries()) {
      positions[d] = {
        x: xMax > 0 ? (column * (perNode + COLUMN_GAP) + local) / xMax : 0.5,
        y: rows > 1 ? row / (rows - 1) : 0.5,
      };
    }
    groups.push({ node: k, devices, label: `node ${k}` });
  }
  const links: LayoutLink[] = [];
  // Positive bends go toward (−dy, dx): below a left-to-right row.
  for (const group of groups) links.push(...ringLinks(group.devices, 'intra', 1.7));
  for (let local = 0; local < perNode; local++) {
    const members = Array.from({ length: nodes }, (_, k) => k * perNode + local);
    links.push(...ringLinks(members, 'inter', -2.2));
  }
  return {
    kind: 'nodes',
    devices: n,
    positions,
    links,
    groups,
    description: `${n} devices in ${nodes} nodes of ${perNode}: a ring inside each node, and rings across the nodes linking devices of the same local rank`,
  };
}

/**
 * Devices in their nodes, as the hierarchical ring draws them, but linked where the schedule's
 * transfers go (a channel NCCL built, played on its hosts): inside a node, or between nodes.
 */
export function nodeLayoutOver(n: number, perNode: number, pairs: Set<number>): DeviceLayout {
  const layout = nodeLayout(n, perNode);
  const links: LayoutLink[] = [...pairs]
    .sort((x, y) => x - y)
    .map((key) => {
      const [a, b] = pairOf(key);
      return { a, b, kind: Math.floor(a / perNode) === Math.floor(b / perNode) ? 'intra' : 'inter' };
    });
  const nodes = n / perNode;
  return { ...layout, links, description: `${n} devices in ${nodes} nodes of ${perNode}, linked where they exchange data, inside a node or between nodes` };
}
