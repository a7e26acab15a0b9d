// The devices' marks of the aggregate view, coloured by how complete each is: wedges of the ring,
// cells of the nodes' blocks, or wedges of the trees' depth bands. One fill per colour level: touching
// wedges of one colour are one sector, so ring on 1024 devices at its start is one shape, not 1024.

import { interpolateRgb } from 'd3-interpolate';
import { markAngle, type AggregateMarks, type GridMarks, type RingMarks } from '../layout/aggregateMarks';
import { drawTreeWedges, treeWedge } from './drawTrees';

/** Colour levels of completeness below complete. */
const LEVELS = 24;

/** Level of a completeness: 0..LEVELS−1, or LEVELS for complete. */
export function levelOf(completeness: number): number {
  return completeness >= 1 - 1e-6 ? LEVELS : Math.min(LEVELS - 1, Math.floor(completeness * LEVELS));
}

/** The colours of the levels, from `empty` to `full`, then `complete`. */
export function levelColors(empty: string, full: string, complete: string): string[] {
  const scale = interpolateRgb(empty, full);
  return [...Array.from({ length: LEVELS }, (_, i) => scale(Math.pow(i / (LEVELS - 1), 0.8))), complete];
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

/** Device d's mark (every one of its wedges, in trees), grown by `grow` pixels: for outlines. */
export function markShape(ctx: CanvasRenderingContext2D, marks: AggregateMarks, d: number, grow = 0): void {
  if (marks.kind === 'ring') wedge(ctx, marks, d, grow);
  else if (marks.kind === 'grid') cell(ctx, marks, d, grow);
  else for (const disc of marks.discs) treeWedge(ctx, disc, d, grow);
}

/** `byTree`: in the trees' discs, each device's completeness over the chunks that tree carries. */
export function drawMarks(
  ctx: CanvasRenderingContext2D,
  marks: AggregateMarks,
  completeness: Float32Array,
  colors: readonly string[],
  byTree?: readonly Float32Array[],
): void {
  if (marks.kind === 'trees') return drawTreeWedges(ctx, marks, (d, tree) => levelOf((byTree?.[tree] ?? completeness)[d]), colors);
  // Per level, runs of consecutive devices [first, last] drawn in its colour.
  const runs = marks.kind === 'ring' && wedgeGap(marks) === 0;
  const byLevel: number[][] = colors.map(() => []);
  for (let d = 0; d < marks.devices; d++) {
    const list = byLevel[levelOf(completeness[d])];
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
}

export function drawNodes(ctx: CanvasRenderingContext2D, marks: GridMarks, border: string, muted: string): void {
  ctx.strokeStyle = border;
  ctx.lineWidth = 1;
  ctx.fillStyle = muted;
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

export function drawRingLabels(ctx: CanvasRenderingContext2D, marks: RingMarks, muted: string): void {
  ctx.fillStyle = muted;
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
