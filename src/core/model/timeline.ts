// What the timeline draws: per step its model-time span and phase, and per row (a device, or a bin of
// devices above 64) how much of the step's busiest port load it sends and receives, in [0, 1].

import { compileSchedule } from '../schedule/compile';
import type { CostResult } from './cost';
import { deviceLabel } from '../notation';
import type { Schedule } from '../schedule/ir';
import { chunkBytes } from './traffic';

interface TimelineRow {
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
const MAX_ROWS = 64;
const BINS = 32;

/** Devices per row of the timeline: what to ask the cost model to count runs of (CostOptions.runLoadsOf). */
export function timelineRowSize(devices: number, maxRows = MAX_ROWS): number {
  return devices <= maxRows ? 1 : Math.ceil(devices / Math.min(BINS, maxRows));
}

function rowsFor(devices: number, per: number): TimelineRow[] {
  const rows: TimelineRow[] = [];
  for (let first = 0; first < devices; first += per) {
    const last = Math.min(devices, first + per) - 1;
    rows.push({ label: first === last ? deviceLabel(first) : `${deviceLabel(first)}–${last}`, first, last });
  }
  return rows;
}

export function timelineData(schedule: Schedule, cost: CostResult, maxRows = MAX_ROWS): TimelineData {
  const compiled = compileSchedule(schedule);
  const { devices, steps, stepStart, src, dst, chunk } = compiled;
  const per = timelineRowSize(devices, maxRows);
  const rows = rowsFor(devices, per);
  const rowOf = Int32Array.from({ length: devices }, (_, d) => Math.floor(d / per));
  const bytesOf = chunkBytes(cost.elements, compiled);
  const startUs = new Float64Array(steps + 1);
  for (let s = 0; s < steps; s++) startUs[s + 1] = startUs[s] + cost.stepTimesUs[s];
  const sent = new Float32Array(steps * rows.length);
  const received = new Float32Array(steps * rows.length);
  const phases = schedule.steps.map((step) => step.phase);
  const counted = cost.traffic.runLoads;
  if (counted && counted.per === per && counted.runs === rows.length) {
    // The cost model counted the rows' loads in its own pass: only the shares are left to take.
    for (let s = 0; s < steps; s++) {
      const port = cost.traffic.stepPortBytes[s];
      if (port <= 0) continue;
      for (let r = s * rows.length; r < (s + 1) * rows.length; r++) {
        sent[r] = counted.sent[r] / port;
        received[r] = counted.received[r] / port;
      }
    }
    return { steps, rows, startUs, phases, sent, received };
  }
  const out = new Float64Array(devices);
  const into = new Float64Array(devices);
  for (let s = 0; s < steps; s++) {
    const begin = stepStart[s];
    const end = stepStart[s + 1];
    for (let t = begin; t < end; t++) {
      // A local operation crosses no port.
      if (src[t] === dst[t]) continue;
      out[src[t]] += bytesOf[chunk[t]];
      into[dst[t]] += bytesOf[chunk[t]];
    }
    // Nothing moved (port 0) leaves the rows at 0. A device's load is read where its first transfer
    // is met, then cleared; a step of more transfers than devices reads and clears every device.
    const port = cost.traffic.stepPortBytes[s];
    const base = s * rows.length;
    if (end - begin < devices) {
      for (let t = begin; t < end; t++) {
        if (port > 0) {
          sent[base + rowOf[src[t]]] = Math.max(sent[base + rowOf[src[t]]], out[src[t]] / port);
          received[base + rowOf[dst[t]]] = Math.max(received[base + rowOf[dst[t]]], into[dst[t]] / port);
        }
        out[src[t]] = 0;
        into[dst[t]] = 0;
      }
    } else {
      if (port > 0) {
        for (let d = 0; d < devices; d++) {
          sent[base + rowOf[d]] = Math.max(sent[base + rowOf[d]], out[d] / port);
          received[base + rowOf[d]] = Math.max(received[base + rowOf[d]], into[d] / port);
        }
      }
      out.fill(0);
      into.fill(0);
    }
  }
  return { steps, rows, startUs, phases, sent, received };
}
