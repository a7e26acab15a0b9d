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
    const radius = Math.max(52, (count * (2 * SPOT + 30)) / (2 * Math.PI));
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
  // Wide enough for the name over it too (the host's name in mono type, 17 units: about 10.5 a character).
  const boxW = Math.max(...shapes.map((s) => s.w), ...groups.map((g) => g.label.length * 10.5 + 24));
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
  /** Whether it joins two hosts the log names. */
  across: boolean;
  /** Whether the log names the hosts of both its ranks. */
  hostsKnown: boolean;
}

function hopOf(log: NcclLog, layout: BuildLayout, channel: number, from: number, to: number): Hop {
  const edge =
    [...log.ringEdges, ...log.otherEdges].find((e) => e.channel === channel && e.from === from && e.to === to) ??
    // A tree's link is one connection each way; the log may print only the one towards the parent.
    [...log.ringEdges, ...log.otherEdges].find((e) => e.channel === channel && e.from === to && e.to === from);
  // Between two hosts the log names; a rank of no known host may be on either.
  const known = (rank: number) => layout.nodes[layout.nodeOf[rank]].known;
  const hostsKnown = known(from) && known(to);
  return { from, to, kind: edge?.transport ?? null, via: edge?.via ?? null, across: hostsKnown && layout.nodeOf[from] !== layout.nodeOf[to], hostsKnown };
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

type Point = [number, number];

const betweenBoxes = (layout: BuildLayout, hop: Hop) => layout.nodeOf[hop.from] !== layout.nodeOf[hop.to];

/** A hop as a quadratic curve (a chord has its control point on the line), ending short of its spots. */
function hopCurve(layout: BuildLayout, hop: Hop): { start: Point; control: Point; stop: Point } {
  const a = layout.spots[hop.from];
  const b = layout.spots[hop.to];
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy) || 1;
  const inset = layout.spotRadius + 3;
  const end = layout.spotRadius + 7;
  if (!betweenBoxes(layout, hop)) {
    const start: Point = [a.x + (dx / length) * inset, a.y + (dy / length) * inset];
    const stop: Point = [b.x - (dx / length) * end, b.y - (dy / length) * end];
    return { start, control: [(start[0] + stop[0]) / 2, (start[1] + stop[1]) / 2], stop };
  }
  // Bowed to whichever side, and as far, as keeps it clearest of other ranks: behind as few as can
  // be, then as far from the nearest as a little more bow buys; the left of travel first, so the two
  // ways between a pair of ranks do not lie on each other. Drawn beneath the ranks, a hop that still
  // passes one is seen to go behind it.
  let best: { score: number; cx: number; cy: number } | null = null;
  for (const bow of BOWS) {
    const cx = (a.x + b.x) / 2 + (dy / length) * bow * length;
    const cy = (a.y + b.y) / 2 - (dx / length) * bow * length;
    const { hits, clearance } = passing(layout, hop, a, b, cx, cy);
    const score = hits * 1000 + Math.abs(bow) * 60 - Math.min(clearance, 24);
    if (best === null || score < best.score) best = { score, cx, cy };
  }
  const { cx, cy } = best!;
  return { start: toward(a, cx, cy, inset), control: [cx, cy], stop: toward(b, cx, cy, end) };
}

/** The SVG path of a hop: a chord inside a box, a bowed curve between boxes; both end short of the spots. */
export function hopPath(layout: BuildLayout, hop: Hop): string {
  const { start, control, stop } = hopCurve(layout, hop);
  return betweenBoxes(layout, hop)
    ? `M${start[0]},${start[1]} Q${control[0]},${control[1]} ${stop[0]},${stop[1]}`
    : `M${start[0]},${start[1]} L${stop[0]},${stop[1]}`;
}

/** The box the boxes and the hops take together: a hop bowed far may pass outside the hosts. */
/** Room around the frame in the drawing, for arrowheads and the root's circle. */
export const FRAME_MARGIN = 8;
/** A rank's number, in the picture's own units (ncclBuild.css writes it at this size). */
const RANK_TEXT = 17;
/** Least size (px) a rank's number is drawn, side by side, for a room to read it: smaller, the pictures stack. */
const LEGIBLE_RANK = 16;

/** Whether two pictures of `frame`, side by side in `width` px with `gap` between, draw rank numbers large enough to read. */
export function fitsSideBySide(frame: Frame, width: number, gap: number): boolean {
  return ((width - gap) / 2 / (frame.width + 2 * FRAME_MARGIN)) * RANK_TEXT >= LEGIBLE_RANK;
}

export interface Frame {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function pictureBounds(layout: BuildLayout, hops: Hop[]): Frame {
  let [x0, y0, x1, y1] = [0, 0, layout.width, layout.height];
  for (const hop of hops) {
    if (!betweenBoxes(layout, hop)) continue;
    const { start, control, stop } = hopCurve(layout, hop);
    // A quadratic's farthest reach is halfway to its control point from its chord's middle.
    const x = (start[0] + stop[0]) / 4 + control[0] / 2;
    const y = (start[1] + stop[1]) / 4 + control[1] / 2;
    [x0, y0, x1, y1] = [Math.min(x0, x - 4), Math.min(y0, y - 4), Math.max(x1, x + 4), Math.max(y1, y + 4)];
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Bows tried for a hop between hosts, as a share of its length: positive to the left of travel. */
const BOWS = [0.18, -0.18, 0.06, -0.06, 0.12, -0.12, 0.25, -0.25, 0.32, -0.32, 0.4, -0.4, 0.5, -0.5, 0.65, -0.65, 0.8, -0.8];
const SAMPLES = 48;

/** How many ranks other than its ends the curve a → (cx, cy) → b passes over, and how near it comes to the nearest rank's edge. */
function passing(layout: BuildLayout, hop: Hop, a: Spot, b: Spot, cx: number, cy: number): { hits: number; clearance: number } {
  const r = layout.spotRadius;
  let hits = 0;
  let clearance = Infinity;
  for (const spot of layout.spots) {
    if (!spot || spot.rank === hop.from || spot.rank === hop.to) continue;
    let nearest = Infinity;
    for (let i = 1; i < SAMPLES; i++) {
      const t = i / SAMPLES;
      const x = (1 - t) * (1 - t) * a.x + 2 * t * (1 - t) * cx + t * t * b.x;
      const y = (1 - t) * (1 - t) * a.y + 2 * t * (1 - t) * cy + t * t * b.y;
      nearest = Math.min(nearest, Math.hypot(x - spot.x, y - spot.y) - r);
    }
    if (nearest < 9) hits++;
    clearance = Math.min(clearance, nearest);
  }
  return { hits, clearance };
}

function toward(spot: Spot, x: number, y: number, by: number): [number, number] {
  const dx = x - spot.x;
  const dy = y - spot.y;
  const length = Math.hypot(dx, dy) || 1;
  return [spot.x + (dx / length) * by, spot.y + (dy / length) * by];
}
