// The chunk cells of a large picture, painted on one canvas above the cards: thousands of SVG cells
// would be recorded again, element by element, at every step (64 cards × 64 chunks is 4,096 cells).
// Cells there never carry text (texts need N ≤ 8, C ≤ 8), so a cell is its background, a stripe per
// run of contributions in the colour of the run's middle device, and an outline. The paints follow
// the cells' rules in devices.css (.gs-dv-cell-*): theme colours come from the same variables, and
// the outline rules (which outline wins, and how wide) are written once below as `outlineOf`.

import { cssColor } from '../../cssColor';
import { deviceColor } from '../../palette';
import { cellRadius, tinyCells, type CardShape } from '../card/cardShape';
import type { ChunkView } from '../card/chunkViews';
import { cardMatrix, cellOffset } from '../layout/geometry';
import type { Point } from '../layout/layouts';

export interface CellPalette {
  /** An empty cell (--gs-bg). */
  cell: string;
  /** An empty cell in scratch (--gs-scratch). */
  scratch: string;
  border: string;
  reduce: string;
  copy: string;
  ok: string;
  danger: string;
}

export function readCellPalette(element: Element): CellPalette {
  return {
    cell: cssColor(element, '--gs-bg', '#f7f8fa'),
    scratch: cssColor(element, '--gs-scratch', '#e6e9ef'),
    border: cssColor(element, '--gs-border', '#d9dee6'),
    reduce: cssColor(element, '--gs-reduce', '#2f6fed'),
    copy: cssColor(element, '--gs-copy', '#8a5cf6'),
    ok: cssColor(element, '--gs-ok', '#1f8a4c'),
    danger: cssColor(element, '--gs-danger', '#d1343c'),
  };
}

export interface CellScene {
  card: CardShape;
  centres: readonly Point[];
  /** Degrees clockwise, per device. */
  rotations: readonly number[];
  /** Per device, its chunks' views. */
  views: readonly (readonly ChunkView[])[];
  devices: number;
  /** Devices whose card wears the violation badge: the cells leave it uncovered. */
  badges: ReadonlySet<number> | null;
}

/** Radius of the room kept free around a badge (its circle is 8 px). */
const BADGE_ROOM = 9;

type Outline = { color: keyof CellPalette; width: number; dashed: boolean; square: boolean } | null;

const outline = (color: keyof CellPalette, width: number, dashed = false): Outline => ({ color, width, dashed, square: false });

/** A cell's outline, as devices.css gives it: wrong over complete over just written over plain. */
export function outlineOf(view: ChunkView, tiny: boolean): Outline {
  if (view.flagged) return outline('danger', 2.5);
  // Tiny cells outline only what the step wrote (or what is wrong).
  if (tiny && view.received === null) return null;
  if (view.complete) return outline('ok', 2);
  if (view.received === 'reduce') return outline('reduce', 1.5);
  if (view.received === 'copy') return outline('copy', 1.5, true);
  return tiny ? null : outline('border', 0.75);
}

/** A contribution held more than once: its stripe outlined (.gs-dv-run--doubled). */
const DOUBLED: NonNullable<Outline> = { color: 'danger', width: 1, dashed: false, square: true };

type Box = [x: number, y: number, w: number, h: number];

/**
 * Filled corners rounder than this are drawn round; below, the rounding of a fill hides under its
 * stripes (and thousands of round corners cost a step several milliseconds). Outlines, a few a step,
 * keep theirs.
 */
const ROUND_FILL = 1;

/** Fills or strokes the boxes as one path, rounded where the rounding shows. */
function paintBoxes(ctx: CellPainter, boxes: readonly Box[], radius: number, stroke: boolean): void {
  if (boxes.length === 0) return;
  ctx.beginPath();
  const round = radius >= (stroke ? 0.25 : ROUND_FILL) && typeof ctx.roundRect === 'function';
  for (const [x, y, w, h] of boxes) {
    if (round) ctx.roundRect(x, y, w, h, radius);
    else ctx.rect(x, y, w, h);
  }
  if (stroke) ctx.stroke();
  else ctx.fill();
}

/** What drawing the cells asks of a canvas context: a canvas paints them, an SVG writer exports them. */
export type CellPainter = Pick<
  CanvasRenderingContext2D,
  'save' | 'restore' | 'transform' | 'beginPath' | 'rect' | 'roundRect' | 'moveTo' | 'arc' | 'fill' | 'stroke' | 'fillRect' | 'clip' | 'setLineDash'
