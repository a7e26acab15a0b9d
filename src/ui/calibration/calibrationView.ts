// What the comparison draws, from a fitted log: each row's measured bus bandwidth (out-of-place, and
// in-place where the log has it) and residual, and the model's curves — each fitted protocol's line
// and the fastest of them — sampled over the log's sizes. busbw is nccl-tests' own, from the time:
// S × its share × the collective's bus factor / t, so points and curves are the same quantity.

import { type Calibration, collectiveFacts, fabricBytes, modelledTime, parameterNames, type ProtocolLines, type NcclTestsLog } from '../../core/ncclTests';
import { PROTOCOLS, type Protocol } from '../../core/nccl';

export interface RowPoint {
  /** The row's place in the log's table (0-based) and its line in the log. */
  index: number;
  line: number;
  bytes: number;
  measuredUs: number;
  busbwGBs: number;
  inPlaceBusbwGBs: number | null;
  modelUs: number;
  errorPct: number;
  protocol: Protocol;
}

interface CurvePoint {
  bytes: number;
  busbwGBs: number;
}

interface ProtocolCurve {
  protocol: Protocol;
  points: CurvePoint[];
}

export interface CalibrationView {
  points: RowPoint[];
  /** One thin curve per fitted protocol. */
  curves: ProtocolCurve[];
  /** The model: the fastest protocol at each size, as runs of one protocol each. */
  best: ProtocolCurve[];
  protocols: Protocol[];
}

/** Samples per curve: smooth at any width the panel takes. */
const SAMPLES = 96;

export function calibrationView(log: NcclTestsLog, calibration: Calibration): CalibrationView {
  const { shape, fit } = calibration;
  const facts = collectiveFacts(shape.collective);
  const busPerByte = facts.algShare(shape.devices) * facts.busFactor(shape.devices);
  // GB/s = 1e3 bytes per µs.
  const busbw = (bytes: number, timeUs: number) => (bytes * busPerByte) / (timeUs * 1e3);
  const protocols = PROTOCOLS.filter((p) => parameterNames(p, fit.fabric).alpha in fit.parameters);
  const lines: ProtocolLines = Object.fromEntries(protocols.map((p) => [p, fit.lines[p]!]));

  const points: RowPoint[] = [];
  fit.rows.forEach((row, index) => {
    if (row.modelUs === null || row.errorPct === null || row.protocol === null) return;
    const inPlace = log.rows[index].inPlace;
    points.push({
      index,
      line: log.rows[index].line,
      bytes: row.bytes,
      measuredUs: row.timeUs,
      busbwGBs: busbw(row.bytes, row.timeUs),
      inPlaceBusbwGBs: inPlace && inPlace.timeUs > 0 ? busbw(row.bytes, inPlace.timeUs) : null,
      modelUs: row.modelUs,
      errorPct: row.errorPct,
      protocol: row.protocol,
    });
  });

  const lo = Math.min(...points.map((p) => p.bytes));
  const hi = Math.max(...points.map((p) => p.bytes));
  const sizes = Array.from({ length: SAMPLES + 1 }, (_, i) => lo * (hi / lo) ** (i / SAMPLES));
  const curves = protocols.map((protocol) => ({
    protocol,
    points: sizes.map((bytes) => {
      const line = lines[protocol]!;
      return { bytes, busbwGBs: busbw(bytes, line.alphaUs + fabricBytes(shape, bytes) / (line.betaGBs * 1e3)) };
    }),
  }));
  const best: ProtocolCurve[] = [];
  for (const bytes of sizes) {
    const { timeUs, protocol } = modelledTime(lines, fabricBytes(shape, bytes));
    const point = { bytes, busbwGBs: busbw(bytes, timeUs) };
    const run = best[best.length - 1];
    if (run?.protocol === protocol) run.points.push(point);
    else {
      // Each run starts where the last ended, so the bold curve has no gaps.
      const start = run ? [run.points[run.points.length - 1]] : [];
      best.push({ protocol, points: [...start, point] });
    }
  }
  return { points, curves, best, protocols };
}
