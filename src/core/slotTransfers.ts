// A step's transfers with both ends named as slots (slots.ts), one per chunk moved, as pictures draw
// them: `chunk` is the slot written and `srcChunk` the slot read, so a move from input chunk 3 to
// scratch chunk 1 lands in the cell of scratch chunk 1. The XML's channel and threadblocks stay on
// each. A plain schedule's transfers already are this, and are returned as they are.

import type { CompiledSchedule } from './compile';
import type { Step, Transfer } from './schedule';
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
