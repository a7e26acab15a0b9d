// Paints the aggregate view on a canvas: every device's mark coloured by how complete it is (on a ring,
// in its node's block, or in the depth bands of the trees), the step's busy links as a heat, the
// schedule's progress in the ring's middle, and the inspected and the faulty devices outlined.

import type { StepProgress } from '../../../core/symbolic/chunkProgress';
import { cssColor } from '../../cssColor';
import type { AggregateMarks, RingMarks } from '../layout/aggregateMarks';
import type { AggregateStructure } from '../layout/aggregateStructure';
import type { Size } from '../layout/geometry';
import type { LinkHeat } from '../layout/linkHeat';
import { drawHeat } from './drawHeat';
import { drawMarks, drawNodes, drawRingLabels, levelColors, levelOf, markShape } from './drawMarks';
import { drawProgressArcs, drawRingCentre } from './drawRingCentre';
import { drawTreeFrames } from './drawTrees';

export interface AggregatePalette {
  empty: string;
  full: string;
  complete: string;
  reduce: string;
  danger: string;
  fg: string;
  muted: string;
  border: string;
  panel: string;
  /** Under the progress arcs. */
  track: string;
  tree0: string;
  tree1: string;
}

export function readPalette(element: Element): AggregatePalette {
  return {
    empty: cssColor(element, '--gs-accent-soft', '#dfe9ff'),
    full: cssColor(element, '--gs-accent', '#2f6fed'),
    complete: cssColor(element, '--gs-ok', '#1f8a4c'),
    reduce: cssColor(element, '--gs-reduce', '#2f6fed'),
    danger: cssColor(element, '--gs-danger', '#d1343c'),
    fg: cssColor(element, '--gs-fg', '#17202c'),
    muted: cssColor(element, '--gs-muted', '#5b6675'),
    border: cssColor(element, '--gs-border', '#d9dee6'),
    panel: cssColor(element, '--gs-panel', '#ffffff'),
    track: cssColor(element, '--gs-accent-soft', '#dfe9ff'),
    // The double tree's two colours, as the card picture draws its links.
    tree0: cssColor(element, '--gs-accent', '#2f6fed'),
    tree1: cssColor(element, '--gs-warn', '#b7791f'),
  };
}

export interface AggregateScene {
  marks: AggregateMarks;
  structure: AggregateStructure;
  completeness: Float32Array;
  /** How far the schedule has got, where it is counted (chunkProgress.ts); null: completeness only. */
  progress: StepProgress | null;
  chunks: number;
  step: number;
  heat: LinkHeat;
  inspected: number | null;
  flagged: readonly number[];
}

/** The share of contributions held, averaged over devices. */
export function averageOf(completeness: Float32Array): number {
  let sum = 0;
  for (const c of completeness) sum += c;
  return sum / Math.max(1, completeness.length);
}

/** Without counted progress (a loaded schedule): how much is held on average and how many devices are complete. */
function drawHeldCentre(ctx: CanvasRenderingContext2D, marks: RingMarks, completeness: Float32Array, palette: AggregatePalette): void {
  let complete = 0;
  for (const c of completeness) if (levelOf(c) === levelOf(1)) complete++;
  const size = Math.max(14, Math.min(34, marks.inner * 0.16));
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = palette.fg;
  ctx.font = `600 ${size}px system-ui, sans-serif`;
  ctx.fillText(`${Math.round(averageOf(completeness) * 100)}%`, marks.cx, marks.cy - size * 0.45);
  ctx.fillStyle = palette.muted;
  ctx.font = `${Math.max(11, size * 0.38)}px system-ui, sans-serif`;
  ctx.fillText('of contributions held, on average', marks.cx, marks.cy + size * 0.35);
  ctx.fillText(`${complete} of ${marks.devices} devices complete`, marks.cx, marks.cy + size * 0.95);
}

export function drawAggregate(ctx: CanvasRenderingContext2D, size: Size, scene: AggregateScene, palette: AggregatePalette): void {
  const { marks, progress } = scene;
  ctx.clearRect(0, 0, size.width, size.height);
  if (marks.kind === 'grid') drawNodes(ctx, marks, palette.border, palette.muted);
  drawMarks(ctx, marks, scene.completeness, levelColors(palette.empty, palette.full, palette.complete), progress?.byGroup);
  if (marks.kind === 'trees') drawTreeFrames(ctx, marks, scene.heat, palette);
  if (marks.kind === 'ring' && progress) drawProgressArcs(ctx, marks, progress, palette);
  drawHeat(ctx, marks, scene.heat);
  const outline = (d: number, color: string) => {
    ctx.beginPath();
    markShape(ctx, marks, d, 2);
    ctx.strokeStyle = color;
    ctx.lineWidth = 2;
    ctx.stroke();
  };
  for (const d of scene.flagged) outline(d, palette.danger);
  if (scene.inspected !== null && scene.inspected < marks.devices) outline(scene.inspected, palette.fg);
  if (marks.kind !== 'ring') return;
  drawRingLabels(ctx, marks, palette.muted);
  if (!progress) return drawHeldCentre(ctx, marks, scene.completeness, palette);
  const partners = scene.structure.kind === 'partners' ? scene.structure.distance : null;
  drawRingCentre(ctx, { marks, progress, chunks: scene.chunks, partners, step: scene.step, average: averageOf(scene.completeness) }, palette);
}
