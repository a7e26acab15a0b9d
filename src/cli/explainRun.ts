// `run --explain-element I [--compare-with ALGORITHM]`: the flags, checked before anything runs, and
// the explanation made once the runs are done. The compared algorithm is built as --algorithm would
// be (same devices, collective, devices per node and root; its own chunks) and runs on the same data
// and engine, so the two results differ only by the order of their reductions.

import { algorithmIds, buildSchedule } from '../core/algorithms';
import { GradsyncError } from '../core/errors';
import type { ReduceOp } from '../core/ops';
import type { Schedule } from '../core/schedule';
import { compareElements, explainElement } from '../core/symbolic';
import { parseChoice, parseInteger } from './args';
import type { ElementReport, ExplainedRun } from './elementReport';

export interface ExplainFlags {
  explainElement?: string;
  compareWith?: string;
  devicesPerNode?: string;
}

/** What to explain: the element, and the schedule to compare with, if any. */
export interface ExplainPlan {
  element: number;
  compareWith: Schedule | null;
}

/** Fails before any work when --compare-with comes without --explain-element. */
export function checkExplainFlags(flags: ExplainFlags): void {
  if (flags.compareWith !== undefined && flags.explainElement === undefined) {
    throw new GradsyncError('bad-argument', '--compare-with needs --explain-element I, the element to compare');
  }
}

/** The plan for a run of `schedule` on `elements` elements per device; null without --explain-element. */
export function planExplanation(flags: ExplainFlags, schedule: Schedule, elements: number): ExplainPlan | null {
  checkExplainFlags(flags);
  if (flags.explainElement === undefined) return null;
  const element = parseInteger('--explain-element', flags.explainElement, 0, elements - 1);
  if (flags.compareWith === undefined) return { element, compareWith: null };
  const { collective, devices } = schedule;
  const algorithm = parseChoice('--compare-with', flags.compareWith, algorithmIds(collective));
  const devicesPerNode = flags.devicesPerNode === undefined ? schedule.devicesPerNode : parseInteger('--devices-per-node', flags.devicesPerNode, 1, devices);
  const compareWith = buildSchedule({ collective, algorithm, devices, devicesPerNode, root: schedule.root });
  return { element, compareWith };
}

export interface ExplainedData {
  inputs: Float32Array;
  elements: number;
  op: ReduceOp;
  /** Where the data came from, in words. */
  data: string;
}

/** The report of element `plan.element`, from each schedule and the final buffers its engine left. */
export function explainRuns(plan: ExplainPlan, data: ExplainedData, ran: { schedule: Schedule; buffers: Float32Array }[]): ElementReport {
  const { inputs, elements, op } = data;
  const runs: ExplainedRun[] = ran.map(({ schedule, buffers }) => {
    const explained = explainElement({ schedule, inputs, elements, element: plan.element, op });
    return { schedule, explained, engineValue: buffers[explained.device * elements + plan.element] };
  });
  // The trees' values are compared; the report says of each whether its engine gave the same bits.
  const comparison = runs.length === 2 ? compareElements(runs[0].explained, runs[1].explained) : null;
  return { element: plan.element, op, data: data.data, runs, comparison };
}
