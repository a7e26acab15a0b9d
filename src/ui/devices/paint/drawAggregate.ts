// Paints the aggregate view on a canvas: every device's mark coloured by how complete it is, the
// step's traffic as thin curves, and the inspected and the faulty device outlined.

import { interpolateRgb } from 'd3-interpolate';
import type { Transfer } from '../../../core/schedule';
import { cssColor } from '../../cssColor';
import { markAnchor, markAngle, type AggregateMarks, type GridMarks, type RingMarks } from '../layout/aggregateMarks';
import type { Size } from '../layout/geometry';

export interface AggregatePalette {
  empty: string;
  full: string;
  complete: string;
  reduce: string;
  copy: string;
  danger: string;
  fg: string;
  muted: string;
  border: string;
}

/** Colour levels of completeness below complete. */
const LEVELS = 24;

export function readPalette(element: Element): AggregatePalette {
  return {
    empty: cssColor(element, '--gs-accent-soft', '#dfe9ff'),
    full: cssColor(element, '--gs-accent', '#2f6fed'),
    complete: cssColor(element, '--gs-ok', '#1f8a4c'),
    reduce: cssColor(element, '--gs-reduce', '#2f6fed'),
    copy: cssColor(element, '--gs-copy', '#8a5cf6'),
    danger: cssColor(element, '--gs-danger', '#d1343c'),
    fg: cssColor(element, '--gs-fg', '#17202c'),
    muted: cssColor(element, '--gs-muted', '#5b6675'),
    border: cssColor(element, '--gs-border', '#d9dee6'),
  };
}

/** Level of a completeness: 0..LEVELS−1, or LEVELS for complete. */
function levelOf(completeness: number): number {
  return completeness >= 1 - 1e-6 ? LEVELS : Math.min(LEVELS - 1, Math.floor(completeness * LEVELS));
}

function levelColors(palette: AggregatePalette): string[] {
  const scale = interpolateRgb(palette.empty, palette.full);
  return [...Array.from({ length: LEVELS }, (_, i) => scale(Math.pow(i / (LEVELS - 1), 0.8))), palette.complete];
}

export interface AggregateScene {
  marks: AggregateMarks;
  completeness: Float32Array;
  traffic: readonly Transfer[];
  inspected: number | null;
  flagged: readonly number[];
}

/** The angle left between wedges: none beyond 256 devices, where touching wedges of one colour are one shape. */
function wedgeGap(marks: RingMarks): number {
  return marks.devices <= 256 ? (Math.PI / marks.devices) * 0.18 : 0;
}

/** The wedges of devices [d, last] (one, where wedges stand apart), as one annular sector. */
function wedge(ctx: CanvasRenderingContext2D, marks: RingMarks, d: number, grow = 0, last = d): void {
  const half = Math.PI / marks.devices;
  const gap = wedgeGap(marks);
  const a0 = markAngle(d, marks.devices) - half + gap;
  const a1 = markAngle(last, marks.devices) + half - gap;
  ctx.moveTo(marks.cx + (marks.outer + grow) * Math.cos(a0), marks.cy + (marks.outer + grow) * Math.sin(a0));
  ctx.arc(marks.cx, marks.cy, marks.outer + grow, a0, a1);
  ctx.arc(marks.cx, marks.cy, marks.inner - grow, a1, a0, true);
  ctx.closePath();
}

function cell(ctx: CanvasRenderingContext2D, marks: GridMarks, d: number, grow = 0): void {
  const [x, y, w, h] = marks.cells.subarray(d * 4, d * 4 + 4);
  const inset = w > 4 ? 0.75 : 0;
  ctx.rect(x + inset - grow, y + inset - grow, w - 2 * inset + 2 * grow, h - 2 * inset + 2 * grow);
}

function shape(ctx: CanvasRenderingContext2D, marks: AggregateMarks, d: number, grow = 0): void {
  if (marks.kind === 'ring') wedge(ctx, marks, d, grow);
  else cell(ctx, marks, d, grow);
}

