// The largest cards that fit a layout in the drawing without overlapping: upright cards, or — on
// large rings — cards turned to face outward, which only need room along the ring. Where the seeds'
// expressions can be written legibly they are, in whichever arrangement writes them largest.

import type { ExpressionForm } from '../../../core/narration';
import {
  cardCap,
  cardShape,
  columnChoices,
  hasTexts,
  lineChoices,
  SUMMARY_ENOUGH,
  TEXT_MAX,
  widestBand,
  type CardContent,
  type CardShape,
} from '../card/cardShape';
import type { Size } from './geometry';
import type { DeviceLayout } from './layouts';

const MARGIN = 6;
/** Node boxes: room for the label above the cards, and around them. */
export const GROUP_TOP = 18;
export const GROUP_SIDE = 7;
/** Rings with at least this many devices may turn their cards outward. */
const RADIAL_FROM = 24;
/** Room outside a ring of turned cards for the device numbers. */
const RING_LABELS = 16;
/** Least room between cards that write texts (px). */
const LINK_ROOM = 28;

interface Frame {
  left: number;
  top: number;
  innerWidth: number;
  innerHeight: number;
}

export interface Fit {
  card: CardShape;
  /** Where the cards sit: the layout's positions, or one of its arrangements. */
  positions: DeviceLayout['positions'];
  frame: Frame;
  /** Cards on the ring face outward (the master of a star stays upright). */
  radial: boolean;
}

export function groupBottom(layout: DeviceLayout, card: { height: number }): number {
  // Intra-node wrap links bend below the row, and need room inside the box.
  return layout.groups.some((g) => g.devices.length > 2) ? 7 + card.height * 0.45 : 7;
}

function rowCount(layout: DeviceLayout): number {
  return new Set(layout.positions.map((p) => p.y)).size;
}

function frameFor(layout: DeviceLayout, size: Size, card: CardShape, radial: boolean): Frame {
  if (radial) {
    // A turned card reaches at most this far from its centre along either axis.
    const reach = Math.max(card.height / 2, 0.71 * (card.width + card.height) * 0.5) + MARGIN + RING_LABELS;
    return { left: reach, top: reach, innerWidth: size.width - 2 * reach, innerHeight: size.height - 2 * reach };
  }
  const grouped = layout.groups.length > 0;
  const side = card.width / 2 + MARGIN + (grouped ? GROUP_SIDE : 0);
  const top = card.height / 2 + MARGIN + (grouped ? GROUP_TOP : 0);
  const bottom = card.height / 2 + MARGIN + (grouped ? groupBottom(layout, card) : 0);
  let innerHeight = size.height - top - bottom;
  let shift = 0;
  if (grouped) {
    // Rows of nodes sit close, centred, instead of spreading over the whole height.
    const pitch = card.height + GROUP_TOP + groupBottom(layout, card) + 48;
    const wanted = (rowCount(layout) - 1) * pitch;
    if (wanted < innerHeight) {
      shift = (innerHeight - wanted) / 2;
      innerHeight = wanted;
    }
  }
  return { left: side, top: top + shift, innerWidth: size.width - 2 * side, innerHeight };
}

/** The layout's own limit on card size (DeviceLayout.cardLimit), where its links need the room. */
function withinLimit(layout: DeviceLayout, size: Size, card: CardShape): boolean {
  const limit = layout.cardLimit;
  return !limit || (card.width <= (limit.widthShare ?? 1) * size.width && card.height <= (limit.heightShare ?? 1) * size.height);
}

function fitsUpright(layout: DeviceLayout, size: Size, card: CardShape, groupOf: Int32Array): boolean {
  const frame = frameFor(layout, size, card, false);
  if (frame.innerWidth < 0 || frame.innerHeight < 0 || !withinLimit(layout, size, card)) return false;
  // Cards with texts are large: keep their links long enough to show an arrow and a message on them.
  const breathe = Math.max(6 + 0.1 * Math.min(card.width, card.height), card.textSize > 0 ? LINK_ROOM : 0);
  const betweenGroupsY = GROUP_TOP + groupBottom(layout, card) + 4;
  const betweenGroupsX = 2 * GROUP_SIDE + 4;
  const { positions } = layout;
  for (let i = 0; i < positions.length; i++) {
    for (let j = i + 1; j < positions.length; j++) {
      const apart = groupOf[i] !== groupOf[j];
      const dx = Math.abs(positions[i].x - positions[j].x) * frame.innerWidth;
      const dy = Math.abs(positions[i].y - positions[j].y) * frame.innerHeight;
      const room = layout.rowGap !== undefined && dy === 0 ? Math.min(layout.rowGap, breathe) : breathe;
      if (dx < card.width + (apart ? betweenGroupsX : room) && dy < card.height + (apart ? betweenGroupsY : room)) return false;
    }
  }
  return true;
}

