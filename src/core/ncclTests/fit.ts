// Fits model.ts to measured times: the α and β of each protocol that minimize the log error, so
// every row weighs by its relative error, 8 B as much as 8 GB (squared up to 5 %, linear beyond, so
// that one warm-up row does not bend the rest). The search runs in log-parameter space, where
// α_LL ≤ α_LL128 ≤ α_Simple (NCCL's latency order) and β_LL ≤ β_LL128 ≤ β_Simple, each within its
// protocol's efficiency × β_Simple, hold by construction; it starts from a grid drawn from the data,
// so the same log always gives the same answer. Models with Simple alone, LL and Simple, and all
// three are fitted, and the simplest whose error is not clearly beaten (Bayesian information
// criterion) is kept: a log of large sizes only does not invent an LL. A protocol the model picks for
// no row has no parameters to report.

import { PROTOCOLS, type Protocol } from '../nccl/protocols';
import { bandwidthCeilingGBs, fabricBytes, fabricOf, modelledTime, parameterNames, type Fabric, type LogShape, type ProtocolLines } from './model';
import { invariant } from '../errors';
import { nelderMead } from './nelderMead';

export interface MeasuredTime {
  bytes: number;
  timeUs: number;
}

interface FittedRow extends MeasuredTime {
  /** The model's time; null for a row that moves nothing (0 bytes), which is not fitted. */
  modelUs: number | null;
  /** (model − measured) / measured × 100. */
  errorPct: number | null;
  protocol: Protocol | null;
}

export interface NcclTestsFit {
  fabric: Fabric;
  lines: ProtocolLines;
  /** {alphaLLUs: …, betaInterSimpleGBs: …}: the protocols the model picks for some row. */
  parameters: Record<string, number>;
  rows: FittedRow[];
  fittedRows: number;
  medianAbsErrorPct: number;
  maxAbsErrorPct: number;
}

const MODELS: readonly (readonly Protocol[])[] = [['Simple'], ['LL', 'Simple'], PROTOCOLS];

