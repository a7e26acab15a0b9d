// The inside of a device card at a given width: header, chunk cells (a row, a column or a grid),
// and whether the chunks' seed expressions fit, in full or brief (first and last term), on one line
// or wrapped over a few.

import { briefLength, type ExpressionForm } from '../../../core/narration';

/** Chunk texts are shown between these font sizes (px), else hidden. */
const TEXT_MIN = 10;
export const TEXT_MAX = 28;
/** Advance of a monospace character, in ems. */
export const MONO_EM = 0.62;
/** Widest a cell without text grows (px). */
const PLAIN_CELL_MAX = 36;
/** Height of the contribution stripe under a chunk's text (px). */
const TEXT_BAR = 6;
/** Line height of the lines under the cells, in ems. */
export const LINE_EM = 1.2;
/**
 * Pitch of a wrapped expression's lines in a cell, in ems: tight, since a cell's lines are one value
 * and the mono digits and subscripts keep clear of the line below; every 0.1 em saved on 8 rows of two
 * lines goes to the type size of a double tree on 8 on a projector. A cell of one line keeps LINE_EM
 * of room, so the choice between a row and a column of cells is as it was.
 */
export const CELL_LINE_EM = 1.1;
/** GPU names are written between these sizes (px): larger on larger cards. */
const LABEL_MIN = 12.5;
/** The name on a card too narrow for its badge too (px): read on a phone at arm's length. */
export const SHORT_LABEL_PX = 12;
const LABEL_MAX = 18;
/** A card whose cells write nothing writes what its step wrote on one line under them, between these sizes (px). */
const SUMMARY_MIN = 12;
/** A summary that fits one line at this size (px) or more is kept on one line. */
const SUMMARY_ONE_LINE = 15;
const SUMMARY_MAX = 20;

export interface CardShape {
  width: number;
  height: number;
  pad: number;
  /** Height of the band with the colour bar and the label. */
  header: number;
  labelMode: 'full' | 'short' | 'none';
  /** Font size of the GPU name when written in full (px). */
  labelSize: number;
  columns: number;
  rows: number;
  /** Runs of cells that each start a row (CardContent.bands): one, of all cells, for a plain buffer. */
  bands: readonly number[];
  cellWidth: number;
  cellHeight: number;
  gap: number;
  /** Font size of the chunks' expressions; 0 when they are hidden. */
  textSize: number;
  /** Whether the expressions are written in full or brief. */
  textForm: ExpressionForm;
  /** Lines an expression may take, and the characters each line holds (1 and the longest when unwrapped). */
  textLines: number;
  lineChars: number;
  /** Contributions laid side by side along x (wide cells) or stacked along y (tall cells). */
  slotAxis: 'x' | 'y';
  /** Height of the stripe under a text (0 without text): the stripe fills the whole cell otherwise. */
  barHeight: number;
  /** Font size of the line under the cells that says what the step wrote (writtenSummary); 0 without one. */
  summarySize: number;
  /** On how many lines it is written: 1, or 2 on a card too narrow for one at a size a room reads. */
  summaryLines: number;
  /** Characters a line of it holds at its size: a shorter summary stays on one line. */
  summaryRoom: number;
}

export interface CardContent {
  devices: number;
  /** Cells per card. */
  chunks: number;
  /**
   * Lengths of runs of cells that each start a row: a device's buffers (input, output, scratch) where
   * chunks move between them; absent for one buffer.
   */
  bands?: readonly number[];
  /** Characters of the longest expression a chunk can show; 0: never show texts in full. */
  textChars: number;
  /** Whether chunks may show their expressions in the brief form, (a₁+…+h₁). */
  brief?: boolean;
  /** Characters of the longest line a card whose cells write nothing may write under them (writtenSummary); 0 or absent: none. */
  summaryChars?: number;
  /** The same where the summary is written on two lines; absent: as on one. */
  summaryLineChars?: number;
}

function digits(n: number): number {
  return String(n).length;
}

/** Longest seed expression of a chunk, e.g. (a₁₂+b₁₂+…) with all terms; texts only for N ≤ 8 and C ≤ 8. */
export function longestExpression(devices: number, chunks: number): number {
  if (devices > 8 || chunks > 8 || devices < 1) return 0;
  const term = 1 + digits(chunks);
  return devices === 1 ? term : 2 + devices * term + (devices - 1);
}

