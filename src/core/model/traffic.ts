// How many bytes a schedule moves for a K-element f32 buffer: totals per device and per step. Works on
// the compiled (flat) schedule so that ring on 1024 devices (~2 million transfers) is counted in a few
// tens of milliseconds. The loads the cost model charges per step and fabric are stepLoads.ts's, and
// the busiest device of a run is busiestDevice.ts's.

import { chunkLength } from '../schedule/chunks';
import { OP_REDUCE, compileSchedule, type CompiledSchedule } from '../schedule/compile';
import { GradsyncError } from '../errors';
import type { Schedule } from '../schedule/ir';
import type { StepLoads } from './stepLoads';

/** Every buffer holds f32 values. */
export const BYTES_PER_ELEMENT = 4;

export interface TrafficCounts {
  devices: number;
  steps: number;
  /** K: elements per device buffer. */
  elements: number;
  /** Per device, over the whole run. */
  bytesSent: Float64Array;
  bytesReceived: Float64Array;
  /** Per device: bytes that arrived through 'reduce' transfers (each costs one ⊕ per element). */
  reducedBytes: Float64Array;
  /** Per step: bytes moved by all transfers together. */
  stepBytes: Float64Array;
  /** Per step: max over devices d of max(bytes d sends, bytes d receives) in that step. */
  stepPortBytes: Float64Array;
  /** Per step: max over devices of the bytes they reduce in that step. */
  stepReducedBytes: Float64Array;
  /** Sum of the chunk lengths of all transfers: the seeds' "number of elements transferred". */
  elementsTransferred: number;
  bytesTransferred: number;
  /** Per step, per run of devices, where asked for (the timeline's rows); null otherwise. */
  runLoads: RunLoads | null;
}

/**
 * The devices in runs of `per` consecutive devices; index s·runs + r: the most bytes one device of run
 * r sends (receives) in step s. Counted in the same pass as the step loads, so the timeline's rows
 * cost no second pass over every transfer.
 */
interface RunLoads {
  per: number;
  runs: number;
  sent: Float64Array;
  received: Float64Array;
}

export function checkElements(elements: number): number {
  if (!Number.isSafeInteger(elements) || elements < 0) {
    throw new GradsyncError('bad-argument', `elements must be an integer ≥ 0, got ${elements}`, {
      field: 'elements',
      value: elements,
      allowed: 'be an integer ≥ 0',
    });
  }
  return elements;
}

/**
 * Bytes of every place (slot) of a schedule on K-element buffers: chunk c's bytes in a version-1
 * schedule (0 for empty chunks); K/C elements each where a schedule moves chunks between places.
 */
export function chunkBytes(elements: number, compiled: Pick<CompiledSchedule, 'chunks' | 'slots' | 'equalChunks'>): Float64Array {
  const { chunks, slots } = compiled;
  const bytes = new Float64Array(slots);
  for (let c = 0; c < slots; c++) bytes[c] = (compiled.equalChunks ? elements / chunks : chunkLength(c, elements, chunks)) * BYTES_PER_ELEMENT;
  return bytes;
}

/** What each device sent, received and reduced over a run, and all bytes moved. */
interface RunTotals {
  bytesSent: Float64Array;
  bytesReceived: Float64Array;
  reducedBytes: Float64Array;
  bytesTransferred: number;
}

/**
 * scanSteps for one fabric (a switch, and every run's totals), in one pass per step: a port's sums only
 * grow within a step, so the busiest port and each run's loads are raised as the sums are, and a
 * device's sums start again at 0 the first time a step meets it (stamped with the step). The same
 * additions in the same order as scanSteps, so the same numbers.
 */
