// The timeline's bars as one SVG path per row and direction (thousands of steps stay a few hundred
// nodes). In narrow bands a bar that fills its band runs into the next, so full bars merge into one rect.

import type { TimelineData } from '../../core/timeline';

export interface RowPaths {
  sent: string;
  received: string;
}

function rects(spans: readonly [number, number][], y: number, height: number): string {
  const merged: [number, number][] = [];
  for (const [x0, x1] of spans) {
    const last = merged[merged.length - 1];
    if (last && x0 <= last[1] + 0.01) last[1] = Math.max(last[1], x1);
    else merged.push([x0, x1]);
  }
  const f = (v: number) => Math.round(v * 100) / 100;
  return merged.map(([x0, x1]) => `M${f(x0)},${f(y)}h${f(Math.max(x1 - x0, 0.6))}v${f(height)}h${f(-Math.max(x1 - x0, 0.6))}z`).join('');
}

/** Paths per row: `x(us)` maps model time to pixels, rows are `rowHeight` tall from `top`. */
export function timelinePaths(data: TimelineData, x: (us: number) => number, top: number, rowHeight: number): RowPaths[] {
  const rows = data.rows.length;
  // Rows tall enough keep a gap between them, so each device's pair of bars reads as one.
  const pad = rowHeight >= 12 ? 5 : rowHeight >= 6 ? 2 : 0;
  const barHeight = Math.max(1, (rowHeight - pad) / 2);
  const xs = Float64Array.from(data.startUs, x);
  return data.rows.map((_, r) => {
    const sent: [number, number][] = [];
    const received: [number, number][] = [];
    for (let s = 0; s < data.steps; s++) {
      const x0 = xs[s];
      const band = xs[s + 1] - x0;
      // Wide bands keep a gap so steps stay apart; narrow ones run together (and full bars merge).
      const width = band > 6 ? band - 1.5 : band;
      const a = data.sent[s * rows + r];
      const b = data.received[s * rows + r];
      if (a > 0) sent.push([x0, x0 + a * width]);
      if (b > 0) received.push([x0, x0 + b * width]);
    }
    const y = top + r * rowHeight + pad / 2;
    return { sent: rects(sent, y, barHeight), received: rects(received, y + barHeight, barHeight) };
  });
}