/** Brief expressions are written for up to 16 devices of 16 chunks: a card of 16 cells, each of a few characters. */
export function briefTexts(devices: number, chunks: number): boolean {
  return devices >= 1 && devices <= 16 && chunks <= 16;
}

/** Whether a card of `content` can write expressions in `form` at all. */
export function hasTexts(content: CardContent, form: ExpressionForm): boolean {
  return form === 'brief' ? content.brief === true : content.textChars > 0;
}

/** Characters of the longest line of an expression in `form` over `lines` lines. */
function formLineChars(content: CardContent, form: ExpressionForm, lines: number): number {
  if (form === 'full') return lineCharsFor(content, lines);
  const brief = briefLength(content.devices, content.chunks);
  return lines <= 1 ? brief.oneLine : brief.twoLines;
}

/**
 * Characters of the longest line when a sum of all devices' terms is written in `lines` lines: a
 * bracket and ⌈N/lines⌉ terms, each with its operator (or the closing bracket).
 */
export function lineCharsFor(content: CardContent, lines: number): number {
  if (lines <= 1 || content.devices <= 1) return content.textChars;
  const term = 1 + digits(content.chunks);
  return Math.min(content.textChars, 1 + Math.ceil(content.devices / lines) * (term + 1));
}

/** Line counts worth trying for wrapped expressions: one per distinct number of terms on a line. */
export function lineChoices(content: CardContent, form: ExpressionForm = 'full'): number[] {
  if (form === 'brief') return content.brief ? [1, 2] : [1];
  if (content.textChars === 0) return [1];
  const choices = new Set<number>();
  for (let perLine = content.devices; perLine >= 1; perLine--) choices.add(Math.ceil(content.devices / perLine));
  return [...choices];
}

function cellCap(content: CardContent, lines = 1, form: ExpressionForm = 'full'): number {
  return hasTexts(content, form) ? formLineChars(content, form, lines) * MONO_EM * TEXT_MAX + 8 : PLAIN_CELL_MAX;
}

/** A card's name is written in full from this width (px); narrower cards write it short. */
const FULL_NAME_WIDTH = 84;
/** A summary written this large (px) reads from the back of a room; larger ones gain little. */
export const SUMMARY_ENOUGH = 16;

/**
 * How wide a card with `columns` columns of cells is worth making (px): as wide as its cells need, or
 * where its cells write nothing but a summary goes under them, as wide as that summary on one line at
 * SUMMARY_ENOUGH px and its name in full (a master's card of one chunk would otherwise stay a stub).
 */
export function cardCap(content: CardContent, columns: number, lines = 1, form: ExpressionForm = 'full'): number {
  const cells = columns * cellCap(content, lines, form) + 20;
  if (hasTexts(content, form) || !content.summaryChars) return cells;
  return Math.max(cells, FULL_NAME_WIDTH, content.summaryChars * MONO_EM * SUMMARY_ENOUGH + 2 * 8 + 4);
}

function labelSizeFor(width: number, textSize: number): number {
  const wanted = textSize > 0 ? textSize + 1 : width * 0.075;
  return Math.max(LABEL_MIN, Math.min(LABEL_MAX, wanted));
}

/**
 * `labels`: false for cards turned on a ring, whose names are written outside it instead.
 * `lines`: how many lines an expression may wrap over (texts only), `form` how much of it is written.
 */
