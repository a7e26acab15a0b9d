// What each cell canvas last painted, kept so that an export can write the same cells as SVG shapes
// (the canvas's pixels are fixed to the screen's resolution, and jsdom paints none).

import { drawCells, type CellPalette, type CellScene } from './drawCells';
import { SvgPainter } from './svgPainter';

const painted = new WeakMap<HTMLCanvasElement, { scene: CellScene; palette: CellPalette }>();

export function rememberCells(canvas: HTMLCanvasElement, scene: CellScene, palette: CellPalette): void {
  painted.set(canvas, { scene, palette });
}

/** The cells last painted on `canvas` as SVG markup in page pixels; null if it painted none. */
export function cellsMarkup(canvas: HTMLCanvasElement, idPrefix: string): string | null {
  const cells = painted.get(canvas);
  if (!cells) return null;
  const painter = new SvgPainter(idPrefix);
  drawCells(painter, cells.scene, cells.palette);
  return `<g class="gs-dv-cells">${painter.markup()}</g>`;
}
