// The canvas the cells of a large picture are painted on (see drawCells.ts), laid over the cards'
// SVG and under the travelling messages; clicks pass through to the cards. Painted in the same
// commit as the cards, so a step never shows new cards over old cells.

import { useLayoutEffect, useRef } from 'react';
import type { ChunkView } from './card/chunkViews';
import { canvasToPaint } from './paint/canvasPaint';
import { drawCells, readCellPalette, type CellPalette } from './paint/drawCells';
import type { DiagramGeometry } from './layout/geometry';
import { rememberCells } from './paint/paintedCells';
import { useThemeVersion } from './useThemeVersion';

export interface CellCanvasProps {
  geometry: DiagramGeometry;
  devices: number;
  views: readonly (readonly ChunkView[])[];
  badges: ReadonlySet<number> | null;
}

export function CellCanvas({ geometry, devices, views, badges }: CellCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const theme = useThemeVersion(canvasRef);
  // Resolved once per theme: the variables hold light-dark() pairs a canvas cannot read.
  const palette = useRef<{ theme: number; colors: CellPalette } | null>(null);
  const { width, height } = geometry.size;
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    if (palette.current?.theme !== theme) palette.current = { theme, colors: readCellPalette(canvas) };
    const { card, centres, rotations } = geometry;
    const scene = { card, centres, rotations, views, devices, badges };
    rememberCells(canvas, scene, palette.current.colors);
    const ctx = canvasToPaint(canvas, { width, height });
    if (ctx) drawCells(ctx, scene, palette.current.colors);
  }, [geometry, devices, views, badges, theme, width, height]);
  return <canvas ref={canvasRef} className="gs-dv-cells" aria-hidden="true" style={{ width, height }} />;
}
