// How many bytes a schedule moves for a K-element f32 buffer: totals per device, and per step the
// loads the cost model needs. Works on the compiled (flat) schedule so that ring on 1024 devices
// (~2 million transfers) is counted in a few tens of milliseconds.

import { chunkLength } from './chunks';
import { OP_REDUCE, compileSchedule, type CompiledSchedule } from './compile';
import { GradsyncError } from './errors';
import type { Schedule } from './schedule';

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
    throw new GradsyncError('bad-argument', `--elements must be an integer ≥ 0, got ${elements}`, { field: 'elements', value: elements, allowed: 'be an integer ≥ 0' });
  }
  return elements;
}

/** Bytes of every chunk of a K-element buffer split into `chunks` chunks (0 for empty chunks). */
export function chunkBytes(elements: number, chunks: number): Float64Array {
  const bytes = new Float64Array(chunks);
  for (let c = 0; c < chunks; c++) bytes[c] = chunkLength(c, elements, chunks) * BYTES_PER_ELEMENT;
  return bytes;
}

/**
 * Scans every step once. `fabricOf[t]` (in 0..fabrics−1) says which fabric transfer t uses; null means
 * all use fabric 0. Zero-length transfers are skipped: they move nothing and load no port.
 */
export function stepLoads(
  compiled: CompiledSchedule,
  elements: number,
  fabricOf: Uint8Array | null,
  fabrics: number,
): StepLoads {
  const { devices, steps, stepStart, src, dst, chunk, op } = compiled;
  const bytesOf = chunkBytes(checkElements(elements), compiled.chunks);
  const movedBytes = new Float64Array(steps * fabrics);
  const portBytes = new Float64Array(steps * fabrics);
  const reducedBytes = new Float64Array(steps);
  // Per (device, fabric) sums of the current step; the second pass reads each and resets it to 0, so
  // a device seen again in the same step reads 0 and cannot change the max.
  const sent = new Float64Array(devices * fabrics);
  const received = new Float64Array(devices * fabrics);
  const reduced = new Float64Array(devices);

  for (let s = 0; s < steps; s++) {
    const lo = stepStart[s];
    const hi = stepStart[s + 1];
    for (let t = lo; t < hi; t++) {
      const bytes = bytesOf[chunk[t]];
      if (bytes === 0) continue;
      const f = fabricOf === null ? 0 : fabricOf[t];
      sent[src[t] * fabrics + f] += bytes;
      received[dst[t] * fabrics + f] += bytes;
      movedBytes[s * fabrics + f] += bytes;
      if (op[t] === OP_REDUCE) reduced[dst[t]] += bytes;
    }
    let maxReduced = 0;
    for (let t = lo; t < hi; t++) {
      if (bytesOf[chunk[t]] === 0) continue;
      const f = fabricOf === null ? 0 : fabricOf[t];
      const at = s * fabrics + f;
      const out = src[t] * fabrics + f;
      const into = dst[t] * fabrics + f;
      if (sent[out] > portBytes[at]) portBytes[at] = sent[out];
      if (received[into] > portBytes[at]) portBytes[at] = received[into];
      if (reduced[dst[t]] > maxReduced) maxReduced = reduced[dst[t]];
      sent[out] = 0;
      received[into] = 0;
      reduced[dst[t]] = 0;
    }
    reducedBytes[s] = maxReduced;
  }
  return { fabrics, movedBytes, portBytes, reducedBytes };
}

/** Counts the traffic of a schedule (validated first) on a K-element buffer. */
export function countTraffic(schedule: Schedule, elements: number): TrafficCounts {
  const compiled = compileSchedule(schedule);
  const { devices, steps, src, dst, chunk, op } = compiled;
  const bytesOf = chunkBytes(checkElements(elements), compiled.chunks);
  const bytesSent = new Float64Array(devices);
  const bytesReceived = new Float64Array(devices);
  const reducedBytes = new Float64Array(devices);
  let bytesTransferred = 0;
  for (let t = 0; t < src.length; t++) {
    const bytes = bytesOf[chunk[t]];
    bytesSent[src[t]] += bytes;
    bytesReceived[dst[t]] += bytes;
    if (op[t] === OP_REDUCE) reducedBytes[dst[t]] += bytes;
    bytesTransferred += bytes;
  }
  const loads = stepLoads(compiled, elements, null, 1);
  return {
    devices,
    steps,
    elements,
    bytesSent,
    bytesReceived,
    reducedBytes,
    stepBytes: loads.movedBytes,
    stepPortBytes: loads.portBytes,
    stepReducedBytes: loads.reducedBytes,
    elementsTransferred: bytesTransferred / BYTES_PER_ELEMENT,
    bytesTransferred,
  };
}
