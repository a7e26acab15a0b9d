// The stops of the training view's sliders: bucket caps, device counts and models, each in the order
// a slider moves through them. A value typed or carried by an address that is no stop becomes one, so
// the slider can show it.

import { MAX_DEVICES } from '../../core/schedule';
import { MODEL_PRESETS, presetModel, totalParams } from '../../core/training';

/** `stops` with `value` in its place, when it is none of them. */
function withStop(stops: number[], value: number): number[] {
  if (!stops.includes(value)) stops.push(value);
  return stops.sort((a, b) => a - b);
}

/** Bucket caps: 1, 2, 5, 10, 25, 50 … MiB up to the model's gradients, and `current`. */
export function bucketStops(modelMb: number, current: number): number[] {
  const stops: number[] = [];
  for (let power = 1; stops.length === 0 || stops[stops.length - 1] < modelMb; power *= 10) {
    for (const m of power === 1 ? [1, 2, 5] : [1, 2.5, 5]) if (m * power <= modelMb || stops.length === 0) stops.push(m * power);
    if (power > 1e7) break;
  }
  return withStop(stops, current);
}

/** Device counts: the powers of two from 1 to the limit, and `current` in its place when it is none of them. */
export function deviceStops(current: number): number[] {
  const stops: number[] = [];
  for (let n = 1; n <= MAX_DEVICES; n *= 2) stops.push(n);
  return withStop(stops, current);
}

/** The presets from the smallest to the largest, then a custom size. */
export const MODEL_STOPS: readonly string[] = [...MODEL_PRESETS].sort((a, b) => totalParams(presetModel(a)) - totalParams(presetModel(b))).concat('custom');
