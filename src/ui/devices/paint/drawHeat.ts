// Paints a step's busy links as a heat: each link a thin line coloured by how many chunks it moves
// against the step's busiest link, pale yellow to deep red. One path per heat level, so a thousand
// links cost a handful of strokes. The legend shows the same colours.

import { interpolateYlOrRd } from 'd3-scale-chromatic';
import { markAnchor, type AggregateMarks } from '../layout/aggregateMarks';
import type { LinkHeat } from '../layout/linkHeat';

/** Heat levels, coolest first. */
const HEAT_LEVELS = 6;

/** The colours of the heat levels, coolest first: the canvas and the legend's ramp both use them. */
export const HEAT_COLORS: readonly string[] = Array.from({ length: HEAT_LEVELS }, (_, i) => interpolateYlOrRd(0.3 + (0.62 * i) / (HEAT_LEVELS - 1)));

/** The level (0 … HEAT_LEVELS − 1) of a link moving `load` chunks where the busiest moves `most`. */
function heatLevel(load: number, most: number): number {
  return Math.max(0, Math.min(HEAT_LEVELS - 1, Math.ceil((load / most) * HEAT_LEVELS) - 1));
}

/** The curve of one link: on a ring, bowed toward the centre, so even neighbours' links show as a small loop. */
function linkPath(ctx: CanvasRenderingContext2D, marks: AggregateMarks, from: number, to: number, lane: number): void {
  const a = markAnchor(marks, from, lane);
  const b = markAnchor(marks, to, lane);
  ctx.moveTo(a.x, a.y);
  if (marks.kind !== 'ring') {
    ctx.lineTo(b.x, b.y);
    return;
  }
  const mx = (a.x + b.x) / 2;
  const my = (a.y + b.y) / 2;
  const inward = Math.hypot(marks.cx - mx, marks.cy - my) || 1;
  // Long chords (partners far apart) bow only a little, so a round of them stays a clean star.
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const bow = Math.min(inward * 0.6, length < 40 ? 6 + 0.3 * length : 0.08 * length);
  ctx.quadraticCurveTo(mx + ((marks.cx - mx) / inward) * bow, my + ((marks.cy - my) / inward) * bow, b.x, b.y);
}

export function drawHeat(ctx: CanvasRenderingContext2D, marks: AggregateMarks, heat: LinkHeat): void {
  if (heat.busy === 0) return;
  // Busy steps of many links are drawn fainter and finer, so the marks under them still read.
  const many = heat.src.length > 256;
  ctx.globalAlpha = many ? (heat.src.length > 1024 ? 0.28 : 0.4) : 0.8;
  for (let level = 0; level < HEAT_LEVELS; level++) {
    ctx.beginPath();
    let any = false;
    for (let i = 0; i < heat.src.length; i++) {
      if (heatLevel(heat.load[i], heat.most) !== level) continue;
      linkPath(ctx, marks, heat.src[i], heat.dst[i], heat.lane[i]);
      any = true;
    }
    if (!any) continue;
    ctx.lineWidth = (many ? 0.7 : 1) + level * 0.25;
    ctx.strokeStyle = HEAT_COLORS[level];
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
}
