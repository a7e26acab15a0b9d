// The timeline's bars as one SVG path per row and direction (thousands of steps stay a few hundred
// nodes). In narrow bands a bar that fills its band runs into the next, so full bars merge into one rect.

import type { TimelineData } from '../../core/timeline';

export interface RowPaths {
  sent: string;
  received: string;
}

/**
 * Bars of one row and direction, added left to right: one that starts where the last ends (or within
 * it) extends it, so a ring's 2046 steps in a few hundred pixels make a few rects, and no span is kept.
 */
class Bars {
  private parts: string[] = [];
  private x0 = NaN;
  private x1 = NaN;

  constructor(
    private readonly y: number,
    private readonly height: number,
  ) {}

  add(x0: number, x1: number): void {
    if (x0 <= this.x1 + 0.01) {
      this.x1 = Math.max(this.x1, x1);
      return;
    }
    this.flush();
    this.x0 = x0;
    this.x1 = x1;
  }

  path(): string {
    this.flush();
    return this.parts.join('');
  }

  private flush(): void {
    if (Number.isNaN(this.x0)) return;
    const f = (v: number) => Math.round(v * 100) / 100;
    const width = Math.max(this.x1 - this.x0, 0.6);
    this.parts.push(`M${f(this.x0)},${f(this.y)}h${f(width)}v${f(this.height)}h${f(-width)}z`);
    this.x0 = NaN;
  }
}

/** Paths per row: `x(us)` maps model time to pixels, rows are `rowHeight` tall from `top`. */
export function timelinePaths(data: TimelineData, x: (us: number) => number, top: number, rowHeight: number): RowPaths[] {
  const rows = data.rows.length;
  // Rows tall enough keep a gap between them, so each device's pair of bars reads as one.
  const pad = rowHeight >= 12 ? 5 : rowHeight >= 6 ? 2 : 0;
  const barHeight = Math.max(1, (rowHeight - pad) / 2);
  const xs = Float64Array.from(data.startUs, x);
  return data.rows.map((_, r) => {
    const y = top + r * rowHeight + pad / 2;
    const sent = new Bars(y, barHeight);
    const received = new Bars(y + barHeight, barHeight);
    for (let s = 0; s < data.steps; s++) {
      const x0 = xs[s];
      const band = xs[s + 1] - x0;
      // Wide bands keep a gap so steps stay apart; narrow ones run together (and full bars merge).
      const width = band > 6 ? band - 1.5 : band;
      const a = data.sent[s * rows + r];
      const b = data.received[s * rows + r];
      if (a > 0) sent.add(x0, x0 + a * width);
      if (b > 0) received.add(x0, x0 + b * width);
    }
    return { sent: sent.path(), received: received.path() };
  });
}
