// What `gradsync run --explain-element I [--compare-with ALGORITHM]` adds to the run's report: for
// each algorithm the tree that produced element I, its f32 value as the engine gave it (exact decimal
// and bits) and as the tree gives it, the exact result, the error and the bound of that tree; then
// how far apart the two results are in ulps. Text below the run's summary, or `explain` in its JSON.

import type { ReduceOp } from '../core/ops';
import type { Schedule } from '../core/schedule';
import {
  deviceList,
  dyadicDecimal,
  dyadicToNumber,
  exactDecimal,
  f32Hex,
  foldTree,
  reductionExpression,
  replicaWords,
  ulpDistance,
  treeInputs,
  type ElementComparison,
  type ElementReduction,
  type ReductionTree,
} from '../core/symbolic';
import { deviceLabel, term } from '../core/notation';
import { plural } from '../core/units';
import { formatNumber } from './format';

/** One algorithm's run, with the element explained on it. */
export interface ExplainedRun {
  schedule: Schedule;
  explained: ElementReduction;
  /** The engine's value of the element on the explained device. */
  engineValue: number;
}

export interface ElementReport {
  element: number;
  op: ReduceOp;
  /** Where the data came from: "mixed data, seed 1" or the input file. */
  data: string;
  runs: ExplainedRun[];
  comparison: ElementComparison | null;
}

/** Which bound the report uses, in one line. */
const BOUND_SOURCE =
  'bound: a sum formed by a tree of depth k errs by at most γ(k)·Σ|xᵢ|, γ(k) = k·u/(1 − k·u), u = 2⁻²⁴ (Higham, Accuracy and Stability of Numerical Algorithms, §4.2)';

function signed(value: number): string {
  return value > 0 ? `+${formatNumber(value)}` : formatNumber(value);
}

function boundLine({ explained }: ExplainedRun, op: ReduceOp): string {
  const { accuracy, within } = explained;
  const mark = within ? '✓' : '✗';
  if (op === 'max' || op === 'min') return `${op} is exact whatever the order: bound 0 ${mark}`;
  if (accuracy.roundings === 0) return `an input, never rounded: bound 0 ${mark}`;
  const scaled = op === 'prod' ? '|Π xᵢ|' : 'Σ|xᵢ|';
  const why = op === 'prod' ? `${plural(accuracy.roundings, 'multiply', 'multiplies')}, whatever the tree` : depthWords(explained, op);
  return `|error| ≤ γ(${accuracy.roundings})·${scaled} = ${formatNumber(accuracy.gamma)} × ${formatNumber(accuracy.magnitude)} = ${formatNumber(accuracy.bound)} (${why}) ${mark}`;
}

function depthWords({ accuracy }: ElementReduction, op: ReduceOp): string {
  const depth = accuracy.roundings - (op === 'avg' ? 1 : 0);
  const deep = `${plural(depth, 'addition')} deep`;
  return op === 'avg' ? `${deep}, and the multiply by f32(1/N)` : deep;
}

function errorWords({ value, error }: ElementReduction): string {
  // An f32 result may overflow where the exact one stays finite (withinTolerance allows it once the
  // exact result, stretched by the bound, reaches past the largest f32).
  if (!Number.isFinite(value)) return `the f32 result overflowed to ${value}`;
  return `error ${signed(error)} from the exact result`;
}

function valueLine(run: ExplainedRun, backend: string): string {
  const { explained, engineValue } = run;
  const value = `${exactDecimal(engineValue)} (${f32Hex(engineValue)})`;
  const agree = Object.is(engineValue, explained.value)
    ? `the ${backend} engine's result; the tree evaluated in f32 gives the same bits`
    : `✗ the ${backend} engine's result, but the tree evaluated in f32 gives ${exactDecimal(explained.value)} (${f32Hex(explained.value)})`;
  return `f32 ${value}, ${agree}`;
}

/** The other groups of devices, where they hold another expression than the device explained. */
function replicaLines({ schedule, explained }: ExplainedRun, op: ReduceOp): string[] {
  const devices = schedule.devices;
  return explained.replicas.slice(1).map((group) => {
    const apart = ulpDistance(group.value, explained.value);
    const far = apart === 0 ? 'the same value' : `${plural(apart, 'ulp')} from ${deviceLabel(explained.device)}'s`;
    return `${deviceList(group.devices, devices)}: ${reductionExpression(group.tree, devices, op)} = ${exactDecimal(group.value)} (${f32Hex(group.value)}), ${far}`;
  });
}

