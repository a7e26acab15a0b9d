// The exported picture as one standalone SVG document: the step line on top, the devices picture with
// the step's transfers drawn as arrows, in a recording the step's narration, the legend, and a caption
// naming the configuration; the fonts it writes in go inside. Pure: it takes the picture's markup,
// resolved colours and font rules, so it reads the same in a test as in a browser.

import type { Schedule } from '../../core/schedule';
import type { Size } from '../devices/layout/geometry';
import { arrowsMarkup } from './arrowMarkup';
import { pictureGeometry } from '../devices/layout/pictureGeometry';
import { legendMarkup, type ExportColors, type LegendEntry } from './exportLegend';
import { narrationHeight, narrationMarkup, type NarrationBand } from './exportNarration';
import { escapeXml, SANS, wrapText } from './exportText';
import { stepLine } from './exportWords';
import { transferArrows, type StepArrows } from './transferArrows';

const PAD = 16;
const STEP_FONT_PX = 15;
const STEP_LINE_PX = 20;
const CAPTION_FONT_PX = 12.5;
const CAPTION_LINE_PX = 17;

export interface ExportParts {
  title: string;
  width: number;
  /** An element (an <svg>, or an <image> of the aggregate view) drawn at the origin, and its height. */
  picture: { markup: string; height: number };
  arrows: StepArrows | null;
  stepLine: string;
  caption: string;
  legend: readonly LegendEntry[];
  colors: ExportColors;
  /** Words (step line, legend, caption) this many times their size: for pictures shown scaled down. */
  textScale?: number;
  /** @font-face rules of the fonts the document carries (exportFonts.ts). */
  fonts?: string;
  /** The step's narration, in a band under the picture (a recording's frames). */
  narration?: NarrationBand;
}

export interface ExportSvg {
  text: string;
  width: number;
  height: number;
}

function lines(texts: string[], x: number, top: number, fontPx: number, linePx: number, attributes: string): string {
  return texts
    .map((text, i) => `<text x="${x}" y="${(top + fontPx + i * linePx).toFixed(1)}" font-size="${fontPx}" ${attributes}>${escapeXml(text)}</text>`)
    .join('');
}

export function exportSvg(parts: ExportParts): ExportSvg {
  const { width, colors, picture, arrows } = parts;
  const k = parts.textScale ?? 1;
  const pad = PAD * k;
  const inner = Math.max(1, width - 2 * pad);
  const drawn =
    arrows && arrows.arrows.length < arrows.transfers
      ? ` · ${arrows.arrows.length.toLocaleString('en-US')} of ${arrows.transfers.toLocaleString('en-US')} transfers drawn`
      : '';
  const stepLines = wrapText(parts.stepLine + drawn, inner, STEP_FONT_PX * k);
  const pictureTop = Math.round((12 + stepLines.length * STEP_LINE_PX + 4) * k);
  const legend = legendMarkup(parts.legend, colors, inner / k, arrows ? arrows.width / k : 2);
  const bandTop = pictureTop + picture.height + 6 * k;
  const band = parts.narration;
  const legendTop = bandTop + (band ? narrationHeight(band, k) + 8 * k : 0);
  const captionLines = wrapText(parts.caption, inner, CAPTION_FONT_PX * k);
  const captionTop = legendTop + (legend.height > 0 ? (legend.height + 8) * k : 0);
  const height = Math.ceil(captionTop + (captionLines.length * CAPTION_LINE_PX + 12) * k);
  const title = escapeXml(parts.title);
  const text = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${title}" font-family="${SANS}">`,
    `<title>${title}</title>`,
    ...(parts.fonts ? [`<defs><style>${parts.fonts}</style></defs>`] : []),
    `<desc>${escapeXml(`${parts.stepLine}. ${parts.caption}.`)}</desc>`,
    `<rect class="gs-export-backdrop" width="${width}" height="${height}" fill="${colors.background}"/>`,
    `<g class="gs-export-step">${lines(stepLines, pad, 12 * k, STEP_FONT_PX * k, STEP_LINE_PX * k, `font-weight="600" fill="${colors.text}"`)}</g>`,
    `<g class="gs-export-picture" transform="translate(0,${pictureTop})">${picture.markup}${arrows ? arrowsMarkup(arrows, colors) : ''}</g>`,
    ...(band ? [narrationMarkup(band, width, bandTop, pad, k, colors)] : []),
    `<g class="gs-export-legend" transform="translate(${pad},${legendTop})${k === 1 ? '' : ` scale(${k})`}">${legend.markup}</g>`,
    `<g class="gs-export-caption">${lines(captionLines, pad, captionTop, CAPTION_FONT_PX * k, CAPTION_LINE_PX * k, `fill="${colors.muted}"`)}</g>`,
    `</svg>`,
  ].join('\n');
  return { text: `${text}\n`, width, height };
}

export interface DiagramExport {
  title: string;
  caption: string;
  schedule: Schedule;
  /** Steps applied (0 … steps): the picture shows the state after them and the last one's arrows. */
  step: number;
  /** The live picture's size, which its layout was computed for. */
  size: Size;
  pictureMarkup: string;
  legend: readonly LegendEntry[];
  colors: ExportColors;
  textScale?: number;
  fonts?: string;
  narration?: NarrationBand;
}

/** The detailed picture's export: its snapshot with the arrows of the step it shows. */
export function diagramExportSvg(input: DiagramExport): ExportSvg {
  const k = input.textScale ?? 1;
  // Arrows thicken with the words, less than they do: they must not cover the cells.
  const arrows = input.step > 0 ? transferArrows(input.schedule, input.step, pictureGeometry(input.schedule, input.size), Math.min(1.5, k)) : null;
  return exportSvg({
    title: input.title,
    width: input.size.width,
    picture: { markup: input.pictureMarkup, height: input.size.height },
    arrows,
    stepLine: stepLine(input.schedule, input.step),
    caption: input.caption,
    legend: input.legend,
    colors: input.colors,
    textScale: k,
    fonts: input.fonts,
    narration: input.narration,
  });
}
