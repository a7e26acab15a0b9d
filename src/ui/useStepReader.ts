// The views' way to their store's step tracker (src/store/stepReader.ts): which contributions every
// (device, slot) holds at a step, in which order they were combined, and what each step says. A slot
// is a place on a device (slots.ts): a chunk of a plain schedule, or a chunk of the input, output or
// scratch of one that moves chunks between places, read as the chunk of the data it holds.

import { useMemo } from 'react';
import { compileSchedule, type Schedule } from '../core/schedule';
import { type Contributions, placeReading, type PlaceReading, type StepTracker } from '../core/symbolic';
import { cellExpression, type ExpressionForm } from '../core/narration';
import type { ReduceOp } from '../core/ops';
import type { CellsAt, StepReader } from '../store/stepReader';
import { useSim } from './StoreContext';

/** Above this many devices × chunks the views aggregate, and values are listed by device, not in order. */
export const DETAIL_LIMIT = 64 * 64;

/** What a picture of every cell draws at one step. */
export interface StepCells {
  /** Steps applied. */
  step: number;
  /** Places per device. */
  slots: number;
  /** What (d, slot) holds after `step` steps: devices' contributions to the chunk it holds. */
  set(device: number, slot: number): Contributions;
  /** All it holds, read as one chunk of the data (placeReading). */
  reading(device: number, slot: number): PlaceReading;
  /** The seeds' notation of (d, slot) after `step` steps, e.g. (d₄+a₄), or brief, (d₄+…+a₄). */
  expression(device: number, slot: number, form?: ExpressionForm): string;
}

export function useStepReader(): StepReader {
  return useSim((s) => s.tracker);
}

export function useTracker(schedule: Schedule): StepTracker {
  return useStepReader().trackerOf(schedule);
}

/** Every cell at `step` (clamped to the schedule); for schedules of at most DETAIL_LIMIT cells. */
export function useStepCells(schedule: Schedule, op: ReduceOp, step: number): StepCells {
  const cells = useStepReader().cellsAt(schedule, Math.min(step, schedule.steps.length));
  return useMemo(() => stepCells(schedule, cells, op), [schedule, cells, op]);
}

/** Every cell of `cells` (a copy of the tracker's at one step) as a picture reads it. */
export function stepCells(schedule: Schedule, cells: CellsAt, op: ReduceOp): StepCells {
  const compiled = compileSchedule(schedule);
  const { slots, plain } = compiled;
  const readings = new Map<number, PlaceReading>();
  const reading = (d: number, s: number) => {
    const cell = d * slots + s;
    let known = readings.get(cell);
    if (!known) readings.set(cell, (known = placeReading(compiled, s, cells.sets[cell])));
    return known;
  };
  return {
    step: cells.step,
    slots,
    set: plain ? (d, s) => cells.sets[d * slots + s] : (d, s) => reading(d, s).set,
    reading,
    expression: (d, s, form) => cellExpression(compiled, cells.terms[d * slots + s], s, op, form),
  };
}
