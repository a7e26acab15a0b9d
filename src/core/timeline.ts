// What the timeline draws: per step its model-time span and phase, and per row (a device, or a bin of
// devices above 64) how much of the step's busiest port load it sends and receives, in [0, 1].

import { compileSchedule } from './compile';
import type { CostResult } from './cost';
import { deviceLabel } from './notation';
import type { Schedule } from './schedule';
import { chunkBytes } from './traffic';

export interface TimelineRow {
  label: string;
  /** Devices [first, last]. */
  first: number;
  last: number;
}

export interface TimelineData {
  steps: number;
  rows: TimelineRow[];
  /** Step s spans [startUs[s], startUs[s+1]) of model time. */
  startUs: Float64Array;
  phases: string[];
  /** Index s·rows + r: the row's largest device load over the step's busiest port (0 when nothing moves). */
  sent: Float32Array;
  received: Float32Array;
}

/** One row per device up to this many devices; beyond, BINS rows of devices each. */
export const MAX_ROWS = 64;
export const BINS = 32;

function devicesPerRow(devices: number, maxRows: number): number {
  return devices <= maxRows ? 1 : Math.ceil(devices / Math.min(BINS, maxRows));
}

function rowsFor(devices: number, per: number): TimelineRow[] {
  const rows: TimelineRow[] = [];
  for (let first = 0; first < devices; first += per) {
    const last = Math.min(devices, first + per) - 1;
    rows.push({ label: first === last ? deviceLabel(first) : `GPU-${first}–${last}`, first, last });
  }
  return rows;
}

export function timelineData(schedule: Schedule, cost: CostResult, maxRows = MAX_ROWS): TimelineData {
  const compiled = compileSchedule(schedule);
  const { devices, steps, stepStart, src, dst, chunk } = compiled;
  const per = devicesPerRow(devices, maxRows);
  const rows = rowsFor(devices, per);
  const bytesOf = chunkBytes(cost.elements, compiled.chunks);
  const startUs = new Float64Array(steps + 1);
  for (let s = 0; s < steps; s++) startUs[s + 1] = startUs[s] + cost.stepTimesUs[s];
  const sent = new Float32Array(steps * rows.length);
  const received = new Float32Array(steps * rows.length);
  const out = new Float64Array(devices);
  const into = new Float64Array(devices);
  for (let s = 0; s < steps; s++) {
    const port = cost.traffic.stepPortBytes[s];
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
      out[src[t]] += bytesOf[chunk[t]];
      into[dst[t]] += bytesOf[chunk[t]];
    }
    // A second pass reads and clears only the devices this step touched.
    const base = s * rows.length;
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
      if (port > 0) {
        const a = base + Math.floor(src[t] / per);
        const b = base + Math.floor(dst[t] / per);
        sent[a] = Math.max(sent[a], out[src[t]] / port);
        received[b] = Math.max(received[b], into[dst[t]] / port);
      }
      out[src[t]] = 0;
      into[dst[t]] = 0;
    }
  }
  return { steps, rows, startUs, phases: schedule.steps.map((step) => step.phase), sent, received };
}
