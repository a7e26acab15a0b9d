// Where the names among the links go, so that they read at a projector's size without touching a
// card or the arrow a step draws along a link: a partner distance just inside the top of its arc (or
// beside a straight link), a tree's root beside its card (on two lines where one would reach the next
// card), and a node's name in its box's strip above the cards, between the links that cross it.

import type { CardShape } from '../card/cardShape';
import type { LinkPath } from './linkPaths';
import type { Point } from './layouts';

/** The largest these names are drawn (the presenter's size in devices.css): room is judged at it. */
const LABEL_PX = 14;
/** A bold lower-case character's advance, and a letter-spaced capital's (node names), in em. */
const LOWER_EM = 0.58;
const CAPITAL_EM = 0.8;
/** How far to either side of its link a step's arrows run, drawn from cell to cell and bowed apart. */
const ARROW_BOW = 12;
/** From a curve's middle to the middle of its name: the arrows, and half a name's height. */
const ARC_INSET = ARROW_BOW + LABEL_PX / 2 + 1;
/** Between a name and what it must not touch: a straight link's arrows, or the next card. */
const LINK_GAP = 6;
/** From a link crossing a node's strip to its name: room for a lit link's arrowhead. */
const ARROW_GAP = 10;
/** A node's name: from the box's left edge, and its baseline from the box's top. */
const NODE_INDENT = 9;
const NODE_BASELINE = 14;

export interface LabelPlace {
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
}

/** A name on more than one line: the lines, stacked down from (x, y) or up to it. */
export interface LabelLines {
  lines: string[];
  stack: 'down' | 'up';
}

