// A schedule as flat arrays, the form builders write and workers send, and the two ways back to the
// object form: made lazily, a step's transfers becoming objects when first read (a million transfers
// cost nothing until a view asks for one step), or made at once as objects free to change.

import { adoptCompiled, compiledForm as formOf, OP_COPY, type CompiledSchedule } from './compile';
import type { Schedule, ScheduleHeader, Step, Transfer } from './ir';
import { slotLayout, slotPlace, type SlotLayout } from './slots';

export interface FlatSchedule {
  /** Every field of the schedule but its steps. */
  header: ScheduleHeader;
  phases: string[];
  /** Transfers of step s are [stepStart[s], stepStart[s+1]). */
  stepStart: Uint32Array;
  src: Int32Array;
  dst: Int32Array;
  chunk: Int32Array;
  /** OP_REDUCE or OP_COPY. */
  op: Uint8Array;
  /** Source slots, for a version-2 schedule (`chunk` is then the destination slot). */
  srcChunk?: Int32Array;
}

type TransferArrays = Pick<FlatSchedule, 'src' | 'dst' | 'chunk' | 'op' | 'srcChunk'>;

/**
 * Transfer t (counted over the whole schedule) as a new object. Of a version-2 schedule (`layout`
 * buffered), one chunk moved, with its buffers named.
 */
export function transferAt(flat: TransferArrays, t: number, layout?: SlotLayout): Transfer {
  const transfer: Transfer = { src: flat.src[t], dst: flat.dst[t], chunk: flat.chunk[t], op: flat.op[t] === OP_COPY ? 'copy' : 'reduce' };
  if (!layout?.buffered) return transfer;
  const to = slotPlace(layout, flat.chunk[t]);
  const from = slotPlace(layout, (flat.srcChunk ?? flat.chunk)[t]);
  return { src: transfer.src, dst: transfer.dst, srcBuffer: from.buffer, srcChunk: from.chunk, dstBuffer: to.buffer, chunk: to.chunk, op: transfer.op };
}

/** The transfers of step s as new objects. */
function stepTransfers(flat: FlatSchedule, s: number): Transfer[] {
  const layout = slotLayout(flat.header);
  const begin = flat.stepStart[s];
  const transfers: Transfer[] = new Array(flat.stepStart[s + 1] - begin);
  for (let t = begin; t < flat.stepStart[s + 1]; t++) transfers[t - begin] = transferAt(flat, t, layout);
  return transfers;
}

/** Replaces a step's `transfers` by a plain property holding `value`. */
function settle(step: Step, value: Transfer[]): Transfer[] {
  Object.defineProperty(step, 'transfers', { value, writable: true, enumerable: true, configurable: true });
  return value;
}

/** Whether a step's transfers are still to be made from flat arrays, which hold no channel or threadblocks. */
export function transfersPending(step: Step): boolean {
  return Object.getOwnPropertyDescriptor(step, 'transfers')?.get !== undefined;
}

/** A step whose transfers are made when first read, then kept; like any step's, they may be replaced. */
function lazyStep(phase: string, make: () => Transfer[]): Step {
  const step = { phase } as Step;
  Object.defineProperty(step, 'transfers', {
    enumerable: true,
    configurable: true,
    get: () => settle(step, make()),
    set: (value: Transfer[]) => settle(step, value),
  });
  return step;
}

/** The schedule of a header and steps, its fields in the order builders have always given them. */
function scheduleOf(header: ScheduleHeader, steps: Step[]): Schedule {
  const { format, collective, algorithm, devices, chunks, ...rest } = header;
  return { format, collective, algorithm, devices, chunks, steps, ...rest };
}

function compiledForm(flat: FlatSchedule, schedule: Schedule): CompiledSchedule {
  return formOf(schedule, flat);
}

/**
 * The schedule of flat arrays this program made from a valid schedule (or wrote as one), with lazy
 * steps; its compiled form is the arrays themselves, so compileSchedule returns them without checking
 * again. The schedule must not be changed: its compiled form would not follow.
 */
export function lazySchedule(flat: FlatSchedule): CompiledSchedule {
  const steps = flat.phases.map((phase, s) => lazyStep(phase, () => stepTransfers(flat, s)));
  const compiled = compiledForm(flat, scheduleOf(flat.header, steps));
  adoptCompiled(compiled);
  return compiled;
}

/** The schedule of flat arrays as new objects, free to change (it is compiled, and checked, when next read). */
export function plainSchedule(flat: FlatSchedule): Schedule {
  return scheduleOf(
    flat.header,
    flat.phases.map((phase, s) => ({ phase, transfers: stepTransfers(flat, s) })),
  );
}
