// Which contributions each chunk of one device holds at a step, and how to write them, from the
// store's step tracker: up to DETAIL_LIMIT cells in the seeds' notation (in the order they were
// combined), beyond it listed by device, which stays short at 1024 devices.

import { useMemo } from 'react';
import { size, type Contributions, placeReading } from '../../core/symbolic';
import { cellExpression, valueExpression } from '../../core/narration';
import { rowSlot, type Schedule } from '../../core/schedule';
import { term } from '../../core/notation';
import type { ReduceOp } from '../../core/ops';
import { DETAIL_LIMIT, useTracker } from '../useStepReader';

export interface DeviceContributions {
  /** Per chunk, the contribution multiset (device ids as [lo, hi, count] runs). */
  sets: Contributions[];
  expression(chunk: number): string;
  /** True when expressions keep the order of combination (the seeds' notation). */
  ordered: boolean;
}

/** The runs of a set in device order, e.g. (g0₃+…+g1023₃, 1024 terms) or (a₁+b₁×2). */
function describeSet(set: Contributions, chunk: number, devices: number): string {
  const parts: string[] = [];
  for (let i = 0; i < set.length; i += 3) {
    const [lo, hi, count] = [set[i], set[i + 1], set[i + 2]];
    const run =
      hi - lo <= 3
        ? Array.from({ length: hi - lo }, (_, i) => term(lo + i, chunk, devices)).join('+')
        : `${term(lo, chunk, devices)}+…+${term(hi - 1, chunk, devices)}`;
    parts.push(count > 1 ? `${run}×${count}` : run);
  }
  const total = size(set);
  if (total === 1 && parts.length === 1) return parts[0];
  return `(${parts.join('+')}${total > 8 ? `, ${total} terms` : ''})`;
}

export function useDeviceContributions(schedule: Schedule, op: ReduceOp, device: number, step: number): DeviceContributions {
  const tracker = useTracker(schedule);
  return useMemo(() => {
    const { chunks, devices } = schedule;
    const { compiled } = tracker;
    tracker.seek(step);
    if (!compiled.plain) {
      // Chunks move between places: chunk c is read where the device's result row takes it from,
      // as the values beside it are (slots.ts rowSlot).
      const slots = Array.from({ length: chunks }, (_, c) => rowSlot(compiled.layout, device, c));
      const sets = slots.map((slot, c) => placeReading(compiled, slot, tracker.contributions(device, slot), c).set);
      return { sets, expression: (c: number) => cellExpression(compiled, tracker.terms(device, slots[c]), slots[c], op), ordered: true };
    }
    const sets = tracker.deviceContributions(device);
    if (devices * chunks <= DETAIL_LIMIT) {
      const terms = tracker.deviceTerms(device);
      return { sets, expression: (c: number) => valueExpression(terms[c], c, devices, op), ordered: true };
    }
    return { sets, expression: (c: number) => describeSet(sets[c], c, devices), ordered: false };
  }, [tracker, schedule, op, device, step]);
}
