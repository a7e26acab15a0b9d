// The CSS background of a travelling message: its contributions as stripes, the same slots as a
// chunk cell (device d at [d/N, (d+1)/N) of the length).

import type { Contributions } from '../../../core/symbolic';
import { deviceColor } from '../../palette';

/** Above this many devices, each run of contributions takes its middle device's colour. */
const EXACT_UP_TO = 16;

export function pillBackground(set: Contributions, devices: number): string {
  const stops: string[] = [];
  const percent = (device: number) => `${((device / devices) * 100).toFixed(3)}%`;
  for (let i = 0; i < set.length; i += 3) {
    const [lo, hi] = [set[i], set[i + 1]];
    if (devices <= EXACT_UP_TO) {
      for (let d = lo; d < hi; d++) stops.push(`${deviceColor(d, devices)} ${percent(d)} ${percent(d + 1)}`);
    } else {
      stops.push(`${deviceColor(Math.floor((lo + hi - 1) / 2), devices)} ${percent(lo)} ${percent(hi)}`);
    }
  }
  // Gaps between runs stay transparent, showing the pill's own background.
  const filled: string[] = [];
  let at = '0%';
  for (const stop of stops) {
    const [, from] = stop.split(' ');
    if (from !== at) filled.push(`transparent ${at} ${from}`);
    filled.push(stop);
    at = stop.split(' ')[2];
  }
  if (at !== '100.000%') filled.push(`transparent ${at} 100%`);
  return `linear-gradient(to right, ${filled.join(', ')})`;
}
