// The narration band under each frame of a recording: the step's sentences as the narration panel
// tells them, one after another, wrapped at the picture's width into a fixed number of rows (so every
// frame keeps one size); what does not fit is counted on the last row in the panel's own words.

import type { ExportColors } from './exportLegend';
import { escapeXml, wrapText } from './exportText';

const FONT_PX = 13.5;
const LINE_PX = 19;
const PAD_Y = 8;

export interface NarrationBand {
  /** The sentences told (before the first step, the opening paragraph). */
  sentences: readonly string[];
  /** Sentences of the step in all: those beyond `sentences`, or beyond the rows, are counted. */
  total: number;
  /** Rows the band holds, whatever it says. */
  rows: number;
}

const more = (count: number) => `… and ${count.toLocaleString('en-US')} more transfers in this step.`;

/** Shortens `line` with an ellipsis until it fits `width`. */
function cut(line: string, fits: (text: string) => boolean): string {
  let words = line.split(' ');
  while (words.length > 1 && !fits(`${words.join(' ')} …`)) words = words.slice(0, -1);
  return `${words.join(' ')} …`;
}

/** The band's lines: whole sentences while they fit, then the count of the rest on a row of its own. */
export function narrationLines(band: NarrationBand, width: number, fontPx: number): string[] {
  const lines: string[] = [];
  /** Where each placed sentence starts among `lines`. */
  const starts: number[] = [];
  for (const sentence of band.sentences) {
    const wrapped = wrapText(sentence, width, fontPx);
    if (lines.length + wrapped.length > band.rows) break;
    starts.push(lines.length);
    lines.push(...wrapped);
  }
  if (starts.length === band.total) return lines;
  if (band.total === 1) {
    // One paragraph too long for the band: as much as fits, cut at a word.
    const wrapped = wrapText(band.sentences[0] ?? '', width, fontPx).slice(0, band.rows);
    wrapped[wrapped.length - 1] = cut(wrapped[wrapped.length - 1], (text) => wrapText(text, width, fontPx).length === 1);
    return wrapped;
  }
  // Room for the count: sentences leave from the end until a row is free.
  while (starts.length > 0 && lines.length >= band.rows) lines.length = starts.pop()!;
  return [...lines, more(band.total - starts.length)];
}

/** The band's height at text scale `k`. */
export function narrationHeight(band: NarrationBand, k: number): number {
  return (band.rows * LINE_PX + 2 * PAD_Y) * k;
}

/** The band across the whole `width`, its top at `top`, its words `pad` px in from the sides. */
export function narrationMarkup(band: NarrationBand, width: number, top: number, pad: number, k: number, colors: ExportColors): string {
  const fontPx = FONT_PX * k;
  const lines = narrationLines(band, Math.max(1, width - 2 * pad), fontPx);
  // Each baseline a third of the type below the middle of its row.
  const baseline = (row: number) => top + (PAD_Y + (row + 0.5) * LINE_PX) * k + 0.33 * fontPx;
  const text = lines.map((line, i) => `<text x="${pad}" y="${baseline(i).toFixed(1)}">${escapeXml(line)}</text>`).join('');
  // On the page's background, a shade off the panel's: a band that reads as the frame's caption.
  return (
    `<g class="gs-export-narration" font-size="${fontPx}" fill="${colors.text}">` +
    `<rect x="0" y="${top.toFixed(1)}" width="${width}" height="${narrationHeight(band, k).toFixed(1)}" fill="${colors.completeFill}"/>${text}</g>`
  );
}
