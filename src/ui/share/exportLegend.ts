// The legend of an exported picture, drawn in SVG: the arrows of reduce and copy, a complete chunk
// and the kinds of link the layout uses, laid out in rows that wrap at the picture's width.

import type { TransferOp } from '../../core/schedule';
import { escapeXml, textWidth } from './exportText';

export type LegendSwatch =
  | { kind: 'arrow'; op: TransferOp }
  | { kind: 'complete'; filled?: boolean }
  /** A cell's fill: the shade of scratch places. */
  | { kind: 'cell'; fill: string; stroke: string }
  /** The dashed outline round cells one arrow carries (arrowBlocks.ts). */
  | { kind: 'block'; stroke: string }
  | { kind: 'line'; stroke: string; width: number; opacity: number; dash: string | null };

export interface LegendEntry {
  swatch: LegendSwatch;
  label: string;
}

/** Resolved colours (rgb() strings) of everything an export draws itself. */
export interface ExportColors {
  background: string;
  text: string;
  muted: string;
  reduce: string;
  copy: string;
  /** A double tree's two trees, whose colours its transfers take (as the live picture's arrows do). */
  tree0: string;
  tree1: string;
  complete: string;
  completeFill: string;
}

const LEGEND_FONT_PX = 12.5;
const ROW_PX = 22;
const SWATCH_GAP = 6;
const ENTRY_GAP = 18;

function swatchWidth(swatch: LegendSwatch): number {
  return swatch.kind === 'arrow' ? 28 : swatch.kind === 'complete' || swatch.kind === 'cell' ? 14 : swatch.kind === 'block' ? 18 : 24;
}

/** Dashes of a block's outline, as transfers.css draws it. */
export const BLOCK_DASH = '6 3';

/** Dashes of copy arrows, in proportion to the pen. */
export function copyDash(width: number): string {
  return `${(3 * width).toFixed(1)} ${(2 * width).toFixed(1)}`;
}

function swatchMarkup(swatch: LegendSwatch, colors: ExportColors, pen: number): string {
  if (swatch.kind === 'complete') {
    return `<rect x="1" y="-6" width="12" height="12" rx="2" fill="${swatch.filled ? colors.complete : colors.completeFill}" stroke="${colors.complete}" stroke-width="2"/>`;
  }
  if (swatch.kind === 'block')
    return `<rect x="1" y="-6" width="16" height="12" rx="3" fill="none" stroke="${swatch.stroke}" stroke-width="2" stroke-dasharray="${BLOCK_DASH}"/>`;
  if (swatch.kind === 'cell') return `<rect x="1" y="-6" width="12" height="12" rx="2" fill="${swatch.fill}" stroke="${swatch.stroke}"/>`;
  if (swatch.kind === 'line') {
    const dash = swatch.dash ? ` stroke-dasharray="${escapeXml(swatch.dash)}"` : '';
    return `<line x1="1" x2="23" y1="0" y2="0" stroke="${swatch.stroke}" stroke-width="${swatch.width}" stroke-opacity="${swatch.opacity}" stroke-linecap="round"${dash}/>`;
  }
  const color = swatch.op === 'reduce' ? colors.reduce : colors.copy;
  const dash = swatch.op === 'copy' ? ` stroke-dasharray="${copyDash(pen)}"` : '';
  const head = 3 * pen + 3;
  const half = 1.4 * pen + 1.75;
  return (
    `<path d="M1,0H${(27 - head * 0.7).toFixed(1)}" fill="none" stroke="${color}" stroke-width="${pen}" stroke-linecap="round"${dash}/>` +
    `<path d="M27,0L${(27 - head).toFixed(1)},${half.toFixed(1)}L${(27 - head).toFixed(1)},${(-half).toFixed(1)}Z" fill="${color}"/>`
  );
}

/** The legend's markup at the origin, `width` px wide at most, and the height it takes. */
export function legendMarkup(entries: readonly LegendEntry[], colors: ExportColors, width: number, pen: number): { markup: string; height: number } {
  let x = 0;
  let row = 0;
  const parts: string[] = [];
  for (const { swatch, label } of entries) {
    const entryWidth = swatchWidth(swatch) + SWATCH_GAP + textWidth(label, LEGEND_FONT_PX);
    if (x > 0 && x + entryWidth > width) {
      x = 0;
      row++;
    }
    const y = row * ROW_PX + ROW_PX / 2;
    parts.push(
      `<g class="gs-export-legend-entry" transform="translate(${x.toFixed(1)},${y})">${swatchMarkup(swatch, colors, pen)}` +
        `<text x="${swatchWidth(swatch) + SWATCH_GAP}" y="0" dominant-baseline="central" fill="${colors.muted}" font-size="${LEGEND_FONT_PX}">${escapeXml(label)}</text></g>`,
    );
    x += entryWidth + ENTRY_GAP;
  }
  return { markup: parts.join(''), height: entries.length === 0 ? 0 : (row + 1) * ROW_PX };
}
