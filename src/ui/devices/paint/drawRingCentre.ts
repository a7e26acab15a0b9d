// The middle of the aggregate ring: how far the schedule has got, as two arcs growing clockwise from
// the top inside the ring (the share of every chunk reduced onto one place, and the share of places
// holding their chunk whole) with the counts of chunks fully reduced and fully shared; for
// halving-doubling, above them, the partner distance of every round, this step's marked.

import type { StepProgress } from '../../../core/symbolic/chunkProgress';
import type { RingMarks } from '../layout/aggregateMarks';
import type { AggregatePalette } from './drawAggregate';

/** Whole percents, but tenths below ten: a tree's first rounds gather well under 1%. */
const percent = (share: number) => (share < 0.1 && share > 0 ? `${(Math.floor(share * 1000 + 1e-9) / 10).toFixed(1)}%` : `${Math.floor(share * 100 + 1e-9)}%`);

function arc(ctx: CanvasRenderingContext2D, marks: RingMarks, r: number, share: number, color: string, track: string): void {
  ctx.lineWidth = 6;
  ctx.lineCap = 'butt';
  ctx.strokeStyle = track;
  ctx.beginPath();
  ctx.arc(marks.cx, marks.cy, r, 0, 2 * Math.PI);
  ctx.stroke();
  if (share <= 0) return;
  ctx.strokeStyle = color;
  ctx.beginPath();
  ctx.arc(marks.cx, marks.cy, r, -Math.PI / 2, -Math.PI / 2 + 2 * Math.PI * Math.min(1, share));
  ctx.stroke();
}

/** The two progress arcs, just inside the ring. */
export function drawProgressArcs(ctx: CanvasRenderingContext2D, marks: RingMarks, progress: StepProgress, palette: AggregatePalette): void {
  arc(ctx, marks, marks.inner - 12, progress.reduced, palette.reduce, palette.track);
  arc(ctx, marks, marks.inner - 21, progress.shared, palette.complete, palette.track);
}

/** Round by round, a bar as high as its partners are far apart (doubling the distance adds a notch). */
function drawRounds(ctx: CanvasRenderingContext2D, marks: RingMarks, distance: Int32Array, step: number, top: number, palette: AggregatePalette): void {
  const steps = distance.length;
  const width = Math.min(marks.inner * 1.2, steps * 16);
  const bar = width / steps;
  const height = Math.max(16, marks.inner * 0.28);
  const most = Math.log2(Math.max(1, ...distance)) + 1;
  const left = marks.cx - width / 2;
  for (let s = 0; s < steps; s++) {
    const h = distance[s] > 0 ? (height * (Math.log2(distance[s]) + 1)) / most : 1;
    ctx.fillStyle = s === step - 1 ? palette.fg : palette.reduce;
    ctx.globalAlpha = s === step - 1 ? 1 : s < step - 1 ? 0.55 : 0.2;
    ctx.fillRect(left + s * bar + 1, top + height - h, Math.max(1, bar - 2), h);
  }
  ctx.globalAlpha = 1;
}

export interface RingCentre {
  marks: RingMarks;
  progress: StepProgress;
  chunks: number;
  /** Partner distance per step, for halving-doubling; else null. */
  partners: Int32Array | null;
  step: number;
  average: number;
}

export function drawRingCentre(ctx: CanvasRenderingContext2D, centre: RingCentre, palette: AggregatePalette): void {
  const { marks, progress, chunks, partners, step } = centre;
  const size = Math.max(14, Math.min(30, marks.inner * 0.14));
  const small = Math.max(11, size * 0.42);
  let y = marks.cy - size * (partners ? 0.2 : 0.9);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  if (partners) {
    drawRounds(ctx, marks, partners, step, y - size * 2.6, palette);
    const apart = step > 0 ? partners[step - 1] : 0;
    ctx.fillStyle = palette.fg;
    ctx.font = `600 ${size * 0.62}px system-ui, sans-serif`;
    ctx.fillText(step === 0 ? 'partners by round' : `round ${step}: partners ${apart} apart`, marks.cx, y);
    y += size * 0.85;
  }
  // The phase that is under way leads: reducing until every chunk has met whole once, then sharing.
  const sharing = progress.reduced >= 1 - 1e-9;
  ctx.fillStyle = sharing ? palette.complete : palette.reduce;
  ctx.font = `600 ${partners ? size * 0.8 : size}px system-ui, sans-serif`;
  ctx.fillText(sharing ? `${percent(progress.shared)} shared` : `${percent(progress.reduced)} reduced`, marks.cx, y);
  y += size * 0.8;
  ctx.fillStyle = palette.muted;
  ctx.font = `${small}px system-ui, sans-serif`;
  ctx.fillText(`${progress.chunksReduced} of ${chunks} chunks fully reduced · ${progress.chunksShared} fully shared`, marks.cx, y);
  y += small * 1.5;
  ctx.fillText(`${percent(centre.average)} of contributions held on average`, marks.cx, y);
}