function scanOneFabric(compiled: CompiledSchedule, bytesOf: Float64Array, totals: RunTotals, runLoads: RunLoads | null): StepLoads {
  const { devices, steps, stepStart, src, dst, chunk, op } = compiled;
  const movedBytes = new Float64Array(steps);
  const portBytes = new Float64Array(steps);
  const reducedBytes = new Float64Array(steps);
  const sent = new Float64Array(devices);
  const received = new Float64Array(devices);
  const reduced = new Float64Array(devices);
  const sentIn = new Int32Array(devices);
  const receivedIn = new Int32Array(devices);
  const reducedIn = new Int32Array(devices);
  const { bytesSent: totalSent, bytesReceived: totalReceived, reducedBytes: totalReduced } = totals;
  const per = runLoads?.per ?? 0;
  const runs = runLoads?.runs ?? 0;
  const runSent = runLoads?.sent ?? sent.subarray(0, 0);
  const runReceived = runLoads?.received ?? sent.subarray(0, 0);
  const runOf = Int32Array.from({ length: per > 0 ? devices : 0 }, (_, d) => Math.floor(d / per));
  let transferred = 0;
  for (let s = 0; s < steps; s++) {
    const stamp = s + 1;
    const runBase = s * runs;
    let moved = 0;
    let port = 0;
    let reducer = 0;
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
      const bytes = bytesOf[chunk[t]];
      const from = src[t];
      const to = dst[t];
      if (op[t] === OP_REDUCE) {
        // A local reduce is work on the device too; no byte crosses a port for it.
        if (reducedIn[to] !== stamp) {
          reducedIn[to] = stamp;
          reduced[to] = 0;
        }
        const r = (reduced[to] += bytes);
        if (r > reducer) reducer = r;
        totalReduced[to] += bytes;
      }
      if (from === to) continue;
      if (sentIn[from] !== stamp) {
        sentIn[from] = stamp;
        sent[from] = 0;
      }
      if (receivedIn[to] !== stamp) {
        receivedIn[to] = stamp;
        received[to] = 0;
      }
      const out = (sent[from] += bytes);
      const into = (received[to] += bytes);
      if (out > port) port = out;
      if (into > port) port = into;
      moved += bytes;
      totalSent[from] += bytes;
      totalReceived[to] += bytes;
      transferred += bytes;
      if (per > 0) {
        const a = runBase + runOf[from];
        const b = runBase + runOf[to];
        if (out > runSent[a]) runSent[a] = out;
        if (into > runReceived[b]) runReceived[b] = into;
      }
    }
    movedBytes[s] = moved;
    portBytes[s] = port;
    reducedBytes[s] = reducer;
  }
  totals.bytesTransferred = transferred;
  return { fabrics: 1, movedBytes, portBytes, reducedBytes };
}

/**
 * Counts the traffic of a schedule (validated first) on a K-element buffer; with `runOf` > 0, also the
 * loads of runs of that many devices (RunLoads).
 */
export function countTraffic(schedule: Schedule, elements: number, runOf = 0): TrafficCounts {
  const compiled = compileSchedule(schedule);
  const { devices, steps } = compiled;
  const bytesOf = chunkBytes(checkElements(elements), compiled);
  const totals: RunTotals = {
    bytesSent: new Float64Array(devices),
    bytesReceived: new Float64Array(devices),
    reducedBytes: new Float64Array(devices),
    bytesTransferred: 0,
  };
  const runs = runOf > 0 ? Math.ceil(devices / runOf) : 0;
  const runLoads = runOf > 0 ? { per: runOf, runs, sent: new Float64Array(steps * runs), received: new Float64Array(steps * runs) } : null;
  const loads = scanOneFabric(compiled, bytesOf, totals, runLoads);
  return {
    devices,
    steps,
    elements,
    bytesSent: totals.bytesSent,
    bytesReceived: totals.bytesReceived,
    reducedBytes: totals.reducedBytes,
    stepBytes: loads.movedBytes,
    stepPortBytes: loads.portBytes,
    stepReducedBytes: loads.reducedBytes,
    elementsTransferred: totals.bytesTransferred / BYTES_PER_ELEMENT,
    bytesTransferred: totals.bytesTransferred,
    runLoads,
  };
}
