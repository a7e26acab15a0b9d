// The schedule shown timed as soon as ready (core/model/dataflowTiming.ts), for the timeline: its total and,
// per row, when messages are under way. A small schedule is timed with the render, so both totals
// show at once; a large one (a ring on 1024 devices is two million transfers) only when asked for,
// after the switch has painted.

import { useEffect, useMemo, useState } from 'react';
import { compileSchedule } from '../../../core/schedule';
import { busyIntervals, stepSpans, type BusyRows, dataflowTiming, timelineRowSize } from '../../../core/model';
import type { Derived } from '../../../store/derive';

export interface DataflowView {
  totalUs: number;
  /** The step-by-step total of the same model. */
  stepTotalUs: number;
  busy: BusyRows;
  /** Per step s, [2s] its first start and [2s + 1] its last end. */
  spans: Float64Array;
}

/** Transfers up to which the timing is made with the render. */
const EAGER_TRANSFERS = 65_536;

function dataflowView(derived: Derived & { cost: NonNullable<Derived['cost']> }): DataflowView {
  const { schedule, cost } = derived;
  const timing = dataflowTiming(schedule, cost.elements, cost.topology);
  const compiled = compileSchedule(schedule);
  return {
    totalUs: timing.totalUs,
    stepTotalUs: cost.totalUs,
    busy: busyIntervals(compiled, timing, timelineRowSize(schedule.devices)),
    spans: stepSpans(compiled, timing),
  };
}

/** The view of `derived` once it has a cost: at once when small, when `wanted` otherwise; null until then. */
export function useDataflowView(derived: Derived | null, wanted: boolean): DataflowView | null {
  const costed = derived?.cost ? (derived as Derived & { cost: NonNullable<Derived['cost']> }) : null;
  const small = costed !== null && compileSchedule(costed.schedule).src.length <= EAGER_TRANSFERS;
  const now = useMemo(() => (small && costed ? dataflowView(costed) : null), [small, costed]);
  const [later, setLater] = useState<{ of: Derived; view: DataflowView } | null>(null);
  useEffect(() => {
    if (small || !wanted || !costed || later?.of === costed) return;
    const timer = setTimeout(() => setLater({ of: costed, view: dataflowView(costed) }), 0);
    return () => clearTimeout(timer);
  }, [small, wanted, costed, later]);
  return now ?? (later && later.of === costed ? later.view : null);
}
