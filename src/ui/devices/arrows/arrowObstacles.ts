// What an arrow from cell to cell must keep off, in the picture's pixels: each card's title (its name and its
// gradient's badge), each card and each cell, as turned boxes; and the points on the sides of a cell
// an arrow can leave or enter by.

import { deviceLabel, deviceLetter } from '../../../core/notation';
import { cellCentre, cellOffset, type DiagramGeometry } from '../layout/geometry';
import type { Point } from '../layout/layouts';
import { rootNameBox } from '../layout/pictureLabels';
import type { TurnedBox } from './cubic';
import { SHORT_LABEL_PX } from '../card/cardShape';

/** Air between a cell and an arrow's ends (px). */
export const GAP = 1.5;

/** Advances of DejaVu Sans Bold (the embedded font names are written in), in ems. */
const BOLD_EM: Record<string, number> = { G: 0.821, P: 0.733, U: 0.812, '-': 0.415 };
const BOLD_DIGIT_EM = 0.696;

/** Axis-aligned bounds, for a quick look before the exact test. */
export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Placed {
  box: TurnedBox;
  bounds: Bounds;
}

export interface CardObstacles {
  card: Placed;
  /** The header's writing: its name and its badge, each the header's height. */
  titles: Placed[];
  /** Made when an arrow first comes near. */
  cells: Placed[] | null;
}

export function overlaps(a: Bounds, b: Bounds): boolean {
  return a.left <= b.right && b.left <= a.right && a.top <= b.bottom && b.top <= a.bottom;
}

function turned(p: Point, turnDeg: number): Point {
  const turn = (turnDeg * Math.PI) / 180;
  return { x: p.x * Math.cos(turn) - p.y * Math.sin(turn), y: p.x * Math.sin(turn) + p.y * Math.cos(turn) };
}

function placed(box: TurnedBox): Placed {
  const corners = [-1, 1].flatMap((sx) => [-1, 1].map((sy) => turned({ x: sx * box.halfWidth, y: sy * box.halfHeight }, box.turnDeg)));
  const xs = corners.map((c) => box.centre.x + c.x);
  const ys = corners.map((c) => box.centre.y + c.y);
  return { box, bounds: { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) } };
}

/** A box of the card's own coordinates (origin at its top-left corner, unturned) on the page. */
function cardBox(geometry: DiagramGeometry, device: number, left: number, top: number, width: number, height: number): Placed {
  const { card, centres, rotations } = geometry;
  const offset = turned({ x: left + width / 2 - card.width / 2, y: top + height / 2 - card.height / 2 }, rotations[device]);
  const centre = { x: centres[device].x + offset.x, y: centres[device].y + offset.y };
  return placed({ centre, halfWidth: width / 2, halfHeight: height / 2, turnDeg: rotations[device] });
}

function nameWidth(text: string, fontPx: number): number {
  return [...text].reduce((sum, c) => sum + (BOLD_EM[c] ?? BOLD_DIGIT_EM), 0) * fontPx;
}

/** Air kept round a name or badge (px). */
const TITLE_AIR = 2;

/** The header's writing as the card draws it (DeviceCard's Header): its name, and its badge; each the header's height. */
function titleBoxes(geometry: DiagramGeometry, device: number, devices: number): Placed[] {
  const { card } = geometry;
  const span = (left: number, right: number) => {
    const from = Math.max(0, left - TITLE_AIR);
    return cardBox(geometry, device, from, 0, Math.min(card.width, right + TITLE_AIR) - from, card.header);
  };
  if (card.labelMode === 'none') return [];
  if (card.labelMode === 'short') return [span(card.pad, card.pad + nameWidth(deviceLabel(device), SHORT_LABEL_PX))];
  const size = card.labelSize;
  const chip = Math.max(1.2 * size, deviceLetter(device, devices).length * size * 0.56 + size * 0.64);
  return [span(card.pad + 1, card.pad + 1 + nameWidth(deviceLabel(device), size)), span(card.width - card.pad - chip, card.width - card.pad)];
}

export function cardObstacles(geometry: DiagramGeometry): CardObstacles[] {
  const { card, centres } = geometry;
  return centres.map((_, device) => ({
    card: cardBox(geometry, device, 0, 0, card.width, card.height),
    titles: titleBoxes(geometry, device, centres.length),
    cells: null,
  }));
}

/** The names written among the cards that an arrow must not cross: a tree's root. */
export function nameObstacles(geometry: DiagramGeometry): Placed[] {
  return geometry.labels
    .filter((label) => label.kind === 'tree0' || label.kind === 'tree1')
    .map((label) => {
      const box = rootNameBox(label);
      const halfWidth = (box.right - box.left) / 2 + TITLE_AIR;
      const halfHeight = (box.bottom - box.top) / 2 + TITLE_AIR;
      return placed({ centre: { x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 }, halfWidth, halfHeight, turnDeg: 0 });
    });
}

/** A cell's box, or with `count` the box round places `chunk` … `chunk` + `count` − 1 (a rectangle of the grid: arrowBlocks.ts). */
export function cellBox(geometry: DiagramGeometry, device: number, chunk: number, grow = 0, count = 1): TurnedBox {
  const { card } = geometry;
  const last = chunk + count - 1;
  const first = cellOffset(card, chunk);
  const end = cellOffset(card, last);
  const a = cellCentre(geometry, device, chunk);
  const b = cellCentre(geometry, device, last);
  return {
    centre: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
    halfWidth: Math.abs(end.x - first.x) / 2 + card.cellWidth / 2 + grow,
    halfHeight: Math.abs(end.y - first.y) / 2 + card.cellHeight / 2 + grow,
    turnDeg: geometry.rotations[device],
  };
}

/** Every cell of a card (one per place), made once. */
export function cellsOf(obstacles: CardObstacles[], geometry: DiagramGeometry, device: number, places: number): Placed[] {
  return (obstacles[device].cells ??= Array.from({ length: places }, (_, chunk) => placed(cellBox(geometry, device, chunk))));
}

/** Where an arrow leaves or enters a cell: a point off one side, the side's outward direction, and how far off its middle. */
export interface Port {
  at: Point;
  out: Point;
  offCentre: number;
}

/** Points along a side, as shares of its half length: the middle, and towards either corner. */
const ALONG = [0, -0.55, 0.55];

/** The cell's ports, or a block's (`count` places from `chunk`): three on each side. */
export function portsOf(geometry: DiagramGeometry, device: number, chunk: number, count = 1): Port[] {
  const box = cellBox(geometry, device, chunk, 0, count);
  const { halfWidth, halfHeight } = box;
  const sides = [
    { x: 1, y: 0, reach: halfWidth, half: halfHeight },
    { x: -1, y: 0, reach: halfWidth, half: halfHeight },
    { x: 0, y: 1, reach: halfHeight, half: halfWidth },
    { x: 0, y: -1, reach: halfHeight, half: halfWidth },
  ];
  return sides.flatMap(({ x, y, reach, half }) =>
    ALONG.map((share) => {
      const out = turned({ x, y }, box.turnDeg);
      const along = turned({ x: -y, y: x }, box.turnDeg);
      const offCentre = share * half;
      const at = { x: box.centre.x + out.x * (reach + GAP) + along.x * offCentre, y: box.centre.y + out.y * (reach + GAP) + along.y * offCentre };
      return { at, out, offCentre: Math.abs(offCentre) };
    }),
  );
}
