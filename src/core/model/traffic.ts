// How many bytes a schedule moves for a K-element f32 buffer: totals per device, and per step the
// loads the cost model needs. Works on the compiled (flat) schedule so that ring on 1024 devices
// (~2 million transfers) is counted in a few tens of milliseconds. "Busiest" is defined here and only
// here, in its two senses: per step, the port the cost model charges (StepPorts), and over the whole
// run, the device the views and the CLI call out (busiestDevice).

import { chunkLength } from '../schedule/chunks';
import { OP_REDUCE, compileSchedule, type CompiledSchedule } from '../schedule/compile';
import { GradsyncError } from '../errors';
import type { Schedule } from '../schedule/ir';

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

/**
 * Per step and fabric (index s·fabrics + f): bytes moved and the busiest port, i.e. max over devices of
 * max(sent, received) counting only that fabric's transfers. Reduced bytes are per step (the ⊕ runs on
 * the receiving device whichever fabric brought the data).
 */
export interface StepLoads {
  fabrics: number;
  movedBytes: Float64Array;
  portBytes: Float64Array;
  reducedBytes: Float64Array;
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

/**
 * The busiest port of each step, per fabric: what every (device, fabric) port sends and receives in
 * the current step, and the most bytes any one of them has sent or received so far. Sums only grow
 * within a step, so that running maximum is the step's. Also the most bytes any one device reduces in
 * the step (the ⊕ runs on the receiver whichever fabric brought the data). endStep() forgets the step
 * in O(1): a slot last written in an earlier step reads as 0.
 */
export class StepPorts {
  /** Per fabric: the busiest port's bytes in the current step. */
  readonly busiest: Float64Array;
  /** The most bytes one device has reduced in the current step. */
  busiestReducer = 0;
  private readonly sent: Float64Array;
  private readonly received: Float64Array;
  private readonly reduced: Float64Array;
  private readonly sentStep: Uint32Array;
  private readonly receivedStep: Uint32Array;
  private readonly reducedStep: Uint32Array;
  private step = 1;

  constructor(
    devices: number,
    private readonly fabrics: number,
  ) {
    this.busiest = new Float64Array(fabrics);
    this.sent = new Float64Array(devices * fabrics);
    this.received = new Float64Array(devices * fabrics);
    this.reduced = new Float64Array(devices);
    this.sentStep = new Uint32Array(devices * fabrics);
    this.receivedStep = new Uint32Array(devices * fabrics);
    this.reducedStep = new Uint32Array(devices);
  }

  /** One message of this step; zero bytes move nothing and load no port. */
  send(src: number, dst: number, fabric: number, bytes: number, reduces = false): void {
    if (bytes === 0) return;
    const out = src * this.fabrics + fabric;
    const into = dst * this.fabrics + fabric;
    if (this.sentStep[out] !== this.step) {
      this.sentStep[out] = this.step;
      this.sent[out] = 0;
    }
    if (this.receivedStep[into] !== this.step) {
      this.receivedStep[into] = this.step;
      this.received[into] = 0;
    }
    const sent = (this.sent[out] += bytes);
    const received = (this.received[into] += bytes);
    if (sent > this.busiest[fabric]) this.busiest[fabric] = sent;
    if (received > this.busiest[fabric]) this.busiest[fabric] = received;
    if (!reduces) return;
    if (this.reducedStep[dst] !== this.step) {
      this.reducedStep[dst] = this.step;
      this.reduced[dst] = 0;
    }
    const reduced = (this.reduced[dst] += bytes);
    if (reduced > this.busiestReducer) this.busiestReducer = reduced;
  }

