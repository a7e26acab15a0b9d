// A compiled schedule as plain data that crosses to and from a worker without copying (its arrays are
// transferred), and back into the object form in slices, so a million transfers never block a page.

import { adoptCompiled, compileSchedule, OP_COPY, type CompiledSchedule } from './compile';
import { scheduleHeader, type Schedule, type ScheduleHeader, type Step, type Transfer } from './schedule';

export interface PackedSchedule {
  /** Every field of the schedule but its steps. */
  header: ScheduleHeader;
  phases: string[];
  stepStart: Uint32Array;
  src: Int32Array;
  dst: Int32Array;
  chunk: Int32Array;
  op: Uint8Array;
}

/** Transfers made into objects between two chances for the page to draw (about 5 ms). */
export const TRANSFERS_PER_SLICE = 1 << 16;

/** The packed form of a valid schedule; its arrays are copies, free to transfer. */
export function packSchedule(schedule: Schedule): PackedSchedule {
  const compiled = compileSchedule(schedule);
  return {
    header: scheduleHeader(schedule),
    phases: schedule.steps.map((step) => step.phase),
    stepStart: compiled.stepStart.slice(),
    src: compiled.src.slice(),
    dst: compiled.dst.slice(),
    chunk: compiled.chunk.slice(),
    op: compiled.op.slice(),
  };
}

/** The arrays a packed schedule lends to a transfer list. */
export function packedBuffers(packed: PackedSchedule): ArrayBuffer[] {
  return [packed.stepStart, packed.src, packed.dst, packed.chunk, packed.op].map((array) => array.buffer as ArrayBuffer);
}

/**
 * Makes the schedule's objects, pausing (yielding) after every TRANSFERS_PER_SLICE transfers; its
 * compiled form is the packed arrays, so compileSchedule returns them without checking again.
 * Only for packs this program made from valid schedules.
 */
export function* unpackSlices(packed: PackedSchedule): Generator<number, Schedule, void> {
  const { stepStart, src, dst, chunk, op } = packed;
  const total = stepStart[stepStart.length - 1];
  const steps: Step[] = new Array(packed.phases.length);
  let sliceEnd = TRANSFERS_PER_SLICE;
  for (let s = 0; s < steps.length; s++) {
    const transfers: Transfer[] = [];
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
      transfers.push({ src: src[t], dst: dst[t], chunk: chunk[t], op: op[t] === OP_COPY ? 'copy' : 'reduce' });
      // Even within a step: naive on 1024 devices has a million transfers in its one step.
      if (t + 1 >= sliceEnd) {
        sliceEnd += TRANSFERS_PER_SLICE;
        yield (t + 1) / total;
      }
    }
    steps[s] = { phase: packed.phases[s], transfers };
  }
  const schedule: Schedule = { ...packed.header, steps };
  const compiled: CompiledSchedule = {
    schedule,
    devices: schedule.devices,
    chunks: schedule.chunks,
    steps: steps.length,
    stepStart,
    src,
    dst,
    chunk,
    op,
  };
  adoptCompiled(compiled);
  return schedule;
}

/** The schedule of a pack, all at once. */
export function unpackSchedule(packed: PackedSchedule): Schedule {
  const slices = unpackSlices(packed);
  for (;;) {
    const next = slices.next();
    if (next.done) return next.value;
  }
}
