// Which contributions each chunk of one device holds at a step, and how to write them. Up to
// DETAIL_LIMIT cells the seeds' expressions come from useStepState (in the order they were combined);
// beyond it, one forward-moving replay kept by this view lists the contributions by device instead,
// so stepping forward at 1024 devices costs one step, not a replay from the start.

import { useMemo, useRef } from 'react';
import type { Contributions } from '../../core/contributions';
import { size } from '../../core/contributions';
import { term } from '../../core/notation';
import type { ReduceOp } from '../../core/ops';
import type { Schedule } from '../../core/schedule';
import { ContributionTracker } from '../../core/tracker';
import { DETAIL_LIMIT, useStepState } from '../useStepState';

export interface DeviceContributions {
  /** Per chunk, the contribution multiset (device ids as [lo, hi, count] runs). */
  sets: Contributions[];
  expression(chunk: number): string;
  /** True when expressions keep the order of combination (the seeds' notation). */
  ordered: boolean;
}

/** The runs of a set in device order, e.g. (g0₃+…+g1023₃, 1024 terms) or (a₁+b₁×2). */
export function describeSet(set: Contributions, chunk: number, devices: number): string {
  const parts: string[] = [];
  for (let i = 0; i < set.length; i += 3) {
    const [lo, hi, count] = [set[i], set[i + 1], set[i + 2]];
    const run = hi - lo <= 3 ? Array.from({ length: hi - lo }, (_, i) => term(lo + i, chunk, devices)).join('+') : `${term(lo, chunk, devices)}+…+${term(hi - 1, chunk, devices)}`;
    parts.push(count > 1 ? `${run}×${count}` : run);
  }
  const total = size(set);
  if (total === 1 && parts.length === 1) return parts[0];
  return `(${parts.join('+')}${total > 8 ? `, ${total} terms` : ''})`;
}

class ForwardReplay {
  private tracker: ContributionTracker;

  constructor(readonly schedule: Schedule) {
    this.tracker = new ContributionTracker(schedule);
  }

  deviceAt(device: number, step: number): Contributions[] {
    if (step < this.tracker.stepsApplied) this.tracker = new ContributionTracker(this.schedule);
    while (this.tracker.stepsApplied < step) this.tracker.apply();
    const sets: Contributions[] = [];
    for (let c = 0; c < this.schedule.chunks; c++) sets.push(this.tracker.value(device, c).set);
    return sets;
  }
}

export function useDeviceContributions(schedule: Schedule, op: ReduceOp, device: number, step: number): DeviceContributions {
  const detailed = schedule.devices * schedule.chunks <= DETAIL_LIMIT;
  const stepState = useStepState(detailed ? schedule : null, op, step);
  const replay = useRef<ForwardReplay | null>(null);
  return useMemo(() => {
    const at = Math.min(step, schedule.steps.length);
    if (stepState) {
      const sets = Array.from({ length: schedule.chunks }, (_, c) => stepState.value(device, c).set);
      return { sets, expression: (c: number) => stepState.expression(device, c), ordered: true };
    }
    if (replay.current?.schedule !== schedule) replay.current = new ForwardReplay(schedule);
    const sets = replay.current.deviceAt(device, at);
    return { sets, expression: (c: number) => describeSet(sets[c], c, schedule.devices), ordered: false };
  }, [schedule, device, step, stepState]);
}
