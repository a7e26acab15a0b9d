// A step's transfers with both ends named as slots (slots.ts), one per chunk moved, as pictures draw
// them: `chunk` is the slot written and `srcChunk` the slot read, so a move from input chunk 3 to
// scratch chunk 1 lands in the cell of scratch chunk 1. The XML's channel and threadblocks stay on
// each. A plain schedule's transfers already are this, and are returned as they are.

import { compileSchedule, type CompiledSchedule } from './compile';
import type { Schedule, Step, Transfer } from './ir';
import { transfersPending } from './flat';
import { defaultBuffer, slotOf } from './slots';

const bySlot = new WeakMap<Step, readonly Transfer[]>();

export function slotTransfers(compiled: CompiledSchedule, step: Step): readonly Transfer[] {
  if (compiled.plain) return step.transfers;
  let known = bySlot.get(step);
  if (known) return known;
  const { layout } = compiled;
  const fallback = defaultBuffer(layout.collective);
  const out: Transfer[] = [];
  for (const t of step.transfers) {
    const from = t.srcChunk ?? t.chunk;
    for (let i = 0; i < (t.count ?? 1); i++) {
      out.push({
        src: t.src,
        dst: t.dst,
        chunk: slotOf(layout, t.dst, t.dstBuffer ?? fallback, t.chunk + i),
        srcChunk: slotOf(layout, t.src, t.srcBuffer ?? fallback, from + i),
        op: t.op,
        ...(t.channel !== undefined && { channel: t.channel }),
        ...(t.threadblocks && { threadblocks: t.threadblocks }),
      });
    }
  }
  bySlot.set(step, (known = out));
  return known;
}

const spread = new WeakMap<object, boolean>();

/** Whether an imported schedule uses more than channel 0 and threadblock 0, so that naming them tells something. */
function usesThreadblocks(schedule: { steps: readonly Step[] }): boolean {
  let known = spread.get(schedule);
  if (known === undefined) {
    // A step not yet read needs no look, nor making: flat arrays carry no threadblocks (ring on 1024
    // devices would make all its two million transfers to learn that).
    known = schedule.steps.some(
      (step) => !transfersPending(step) && step.transfers.some((t) => (t.channel ?? 0) !== 0 || (t.threadblocks ?? [0, 0]).some((tb) => tb !== 0)),
    );
    spread.set(schedule, known);
  }
  return known;
}

/** Where an imported transfer runs in the XML: "channel 0 · threadblock 1 → 2", or one threadblock for a local operation; null when it says nothing. */
function threadblockTag(transfer: Transfer): string | null {
  if (transfer.channel === undefined && !transfer.threadblocks) return null;
  const parts = transfer.channel === undefined ? [] : [`channel ${transfer.channel}`];
  if (transfer.threadblocks) {
    const [sender, receiver] = transfer.threadblocks;
    parts.push(transfer.src === transfer.dst ? `threadblock ${receiver}` : `threadblock ${sender} → ${receiver}`);
  }
  return parts.join(' · ');
}

/** Each sentence's tag for step `step` (1-based), aligned with the narration's sentences; null where the schedule runs on one threadblock. */
export function stepThreadblockTags(schedule: Schedule, step: number): (string | null)[] | null {
  if (step < 1 || step > schedule.steps.length || !usesThreadblocks(schedule)) return null;
  return slotTransfers(compileSchedule(schedule), schedule.steps[step - 1]).map(threadblockTag);
}