> &
  Pick<CanvasRenderingContext2D, 'fillStyle' | 'strokeStyle' | 'lineWidth'>;

/** Paints the cells in page pixels (as the context's transform maps them), card by card under the card's turn. */
export function drawCells(ctx: CellPainter, scene: CellScene, palette: CellPalette): void {
  const { card, devices } = scene;
  const { cellWidth: w, cellHeight: h, slotAxis } = card;
  const tiny = tinyCells(card);
  const radius = cellRadius(card);
  const colors = Array.from({ length: devices }, (_, d) => deviceColor(d, devices));
  const offsets = scene.views.length > 0 ? scene.views[0].map((_, chunk) => cellOffset(card, chunk)) : [];
  ctx.save();
  if (scene.badges && scene.badges.size > 0) clipBadges(ctx, scene);
  for (let d = 0; d < scene.views.length; d++) {
    ctx.save();
    ctx.transform(...cardMatrix(scene.centres[d], scene.rotations[d], card));
    const views = scene.views[d];
    const empty: Box[] = [];
    const scratch: Box[] = [];
    const full: Box[] = [];
    const outlines = new Map<string, { outline: NonNullable<Outline>; boxes: Box[] }>();
    const outlined = (outline: NonNullable<Outline>, box: Box) => {
      const key = `${outline.color} ${outline.width} ${outline.dashed} ${outline.square}`;
      let entry = outlines.get(key);
      if (!entry) outlines.set(key, (entry = { outline, boxes: [] }));
      entry.boxes.push(box);
    };
    let fill = '';
    // Backgrounds first (one path each), then stripes as they come, then outlines over them.
    for (let chunk = 0; chunk < views.length; chunk++) {
      const { x, y } = offsets[chunk];
      (tiny && views[chunk].complete ? full : views[chunk].scratch ? scratch : empty).push([x, y, w, h]);
    }
    ctx.fillStyle = palette.cell;
    paintBoxes(ctx, empty, radius, false);
    ctx.fillStyle = palette.scratch;
    paintBoxes(ctx, scratch, radius, false);
    ctx.fillStyle = palette.ok;
    paintBoxes(ctx, full, radius, false);
    for (let chunk = 0; chunk < views.length; chunk++) {
      const view = views[chunk];
      const { x, y } = offsets[chunk];
      if (!(tiny && view.complete)) {
        const set = view.set;
        for (let i = 0; i < set.length; i += 3) {
          const lo = set[i] / devices;
          const hi = set[i + 1] / devices;
          const color = colors[Math.floor((set[i] + set[i + 1] - 1) / 2)];
          if (color !== fill) ctx.fillStyle = fill = color;
          if (slotAxis === 'x') ctx.fillRect(x + lo * w, y, (hi - lo) * w, h);
          else ctx.fillRect(x, y + lo * h, w, (hi - lo) * h);
          if (set[i + 2] > 1) outlined(DOUBLED, slotAxis === 'x' ? [x + lo * w, y, (hi - lo) * w, h] : [x, y + lo * h, w, (hi - lo) * h]);
        }
      }
      const outline = outlineOf(view, tiny);
      if (outline) outlined(outline, [x, y, w, h]);
    }
    for (const { outline, boxes } of outlines.values()) {
      ctx.strokeStyle = palette[outline.color];
      ctx.lineWidth = outline.width;
      ctx.setLineDash(outline.dashed ? [3, 2] : []);
      paintBoxes(ctx, boxes, outline.square ? 0 : radius, true);
    }
    ctx.restore();
  }
  ctx.restore();
}

/** Everywhere but a disc around each badge (the top right corner of a flagged card). */
function clipBadges(ctx: CellPainter, scene: CellScene): void {
  let right = 0;
  let bottom = 0;
  for (const p of scene.centres) {
    right = Math.max(right, p.x);
    bottom = Math.max(bottom, p.y);
  }
  const reach = Math.hypot(scene.card.width, scene.card.height);
  ctx.beginPath();
  ctx.rect(-reach, -reach, right + 2 * reach, bottom + 2 * reach);
  for (const d of scene.badges ?? []) {
    const [a, b, , , e, f] = cardMatrix(scene.centres[d], scene.rotations[d], scene.card);
    const x = a * scene.card.width + e;
    const y = b * scene.card.width + f;
    ctx.moveTo(x + BADGE_ROOM, y);
    ctx.arc(x, y, BADGE_ROOM, 0, 2 * Math.PI);
  }
  ctx.clip('evenodd');
}
