// What the NCCL's-choice chart draws, from the core's model of NCCL's tuner (core/nccl): every pair
// NCCL runs, timed over a sweep of sizes; the pick's ranges between the exact crossovers; and the
// pick at the app's size with the core's sentence for it.

import type { Point, Series } from '../../../core/model';
import {
  presetById,
  ncclChoose,
  ncclTuner,
  pairName,
  type NcclChoice,
  type NcclTuner,
  explainChoice,
  ncclCrossovers,
  type NcclCrossover,
  type NcclAlgorithm,
  type Protocol,
} from '../../../core/nccl';
import type { Collective } from '../../../core/schedule';
import { describeError } from '../../../store/derive';

/** The sizes swept: one element to 4 GiB, as the compare chart's size axis starts. */
export const SWEEP_MIN_BYTES = 4;
export const SWEEP_MAX_BYTES = 4 * 1024 ** 3;

interface NcclSeries extends Series {
  /** "Ring/LL128". */
  algorithm: string;
  ncclAlgorithm: NcclAlgorithm;
  protocol: Protocol;
}

/** Sizes from `from` on where one pair is the pick. */
interface PickRange {
  from: number;
  to: number;
  pair: string;
  ncclAlgorithm: NcclAlgorithm;
}

export interface NcclSweep {
  tuner: NcclTuner;
  series: NcclSeries[];
  /** The pick's time at every size swept. */
  envelope: Point[];
  ranges: PickRange[];
  crossovers: NcclCrossover[];
  /** Pairs NCCL does not run here, and why. */
  notRun: { pair: string; why: string }[];
}

/** Four sizes an octave, and the last size before each power of two (where the tree's correction steps). */
function sweepSizes(): number[] {
  const sizes = new Set<number>();
  for (let k = 0; SWEEP_MIN_BYTES * 2 ** (k / 4) <= SWEEP_MAX_BYTES; k++) sizes.add(Math.round(SWEEP_MIN_BYTES * 2 ** (k / 4)));
  for (let edge = 64; edge <= SWEEP_MAX_BYTES; edge *= 2) sizes.add(edge - 1);
  return [...sizes].sort((a, b) => a - b);
}

/** NCCL's model of `collective` on `ranks` GPUs of the preset, swept; a string says why there is none. */
export function ncclSweep(presetId: string, ranks: number, collective: Collective): NcclSweep | string {
  const preset = presetById(presetId);
  let tuner: NcclTuner;
  try {
    tuner = ncclTuner(preset.hardware, ranks, collective);
  } catch (error) {
    return `NCCL's model on ${preset.label}: ${describeError(error)}`;
  }
  const run = tuner.entries.filter((entry) => !entry.disabled);
  const series: NcclSeries[] = run.map((entry) => ({ algorithm: pairName(entry), ncclAlgorithm: entry.algorithm, protocol: entry.protocol, points: [] }));
  const envelope: Point[] = [];
  for (const bytes of sweepSizes()) {
    const choice = ncclChoose(tuner, bytes);
    const timed = choice.candidates.filter((candidate) => !candidate.disabled);
    timed.forEach((candidate, i) => series[i].points.push({ x: bytes, timeUs: candidate.timeUs! }));
    envelope.push({ x: bytes, timeUs: choice.pick.timeUs! });
  }
  const crossovers = ncclCrossovers(tuner, SWEEP_MIN_BYTES, SWEEP_MAX_BYTES);
  const starts = [SWEEP_MIN_BYTES, ...crossovers.map((c) => c.bytes)];
  const ranges = starts.map((from, i) => {
    const pick = ncclChoose(tuner, from).pick;
    return { from, to: starts[i + 1] ?? SWEEP_MAX_BYTES, pair: pairName(pick), ncclAlgorithm: pick.algorithm };
  });
  const notRun = tuner.entries.filter((entry) => entry.disabled).map((entry) => ({ pair: pairName(entry), why: entry.disabled! }));
  return { tuner, series, envelope, ranges, crossovers, notRun };
}

/** The pick at `bytes`, every pair's time there, and the core's sentence on it. */
export function choiceAt(sweep: NcclSweep, bytes: number): { choice: NcclChoice; sentence: string } {
  const choice = ncclChoose(sweep.tuner, bytes);
  return { choice, sentence: explainChoice(choice) };
}
