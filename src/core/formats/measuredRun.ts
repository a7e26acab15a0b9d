// A measured run of a schedule: the Chrome trace the exported torch program writes with --trace (per
// rank one complete event per step, args.step 1-based, ts and dur in µs; otherData says how it ran).
// This file owns the rule for which traces belong to a schedule: `gradsync trace --measured` and the
// app read a trace through readMeasuredTrace, so both accept and refuse the same files, in one line.

import { GradsyncError } from '../errors';
import type { Schedule } from '../schedule/ir';

/** One entry of a measured trace, checked against the schedule, in the trace's order. */
type MeasuredEntry =
  { kind: 'name'; name: 'process_name' | 'thread_name'; tid: number; label: string } | { kind: 'span'; device: number; step: number; ts: number; dur: number };

interface MeasuredStep {
  phase: string;
  /** Latest end − earliest start over the ranks, µs. */
  spanUs: number;
  /** The slowest rank's own duration (µs) and that rank. */
  slowestUs: number;
  slowestDevice: number;
}

export interface MeasuredRun {
  /** Index s is step s + 1: every step of the schedule. */
  steps: MeasuredStep[];
  /** The steps' spans added up, µs. */
  totalUs: number;
  /** What the trace's otherData says, where it says it. */
  backend: string | null;
  elements: number | null;
  op: string | null;
}

function badMeasured(why: string): never {
  throw new GradsyncError('bad-input', `not a measured trace of this schedule: ${why}`);
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function otherDataOf(json: object): Record<string, unknown> {
  const other = (json as { otherData?: unknown }).otherData;
  return typeof other === 'object' && other !== null ? (other as Record<string, unknown>) : {};
}

/** Where its otherData says how many devices and steps it ran, they must be this schedule's. */
function checkShape(other: Record<string, unknown>, schedule: Schedule): void {
  const { devices, steps } = other;
  if (isNumber(devices) && devices !== schedule.devices) badMeasured(`it ran on ${devices} devices; this schedule has ${schedule.devices}`);
  if (isNumber(steps) && steps !== schedule.steps.length) badMeasured(`it ran ${steps} steps; this schedule has ${schedule.steps.length}`);
}

function entryOf(raw: unknown, i: number, schedule: Schedule): MeasuredEntry | null {
  if (typeof raw !== 'object' || raw === null) badMeasured(`event ${i} is not an object`);
  const event = raw as Record<string, unknown>;
  if (event.ph === 'M') {
    const name = event.name;
    const label = (event.args as { name?: unknown } | undefined)?.name;
    if ((name === 'process_name' || name === 'thread_name') && typeof label === 'string') {
      return { kind: 'name', name, tid: isNumber(event.tid) ? event.tid : 0, label };
    }
    return null;
  }
  if (event.ph !== 'X') return null;
  const tid = event.tid;
  const step = (event.args as { step?: unknown } | undefined)?.step;
  if (!Number.isInteger(tid) || (tid as number) < 0 || (tid as number) >= schedule.devices) {
    badMeasured(`event ${i} is on device ${String(tid)}, outside 0…${schedule.devices - 1}`);
  }
  if (!Number.isInteger(step) || (step as number) < 1 || (step as number) > schedule.steps.length) {
    badMeasured(`event ${i} is step ${String(step)}, outside 1…${schedule.steps.length}`);
  }
  if (!isNumber(event.ts) || !isNumber(event.dur) || event.dur < 0) badMeasured(`event ${i} needs a time (ts) and a duration (dur ≥ 0)`);
  return { kind: 'span', device: tid as number, step: step as number, ts: event.ts, dur: event.dur };
}

/** "step 4 (of 6) is missing", "steps 2 and 5 (of 6) are missing", "steps 3, 4, 5 … (4 of 6) are missing". */
function missingSteps(missing: number[], steps: number): string {
  if (missing.length === 1) return `step ${missing[0]} (of ${steps}) is missing`;
  if (missing.length <= 3) return `steps ${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]} (of ${steps}) are missing`;
  return `steps ${missing.slice(0, 3).join(', ')} … (${missing.length} of ${steps}) are missing`;
}

/**
 * The entries of a measured trace (parsed JSON) of `schedule`: every complete event one step on one
 * device, every step of the schedule present. Anything else is a GradsyncError in one line.
 */
export function readMeasuredTrace(json: unknown, schedule: Schedule): MeasuredEntry[] {
  const list = (json as { traceEvents?: unknown } | null)?.traceEvents;
  if (typeof json !== 'object' || json === null || !Array.isArray(list)) badMeasured('expected an object with a traceEvents array');
  checkShape(otherDataOf(json), schedule);
  const entries: MeasuredEntry[] = [];
  const seen = new Uint8Array(schedule.steps.length);
  list.forEach((raw: unknown, i) => {
    const entry = entryOf(raw, i, schedule);
    if (!entry) return;
    if (entry.kind === 'span') seen[entry.step - 1] = 1;
    entries.push(entry);
  });
  if (!entries.some((entry) => entry.kind === 'span')) badMeasured('it holds no step events');
  const missing = [...seen.keys()].filter((s) => seen[s] === 0).map((s) => s + 1);
  if (missing.length > 0) badMeasured(missingSteps(missing, schedule.steps.length));
  return entries;
}

/** Per step the time the run took over all ranks, with the totals and what the trace says of the run. */
export function measuredRun(json: unknown, schedule: Schedule): MeasuredRun {
  const entries = readMeasuredTrace(json, schedule);
  const S = schedule.steps.length;
  const first = new Float64Array(S).fill(Infinity);
  const last = new Float64Array(S).fill(-Infinity);
  const steps: MeasuredStep[] = schedule.steps.map((step) => ({ phase: step.phase ?? '', spanUs: 0, slowestUs: -1, slowestDevice: 0 }));
  for (const entry of entries) {
    if (entry.kind !== 'span') continue;
    const s = entry.step - 1;
    first[s] = Math.min(first[s], entry.ts);
    last[s] = Math.max(last[s], entry.ts + entry.dur);
    if (entry.dur > steps[s].slowestUs) {
      steps[s].slowestUs = entry.dur;
      steps[s].slowestDevice = entry.device;
    }
  }
  steps.forEach((step, s) => (step.spanUs = last[s] - first[s]));
  const other = otherDataOf(json as object);
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    steps,
    totalUs: steps.reduce((sum, step) => sum + step.spanUs, 0),
    backend: text(other.backend),
    elements: Number.isInteger(other.elements) && (other.elements as number) > 0 ? (other.elements as number) : null,
    op: text(other.op),
  };
}
