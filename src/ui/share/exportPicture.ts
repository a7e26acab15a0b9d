// The export of what a simulator shows, read from its page: the picture's styled snapshot, the theme's
// colours as they resolve there (light or dark), the legend's entries, the words of the state, and
// the fonts the file carries (loaded with the first export).

import { invariant } from '../../core/errors';
import type { SimConfig } from '../../store/config';
import type { Derived } from '../../store/derive';
import { cssColor } from '../cssColor';
import { diagramExportSvg, exportSvg, type ExportSvg } from './exportDocument';
import type { ExportColors, LegendEntry } from './exportLegend';
import type { NarrationBand } from './exportNarration';
import { pictureCaption, stepLine } from './exportWords';
import { liveLegend } from './liveLegend';
import type { Picture } from './picture';
import { cellsMarkup } from '../devices/paint/paintedCells';
import { styledSvg, styledSvgSliced, type Slicing } from './svgSnapshot';

/** What of the simulator's state an export names. */
export interface ExportState {
  config: Pick<SimConfig, 'elements' | 'op'>;
  custom: { name: string } | null;
  derived: Pick<Derived, 'schedule'> | null;
  step: number;
}

/** Light-theme colours, where the page resolves none (a document without the stylesheets). */
const FALLBACK: ExportColors = {
  background: '#ffffff',
  text: '#17202c',
  muted: '#5b6675',
  reduce: '#2f6fed',
  copy: '#8a5cf6',
  tree0: '#2f6fed',
  tree1: '#b7791f',
  complete: '#1f8a4c',
  completeFill: '#f7f8fa',
};

function resolved(element: Element, variable: string, fallback: string): string {
  const color = cssColor(element, variable, fallback);
  return color === '' || color.includes('var(') ? fallback : color;
}

/** The element whose theme the picture is painted in: its panel. */
function backdropOf(picture: Picture): Element {
  return picture.element.closest('.gs-devices') ?? picture.element.parentElement ?? picture.element;
}

function exportColors(element: Element): ExportColors {
  return {
    background: resolved(element, '--gs-panel', FALLBACK.background),
    text: resolved(element, '--gs-fg', FALLBACK.text),
    muted: resolved(element, '--gs-muted', FALLBACK.muted),
    reduce: resolved(element, '--gs-reduce', FALLBACK.reduce),
    copy: resolved(element, '--gs-copy', FALLBACK.copy),
    tree0: resolved(element, '--gs-accent', FALLBACK.tree0),
    tree1: resolved(element, '--gs-warn', FALLBACK.tree1),
    complete: resolved(element, '--gs-ok', FALLBACK.complete),
    completeFill: resolved(element, '--gs-bg', FALLBACK.completeFill),
  };
}

/** The aggregate view draws its traffic as thin lines in the reduce and copy colours, complete devices filled. */
function aggregateLegend(colors: ExportColors): LegendEntry[] {
  const line = (stroke: string) => ({ kind: 'line' as const, stroke, width: 2, opacity: 1, dash: null });
  return [
    { swatch: line(colors.reduce), label: 'reduce' },
    { swatch: line(colors.copy), label: 'copy' },
    { swatch: { kind: 'complete', filled: true }, label: 'complete' },
  ];
}

function words(state: ExportState) {
  invariant(state.derived, 'an export is made only of a schedule that is shown');
  const schedule = state.derived.schedule;
  const step = Math.max(0, Math.min(state.step, schedule.steps.length));
  const caption = pictureCaption({ schedule, customName: state.custom?.name ?? null, elements: state.config.elements, op: state.config.op });
  return { schedule, step, caption };
}

export interface ExportOptions {
  /** Spreads the snapshot over several tasks (the GIF recorder); null: all at once. */
  slicing: Slicing | null;
  /** The aggregate canvas as an image URL, which only a real canvas can make. */
  aggregateImage(canvas: HTMLCanvasElement): string;
  /** The width the export will be shown at, when smaller than its own: its words grow to stay legible. */
  shownWidth?: number;
  /** The step's narration, in a band under the picture. */
  narration?: NarrationBand;
}

/** Words shown at `shownWidth` keep at least about 0.8 of their size. */
function textScaleFor(width: number, shownWidth: number | undefined): number {
  return shownWidth && shownWidth < width ? Math.max(1, (0.8 * width) / shownWidth) : 1;
}

export async function pictureExport(picture: Picture, state: ExportState, title: string, options: ExportOptions): Promise<ExportSvg> {
  const { schedule, step, caption } = words(state);
  const backdrop = backdropOf(picture);
  const colors = exportColors(backdrop);
  const { FONT_FACES: fonts } = await import('./exportFonts');
  const narration = options.narration;
  if (picture.kind === 'svg') {
    const styled = options.slicing ? await styledSvgSliced(picture.element, options.slicing) : styledSvg(picture.element);
    // Cells painted on the canvas over the cards go on top of the SVG's own markup, as shapes.
    const cells = picture.cells && cellsMarkup(picture.cells, 'gs-export-cells');
    if (cells) styled.markup = styled.markup.replace(/<\/svg>$/, `${cells}</svg>`);
    const legend = liveLegend(backdrop);
    const textScale = textScaleFor(styled.width, options.shownWidth);
    return diagramExportSvg({ title, caption, schedule, step, size: styled, pictureMarkup: styled.markup, legend, colors, textScale, fonts, narration });
  }
  const canvas = picture.element;
  const width = Math.max(1, Math.round(canvas.clientWidth || canvas.width));
  const height = Math.max(1, Math.round(canvas.clientHeight || canvas.height));
  const markup = `<image href="${options.aggregateImage(canvas)}" width="${width}" height="${height}"/>`;
  const textScale = textScaleFor(width, options.shownWidth);
  return exportSvg({
    title,
    width,
    picture: { markup, height },
    arrows: null,
    stepLine: stepLine(schedule, step),
    caption,
    legend: aggregateLegend(colors),
    colors,
    textScale,
    fonts,
    narration,
  });
}
