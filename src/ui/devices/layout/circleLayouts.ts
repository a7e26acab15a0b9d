// Devices on a circle (GPU-0 at the top, then clockwise) and the master's star.

import type { DeviceLayout, LayoutLink, Point } from './layouts';
import { pairOf } from './pairs';

/** Above this many distinct pairs per device, chords are left out: the moving segments say enough. */
const CHORDS_PER_DEVICE = 3;

/**
 * n positions around the ellipse inscribed in the unit square, k = 0 at the top, clockwise (y grows
 * downward), spaced evenly along the ellipse as it will be drawn: `aspect` is the drawing's width
 * over its height, so devices do not bunch up at the narrow ends.
 */
function aroundEllipse(n: number, aspect = 1): Point[] {
  if (n === 1) return [{ x: 0.5, y: 0.5 }];
  const samples = Math.max(256, n * 16);
  const at = (i: number) => -Math.PI / 2 + (2 * Math.PI * i) / samples;
  const length = new Float64Array(samples + 1);
  for (let i = 1; i <= samples; i++) {
    length[i] = length[i - 1] + Math.hypot(aspect * (Math.cos(at(i)) - Math.cos(at(i - 1))), Math.sin(at(i)) - Math.sin(at(i - 1)));
  }
  const positions: Point[] = [];
  let i = 0;
  for (let k = 0; k < n; k++) {
    const target = (length[samples] * k) / n;
    while (length[i + 1] < target) i++;
    const t = at(i) + ((target - length[i]) / Math.max(1e-12, length[i + 1] - length[i])) * (at(i + 1) - at(i));
    positions.push({ x: 0.5 + 0.5 * Math.cos(t), y: 0.5 + 0.5 * Math.sin(t) });
  }
  return positions;
}

/** Rings of up to this many devices may also go around a rectangle, where their cards can write texts. */
const GRID_RING_MAX = 16;

/**
 * n positions on the border of a grid of `columns` × `rows` cells, clockwise from the middle of the top
 * row (n = 2·columns + 2·(rows − 2)): a ring of a few large cards fills a rectangle better than an ellipse.
 */
function aroundGrid(n: number, columns: number, rows: number): Point[] {
  const border: Point[] = [];
  const x = (c: number) => c / (columns - 1);
  const y = (r: number) => r / (rows - 1);
  for (let c = 0; c < columns; c++) border.push({ x: x(c), y: 0 });
  for (let r = 1; r < rows - 1; r++) border.push({ x: 1, y: y(r) });
  for (let c = columns - 1; c >= 0; c--) border.push({ x: x(c), y: 1 });
  for (let r = rows - 2; r >= 1; r--) border.push({ x: 0, y: y(r) });
  const start = Math.floor((columns - 1) / 2);
  return border.map((_, i) => border[(i + start) % n]);
}

/** Every grid whose border holds exactly n cards, for an even n from 4 to GRID_RING_MAX. */
function gridArrangements(n: number): Point[][] {
  if (n % 2 === 1 || n < 4 || n > GRID_RING_MAX) return [];
  const out: Point[][] = [];
  for (let columns = 2; columns <= n / 2; columns++) out.push(aroundGrid(n, columns, n / 2 - columns + 2));
  return out;
}

function areNeighbours(a: number, b: number, n: number): boolean {
  const gap = Math.abs(a - b);
  return gap === 1 || gap === n - 1;
}

/** A circle with the given pairs (pairKey values) as links: neighbours as ring links, others as chords. */
export function circleLayout(n: number, pairs: Set<number>, aspect = 1): DeviceLayout {
  const positions = aroundEllipse(n, aspect);
  const links: LayoutLink[] = [];
  if (pairs.size <= CHORDS_PER_DEVICE * n) {
    for (const key of [...pairs].sort((x, y) => x - y)) {
      const [a, b] = pairOf(key);
      links.push({ a, b, kind: areNeighbours(a, b, n) ? 'ring' : 'chord' });
    }
  }
  const ring = links.length > 0 && links.every((link) => link.kind === 'ring');
  const what = links.length === 0 ? 'each transfer drawn as it happens' : ring ? 'linked to their ring neighbours' : 'linked where they exchange data';
  return {
    kind: 'circle',
    devices: n,
    positions,
    arrangements: gridArrangements(n),
    links,
    groups: [],
    description: `${n} devices on a circle, GPU-0 at the top and the rest clockwise, ${what}`,
  };
}

/** GPU-0 in the centre, the others around it, a spoke to each. */
export function starLayout(n: number, aspect = 1): DeviceLayout {
  // A lone worker sits above the master rather than on it.
  const positions: Point[] = [{ x: 0.5, y: 0.5 }, ...(n === 2 ? [{ x: 0.5, y: 0 }] : aroundEllipse(n - 1, aspect))];
  const links: LayoutLink[] = [];
  for (let d = 1; d < n; d++) links.push({ a: 0, b: d, kind: 'spoke' });
  return {
    kind: 'star',
    devices: n,
    positions,
    links,
    groups: [],
    description: `GPU-0 as the master in the centre, the other ${n - 1} devices around it, each linked to it`,
  };
}
