// The seeds' element counts with the numbers filled in, next to what the schedule actually moved:
// naive G·(G−1)·N, master 2·(G−1)·N, ring 2·(G−1)·N/G per device (N: elements per device, G: devices).
// Other all-reduce algorithms are held against the Patarasuk–Yuan bound of 2(G−1)/G·N per device.

import type { Schedule } from '../../core/schedule';
import { BYTES_PER_ELEMENT, busiestDevice, type TrafficCounts } from '../../core/traffic';

export type Check = 'match' | 'mismatch' | 'approx' | 'bound';

export interface FormulaLine {
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

export function formatElements(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 1 });
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

function totalLine(formula: string, substituted: string, expected: number, counted: number): FormulaLine {
  return { scope: 'in all', formula, substituted, expected, counted: formatElements(counted), check: same(counted, expected) ? 'match' : 'mismatch' };
}

export function formulaReport(schedule: Schedule, traffic: TrafficCounts): FormulaReport {
  const g = schedule.devices;
  const n = traffic.elements;
  const countedTotal = traffic.elementsTransferred;
  const g1 = `${g - 1}`;
  if (schedule.collective !== 'allreduce') {
    return { lines: [], countedTotal, note: `The seeds' formulas are for all-reduce; this ${schedule.collective} moved ${formatElements(countedTotal)} elements.` };
  }
  switch (schedule.algorithm) {
    case 'naive':
      return { countedTotal, lines: [totalLine('G·(G−1)·N', `${g}·${g1}·${formatElements(n)}`, g * (g - 1) * n, countedTotal)] };
    case 'master':
      return { countedTotal, lines: [totalLine('2·(G−1)·N', `2·${g1}·${formatElements(n)}`, 2 * (g - 1) * n, countedTotal)] };
    case 'ring': {
      const expected = (2 * (g - 1) * n) / g;
      const [lo, hi] = perDeviceRange(traffic);
      const exact = same(lo, expected) && same(hi, expected);
      // With N not divisible by G the segments differ by one element, so devices differ slightly.
      const near = !exact && n % g !== 0 && lo <= expected && expected <= hi && hi - lo <= 2 * (g - 1);
      const perDevice: FormulaLine = {
        scope: 'per device',
        formula: '2·(G−1)·N/G',
        substituted: `2·${g1}·${formatElements(n)}/${g}`,
        expected,
        counted: same(lo, hi) ? formatElements(lo) : `${formatElements(lo)}–${formatElements(hi)}`,
        check: exact ? 'match' : near ? 'approx' : 'mismatch',
        note: near ? `N is not a multiple of G, so segments differ by one element` : undefined,
      };
      return { countedTotal, lines: [perDevice, totalLine('2·(G−1)·N', `2·${g1}·${formatElements(n)}`, 2 * (g - 1) * n, countedTotal)] };
    }
    default: {
      const hi = busiestElements(traffic);
      const bound = (2 * (g - 1) * n) / g;
      const ratio = bound > 0 ? hi / bound : 1;
      return {
        countedTotal,
        lines: [
          {
            scope: 'per device',
            formula: '2·(G−1)/G·N',
            substituted: `2·${g1}/${g}·${formatElements(n)}`,
            expected: bound,
            counted: formatElements(hi),
            check: 'bound',
            note: `lower bound for any all-reduce (Patarasuk–Yuan); the busiest port carries ${formatElements(hi)}${bound > 0 ? `, ${ratio.toFixed(2)}× the bound` : ''}`,
          },
        ],
        note: `${formatElements(countedTotal)} elements moved in all.`,
      };
    }
  }
}