function runLines(run: ExplainedRun, op: ReduceOp, backend: string): string[] {
  const { schedule, explained } = run;
  const devices = schedule.devices;
  const [own, ...others] = explained.replicas;
  // Where every holder has the same expression, the line says how it got there; else whose it is.
  const holders = others.length === 0 ? '' : `on ${deviceList(own.devices, devices)}, `;
  const elsewhere = others.length === 0 ? '' : '; the other GPUs reduce in other orders, below';
  return [
    `  ${schedule.algorithm} · chunk ${explained.chunk + 1} · ${holders}${replicaWords(own, devices)}${elsewhere}`,
    `    ${reductionExpression(explained.tree, devices, op)}`,
    `    ${valueLine(run, backend)}`,
    `    ${errorWords(explained)}; ${boundLine(run, op)}`,
    ...replicaLines(run, op).map((line) => `    ${line}`),
  ];
}

function comparisonLine(report: ElementReport): string[] {
  const { comparison, runs } = report;
  if (!comparison || runs.length < 2) return [];
  const [a, b] = runs.map((run) => run.schedule.algorithm);
  if (comparison.identical) {
    const why = comparison.sameExpression ? 'the same expression' : 'different orders, the same bits';
    return [`  ${a} and ${b} agree to the bit (${why})`];
  }
  const between = comparison.ulps === 1 ? 'neighbouring f32 numbers' : `${plural(comparison.ulps - 1, 'f32 number')} between them`;
  return [`  ${a} and ${b} differ by ${plural(comparison.ulps, 'ulp')}: ${between}`];
}

/** The text below the run's summary. */
export function formatElementReport(report: ElementReport, backend: string): string {
  const { runs } = report;
  const exact = runs[0].explained.accuracy.exact;
  const sameExact = runs.every((run) => dyadicDecimal(run.explained.accuracy.exact) === dyadicDecimal(exact));
  const exactWords = report.op === 'avg' ? 'exact sum of xᵢ·f32(1/N)' : `exact ${report.op === 'sum' ? 'sum' : report.op}`;
  const header = `element ${report.element} · ${report.data}${sameExact ? ` · ${exactWords} ${dyadicDecimal(exact)}` : ''}`;
  const lines = [header, ...runs.flatMap((run) => runLines(run, report.op, backend)), ...comparisonLine(report)];
  if (report.op !== 'max' && report.op !== 'min') lines.push(`  ${BOUND_SOURCE}`);
  return `${lines.join('\n')}\n`;
}

/** A tree as JSON: inputs by their notation, each ⊕ with its step and device. */
function treeJson(tree: ReductionTree, devices: number): object {
  return foldTree<object>(
    tree,
    (leaf) => (leaf.chunk < 0 ? { input: null } : { input: term(leaf.device, leaf.chunk, devices), device: leaf.device, chunk: leaf.chunk }),
    (node, incoming, into) => ({ step: node.step, device: node.device, from: node.from, incoming, into }),
  );
}

function runJson(run: ExplainedRun, op: ReduceOp): object {
  const { schedule, explained, engineValue } = run;
  const devices = schedule.devices;
  const { accuracy } = explained;
  return {
    algorithm: schedule.algorithm,
    device: explained.device,
    chunk: explained.chunk,
    expression: reductionExpression(explained.tree, devices, op),
    tree: treeJson(explained.tree, devices),
    inputs: treeInputs(explained.tree),
    value: engineValue,
    bits: f32Hex(engineValue),
    decimal: exactDecimal(engineValue),
    treeValue: explained.value,
    matchesEngine: Object.is(engineValue, explained.value),
    exact: { value: dyadicToNumber(accuracy.exact), decimal: dyadicDecimal(accuracy.exact) },
    error: explained.error,
    bound: { roundings: accuracy.roundings, gamma: accuracy.gamma, magnitude: accuracy.magnitude, value: accuracy.bound },
    within: explained.within,
    replicas: explained.replicas.map((group) => ({
      devices: group.devices,
      expression: reductionExpression(group.tree, devices, op),
      value: group.value,
      bits: f32Hex(group.value),
      reducedOn: group.reducedOn,
    })),
  };
}

/** The `explain` object of `run --json`. */
export function elementJson(report: ElementReport): object {
  return {
    element: report.element,
    data: report.data,
    algorithms: report.runs.map((run) => runJson(run, report.op)),
    ...(report.comparison ? { comparison: report.comparison } : {}),
  };
}
