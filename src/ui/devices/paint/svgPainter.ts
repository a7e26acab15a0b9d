// The part of a canvas context that drawing cells uses (CellPainter), writing SVG markup instead of
// pixels: an exported picture keeps its cells as shapes, sharp at any size, and needs no canvas.
// save/restore become groups: a transform opens a <g transform>, a clip a <g clip-path>, each closed
// by the restore of its level.

import type { CellPainter } from './drawCells';

type Paint = string | CanvasGradient | CanvasPattern;

const n = (value: number) => String(Math.round(value * 100) / 100);

export class SvgPainter implements CellPainter {
  fillStyle: Paint = '#000';
  strokeStyle: Paint = '#000';
  lineWidth = 1;
  private dash: number[] = [];
  private d = '';
  private readonly out: string[] = [];
  /** Per saved level: groups opened at it, and the paint state to restore. */
  private readonly levels: { open: number; fill: Paint; stroke: Paint; width: number; dash: number[] }[] = [];
  private open = 0;
  private clips = 0;

  /** `idPrefix` makes the clip paths' ids unique within the document the markup goes into. */
  constructor(private readonly idPrefix: string) {}

  markup(): string {
    return this.out.join('') + '</g>'.repeat(this.open + this.levels.reduce((sum, level) => sum + level.open, 0));
  }

  save(): void {
    this.levels.push({ open: this.open, fill: this.fillStyle, stroke: this.strokeStyle, width: this.lineWidth, dash: this.dash });
    this.open = 0;
  }

  restore(): void {
    const level = this.levels.pop();
    if (!level) return;
    this.out.push('</g>'.repeat(this.open));
    this.open = level.open;
    this.fillStyle = level.fill;
    this.strokeStyle = level.stroke;
    this.lineWidth = level.width;
    this.dash = level.dash;
  }

  transform(a: number, b: number, c: number, d: number, e: number, f: number): void {
    this.out.push(`<g transform="matrix(${[a, b, c, d, e, f].map((v) => String(Math.round(v * 1e4) / 1e4)).join(' ')})">`);
    this.open++;
  }

  setLineDash(segments: Iterable<number>): void {
    this.dash = [...segments];
  }

  beginPath(): void {
    this.d = '';
  }

  moveTo(x: number, y: number): void {
    this.d += `M${n(x)} ${n(y)}`;
  }

  rect(x: number, y: number, w: number, h: number): void {
    this.d += `M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}Z`;
  }

  roundRect(x: number, y: number, w: number, h: number, radii?: number | DOMPointInit | Iterable<number | DOMPointInit>): void {
    const r = Math.min(typeof radii === 'number' ? radii : 0, w / 2, h / 2);
    if (r <= 0) return this.rect(x, y, w, h);
    const arc = (dx: number, dy: number) => `a${n(r)} ${n(r)} 0 0 1 ${n(dx)} ${n(dy)}`;
    this.d += `M${n(x + r)} ${n(y)}h${n(w - 2 * r)}${arc(r, r)}v${n(h - 2 * r)}${arc(-r, r)}h${n(2 * r - w)}${arc(-r, -r)}v${n(2 * r - h)}${arc(r, -r)}Z`;
  }

  /** Whole circles only (what the cells' badge clip draws), joined to the path by a line as on a canvas. */
  arc(x: number, y: number, radius: number): void {
    const r = n(radius);
    this.d += `${this.d ? 'L' : 'M'}${n(x + radius)} ${n(y)}A${r} ${r} 0 1 1 ${n(x - radius)} ${n(y)}A${r} ${r} 0 1 1 ${n(x + radius)} ${n(y)}Z`;
  }

  fillRect(x: number, y: number, w: number, h: number): void {
    this.out.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${String(this.fillStyle)}"/>`);
  }

  fill(): void {
    if (this.d) this.out.push(`<path d="${this.d}" fill="${String(this.fillStyle)}"/>`);
  }

  stroke(): void {
    if (!this.d) return;
    const dash = this.dash.length > 0 ? ` stroke-dasharray="${this.dash.join(' ')}"` : '';
    this.out.push(`<path d="${this.d}" fill="none" stroke="${String(this.strokeStyle)}" stroke-width="${n(this.lineWidth)}"${dash}/>`);
  }

  clip(rule?: CanvasFillRule | Path2D): void {
    const id = `${this.idPrefix}-clip-${this.clips++}`;
    const clipRule = rule === 'evenodd' ? ' clip-rule="evenodd"' : '';
    this.out.push(`<clipPath id="${id}"><path d="${this.d}"${clipRule}/></clipPath><g clip-path="url(#${id})">`);
    this.open++;
  }
}
