// How a (device, chunk) came to hold its value: the writes that fed it, back to the inputs, each with
// its step, route and message in the seeds' notation — and, for contributions it lacks, the last
// write that carried them, so the gap where they stopped can be seen. For schedules with no built-in
// to compare with.

import { compileSchedule, OP_COPY, type CompiledSchedule } from '../schedule/compile';
import { cellExpression, valueExpression } from '../narration/narration';
import { placeName } from '../schedule/slots';
import type { ReduceOp } from '../ops';
import type { Schedule, Transfer } from '../schedule/ir';
import { allTerms, TermReplay } from '../symbolic/terms';

export interface LineageLink {
  /** 1-based. */
  step: number;
  transfer: Transfer;
  /** What the message carried: the source's value at the start of the step. */
  sent: string;
  /** What the destination held right after this write. */
  result: string;
}

/** The transfer indices (compiled order) whose writes feed the value `device` holds in `slot` at the end. */
function feeding(compiled: CompiledSchedule, device: number, slot: number): number[] {
  const { stepStart, src, dst, chunk, srcChunk, op, slots, plain } = compiled;
  // In a plain schedule only the one slot's writes matter; otherwise a value may come from any place.
  const lastWrite = new Int32Array(compiled.devices * slots).fill(-1);
  const incoming = new Map<number, number>();
  const before = new Map<number, number>();
  for (let s = 0; s < compiled.steps; s++) {
    const mine: number[] = [];
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) if (!plain || chunk[t] === slot) mine.push(t);
    // Messages are read at the start of the step, writes applied in listed order.
    for (const t of mine) incoming.set(t, lastWrite[src[t] * slots + srcChunk[t]]);
    for (const t of mine) {
      const cell = dst[t] * slots + chunk[t];
      if (op[t] !== OP_COPY) before.set(t, lastWrite[cell]);
      lastWrite[cell] = t;
    }
  }
  const seen = new Set<number>();
  const pending = [lastWrite[device * slots + slot]];
  while (pending.length > 0) {
    const t = pending.pop()!;
    if (t < 0 || seen.has(t)) continue;
    seen.add(t);
    pending.push(incoming.get(t)!, before.get(t) ?? -1);
  }
  return [...seen].sort((a, b) => a - b);
}

/** The writes that built the final value of (device, slot), in the order they were applied; empty for an untouched input. In a plain schedule a slot is a chunk. */
export function lineageOf(schedule: Schedule, device: number, slot: number, op: ReduceOp = 'sum'): LineageLink[] {
  const compiled = compileSchedule(schedule);
  const wanted = feeding(compiled, device, slot);
  if (wanted.length === 0) return [];
  const tracker = new TermReplay(compiled);
  const links: LineageLink[] = [];
  let index = compiled.stepStart[0];
  let next = 0;
  while (next < wanted.length) {
    const step = tracker.stepsApplied + 1;
    tracker.apply((write) => {
      if (index++ !== wanted[next]) return;
      next++;
      links.push({
        step,
        transfer: { src: write.src, dst: write.dst, chunk: write.chunk, op: write.op },
        sent: cellExpression(compiled, write.incoming, write.srcChunk, op),
        result: cellExpression(compiled, tracker.terms(write.dst, write.chunk), write.chunk, op),
      });
    });
  }
  return links;
}

/** Where some contributions got to: the last write that left them in a device's chunk. */
export interface LastCarried {
  contributions: number[];
  /** 1-based; 0 when no write ever carried them (they never left their own device). */
  step: number;
  /** The device whose chunk they last reached (their own device when step is 0). */
  device: number;
  /** In a schedule that moves values between places, the place they last reached ("input chunk 1"); absent in a plain one. */
  place?: string;
  /** That chunk's value right after the write. */
  value: string;
}

/**
 * For each contribution to `chunk`, the last write whose result holds it: in a plain schedule a write
 * to `chunk`; otherwise a write to any place, since a value may be moved anywhere (and wrongly so).
 * Contributions that stopped at the same write are grouped, in step order.
 */
export function lastCarried(schedule: Schedule, chunk: number, contributions: readonly number[], op: ReduceOp = 'sum'): LastCarried[] {
  const compiled = compileSchedule(schedule);
  const { plain, devices, layout } = compiled;
  const tracker = new TermReplay(compiled);
  const last = new Map<number, Omit<LastCarried, 'contributions'>>();
  while (!tracker.done) {
    const step = tracker.stepsApplied + 1;
    tracker.apply((write) => {
      if (plain && write.chunk !== chunk) return;
      const held = tracker.terms(write.dst, write.chunk);
      const terms = new Set(allTerms(held));
      for (const m of contributions) {
        if (!terms.has(plain ? m : chunk * devices + m)) continue;
        const value = plain ? valueExpression(held, chunk, devices, op) : cellExpression(compiled, held, write.chunk, op);
        last.set(m, { step, device: write.dst, ...(!plain && { place: placeName(layout, write.chunk) }), value });
      }
    });
  }
  const groups = new Map<string, LastCarried>();
  for (const m of contributions) {
    const at = last.get(m) ?? { step: 0, device: m, value: valueExpression(m, chunk, devices, op) };
    const key = `${at.step},${at.device},${at.place ?? ''}`;
    const group = groups.get(key);
    if (group) group.contributions.push(m);
    else groups.set(key, { contributions: [m], ...at });
  }
  return [...groups.values()].sort((a, b) => a.step - b.step || a.device - b.device);
}
