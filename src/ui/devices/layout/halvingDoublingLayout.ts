// Recursive halving and doubling (halving-doubling, recursive-doubling) as partners by distance.
// The p' = 2^⌊lg N⌋ ranks that take part stand in two rows, the lower half of the ranks on top, so
// the partners at distance p'/2 face each other straight across and each smaller distance is an arc
// whose height grows with it: distance 1 the lowest. The top row's arcs rise, the bottom row's hang.
// When N is not a power of two, the devices that fold into a partner first (fold.ts) stand beyond
// the arcs, in their partner's column.

import { foldPlan } from '../../../core/algorithms';
import type { DeviceLayout, LayoutLink, Point } from './layouts';

/** Row heights (in card heights) kept for the arcs per distance they draw, and between the rows. */
const ARC_ZONE_PER_LEVEL = 0.55;
const MIDDLE_GAP = 0.9;
/** Where cards that write their chunks stand: the rows' distance from the edge, per level of arcs above or below them. */
const TEXT_ROW_PER_LEVEL = 0.1;
const TEXT_ROW_MAX = 0.3;
/** Cards side by side in a row: their arcs leave above and below, and only arrows out of inner cells pass between (px). */
const ROW_GAP = 14;

/** Distances 1, 2, 4, … below p'. */
function partnerDistances(ranks: number): number[] {
  const out: number[] = [];
  for (let d = 1; d < ranks; d *= 2) out.push(d);
  return out;
}

interface Rows {
  outerTop: number | null;
  top: number;
  bottom: number;
  outerBottom: number | null;
  /** Unit height of one card row, for the card limit. */
  row: number;
}

/** Unit y of each row: [folded above], top, bottom, [folded below], with room for the arcs. */
function rowsFor(levels: number, foldedAbove: boolean, foldedBelow: boolean): Rows {
  const arcs = levels * ARC_ZONE_PER_LEVEL;
  let at = 0;
  const outerTop = foldedAbove ? at : null;
  at += foldedAbove ? 1 + arcs : arcs;
  const top = at;
  at += 1 + MIDDLE_GAP;
  const bottom = at;
  at += foldedBelow ? 1 + arcs : arcs;
  const outerBottom = foldedBelow ? at : null;
  const span = Math.max(at, 1e-9);
  const unit = (y: number | null) => (y === null ? null : y / span);
  return { outerTop: unit(outerTop), top: top / span, bottom: bottom / span, outerBottom: unit(outerBottom), row: 1 / span };
}

export function partnerLayout(n: number): DeviceLayout {
  const { ranks, folded, survivors } = foldPlan(n);
  const columns = Math.max(1, ranks / 2);
  const distances = partnerDistances(ranks);
  const levels = distances.filter((d) => d < columns).length;
  const xOf = (rank: number) => (columns > 1 ? (rank % columns) / (columns - 1) : 0.5);
  const onTop = (rank: number) => rank < columns;
  // Folded device 2i merges into survivor rank i, which stands in the top row unless i ≥ p'/2.
  const rows = rowsFor(levels, folded > 0, folded > columns);
  const positions: Point[] = new Array(n);
  survivors.forEach((device, rank) => (positions[device] = { x: xOf(rank), y: onTop(rank) ? rows.top : rows.bottom }));
  for (let i = 0; i < folded; i++) positions[2 * i] = { x: xOf(i), y: onTop(i) ? rows.outerTop! : rows.outerBottom! };

  const links: LayoutLink[] = [];
  for (const distance of distances) {
    const level = Math.log2(distance) + 1;
    for (let r = 0; r < ranks; r++) {
      const partner = r ^ distance;
      if (partner < r) continue;
      const link: LayoutLink = { a: survivors[r], b: survivors[partner], kind: 'partner', distance };
      // The first pair of each distance is numbered, so the arcs can be told apart by name too.
      if (r === 0) link.label = `d=${distance}`;
      if (distance < columns) {
        const limit = onTop(r) ? rows.outerTop : rows.outerBottom;
        link.arc = { side: onTop(r) ? 'above' : 'below', reach: level / levels, ...(limit === null ? {} : { limit }) };
      }
      links.push(link);
    }
  }
  for (let i = 0; i < folded; i++) links.push({ a: 2 * i, b: 2 * i + 1, kind: 'fold' });
  // Cards large enough to write their chunks are taller than the card limit lets them be: they may
  // stand in rows nearer the edges, the arcs drawn in the strip between a row and its edge.
  const edge = Math.min(TEXT_ROW_MAX, levels * TEXT_ROW_PER_LEVEL);
  const rowsAt = (edge: number) => survivors.map((_, rank) => ({ x: xOf(rank), y: onTop(rank) ? edge : 1 - edge }));
  const textRows = folded === 0 && levels > 0 ? [rowsAt(edge), rowsAt(edge * 0.75)] : undefined;

  const foldNote =
    folded === 0
      ? ''
      : folded === 1
        ? '; GPU-0, above GPU-1, first folds into it'
        : `; the ${folded} devices in the outer rows first fold into the partner in their column`;
  const who = folded > 0 ? `${ranks} of the ${n} devices` : `${n} devices`;
  return {
    kind: 'partners',
    devices: n,
    positions,
    links,
    groups: [],
    cardLimit: { heightShare: 0.8 * rows.row },
    rowGap: ROW_GAP,
    ...(textRows ? { arrangements: textRows } : {}),
    description:
      levels > 0
        ? `${who} in two rows of ${columns}, each linked to its partners at distance ${distances.join(', ')}: ` +
          `straight across the rows for distance ${ranks / 2}, arcs within a row for the shorter ones${foldNote}`
        : `${who} one above the other, partners at distance 1${foldNote}`,
  };
}
