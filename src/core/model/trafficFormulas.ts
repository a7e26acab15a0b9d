// The seeds' element counts (the spec's seedTraffic) with the numbers filled in, next to what the
// schedule actually moved: naive G·(G−1)·N, master 2·(G−1)·N, ring 2·(G−1)·N/G per device (N:
// elements per device, G: devices). Other all-reduce algorithms are held against the Patarasuk–Yuan
// bound of 2(G−1)/G·N per device. The metrics panel and `gradsync run` show the same lines.

import { specOf, type TrafficFormula } from '../algorithms';
import type { Schedule } from '../schedule/ir';
import { BYTES_PER_ELEMENT, type TrafficCounts } from './traffic';
import { busiestDevice } from './busiestDevice';

export type Check = 'match' | 'mismatch' | 'approx' | 'bound';

interface FormulaLine {
  /** "in all" or "per device". */
  scope: string;
  formula: string;
  /** The formula with G and N filled in, e.g. "4·3·1,024". */
  substituted: string;
  expected: number;
  counted: string;
  check: Check;
  note?: string;
}

export interface FormulaReport {
  lines: FormulaLine[];
  /** What the schedule moved, for algorithms without a seed formula. */
  countedTotal: number;
  note?: string;
}

/** Any all-reduce sends and receives at least this many elements per device (Patarasuk–Yuan). */
const LOWER_BOUND: TrafficFormula = { scope: 'per device', text: '2·(G−1)/G·N', elements: (g, n) => (2 * (g - 1) * n) / g };

export function formatElements(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

/** The formula's text with G and N filled in: 'G·(G−1)·N' at G = 4, N = 1024 reads '4·3·1,024'. */
export function substituteFormula(text: string, g: number, n: number): string {
  return text
    .replace(/\(G−1\)/g, String(g - 1))
    .replace(/G/g, String(g))
    .replace(/N/g, formatElements(n));
}

const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

/** Elements through the busiest port of the run. */
function busiestElements(traffic: TrafficCounts): number {
  return (busiestDevice(traffic)?.bytes ?? 0) / BYTES_PER_ELEMENT;
}

/** The fewest elements any device sends or receives, and the most (the busiest port's). */
function perDeviceRange(traffic: TrafficCounts): [number, number] {
  let lo = Infinity;
  for (let d = 0; d < traffic.devices; d++) lo = Math.min(lo, traffic.bytesSent[d], traffic.bytesReceived[d]);
  return [lo === Infinity ? 0 : lo / BYTES_PER_ELEMENT, busiestElements(traffic)];
}

function formulaLine(formula: TrafficFormula, g: number, traffic: TrafficCounts): FormulaLine {
  const n = traffic.elements;
  const expected = formula.elements(g, n);
  const base = { scope: formula.scope, formula: formula.text, substituted: substituteFormula(formula.text, g, n), expected };
  if (formula.scope === 'in all') {
    const counted = traffic.elementsTransferred;
    return { ...base, counted: formatElements(counted), check: same(counted, expected) ? 'match' : 'mismatch' };
  }
  const [lo, hi] = perDeviceRange(traffic);
  const exact = same(lo, expected) && same(hi, expected);
  // With N not divisible by G the segments differ by one element, so devices differ slightly.
  const near = !exact && n % g !== 0 && lo <= expected && expected <= hi && hi - lo <= 2 * (g - 1);
  return {
    ...base,
    counted: same(lo, hi) ? formatElements(lo) : `${formatElements(lo)}–${formatElements(hi)}`,
    check: exact ? 'match' : near ? 'approx' : 'mismatch',
    note: near ? `N is not a multiple of G, so segments differ by one element` : undefined,
  };
}

function boundLine(g: number, traffic: TrafficCounts): FormulaLine {
  const n = traffic.elements;
  const hi = busiestElements(traffic);
  const bound = LOWER_BOUND.elements(g, n);
  const ratio = bound > 0 ? hi / bound : 1;
  return {
    scope: LOWER_BOUND.scope,
    formula: LOWER_BOUND.text,
    substituted: substituteFormula(LOWER_BOUND.text, g, n),
    expected: bound,
    counted: formatElements(hi),
    check: 'bound',
    note: `lower bound for any all-reduce (Patarasuk–Yuan); the busiest port carries ${formatElements(hi)}${bound > 0 ? `, ${ratio.toFixed(2)}× the bound` : ''}`,
  };
}

export function formulaReport(schedule: Schedule, traffic: TrafficCounts): FormulaReport {
  const g = schedule.devices;
  const countedTotal = traffic.elementsTransferred;
  if (schedule.collective !== 'allreduce') {
    return {
      lines: [],
      countedTotal,
      note: `The seeds' formulas are for all-reduce; this ${schedule.collective} moved ${formatElements(countedTotal)} elements.`,
    };
  }
  const formulas = specOf(schedule)?.seedTraffic;
  if (formulas?.length) return { countedTotal, lines: formulas.map((formula) => formulaLine(formula, g, traffic)) };
  return { countedTotal, lines: [boundLine(g, traffic)], note: `${formatElements(countedTotal)} elements moved in all.` };
}
