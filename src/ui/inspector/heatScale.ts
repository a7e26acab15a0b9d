// The heat strip's colours: a diverging scale centred on 0 when values straddle it (gradients), on
// the middle of their range otherwise, and the strip's pixels, one column per run of elements.

import { rgb } from 'd3-color';
import { scaleDiverging, type ScaleDiverging } from 'd3-scale';
import { interpolateRdBu } from 'd3-scale-chromatic';

export interface HeatScale {
  min: number;
  mid: number;
  max: number;
  color: ScaleDiverging<string>;
}

/** Blue below the centre, red above. */
const interpolate = (t: number) => interpolateRdBu(1 - t);

export function heatScale(values: Float32Array): HeatScale {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (min > max) [min, max] = [0, 0];
  let mid: number;
  let lo = min;
  let hi = max;
  if (min < 0 && max > 0) {
    mid = 0;
    const reach = Math.max(-min, max);
    [lo, hi] = [-reach, reach];
  } else {
    mid = (min + max) / 2;
  }
  if (lo === hi) [lo, hi] = [mid - 1, mid + 1];
  return { min, mid, max, color: scaleDiverging<string>(interpolate).domain([lo, mid, hi]).clamp(true) };
}

/** CSS gradient stops for the legend. */
export function legendGradient(scale: HeatScale): string {
  const [lo, mid, hi] = scale.color.domain();
  const stops = [lo, (lo + mid) / 2, mid, (mid + hi) / 2, hi].map((v) => scale.color(v));
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

/**
 * RGBA pixels of a 1-pixel-high strip `columns` wide; each column shows the value of its elements
 * furthest from the centre, so one outlier among thousands still shows.
 */
export function stripPixels(values: Float32Array, columns: number, scale: HeatScale): Uint8ClampedArray<ArrayBuffer> {
  const pixels = new Uint8ClampedArray(columns * 4);
  const n = values.length;
  for (let x = 0; x < columns; x++) {
    const from = Math.floor((x * n) / columns);
    const to = Math.max(from + 1, Math.floor(((x + 1) * n) / columns));
    let pick = values[from];
    for (let e = from + 1; e < to; e++) if (Math.abs(values[e] - scale.mid) > Math.abs(pick - scale.mid)) pick = values[e];
    const color = rgb(Number.isFinite(pick) ? scale.color(pick) : '#000');
    pixels[x * 4] = color.r;
    pixels[x * 4 + 1] = color.g;
    pixels[x * 4 + 2] = color.b;
    pixels[x * 4 + 3] = 255;
  }
  return pixels;
}
