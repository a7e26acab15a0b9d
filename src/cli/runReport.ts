// What `gradsync run` prints: one JSON object (--json) or a short human summary.

import {
  type CostResult,
  type Topology,
  type BandwidthMetrics,
  busierFirst,
  busiestDevice,
  portBytes,
  formatElements,
  formulaReport,
  type Check,
  describeTopology,
  isPlainTransport,
  protocolPickWords,
} from '../core/model';
import type { ReduceOp } from '../core/ops';
import type { Schedule } from '../core/schedule';
import { formatBytes, formatGBs, formatMicroseconds, plural } from '../core/units';
import type { RunReport } from '../engine/runCollective';
import { formatNumber } from './format';
import { deviceLabel } from '../core/notation';
import { causeJson, causeLines, type Cause } from './causeText';

export interface RunSummary {
  schedule: Schedule;
  elements: number;
  op: ReduceOp;
  backend: string;
  adapter?: string;
  topology: Topology;
  cost: CostResult;
  metrics: BandwidthMetrics;
  /** The same schedule timed as soon as ready, without a barrier between steps (dataflowTiming). */
  dataflowTimeUs: number;
  report: RunReport;
  /** Why a schedule that does not verify is wrong (causeText.ts); null when it verifies. */
  cause: Cause | null;
}

export function runJson({ schedule, elements, op, backend, adapter, topology, cost, metrics, dataflowTimeUs, report, cause }: RunSummary): object {
  const { symbolic, numeric } = report;
  return {
    verified: report.verified,
    collective: schedule.collective,
    algorithm: schedule.algorithm,
    devices: schedule.devices,
    elements,
    chunks: schedule.chunks,
    steps: schedule.steps.length,
    op,
    backend,
    ...(adapter === undefined ? {} : { adapter }),
    bytesSent: Array.from(cost.bytesSent),
    bytesReceived: Array.from(cost.bytesReceived),
    elementsTransferred: cost.traffic.elementsTransferred,
    modelTimeUs: cost.totalUs,
    stepTimesUs: Array.from(cost.stepTimesUs),
    dataflowTimeUs,
    protocol: cost.protocol,
    protocolTotalsUs: cost.protocolTotalsUs,
    algbwGBs: metrics.algbwGBs,
    busbwGBs: metrics.busbwGBs,
    topology,
    formulas: formulaReport(schedule, cost.traffic).lines.map(({ scope, formula, expected, check }) => ({ scope, formula, expected, check })),
    symbolic: { ok: symbolic.ok, violation: symbolic.violation, cause: cause && causeJson(cause) },
    numeric: {
      wrong: numeric.wrong,
      maxAbsError: numeric.maxAbsError,
      replicasIdentical: numeric.replicasIdentical,
      firstWrong: numeric.firstWrong,
    },
    engineMs: report.engineMs,
  };
}

function verdict({ report }: RunSummary): string {
  const { symbolic, numeric } = report;
  if (!symbolic.ok) return `✗ not verified: ${symbolic.violation!.message}`;
  if (numeric.wrong > 0) {
    const w = numeric.firstWrong!;
    return `✗ not verified: ${numeric.wrong} values off; first ${deviceLabel(w.device)} element ${w.element}: got ${w.got}, expected ${w.expected} ± ${formatNumber(w.tolerance)}`;
  }
  if (numeric.replicaMismatchWhereDemanded) return '✗ not verified: replicas differ where every device computed the same expression';
  const replicas = numeric.replicasIdentical ? 'replicas bit-identical' : 'replicas differ in the last bits (each device sums in its own order)';
  return `✓ verified: the schedule proves the collective; values within tolerance of float64 (max error ${formatNumber(numeric.maxAbsError)}); ${replicas}`;
}

/** Every device up to 16, else the 8 busiest in device order; the busiest marked unless all carry the same. */
function deviceLines(cost: CostResult): string[] {
  const n = cost.bytesSent.length;
  const load = portBytes(cost);
  const order = Array.from({ length: n }, (_, d) => d);
  const shown =
    n <= 16
      ? order
      : [...order]
          .sort(busierFirst(load))
          .slice(0, 8)
          .sort((a, b) => a - b);
  const busiest = busiestDevice(cost);
  const balanced = load.every((bytes) => bytes === load[0]);
  const lines = ['  device      sent        received'];
  for (const d of shown) {
    const mark = !balanced && d === busiest?.device ? '  ◀ busiest' : '';
    lines.push(
      `  ${deviceLabel(d).padEnd(10)}  ${formatBytes(cost.bytesSent[d]).padEnd(10)}  ${formatBytes(cost.bytesReceived[d]).padEnd(10)}${mark}`.trimEnd(),
    );
  }
  if (shown.length < n) lines.push(`  … the 8 busiest of ${n} devices shown`);
  return lines;
}

const MARKS: Record<Check, string> = { match: '✓', mismatch: '✗', approx: '≈', bound: '≥' };

/** The seeds' formulas (or the all-reduce lower bound) filled in, beside what the run counted; none beyond all-reduce. */
function formulaLines({ schedule, cost }: RunSummary): string[] {
  const { lines } = formulaReport(schedule, cost.traffic);
  if (lines.length === 0) return [];
  const legend = `  formulas (G = ${plural(schedule.devices, 'device')}, N = ${plural(cost.traffic.elements, 'element')} per device):`;
  return [
    legend,
    ...lines.map((line) => {
      const counted = line.check === 'bound' ? line.note : `counted ${line.counted}${line.note ? ` (${line.note})` : ''}`;
      return `    ${MARKS[line.check]} ${line.formula} = ${line.substituted} = ${formatElements(line.expected)} elements ${line.scope}; ${counted}`;
    }),
  ];
}

export function formatRunReport(summary: RunSummary): string {
  const { schedule, elements, op, backend, adapter, topology, cost, metrics, report } = summary;
  const engine = adapter ? `${backend} engine (${adapter})` : `${backend} engine`;
  const lines = [
    `${schedule.algorithm} ${schedule.collective} · ${plural(schedule.devices, 'device')} × ${plural(elements, 'element')} (f32, ${op}) · ${engine}`,
    verdict(summary),
    ...(summary.cause ? causeLines(summary.cause).map((line) => `  ${line}`) : []),
    `  ${plural(schedule.steps.length, 'step')} · ${plural(cost.traffic.elementsTransferred, 'element')} moved (${formatBytes(cost.traffic.bytesTransferred)}) · model time ${formatMicroseconds(cost.totalUs)} · algbw ${formatGBs(metrics.algbwGBs)} · busbw ${formatGBs(metrics.busbwGBs)}`,
    ...formulaLines(summary),
    `  topology: ${describeTopology(topology)} · engine ${formatMicroseconds(report.engineMs * 1e3)}`,
    ...(isPlainTransport(topology.transport) ? [] : [`  protocol: ${protocolPickWords(cost.protocol, cost.protocolTotalsUs)}`]),
    ...deviceLines(cost),
  ];
  return `${lines.join('\n')}\n`;
}
