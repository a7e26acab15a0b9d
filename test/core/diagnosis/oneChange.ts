// Every schedule one transfer away from a given one (that transfer dropped, its op swapped, another
// chunk or destination, or one transfer added at the end of a step), tried by brute force: the
// reference the diagnosis's own, pruned search (repair.ts) is checked against.

import type { Schedule, Transfer } from '../../../src/core/schedule/ir';
import { verifySchedule } from '../../../src/core/symbolic/verify';
import { GradsyncError } from '../../../src/core/errors';

function verifies(schedule: Schedule): boolean {
  try {
    return verifySchedule(schedule).ok;
  } catch (error) {
    if (error instanceof GradsyncError) return false;
    throw error;
  }
}

function edited(schedule: Schedule, step: number, change: (transfers: Transfer[]) => void): Schedule {
  const steps = [...schedule.steps];
  const transfers = [...steps[step].transfers];
  change(transfers);
  steps[step] = { ...steps[step], transfers };
  return { ...schedule, steps };
}

/** The transfers, as "step:src→dst" (1-based step), whose one change makes a plain schedule verify. */
export function repairedAt(schedule: Schedule): Set<string> {
  const { devices, chunks } = schedule;
  const at = new Set<string>();
  const tryOne = (step: number, transfer: Transfer, change: (transfers: Transfer[]) => void) => {
    const key = `${step + 1}:${transfer.src}→${transfer.dst}`;
    if (!at.has(key) && verifies(edited(schedule, step, change))) at.add(key);
  };
  schedule.steps.forEach((step, s) => {
    step.transfers.forEach((transfer, i) => {
      tryOne(s, transfer, (list) => list.splice(i, 1));
      tryOne(s, transfer, (list) => (list[i] = { ...transfer, op: transfer.op === 'copy' ? 'reduce' : 'copy' }));
      for (let chunk = 0; chunk < chunks; chunk++) if (chunk !== transfer.chunk) tryOne(s, transfer, (list) => (list[i] = { ...transfer, chunk }));
      for (let dst = 0; dst < devices; dst++) {
        if (dst !== transfer.dst && dst !== transfer.src) tryOne(s, transfer, (list) => (list[i] = { ...transfer, dst }));
      }
    });
    for (let src = 0; src < devices; src++) {
      for (let dst = 0; dst < devices; dst++) {
        if (src === dst) continue;
        for (let chunk = 0; chunk < chunks; chunk++) {
          for (const op of ['copy', 'reduce'] as const) {
            const transfer: Transfer = { src, dst, chunk, op };
            tryOne(s, transfer, (list) => list.push(transfer));
          }
        }
      }
    }
  });
  return at;
}
