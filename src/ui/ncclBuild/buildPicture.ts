// Where a picture of what NCCL built puts things: each host a box, its ranks round a circle inside
// (by their local index, clockwise from the top, as they sit on a board), the hosts in a row or a
// grid; and a channel's ring or tree as arrows between them, each of the transport the log names
// for that hop. Ranks no host line speaks for get a box of their own, named so. Pure geometry, in
// the SVG's units.

import type { NcclLog, Transport } from '../../core/ncclLog';

const SPOT = 19;
const NODE_GAP = 96;
const ROW_GAP = 56;
const HEAD = 30;
const PAD = 14;

interface Spot {
  rank: number;
  x: number;
  y: number;
  /** Its index on its host ("GPU 3"), by rank order there. */
  local: number;
}

interface NodeBox {
  /** The host's name, or what a box of hostless ranks is called. */
  label: string;
  known: boolean;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface BuildLayout {
  width: number;
  height: number;
  spotRadius: number;
  nodes: NodeBox[];
  /** By rank. */
  spots: Spot[];
  /** Each rank's box. */
  nodeOf: number[];
}

/** Ranks round a circle of a node's size, or in a grid where there are many. */
function placeInNode(count: number): { w: number; h: number; at(i: number): [number, number] } {
  if (count <= 16) {
    const radius = Math.max(52, (count * (2 * SPOT + 22)) / (2 * Math.PI));
    const size = 2 * (radius + SPOT + PAD);
    return {
      w: size,
      h: size + HEAD,
      at: (i) => {
        const angle = -Math.PI / 2 + (2 * Math.PI * i) / count;
        return [size / 2 + radius * Math.cos(angle), HEAD + size / 2 + radius * Math.sin(angle)];
      },
    };
  }
  const cols = Math.ceil(Math.sqrt(count));
  const step = 2 * SPOT + 16;
  const w = cols * step + 2 * PAD;
  const h = Math.ceil(count / cols) * step + 2 * PAD + HEAD;
  return {
    w,
    h,
    at: (i) => [PAD + step * ((i % cols) + 0.5), HEAD + PAD + step * (Math.floor(i / cols) + 0.5)],
  };
}

/** The boxes and spots for `log`'s ranks, hosts `perRow` to a row (null: as suits their number). */
export function buildLayout(log: NcclLog, perRow: number | null = null): BuildLayout {
  const groups = log.hosts.map((h) => ({ label: h.host, known: true, ranks: h.ranks }));
  const placed = new Set(log.hosts.flatMap((h) => h.ranks));
  const rest = Array.from({ length: log.ranks }, (_, r) => r).filter((r) => !placed.has(r));
  if (rest.length > 0) groups.push({ label: groups.length === 0 ? 'hosts not in the log' : 'host not in the log', known: false, ranks: rest });
  const shapes = groups.map((g) => placeInNode(g.ranks.length));
  const boxW = Math.max(...shapes.map((s) => s.w));
  const boxH = Math.max(...shapes.map((s) => s.h));
  const cols = perRow ?? (groups.length <= 4 ? groups.length : Math.ceil(Math.sqrt(groups.length * 1.6)));
  const nodes: NodeBox[] = [];
  const spots: Spot[] = new Array(log.ranks);
  const nodeOf: number[] = new Array(log.ranks).fill(-1);
  groups.forEach((group, n) => {
    const x = (n % cols) * (boxW + NODE_GAP);
    const y = Math.floor(n / cols) * (boxH + ROW_GAP);
    const shape = shapes[n];
    const dx = x + (boxW - shape.w) / 2;
    nodes.push({ label: group.label, known: group.known, x, y, w: boxW, h: boxH });
    group.ranks.forEach((rank, i) => {
      const [sx, sy] = shape.at(i);
      spots[rank] = { rank, x: dx + sx, y: y + sy, local: i };
      nodeOf[rank] = n;
    });
  });
  const rows = Math.ceil(groups.length / cols);
  return { width: cols * boxW + (cols - 1) * NODE_GAP, height: rows * boxH + (rows - 1) * ROW_GAP, spotRadius: SPOT, nodes, spots, nodeOf };
}

/** A hop's kind: the transport the log names for it, or null where it names none. */
export type HopKind = Transport | null;

export interface Hop {
  from: number;
  to: number;
  kind: HopKind;
  /** NCCL's words for the transport ("NET/IB/2/GDRDMA"), where the log has them. */
  via: string | null;
  /** Whether it joins two boxes. */
  across: boolean;
}

function hopOf(log: NcclLog, layout: BuildLayout, channel: number, from: number, to: number): Hop {
  const edge =
    [...log.ringEdges, ...log.otherEdges].find((e) => e.channel === channel && e.from === from && e.to === to) ??
    // A tree's link is one connection each way; the log may print only the one towards the parent.
    [...log.ringEdges, ...log.otherEdges].find((e) => e.channel === channel && e.from === to && e.to === from);
  return { from, to, kind: edge?.transport ?? null, via: edge?.via ?? null, across: layout.nodeOf[from] !== layout.nodeOf[to] };
}

/** Channel `channel`'s ring as hops around its order, closed back to its start where the log shows it whole. */
export function ringHops(log: NcclLog, layout: BuildLayout, channel: number): Hop[] {
  const ring = log.rings.find((r) => r.channel === channel);
  if (!ring) return [];
  const { order } = ring;
  const count = ring.complete ? order.length : order.length - 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => hopOf(log, layout, channel, order[i], order[(i + 1) % order.length]));
}

/** Channel `channel`'s tree as hops from each rank to its parent (the way a reduction goes). */
export function treeHops(log: NcclLog, layout: BuildLayout, channel: number): Hop[] {
  return log.treeLinks.filter((l) => l.channel === channel && l.parent >= 0).map((l) => hopOf(log, layout, channel, l.rank, l.parent));
}

/** The SVG path of a hop: a chord inside a box, a bowed curve between boxes; both end short of the spots. */
export function hopPath(layout: BuildLayout, hop: Hop): string {
  const a = layout.spots[hop.from];
  const b = layout.spots[hop.to];
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy) || 1;
  const inset = layout.spotRadius + 3;
  const end = layout.spotRadius + 7;
  if (!hop.across) {
    return `M${a.x + (dx / length) * inset},${a.y + (dy / length) * inset} L${b.x - (dx / length) * end},${b.y - (dy / length) * end}`;
  }
  // Bowed to the left of travel, so the two ways between a pair of ranks do not lie on each other;
  // drawn beneath the ranks, so a hop that passes a rank on its way is seen to go behind it.
  const bow = Math.min(70, length * 0.18);
  const cx = (a.x + b.x) / 2 + (dy / length) * bow;
  const cy = (a.y + b.y) / 2 - (dx / length) * bow;
  const start = toward(a, cx, cy, inset);
  const stop = toward(b, cx, cy, end);
  return `M${start[0]},${start[1]} Q${cx},${cy} ${stop[0]},${stop[1]}`;
}

function toward(spot: Spot, x: number, y: number, by: number): [number, number] {
  const dx = x - spot.x;
  const dy = y - spot.y;
  const length = Math.hypot(dx, dy) || 1;
  return [spot.x + (dx / length) * by, spot.y + (dy / length) * by];
}