/** The point halfway along a link's curve. */
function halfway({ from, to, control }: LinkPath): Point {
  const c = control ?? { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
  return { x: (from.x + 2 * c.x + to.x) / 4, y: (from.y + 2 * c.y + to.y) / 4 };
}

/**
 * A link's name, off the link itself: a step's arrows travel the link and would cover it. Inside a
 * curve, below the top of an arc that rises (the arcs below it peak further down), and ending just
 * left of its middle, where an arrow may climb out of the card below; beside a straight link, to its right.
 */
export function linkLabelPlace(path: LinkPath): LabelPlace {
  const middle = halfway(path);
  const chord = { x: (path.from.x + path.to.x) / 2, y: (path.from.y + path.to.y) / 2 };
  const depth = Math.hypot(chord.x - middle.x, chord.y - middle.y);
  if (depth > LINK_GAP) {
    const inward = Math.min(ARC_INSET, depth / 2) / depth;
    return { x: middle.x + (chord.x - middle.x) * inward - LINK_GAP, y: middle.y + (chord.y - middle.y) * inward, anchor: 'end' };
  }
  const upright = Math.abs(path.to.y - path.from.y) >= Math.abs(path.to.x - path.from.x);
  return upright ? { x: middle.x + ARROW_BOW + LINK_GAP, y: middle.y, anchor: 'start' } : { x: middle.x, y: middle.y - ARC_INSET, anchor: 'middle' };
}

/** Room between a card and a name written beside it (px). */
const ROOT_GAP = 6;
/** From one line of a broken name to the next, in its own size (em). */
export const LINE_EM = 1.15;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The room a name takes where it is written, at the presenter's size, as estimated by its characters. */
function nameBox(place: LabelPlace, lines: string[], stack: LabelLines['stack']): Box {
  const width = Math.max(...lines.map((line) => line.length)) * LOWER_EM * LABEL_PX;
  const left = place.anchor === 'start' ? place.x : place.anchor === 'end' ? place.x - width : place.x - width / 2;
  const lineHeight = LINE_EM * LABEL_PX;
  const span = (lines.length - 1) * lineHeight;
  const top = place.y - lineHeight / 2 - (stack === 'up' ? span : 0);
  return { left, top, right: left + width, bottom: top + span + lineHeight };
}

/** Where a root's name is written, as rootNamePlace placed it: arrows keep off it (arrows/arrowObstacles.ts). */
export function rootNameBox(label: { text: string; x: number; y: number; anchor?: LabelPlace['anchor']; wrap?: LabelLines }): Box {
  const place = { x: label.x, y: label.y, anchor: label.anchor ?? 'middle' };
  return nameBox(place, label.wrap?.lines ?? [label.text], label.wrap?.stack ?? 'down');
}

function clear(box: Box, cards: Box[], size: { width: number; height: number }): boolean {
  if (box.left < 0 || box.top < 0 || box.right > size.width || box.bottom > size.height) return false;
  return cards.every((card) => box.right <= card.left || box.left >= card.right || box.bottom <= card.top || box.top >= card.bottom);
}

export interface RootName {
  place: LabelPlace;
  /** Absent for a name on one line. */
  wrap?: LabelLines;
}

/**
 * Where a root's name goes. Beside its card, on the side the layout keeps free, level with the card's
 * edge away from the middle of the drawing (its links head for the middle): on one line, else broken
 * in two. Where neither clears the next card, centred outside the card's edge away from the middle,
 * else outside the other edge; where nothing is clear, beside it in two lines.
 */
export function rootNamePlace(
  text: string,
  device: number,
  side: 'left' | 'right',
  geometry: { centres: Point[]; card: Pick<CardShape, 'width' | 'height'>; size: { width: number; height: number } },
): RootName {
  const { centres, card, size } = geometry;
  const centre = centres[device];
  const cards = centres.map((c) => ({ left: c.x - card.width / 2, top: c.y - card.height / 2, right: c.x + card.width / 2, bottom: c.y + card.height / 2 }));
  const top = centre.y <= size.height / 2;
  const stack: LabelLines['stack'] = top ? 'down' : 'up';
  const beside: LabelPlace = {
    x: centre.x + (side === 'right' ? 1 : -1) * (card.width / 2 + ROOT_GAP),
    y: centre.y + (top ? -1 : 1) * (card.height / 2 - Math.min(card.height / 2, 9)),
    anchor: side === 'right' ? 'start' : 'end',
  };
  const space = text.lastIndexOf(' ');
  const broken: LabelLines | null = space < 0 ? null : { lines: [text.slice(0, space), text.slice(space + 1)], stack };
  const outside = (sign: number): LabelPlace => ({
    x: centre.x,
    y: centre.y + sign * (card.height / 2 + ROOT_GAP + (LINE_EM * LABEL_PX) / 2),
    anchor: 'middle',
  });
  const candidates: RootName[] = [
    { place: beside },
    ...(broken ? [{ place: beside, wrap: broken }] : []),
    { place: outside(top ? -1 : 1) },
    { place: outside(top ? 1 : -1) },
  ];
  const fits = candidates.find(({ place, wrap }) => clear(nameBox(place, wrap?.lines ?? [text], stack), cards, size));
  return fits ?? candidates[broken ? 1 : 0];
}

/** Where the links cross a strip of the drawing (x of every sampled point inside it). */
function crossings(links: LinkPath[], strip: { x: number; y: number; width: number; height: number }): number[] {
  const xs: number[] = [];
  for (const { from, to, control } of links) {
    const c = control ?? { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
    // A point every 2 px or so along the curve (its control polygon is at least as long).
    const samples = Math.ceil((Math.hypot(c.x - from.x, c.y - from.y) + Math.hypot(to.x - c.x, to.y - c.y)) / 2);
    for (let i = 0; i <= samples; i++) {
      const t = i / samples;
      const u = 1 - t;
      const x = u * u * from.x + 2 * u * t * c.x + t * t * to.x;
      const y = u * u * from.y + 2 * u * t * c.y + t * t * to.y;
      if (x >= strip.x && x <= strip.x + strip.width && y >= strip.y && y <= strip.y + strip.height) xs.push(x);
    }
  }
  return xs.sort((a, b) => a - b);
}

/**
 * A node's name in the strip of its box above the cards (`top` px tall): at its left corner unless a
 * link crosses the strip there (a link between nodes leaves each card's top), else in the first gap
 * between such links wide enough for it, where a lit link's arrow cannot run across it. Where no gap
 * is wide enough (many small cards), it stays in the corner, as every node's does.
 */
export function nodeLabelPlace(label: string, box: { x: number; y: number; width: number }, top: number, links: LinkPath[]): LabelPlace {
  const width = label.length * CAPITAL_EM * LABEL_PX;
  const corner: LabelPlace = { x: box.x + NODE_INDENT, y: box.y + NODE_BASELINE, anchor: 'start' };
  const right = box.x + box.width - NODE_INDENT;
  const edges = [...crossings(links, { x: box.x, y: box.y, width: box.width, height: top }), right + ARROW_GAP];
  let from = corner.x;
  for (const edge of edges) {
    if (edge - ARROW_GAP - from >= width) return { ...corner, x: from };
    from = Math.max(from, edge + ARROW_GAP);
  }
  return corner;
}
