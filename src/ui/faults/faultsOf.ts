// What a failing schedule's views share, computed once per schedule: its wrong cells, the built-in
// it claims to be, the transfer that most likely broke it and where its text writes that transfer. Schedules are never mutated once derived, so a WeakMap keys them.

import { builtInCounterpart, diagnoseCause, faultNote, listFaults, type CellFault, type Diagnosis } from '../../core/diagnosis';
import { EMPTY } from '../../core/symbolic';
import { readScheduleWithSources, writtenAt, type ScheduleSources, type TransferSource } from '../../core/formats';
import type { Schedule } from '../../core/schedule';

const faults = new WeakMap<Schedule, CellFault[]>();
const counterparts = new WeakMap<Schedule, Schedule | null>();
const causes = new WeakMap<Schedule, Diagnosis>();
const sources = new WeakMap<Schedule, ScheduleSources>();

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

/** Where the likely cause's transfer is written in the text the schedule was read from; null when not known. */
export function causeSource(schedule: Schedule, text: string | null): TransferSource | null {
  const { likely } = causeOf(schedule);
  if (!likely || text === null) return null;
  let found = sources.get(schedule);
  if (!found) sources.set(schedule, (found = readScheduleWithSources(text).sources));
  return writtenAt(found, likely);
}

/** What is wrong where a fault was made: a doubling shows there before the rest of the value is built. */
export function originNote(fault: CellFault): string {
  return fault.doubled.length > 0 ? faultNote({ ...fault, missing: EMPTY, unexpected: EMPTY }) : faultNote(fault);
}
