// Timing without a step barrier ("as soon as ready"), beside the step-by-step model of cost.ts. Every
// transfer is an event on the same fabrics (α, B) as the step model:
// - it starts once the value it sends exists (every write of earlier steps to its source place has
//   ended) and its sender's port has sent what was queued before it; it reads its source then;
// - each port (device, fabric; full duplex) moves its messages' bytes one after another at B, in the
//   order the schedule lists them; a sending and a receiving port count their time independently,
//   as the step model charges each port its own bytes, whatever the other end does;
// - a message lands α after both its ports have moved its bytes, and not before every earlier write
//   to the place it writes has landed nor before every read of that place in its own or an earlier
//   step has started (a message is a snapshot of its source at the start of its step);
// - a reduce then takes γ per byte on the receiving device, one at a time; a local copy takes no time.
// With these rules no transfer ends later than its step does in the step model, so the total is never
// longer; it is equal where every step waits for the whole previous one (ring on equal chunks).

import { OP_REDUCE, compileSchedule } from '../schedule/compile';
import { fabricPerTransfer, modelCost, topologyUnder, type CostOptions, type Fabric, type Topology } from './cost';
import type { Schedule } from '../schedule/ir';
import { chunkBytes } from './traffic';

export interface DataflowTiming {
  elements: number;
  /** Per transfer of the compiled schedule (one per chunk moved, step by step in listed order): when it starts and reads its source. */
  startUs: Float64Array;
  /** When its sending port has moved its bytes (its start for a local operation or an empty chunk). */
  sentUs: Float64Array;
  /** When it has landed, and for a reduce been combined. */
  endUs: Float64Array;
  /** When the last transfer ends (0 when nothing moves). */
  totalUs: number;
  /** The step-by-step model's total for the same schedule, size and topology (cost.ts). */
  stepTotalUs: number;
}

/** Bytes a fabric moves per µs: B GB/s = B·1e3 bytes per µs. */
function bytesPerUs(fabric: Fabric): number {
  return fabric.bandwidthGBs * 1e3;
}

/** Times every transfer of `schedule` on K-element buffers over `topology`; see the rules above. */
export function dataflowTiming(schedule: Schedule, elements: number, topology: Topology, options: Pick<CostOptions, 'gammaUsPerByte'> = {}): DataflowTiming {
  // The step model checks the topology, the size and γ, and gives the total to compare with.
  const stepCost = modelCost(schedule, elements, topology, options);
  const stepTotalUs = stepCost.totalUs;
  // The protocol the step model modelled ('auto' picks by the step model's total), with its α and B.
  const plain = topologyUnder(topology, stepCost.protocol);
  const compiled = compileSchedule(schedule);
  const { devices, slots, steps, stepStart, src, dst, chunk, srcChunk, op } = compiled;
  const gamma = options.gammaUsPerByte ?? 0;
  const bytesOf = chunkBytes(elements, compiled);
  const fabrics = plain.kind === 'switch' ? [plain] : [plain.intra, plain.inter];
  const fabricOf = plain.kind === 'switch' ? null : fabricPerTransfer(src, dst, plain.devicesPerNode);
  const rate = fabrics.map(bytesPerUs);
  const latency = fabrics.map((f) => f.latencyUs);

  const total = src.length;
  const startUs = new Float64Array(total);
  const sentUs = new Float64Array(total);
  const endUs = new Float64Array(total);
  // When each message has been moved by both its ports and travelled α (before the place rules).
  const arrivedUs = new Float64Array(total);
  const outFree = new Float64Array(devices * fabrics.length);
  const inFree = new Float64Array(devices * fabrics.length);
  const reducerFree = new Float64Array(devices);
  // Per place (device · slots + slot): when its last write ended, and the latest start of a read of it.
  const writtenUs = new Float64Array(devices * slots);
  const readUs = new Float64Array(devices * slots);
  let last = 0;

  for (let s = 0; s < steps; s++) {
    const begin = stepStart[s];
    const end = stepStart[s + 1];
    // Starts first: a read sees only earlier steps' writes, and this step's writes wait for its reads.
    for (let t = begin; t < end; t++) {
      const from = src[t] * slots + srcChunk[t];
      const ready = writtenUs[from];
      const bytes = bytesOf[chunk[t]];
      let start = ready;
      let sent = ready;
      let arrived = ready;
      if (src[t] !== dst[t] && bytes > 0) {
        const f = fabricOf === null ? 0 : fabricOf[t];
        const out = src[t] * fabrics.length + f;
        const into = dst[t] * fabrics.length + f;
        const wire = bytes / rate[f];
        start = Math.max(ready, outFree[out]);
        sent = outFree[out] = start + wire;
        inFree[into] = Math.max(ready, inFree[into]) + wire;
        arrived = Math.max(sent, inFree[into]) + latency[f];
      }
      startUs[t] = start;
      sentUs[t] = sent;
      arrivedUs[t] = arrived;
      if (start > readUs[from]) readUs[from] = start;
    }
    // Landings in listed order: after earlier writes to the place and after its snapshots were taken.
    for (let t = begin; t < end; t++) {
      const to = dst[t] * slots + chunk[t];
      let landed = Math.max(arrivedUs[t], writtenUs[to], readUs[to]);
      const bytes = bytesOf[chunk[t]];
      if (op[t] === OP_REDUCE && gamma > 0 && bytes > 0) {
        landed = Math.max(landed, reducerFree[dst[t]]) + gamma * bytes;
        reducerFree[dst[t]] = landed;
      }
      endUs[t] = landed;
      writtenUs[to] = landed;
      if (landed > last) last = landed;
    }
  }
  return { elements, startUs, sentUs, endUs, totalUs: last, stepTotalUs };
}
