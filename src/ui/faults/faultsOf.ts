// What a failing schedule's views share, computed once per schedule: its wrong cells, the built-in
// it claims to be, and the transfer that most likely broke it. Schedules are never mutated once derived, so a WeakMap keys them.

import { builtInCounterpart, diagnoseCause, faultNote, listFaults, type CellFault, type Diagnosis } from '../../core/diagnosis';
import { EMPTY } from '../../core/symbolic';
import type { Schedule } from '../../core/schedule';

const faults = new WeakMap<Schedule, CellFault[]>();
const counterparts = new WeakMap<Schedule, Schedule | null>();
const causes = new WeakMap<Schedule, Diagnosis>();

export function faultsOf(schedule: Schedule): CellFault[] {
  let found = faults.get(schedule);
  if (!found) faults.set(schedule, (found = listFaults(schedule)));
  return found;
}

export function counterpartOf(schedule: Schedule): Schedule | null {
  if (!counterparts.has(schedule)) counterparts.set(schedule, builtInCounterpart(schedule));
  return counterparts.get(schedule)!;
}

/** The transfer that most likely broke it, against the built-in when there is one. */
export function causeOf(schedule: Schedule): Diagnosis {
  let found = causes.get(schedule);
  if (!found) causes.set(schedule, (found = diagnoseCause(schedule, counterpartOf(schedule), faultsOf(schedule))));
  return found;
}

/** What is wrong where a fault was made: a doubling shows there before the rest of the value is built. */
export function originNote(fault: CellFault): string {
  return fault.doubled.length > 0 ? faultNote({ ...fault, missing: EMPTY, unexpected: EMPTY }) : faultNote(fault);
}