function fitsRadial(layout: DeviceLayout, size: Size, card: CardShape): boolean {
  const frame = frameFor(layout, size, card, true);
  const radius = Math.min(frame.innerWidth, frame.innerHeight) / 2;
  if (radius <= 0) return false;
  const star = layout.kind === 'star';
  // Keep a hole in the middle: for the master's upright card, or so a ring still reads as one.
  const hole = star ? Math.hypot(card.width, card.height) / 2 + 14 : radius * 0.4;
  if (radius - card.height / 2 < hole) return false;
  // Neighbours must clear each other at their centres and at their inner ends, where turned cards crowd.
  const a = frame.innerWidth / 2;
  const b = frame.innerHeight / 2;
  const points = layout.positions.slice(star ? 1 : 0).map((p) => {
    const x = (p.x - 0.5) * frame.innerWidth;
    const y = (p.y - 0.5) * frame.innerHeight;
    const nx = x / (a * a);
    const ny = y / (b * b);
    const length = Math.hypot(nx, ny) || 1;
    return { x, y, ix: x - ((nx / length) * card.height) / 2, iy: y - ((ny / length) * card.height) / 2 };
  });
  const breathe = 4 + 0.08 * card.width;
  for (let i = 0; i < points.length && points.length > 1; i++) {
    const p = points[i];
    const q = points[(i + 1) % points.length];
    if (Math.hypot(p.x - q.x, p.y - q.y) < card.width + breathe || Math.hypot(p.ix - q.ix, p.iy - q.iy) < card.width + breathe) return false;
  }
  return true;
}

type Fits = (card: CardShape) => boolean;

/** The widest card with `columns` cell columns that fits, by bisection (fit only gets harder as cards grow). */
function widestCard(size: Size, content: CardContent, columns: number, labels: boolean, fits: Fits, lines = 1, form: ExpressionForm = 'full'): CardShape {
  // Cards with texts may take nearly half the width: left and right cards of a small ring still clear.
  const texts = hasTexts(content, form);
  const cap = Math.min(size.width * (texts ? 0.47 : 0.42), 480, cardCap(content, columns, lines, form));
  const shape = (width: number) => cardShape(width, columns, content, labels, lines, form);
  let lo = 8;
  let hi = Math.max(lo, cap);
  if (fits(shape(hi))) return shape(hi);
  for (let i = 0; i < 18; i++) {
    const mid = (lo + hi) / 2;
    if (fits(shape(mid))) lo = mid;
    else hi = mid;
  }
  return shape(lo);
}

function score(card: CardShape, chunks: number): number {
  // The size a cell can be read at; a single row of chunks (a row a buffer) is how a buffer reads,
  // and needle-thin cards read as nothing.
  const side = Math.min(card.cellWidth, card.cellHeight);
  const aspect = Math.max(card.width / card.height, card.height / card.width);
  return (side * (card.columns === chunks ? 3 : 1)) / Math.max(1, aspect / 4);
}

/**
 * Whether plain card `a` reads better than `b`: the line saying what the step wrote first, up to
 * SUMMARY_ENOUGH px, since it is what a room reads; then the cells.
 */
function plainBetter(a: CardShape, b: CardShape, chunks: number): boolean {
  const said = (card: CardShape) => Math.min(card.summarySize, SUMMARY_ENOUGH);
  if (Math.abs(said(a) - said(b)) > 0.5) return said(a) > said(b);
  return score(a, chunks) > score(b, chunks);
}

/** A grid whose last row is short (8 cells in rows of 3) breaks a message's block of cells apart: it costs this much type (px). */
const RAGGED = 3;

function ragged(card: CardShape): boolean {
  return card.bands.some((band) => band > card.columns && band % card.columns !== 0);
}

/**
 * How well a card with texts reads: the type size first; a wrapped line costs about as much as 1 px
 * of type, a column of chunks 2 px and a grid 4 px (7 with a short last row), since a row of chunks is how a buffer reads, and
 * the brief form 3 px: every term written is worth a somewhat smaller type. A card more than twice as
 * tall as wide reads as a strip rather than a device.
 */
function textScore(card: CardShape): number {
  const arrangement = card.rows === 1 ? 0 : card.columns === 1 ? 2 : 4 + (ragged(card) ? RAGGED : 0);
  const brief = card.textForm === 'brief' ? 3 : 0;
  const strip = Math.max(0, card.height / card.width - 2) * 3;
  return Math.min(card.textSize, TEXT_MAX) - (card.textLines - 1) - arrangement - brief - strip;
}

/** Every term is written while it can be at this size (px) or more; below, the brief form may be written larger. */
const FULL_FLOOR = 14;