interface Point {
  /** B(S), bytes on the limiting fabric. */
  bytes: number;
  timeUs: number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const logit = (p: number) => Math.log(p / (1 - p));

/** α (µs) and β (GB/s) of each line a parameter vector stands for, in `protocols`' order. */
function decode(protocols: readonly Protocol[], x: readonly number[], alpha: Float64Array, rate: Float64Array): void {
  const k = protocols.length;
  let sum = 0;
  for (let i = 0; i < k; i++) alpha[i] = sum += Math.exp(x[i]);
  const simple = Math.exp(x[k]);
  rate[k - 1] = simple;
  for (let i = k - 2; i >= 0; i--) {
    rate[i] = Math.min(bandwidthCeilingGBs(protocols[i], simple), rate[i + 1]) * sigmoid(x[2 * k - 1 - i]);
  }
}

function linesOf(protocols: readonly Protocol[], x: readonly number[]): ProtocolLines {
  const k = protocols.length;
  const alpha = new Float64Array(k);
  const rate = new Float64Array(k);
  decode(protocols, x, alpha, rate);
  return Object.fromEntries(protocols.map((p, i) => [p, { alphaUs: alpha[i], betaGBs: rate[i] }]));
}

/**
 * Squared log error for misses up to ROBUST (5 %), growing only linearly beyond (soft L1): the first
 * size of a run often takes 3× the next (warm-up), and such a row must not bend the whole fit.
 */
const ROBUST = 0.05;

function lossOf(protocols: readonly Protocol[], points: readonly Point[]): (x: readonly number[]) => number {
  const k = protocols.length;
  const alpha = new Float64Array(k);
  const rate = new Float64Array(k);
  return (x) => {
    decode(protocols, x, alpha, rate);
    let sum = 0;
    for (const { bytes, timeUs } of points) {
      let model = Number.POSITIVE_INFINITY;
      // GB/s = 1e3 bytes per µs.
      for (let i = 0; i < k; i++) model = Math.min(model, alpha[i] + bytes / (rate[i] * 1e3));
      const e = Math.log(model / timeUs) / ROBUST;
      sum += Math.sqrt(1 + e * e) - 1;
    }
    return sum;
  };
}

/** Latency gaps (× the fastest time) and bandwidth shares to start from, for 1, 2 and 3 protocols. */
const START_GAPS = [[[]], [[0.5], [2], [8]], [0.3, 1.5].flatMap((a) => [0.5, 2, 8].map((b) => [a, b]))];
const START_SHARES = [
  [[]],
  [[0.2], [0.8]],
  [
    [0.2, 0.2],
    [0.8, 0.2],
    [0.5, 0.8],
  ],
];

/** Starts spread over plausible latencies and bandwidths, from the fastest time and the best rate. */
function starts(k: number, points: readonly Point[]): number[][] {
  const fastestUs = Math.min(...points.map((p) => p.timeUs));
  const bestGBs = Math.max(...points.map((p) => p.bytes / p.timeUs / 1e3));
  return START_GAPS[k - 1].flatMap((gaps) =>
    START_SHARES[k - 1].map((shares) => [
      Math.log(0.9 * fastestUs),
      ...gaps.map((g) => Math.log(g * fastestUs)),
      Math.log(1.1 * bestGBs),
      ...shares.map(logit),
    ]),
  );
}

function fitModel(protocols: readonly Protocol[], points: readonly Point[]) {
  const objective = lossOf(protocols, points);
  const dimensions = 2 * protocols.length;
  // A short search from every start, then a long one from the three best.
  const scouts = starts(protocols.length, points)
    .map((x0) => nelderMead(objective, x0, 0.7, 40 * dimensions))
    .sort((a, b) => a.value - b.value)
    .slice(0, 3);
  let best = scouts.map((scout) => nelderMead(objective, scout.x, 0.3, 200 * dimensions)).reduce((a, b) => (b.value < a.value ? b : a));
  // Restarts from the best point escape a simplex that collapsed early.
  for (let round = 0; round < 3; round++) {
    const again = nelderMead(objective, best.x, 0.1, 200 * dimensions);
    if (again.value >= best.value * (1 - 1e-9)) break;
    best = again;
  }
  return { lines: linesOf(protocols, best.x), loss: best.value, parameters: dimensions };
}

/** Runs of nccl-tests differ by about 1 %: a model is not better for fitting closer than that. */
const NOISE = 0.01;

/** BIC with the robust loss standing in for the squared error it equals for small misses. */
function informationCriterion(loss: number, parameters: number, n: number): number {
  const squared = Math.max(2 * ROBUST * ROBUST * loss, n * NOISE * NOISE);
  return n * Math.log(squared / n) + parameters * Math.log(n);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Fits the rows' times (nccl-tests' size S, measured µs) for a log of this shape. */
export function fitNcclTests(shape: LogShape, measured: readonly MeasuredTime[]): NcclTestsFit {
  const points = measured.filter((m) => m.bytes > 0 && m.timeUs > 0).map((m) => ({ bytes: fabricBytes(shape, m.bytes), timeUs: m.timeUs }));
  invariant(points.length >= 2, 'a fit needs two rows with bytes and a time');
  const fits = MODELS.filter((protocols) => 3 * protocols.length <= points.length || protocols.length === 1).map((protocols) => fitModel(protocols, points));
  const chosen = fits.reduce((best, fit) =>
    informationCriterion(fit.loss, fit.parameters, points.length) < informationCriterion(best.loss, best.parameters, points.length) - 2 ? fit : best,
  );
  const fabric = fabricOf(shape);
  const rows = measured.map((m): FittedRow => {
    if (!(m.bytes > 0 && m.timeUs > 0)) return { ...m, modelUs: null, errorPct: null, protocol: null };
    const { timeUs, protocol } = modelledTime(chosen.lines, fabricBytes(shape, m.bytes));
    return { ...m, modelUs: timeUs, errorPct: ((timeUs - m.timeUs) / m.timeUs) * 100, protocol };
  });
  const used = new Set(rows.map((row) => row.protocol));
  const parameters: Record<string, number> = {};
  for (const protocol of PROTOCOLS) {
    const line = chosen.lines[protocol];
    if (!line || !used.has(protocol)) continue;
    const names = parameterNames(protocol, fabric);
    parameters[names.alpha] = line.alphaUs;
    parameters[names.beta] = line.betaGBs;
  }
  const errors = rows.flatMap((row) => (row.errorPct === null ? [] : [Math.abs(row.errorPct)]));
  return {
    fabric,
    lines: chosen.lines,
    parameters,
    rows,
    fittedRows: errors.length,
    medianAbsErrorPct: median(errors),
    maxAbsErrorPct: Math.max(...errors),
  };
}
