// A schedule as one standalone Python program that runs it on torch.distributed: every rank holds its
// device's buffer, each step's messages are exchanged with batch_isend_irecv (snapshots: a step reads
// its sources before it writes), and each received message is applied in the schedule's order with one
// f32 operation per ⊕, as the engines do, so the output equals `gradsync run` bit for bit. The data
// generator (inputs.ts), the chunk bounds and avg's premultiplied factor are gradsync's, written
// again in Python; the program needs nothing beyond PyTorch. Its Python text is torchProgramPython.ts.

import { compileSchedule, OP_REDUCE, type CompiledSchedule } from '../schedule/compile';
import { reducesData, type Schedule } from '../schedule/ir';
import type { ReduceOp } from '../ops';
import { initialChunk, rowSlot } from '../schedule/slots';
import { BODY, PROLOGUE } from './torchProgramPython';

/**
 * The schedule as the program embeds it, one entry per chunk moved: [phase, [[src, dst, chunk,
 * reduce?1:0], …]] per step; where chunks move between places, [src, dst, srcSlot, dstSlot, reduce].
 */
function compactSteps(compiled: CompiledSchedule): string {
  const { stepStart, src, dst, chunk, srcChunk, op, plain } = compiled;
  let out = '';
  compiled.schedule.steps.forEach((step, s) => {
    const entries: string[] = [];
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
      const reduce = op[t] === OP_REDUCE ? 1 : 0;
      entries.push(plain ? `[${src[t]},${dst[t]},${chunk[t]},${reduce}]` : `[${src[t]},${dst[t]},${srcChunk[t]},${chunk[t]},${reduce}]`);
    }
    out += `  [${JSON.stringify(step.phase ?? '')}, [${entries.join(',')}]],\n`;
  });
  return out;
}

/**
 * Where each device's places start out and where its result ends, for a schedule that moves chunks
 * between places (null for a plain one): per device, the data chunk each slot holds at the start (−1:
 * nothing), and the slot of each data chunk's result.
 */
function placesOf(compiled: CompiledSchedule): { slots: number; initial: number[][]; result: number[][] } | null {
  if (compiled.plain) return null;
  const { devices, chunks, slots, layout } = compiled;
  const initial = Array.from({ length: devices }, (_, d) => Array.from({ length: slots }, (_, s) => initialChunk(layout, d, s)));
  const result = Array.from({ length: devices }, (_, d) => Array.from({ length: chunks }, (_, c) => rowSlot(layout, d, c)));
  return { slots, initial, result };
}

export interface TorchProgramOptions {
  /** The reduction the program applies unless its --op says otherwise. */
  op: ReduceOp;
}

export function torchProgram(schedule: Schedule, options: TorchProgramOptions): string {
  const compiled = compileSchedule(schedule);
  const header = {
    algorithm: schedule.algorithm,
    collective: schedule.collective,
    devices: schedule.devices,
    chunks: schedule.chunks,
    premultiply: reducesData(schedule.collective),
    places: placesOf(compiled),
  };
  return `${PROLOGUE.replaceAll('@ALGORITHM@', schedule.algorithm).replaceAll('@DEVICES@', String(schedule.devices))}
SCHEDULE = json.loads(${JSON.stringify(JSON.stringify(header))})
DEFAULT_OP = ${JSON.stringify(options.op)}
STEPS = [
${compactSteps(compiled)}]
${BODY}`;
}
