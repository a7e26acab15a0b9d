// A compiled schedule as plain data that crosses to and from a worker without copying (its arrays are
// transferred), and back into a schedule at once: its steps make their transfers into objects only
// when read, so a million transfers never block a page.

import { compileSchedule } from './compile';
import { lazySchedule, type FlatSchedule } from './flat';
import { scheduleHeader, type Schedule } from './ir';

export type PackedSchedule = FlatSchedule;

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
    ...(compiled.srcChunk !== compiled.chunk && { srcChunk: compiled.srcChunk.slice() }),
  };
}

/** The arrays a packed schedule lends to a transfer list. */
export function packedBuffers(packed: PackedSchedule): ArrayBuffer[] {
  const arrays = [packed.stepStart, packed.src, packed.dst, packed.chunk, packed.op, ...(packed.srcChunk ? [packed.srcChunk] : [])];
  return arrays.map((array) => array.buffer as ArrayBuffer);
}

/**
 * The schedule of a pack, its steps' transfers made when first read; its compiled form is the packed
 * arrays, so compileSchedule returns them without checking again. Only for packs this program made
 * from valid schedules; the schedule must not be changed.
 */
export function unpackSchedule(packed: PackedSchedule): Schedule {
  return lazySchedule(packed).schedule;
}