export function cardShape(width: number, columns: number, content: CardContent, labels = true, lines = 1, form: ExpressionForm = 'full'): CardShape {
  const pad = Math.max(2, Math.min(8, width * 0.05));
  const labelMode = !labels ? 'none' : width >= FULL_NAME_WIDTH ? 'full' : width >= 34 ? 'short' : 'none';
  const bands = content.bands ?? [content.chunks];
  const rows = bands.reduce((sum, band) => sum + Math.ceil(band / columns), 0);
  const inner = width - 2 * pad;
  const rough = inner / columns;
  const gap = rough >= 14 ? 3 : rough >= 6 ? 1.5 : rough >= 3 ? 0.75 : 0;
  const cellWidth = Math.max(0.5, (inner - gap * (columns - 1)) / columns);
  const texts = hasTexts(content, form);
  const textLines = texts ? lines : 1;
  const lineChars = formLineChars(content, form, textLines);
  let textSize = 0;
  if (texts) {
    const fits = (cellWidth - 8) / (lineChars * MONO_EM);
    if (fits >= TEXT_MIN) textSize = Math.min(TEXT_MAX, fits);
  }
  const summarised = textSize === 0 && labelMode === 'full';
  // Two lines where one would be written small and two larger: a narrow card of many devices.
  const oneLine = summarised ? summarySizeFor(inner, content.summaryChars ?? 0) : 0;
  const twoLines = summarised && oneLine < SUMMARY_ONE_LINE ? summarySizeFor(inner, content.summaryLineChars ?? content.summaryChars ?? 0) : 0;
  const summaryLines = twoLines > oneLine + 0.5 ? 2 : 1;
  const summarySize = summaryLines === 2 ? twoLines : oneLine;
  const labelSize = labelMode === 'full' ? labelSizeFor(width, textSize || summarySize) : LABEL_MIN;
  const header = labelMode === 'full' ? Math.round(labelSize * 1.92) : labelMode === 'short' ? Math.round(SHORT_LABEL_PX * 1.5) : 4;
  // Without text, cells grow tall enough to give each contribution's stripe a few pixels.
  const plainHeight = cellWidth < 4 ? Math.max(cellWidth, 2.5) : Math.min(44, Math.max(cellWidth * 1.4, Math.min(content.devices * 4, 36)));
  const cellHeight = textSize > 0 ? Math.round(textSize * (LINE_EM + CELL_LINE_EM * (textLines - 1) + 0.3) + 6 + TEXT_BAR) : plainHeight;
  const summary = summaryBand(summarySize, summaryLines);
  const height = header + pad + rows * cellHeight + (rows - 1) * gap + summary + pad;
  return {
    width,
    height,
    pad,
    header,
    labelMode,
    labelSize,
    columns,
    rows,
    bands,
    cellWidth,
    cellHeight,
    gap,
    textSize,
    textForm: form,
    textLines: textSize > 0 ? textLines : 1,
    lineChars,
    slotAxis: textSize > 0 || cellWidth >= cellHeight ? 'x' : 'y',
    barHeight: textSize > 0 ? TEXT_BAR : 0,
    summarySize,
    summaryLines: summarySize > 0 ? summaryLines : 1,
    summaryRoom: summarySize > 0 ? Math.floor((inner - 4) / (summarySize * MONO_EM)) : 0,
  };
}

/** Height of the `lines` lines under the cells that say what the step wrote (px), at `size` px; 0 without them. */
export function summaryBand(size: number, lines: number): number {
  return size > 0 ? Math.round(size * (LINE_EM * lines + 0.3)) : 0;
}

function summarySizeFor(inner: number, chars: number): number {
  if (chars === 0) return 0;
  const fits = (inner - 4) / (chars * MONO_EM);
  return fits >= SUMMARY_MIN ? Math.min(SUMMARY_MAX, fits) : 0;
}

/** Cells too small for an outline of their own: only what a step wrote, or what is wrong, is outlined. */
export function tinyCells(card: CardShape): boolean {
  return Math.min(card.cellWidth, card.cellHeight) < 6;
}

/** Corner radius of a chunk cell. */
export function cellRadius(card: CardShape): number {
  return Math.min(3, card.cellWidth / 4, card.cellHeight / 4);
}

/** The longest run of cells that starts a row: all of them, on a card of one buffer. */
export function widestBand(content: CardContent): number {
  return content.bands ? Math.max(...content.bands) : content.chunks;
}

/** Column counts worth trying for a card: one per distinct number of rows its widest band takes. */
export function columnChoices(content: CardContent): number[] {
  const widest = widestBand(content);
  const choices = new Set<number>();
  for (let rows = 1; rows <= widest; rows++) choices.add(Math.ceil(widest / rows));
  return [...choices];
}

/** Row and column of cell `cell` on a card: each band starts a row. */
export function cellGridPlace(card: Pick<CardShape, 'bands' | 'columns'>, cell: number): { row: number; column: number } {
  let row = 0;
  let start = 0;
  for (const band of card.bands) {
    if (cell < start + band) break;
    row += Math.ceil(band / card.columns);
    start += band;
  }
  const within = cell - start;
  return { row: row + Math.floor(within / card.columns), column: within % card.columns };
}