  endStep(): void {
    this.step++;
    this.busiest.fill(0);
    this.busiestReducer = 0;
  }
}

/** What each device sent, received and reduced over a run, and all bytes moved. */
interface RunTotals {
  bytesSent: Float64Array;
  bytesReceived: Float64Array;
  reducedBytes: Float64Array;
  bytesTransferred: number;
}

/**
 * Scans every step once, per fabric: every (device, fabric) port's bytes sent and received are summed;
 * the sums only grow, so the largest final sum is the busiest port StepPorts would find. Each step
 * reads and clears only the ports its transfers touch.
 */
function scanSteps(compiled: CompiledSchedule, bytesOf: Float64Array, fabricOf: Uint8Array | null, fabrics: number): StepLoads {
  const { devices, steps, stepStart, src, dst, chunk, op } = compiled;
  const movedBytes = new Float64Array(steps * fabrics);
  const portBytes = new Float64Array(steps * fabrics);
  const reducedBytes = new Float64Array(steps);
  const sent = new Float64Array(devices * fabrics);
  const received = new Float64Array(devices * fabrics);
  const reduced = new Float64Array(devices);
  for (let s = 0; s < steps; s++) {
    const begin = stepStart[s];
    const end = stepStart[s + 1];
    const base = s * fabrics;
    for (let t = begin; t < end; t++) {
      const bytes = bytesOf[chunk[t]];
      const f = fabricOf === null ? 0 : fabricOf[t];
      const to = dst[t];
      if (op[t] === OP_REDUCE) reduced[to] += bytes;
      // A local copy or reduce: no bytes cross a port; a reduce is still work on the device.
      if (src[t] === to) continue;
      sent[src[t] * fabrics + f] += bytes;
      received[to * fabrics + f] += bytes;
      movedBytes[base + f] += bytes;
    }
    // A port's sum is read where its first transfer is met, then cleared.
    let reducer = 0;
    for (let t = begin; t < end; t++) {
      const f = fabricOf === null ? 0 : fabricOf[t];
      const out = src[t] * fabrics + f;
      const into = dst[t] * fabrics + f;
      const port = sent[out] > received[into] ? sent[out] : received[into];
      if (port > portBytes[base + f]) portBytes[base + f] = port;
      if (reduced[dst[t]] > reducer) reducer = reduced[dst[t]];
      sent[out] = 0;
      received[into] = 0;
      reduced[dst[t]] = 0;
    }
    reducedBytes[s] = reducer;
  }
  return { fabrics, movedBytes, portBytes, reducedBytes };
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
 * Scans every step once. `fabricOf[t]` (in 0..fabrics−1) says which fabric transfer t uses; null means
 * all use fabric 0. Zero-length transfers move nothing and load no port.
 */
export function stepLoads(compiled: CompiledSchedule, elements: number, fabricOf: Uint8Array | null, fabrics: number): StepLoads {
  return scanSteps(compiled, chunkBytes(checkElements(elements), compiled), fabricOf, fabrics);
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

/** Bytes each device sent and received over a run (TrafficCounts and CostResult both carry them). */
export interface DeviceBytes {
  bytesSent: ArrayLike<number>;
  bytesReceived: ArrayLike<number>;
}

/** The busiest device of a run and the bytes through its port. */
export interface BusiestDevice {
  device: number;
  bytes: number;
}

/**
 * What each device's port carries over a run: the larger of the bytes it sends and receives, since a
 * full-duplex port does both at once and the cost model charges the larger.
 */
export function portBytes(traffic: DeviceBytes): Float64Array {
  const load = new Float64Array(traffic.bytesSent.length);
  for (let d = 0; d < load.length; d++) load[d] = Math.max(traffic.bytesSent[d], traffic.bytesReceived[d]);
  return load;
}

/**
 * Orders devices busiest first over a run: more bytes through the port first, ties to the lower index,
 * so the busiest device of a run is the first in this order.
 */
export function busierFirst(load: ArrayLike<number>): (a: number, b: number) => number {
  return (a, b) => load[b] - load[a] || a - b;
}

/** The device with the most bytes through its port over a run (ties: the lowest index); null when nothing moves. */
export function busiestDevice(traffic: DeviceBytes): BusiestDevice | null {
  const load = portBytes(traffic);
  const order = busierFirst(load);
  let best = 0;
  for (let d = 1; d < load.length; d++) if (order(d, best) < 0) best = d;
  return load.length > 0 && load[best] > 0 ? { device: best, bytes: load[best] } : null;
}

/** Every device tied for busiest over a run, ascending; none when nothing moves. */
export function busiestDevices(traffic: DeviceBytes): number[] {
  const busiest = busiestDevice(traffic);
  if (busiest === null) return [];
  const load = portBytes(traffic);
  const tied: number[] = [];
  for (let d = busiest.device; d < load.length; d++) if (load[d] === busiest.bytes) tied.push(d);
  return tied;
}
