// Paints the trees' discs: every device a wedge in the band of its depth, spanning its subtree,
// coloured by how complete it is; faint rings between the depths, the depths numbered, each disc ringed
// and titled in its tree's colour (the card picture's), and under it which depths this step's links join.

import { bandRadii, slotAngle, type TreeDisc, type TreeMarks } from '../layout/treeMarks';
import type { LinkHeat } from '../layout/linkHeat';
import type { AggregatePalette } from './drawAggregate';

/** Device d's wedge in a disc, grown by `grow` pixels on every side. */
export function treeWedge(ctx: CanvasRenderingContext2D, disc: TreeDisc, d: number, grow = 0): void {
  const n = disc.tree.depth.length;
  const [r0, r1] = bandRadii(disc, disc.tree.depth[d]);
  const whole = disc.tree.end[d] - disc.tree.start[d] >= n;
  if (whole) {
    ctx.moveTo(disc.cx + r1 + grow, disc.cy);
    ctx.arc(disc.cx, disc.cy, r1 + grow, 0, 2 * Math.PI);
    ctx.moveTo(disc.cx + r0 - grow, disc.cy);
    ctx.arc(disc.cx, disc.cy, Math.max(0, r0 - grow), 2 * Math.PI, 0, true);
    return;
  }
  const a0 = slotAngle(disc.tree.start[d], n);
  const a1 = slotAngle(disc.tree.end[d], n);
  ctx.moveTo(disc.cx + (r1 + grow) * Math.cos(a0), disc.cy + (r1 + grow) * Math.sin(a0));
  ctx.arc(disc.cx, disc.cy, r1 + grow, a0, a1);
  ctx.arc(disc.cx, disc.cy, Math.max(0, r0 - grow), a1, a0, true);
  ctx.closePath();
}

/** Every device's wedge in every disc, one fill per colour level (`levelOf` gives a device's in a tree). */
export function drawTreeWedges(ctx: CanvasRenderingContext2D, marks: TreeMarks, levelOf: (d: number, tree: number) => number, colors: readonly string[]): void {
  for (const [tree, disc] of marks.discs.entries()) {
    const byLevel: number[][] = colors.map(() => []);
    for (let d = 0; d < marks.devices; d++) byLevel[levelOf(d, tree)].push(d);
    byLevel.forEach((devices, level) => {
      if (devices.length === 0) return;
      ctx.beginPath();
      for (const d of devices) treeWedge(ctx, disc, d);
      ctx.fillStyle = colors[level];
      ctx.fill('evenodd');
    });
  }
}

/** "up 10→9 · down 2→3": the depths this step's links join in a disc. */
function busyDepths(disc: TreeDisc, heat: LinkHeat, lane: number): string {
  const up = new Set<number>();
  const down = new Set<number>();
  for (let i = 0; i < heat.src.length; i++) {
    if (heat.lane[i] !== lane) continue;
    const from = disc.tree.depth[heat.src[i]];
    (disc.tree.depth[heat.dst[i]] < from ? up : down).add(from);
  }
  const list = (set: Set<number>, sign: number) =>
    [...set]
      .sort((a, b) => b - a)
      .slice(0, 3)
      .map((d) => `${d}→${d + sign}`)
      .join(', ');
  const parts = [up.size > 0 ? `up ${list(up, -1)}` : '', down.size > 0 ? `down ${list(down, 1)}` : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'idle';
}

export function drawTreeFrames(ctx: CanvasRenderingContext2D, marks: TreeMarks, heat: LinkHeat, palette: AggregatePalette): void {
  marks.discs.forEach((disc, i) => {
    const color = marks.discs.length > 1 && i === 1 ? palette.tree1 : palette.tree0;
    const depths = disc.tree.perDepth.length;
    // The depths parted by thin gaps of the panel's colour.
    ctx.strokeStyle = palette.panel;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    for (let k = 0; k <= depths; k++) {
      const r = disc.hole + k * disc.band;
      ctx.moveTo(disc.cx + r, disc.cy);
      ctx.arc(disc.cx, disc.cy, r, 0, 2 * Math.PI);
    }
    ctx.stroke();
    ctx.strokeStyle = color;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(disc.cx, disc.cy, disc.outer + 3, 0, 2 * Math.PI);
    ctx.stroke();
    // Depths numbered up the left of twelve o'clock, each in its band, over a halo.
    ctx.font = '9px system-ui, sans-serif';
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    ctx.lineWidth = 3;
    ctx.strokeStyle = palette.panel;
    ctx.fillStyle = palette.fg;
    const every = disc.band >= 10 ? 1 : Math.ceil(10 / disc.band);
    for (let k = 0; k < depths; k += every) {
      const y = disc.cy - disc.hole - (k + 0.5) * disc.band;
      ctx.strokeText(String(k), disc.cx - 3, y);
      ctx.fillText(String(k), disc.cx - 3, y);
    }
    ctx.textAlign = 'center';
    ctx.font = '600 12px system-ui, sans-serif';
    ctx.fillStyle = color;
    ctx.fillText(`${disc.tree.label} · ${depths} depths`, disc.cx, disc.cy - disc.outer - 18);
    ctx.font = '11px system-ui, sans-serif';
    ctx.fillStyle = palette.muted;
    ctx.fillText(`this step: ${busyDepths(disc, heat, i)}`, disc.cx, disc.cy + disc.outer + 13);
  });
}
