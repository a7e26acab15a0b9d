// The timeline's bars as one SVG path per row and direction (thousands of steps stay a few hundred
// nodes). In narrow bands a bar that fills its band runs into the next, so full bars merge into one rect.
// As soon as ready, a row's bars are the spans in which it has messages under way.

import type { BusyRows, TimelineData } from '../../../core/model';

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

/** Row r's sent bars (above) and received bars (below), for rows `rowHeight` tall from `top`. */
function rowBars(top: number, rowHeight: number, r: number): { sent: Bars; received: Bars } {
  // Rows tall enough keep a gap between them, so each device's pair of bars reads as one.
  const pad = rowHeight >= 12 ? 5 : rowHeight >= 6 ? 2 : 0;
  const barHeight = Math.max(1, (rowHeight - pad) / 2);
  const y = top + r * rowHeight + pad / 2;
  return { sent: new Bars(y, barHeight), received: new Bars(y + barHeight, barHeight) };
}

/** Paths per row: `x(us)` maps model time to pixels, rows are `rowHeight` tall from `top`. */
export function timelinePaths(data: TimelineData, x: (us: number) => number, top: number, rowHeight: number): RowPaths[] {
  const rows = data.rows.length;
  const xs = Float64Array.from(data.startUs, x);
  return data.rows.map((_, r) => {
    const { sent, received } = rowBars(top, rowHeight, r);
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

/** The bars of dataflow timing: each row's busy spans (dataflowTimeline.ts), sends above and receives below. */
export function dataflowPaths(busy: BusyRows, x: (us: number) => number, top: number, rowHeight: number): RowPaths[] {
  return busy.sent.map((spans, r) => {
    const bars = rowBars(top, rowHeight, r);
    const path = (within: Float64Array, into: Bars) => {
      for (let i = 0; i < within.length; i += 2) into.add(x(within[i]), x(within[i + 1]));
      return into.path();
    };
    return { sent: path(spans, bars.sent), received: path(busy.received[r], bars.received) };
  });
}