function drawTraffic(ctx: CanvasRenderingContext2D, scene: AggregateScene, palette: AggregatePalette): void {
  const { marks } = scene;
  ctx.lineWidth = 1;
  ctx.globalAlpha = 0.45;
  for (const op of ['reduce', 'copy'] as const) {
    ctx.beginPath();
    for (const t of scene.traffic) {
      if (t.op !== op) continue;
      const from = markAnchor(marks, t.src);
      const to = markAnchor(marks, t.dst);
      ctx.moveTo(from.x, from.y);
      if (marks.kind === 'ring') {
        // Bowed toward the centre, so even neighbours' messages show as a small loop.
        const mx = (from.x + to.x) / 2;
        const my = (from.y + to.y) / 2;
        const inward = Math.hypot(marks.cx - mx, marks.cy - my) || 1;
        const bow = Math.min(inward * 0.6, 6 + 0.3 * Math.hypot(to.x - from.x, to.y - from.y));
        ctx.quadraticCurveTo(mx + ((marks.cx - mx) / inward) * bow, my + ((marks.cy - my) / inward) * bow, to.x, to.y);
      } else ctx.lineTo(to.x, to.y);
    }
    ctx.strokeStyle = op === 'reduce' ? palette.reduce : palette.copy;
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
}

function drawRingLabels(ctx: CanvasRenderingContext2D, marks: RingMarks, palette: AggregatePalette): void {
  ctx.fillStyle = palette.muted;
  ctx.font = '11px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let k = 0; k < 8; k++) {
    const d = Math.round((k * marks.devices) / 8);
    const angle = markAngle(d, marks.devices);
    const r = marks.outer + 13;
    ctx.fillText(k === 0 ? 'GPU-0' : String(d), marks.cx + r * Math.cos(angle), marks.cy + r * Math.sin(angle));
  }
}

function drawCentre(ctx: CanvasRenderingContext2D, marks: RingMarks, scene: AggregateScene, palette: AggregatePalette): void {
  let sum = 0;
  let complete = 0;
  for (const c of scene.completeness) {
    sum += c;
    if (levelOf(c) === LEVELS) complete++;
  }
  const size = Math.max(14, Math.min(34, marks.inner * 0.16));
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = palette.fg;
  ctx.font = `600 ${size}px system-ui, sans-serif`;
  ctx.fillText(`${Math.round((sum / Math.max(1, marks.devices)) * 100)}%`, marks.cx, marks.cy - size * 0.45);
  ctx.fillStyle = palette.muted;
  ctx.font = `${Math.max(11, size * 0.38)}px system-ui, sans-serif`;
  ctx.fillText('of contributions held, on average', marks.cx, marks.cy + size * 0.35);
  ctx.fillText(`${complete} of ${marks.devices} devices complete`, marks.cx, marks.cy + size * 0.95);
}

function drawNodes(ctx: CanvasRenderingContext2D, marks: GridMarks, palette: AggregatePalette): void {
  ctx.strokeStyle = palette.border;
  ctx.lineWidth = 1;
  ctx.fillStyle = palette.muted;
  ctx.font = '10px system-ui, sans-serif';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  for (const node of marks.nodes) {
    ctx.beginPath();
    ctx.roundRect(node.x + 0.5, node.y + 0.5, node.width - 1, node.height - 1, 4);
    ctx.stroke();
    if (node.width > 40) ctx.fillText(node.label, node.x + 4, node.y + 3);
  }
}

export function drawAggregate(ctx: CanvasRenderingContext2D, size: Size, scene: AggregateScene, palette: AggregatePalette): void {
  const { marks } = scene;
  ctx.clearRect(0, 0, size.width, size.height);
  if (marks.kind === 'grid') drawNodes(ctx, marks, palette);
  const colors = levelColors(palette);
  // Per level, runs of consecutive devices [first, last] drawn in its colour: touching wedges of one
  // colour are one sector, so ring on 1024 devices at its start is one shape, not 1024.
  const runs = marks.kind === 'ring' && wedgeGap(marks) === 0;
  const byLevel: number[][] = colors.map(() => []);
  for (let d = 0; d < marks.devices; d++) {
    const level = levelOf(scene.completeness[d]);
    const list = byLevel[level];
    if (runs && list.length > 0 && list[list.length - 1] === d - 1) list[list.length - 1] = d;
    else list.push(d, d);
  }
  byLevel.forEach((list, level) => {
    if (list.length === 0) return;
    ctx.beginPath();
    for (let i = 0; i < list.length; i += 2) {
      if (marks.kind === 'ring') wedge(ctx, marks, list[i], 0, list[i + 1]);
      else cell(ctx, marks, list[i]);
    }
    ctx.fillStyle = colors[level];
    ctx.fill();
  });
  drawTraffic(ctx, scene, palette);
  const outline = (d: number, color: string) => {
    ctx.beginPath();
    shape(ctx, marks, d, 2);
    ctx.strokeStyle = color;
    ctx.lineWidth = 2;
    ctx.stroke();
  };
  for (const d of scene.flagged) outline(d, palette.danger);
  if (scene.inspected !== null && scene.inspected < marks.devices) outline(scene.inspected, palette.fg);
  if (marks.kind === 'ring') {
    drawRingLabels(ctx, marks, palette);
    drawCentre(ctx, marks, scene, palette);
  }
}