/** The best upright card that writes every chunk's expression in `form`, or null when none fits legibly. */
function textFit(layout: DeviceLayout, size: Size, written: CardContent, fits: Fits, form: ExpressionForm): Fit | null {
  // A card too narrow for its texts is not one of these: without a summary line under its cells, a
  // narrower card is never the taller, and the widest that fits is found by halving.
  const content = { ...written, summaryChars: 0, summaryLineChars: 0 };
  let best: CardShape | null = null;
  for (const columns of columnChoices(content)) {
    for (const lines of lineChoices(content, form)) {
      // Where the widest card allowed writes nothing, no narrower one will.
      if (cardShape(size.width * 0.47, columns, content, true, lines, form).textSize === 0) continue;
      const card = widestCard(size, content, columns, true, fits, lines, form);
      // A card that writes its chunks but not its GPU's name in full is a strip of text, not a device.
      if (card.textSize === 0 || card.textLines !== lines || card.labelMode !== 'full') continue;
      if (!best || textScore(card) > textScore(best)) best = card;
    }
  }
  return best && { card: best, positions: layout.positions, frame: frameFor(layout, size, best, false), radial: false };
}

/**
 * The best card with texts in `form` over the layout's other arrangements and its positions. Where two
 * write as large, the first wins: a ring around a rectangle keeps its arrows straight between rows of cards.
 */
function bestIn(form: ExpressionForm, layout: DeviceLayout, size: Size, content: CardContent, groupOf: Int32Array): Fit | null {
  if (!hasTexts(content, form)) return null;
  let best: Fit | null = null;
  for (const positions of [...(layout.arrangements ?? []), layout.positions]) {
    const placed = positions === layout.positions ? layout : { ...layout, positions, cardLimit: undefined };
    const fit = textFit(placed, size, content, (card) => fitsUpright(placed, size, card, groupOf), form);
    if (fit && (!best || textScore(fit.card) > textScore(best.card))) best = fit;
  }
  return best;
}

/** Every term where it reads at FULL_FLOOR px; else the brief form where that reads better. */
function bestTextFit(layout: DeviceLayout, size: Size, content: CardContent, groupOf: Int32Array): Fit | null {
  const full = bestIn('full', layout, size, content, groupOf);
  if (full && full.card.textSize >= FULL_FLOOR) return full;
  const brief = bestIn('brief', layout, size, content, groupOf);
  if (!full || !brief) return full ?? brief;
  return textScore(brief.card) > textScore(full.card) ? brief : full;
}

/**
 * Cells written at this size (px) or more are kept; below it, the summary under plain cells wins where
 * it is written SUMMARY_GAIN px larger.
 */
const LEGIBLE_TEXT = 12;
const SUMMARY_GAIN = 3;

export function chooseFit(layout: DeviceLayout, size: Size, content: CardContent): Fit {
  const groupOf = new Int32Array(layout.devices).fill(-1);
  for (const group of layout.groups) for (const d of group.devices) groupOf[d] = group.node;
  const withText = hasTexts(content, 'full') || hasTexts(content, 'brief') ? bestTextFit(layout, size, content, groupOf) : null;
  if (withText && withText.card.textSize >= LEGIBLE_TEXT) return withText;
  const plain = plainFit(layout, size, content, groupOf);
  // Cells that can only write small type read worse than a line or two that say what the step wrote, larger.
  return withText && plain.card.summarySize < withText.card.textSize + SUMMARY_GAIN ? withText : plain;
}

/** The best card whose cells write nothing (the lines under them may say what the step wrote). */
function plainFit(layout: DeviceLayout, size: Size, content: CardContent, groupOf: Int32Array): Fit {
  const upright: Fits = (card) => fitsUpright(layout, size, card, groupOf);
  const plain = { ...content, textChars: 0, brief: false };
  const ringLike = (layout.kind === 'circle' || layout.kind === 'star') && layout.devices >= RADIAL_FROM;
  let best: Fit | null = null;
  const consider = (placed: DeviceLayout, radial: boolean, fits: Fits, saying = false) => {
    for (const columns of columnChoices(content)) {
      const card = widestCard(size, plain, columns, !radial, fits);
      if (saying && card.summarySize === 0) continue;
      if (!best || plainBetter(card, best.card, widestBand(content)))
        best = { card, positions: placed.positions, frame: frameFor(placed, size, card, radial), radial };
    }
  };
  // A ring's cards around a rectangle first, where they grow larger than on the ellipse; a structure
  // whose cards write nothing keeps its own positions, which show it (a double tree's rows by depth),
  // unless another arrangement lets its cards say what each step wrote where its own do not.
  for (const positions of layout.kind === 'circle' ? (layout.arrangements ?? []) : []) {
    const placed = { ...layout, positions, cardLimit: undefined };
    consider(placed, false, (card) => fitsUpright(placed, size, card, groupOf));
  }
  consider(layout, false, upright);
  if (layout.kind !== 'circle' && best!.card.summarySize === 0) {
    for (const positions of layout.arrangements ?? []) {
      const placed = { ...layout, positions, cardLimit: undefined };
      consider(placed, false, (card) => fitsUpright(placed, size, card, groupOf), true);
    }
  }
  if (ringLike) consider(layout, true, (card) => fitsRadial(layout, size, card));
  return best!;
}
