// The loads the cost model charges per step and fabric: bytes moved, the busiest port and the most
// bytes one device reduces, from the compiled (flat) schedule. "Busiest" is defined in two places, one
// per sense: per step, the port the cost model charges (StepPorts, here), and over the whole run, the
// device the views and the CLI call out (busiestDevice.ts).

import { OP_REDUCE, type CompiledSchedule } from '../schedule/compile';
import { checkElements, chunkBytes } from './traffic';

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
 * Scans every step once. `fabricOf[t]` (in 0..fabrics−1) says which fabric transfer t uses; null means
 * all use fabric 0. Zero-length transfers move nothing and load no port.
 */
export function stepLoads(compiled: CompiledSchedule, elements: number, fabricOf: Uint8Array | null, fabrics: number): StepLoads {
  return scanSteps(compiled, chunkBytes(checkElements(elements), compiled), fabricOf, fabrics);
}
