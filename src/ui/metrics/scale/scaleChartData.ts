// What NCCL 2.4's two charts plot, from the settings alone: each algorithm's latency (the time of a
// small all-reduce) and bus bandwidth (of a large one) at every GPU count, the model's gap between the
// incumbent and the challenger where the publication measured one, and the counts an algorithm has no
// model at. The rows are compareRows', the same as `gradsync compare` prints.

import {
  compareRows,
  isModelled,
  treeChunksFor,
  type CompareRow,
  type ModelledRow,
  type ProtocolChoice,
  type ScaleFigures,
  type Topology,
} from '../../../core/model';
import { presetById, presetTopology } from '../../../core/nccl';
import { formatCount } from '../../format';

export interface ScalePoint {
  devices: number;
  value: number;
}

export interface ScaleSeries {
  algorithm: string;
  points: ScalePoint[];
}

export interface ScaleGap {
  devices: number;
  /** The model's incumbent latency over the challenger's. */
  ratio: number;
  incumbentUs: number;
  challengerUs: number;
}

export interface ScaleChartData {
  /** µs at the latency size. */
  latency: ScaleSeries[];
  /** Bus bandwidth in GB/s at the bandwidth size. */
  bandwidth: ScaleSeries[];
  /** The model's gap at the measured count (else the largest count both have). */
  gap: ScaleGap | null;
  /** "hierarchical-ring at 6 GPUs: …", one line per count an algorithm has no model at. */
  missing: string[];
  /** The machine's topology at the gap's count, for the words beside the charts. */
  topology: Topology | null;
}

/** The machine's topology for N devices under a protocol. */
export function figuresTopology(figures: Pick<ScaleFigures, 'machine'>, devices: number, protocol: ProtocolChoice): Topology {
  const base: Topology = typeof figures.machine === 'string' ? presetTopology(presetById(figures.machine), devices) : { kind: 'switch', ...figures.machine };
  return { ...base, transport: { protocol } };
}

/** hierarchical-ring's G: the figures', else the preset's nodes. */
function nodesOf(figures: ScaleFigures): number | undefined {
  if (figures.devicesPerNode !== undefined) return figures.devicesPerNode;
  return typeof figures.machine === 'string' ? presetById(figures.machine).hardware.gpusPerNode : undefined;
}

function seriesOf(figures: ScaleFigures, rows: readonly CompareRow[], value: (row: ModelledRow) => number | null): ScaleSeries[] {
  return figures.algorithms.map((algorithm) => ({
    algorithm,
    points: rows.flatMap((row) => {
      if (row.algorithm !== algorithm || !isModelled(row)) return [];
      const v = value(row);
      return v === null || !(v > 0) ? [] : [{ devices: row.devices, value: v }];
    }),
  }));
}

function gapOf(figures: ScaleFigures, latency: readonly ScaleSeries[]): ScaleGap | null {
  const [incumbent, challenger] = latency;
  if (!incumbent || !challenger) return null;
  const at = (series: ScaleSeries, n: number) => series.points.find((p) => p.devices === n)?.value;
  const shared = incumbent.points.map((p) => p.devices).filter((n) => at(challenger, n) !== undefined);
  const wanted = figures.measured?.devices;
  const devices = wanted !== undefined && shared.includes(wanted) ? wanted : shared.at(-1);
  if (devices === undefined) return null;
  const incumbentUs = at(incumbent, devices)!;
  const challengerUs = at(challenger, devices)!;
  return { devices, ratio: incumbentUs / challengerUs, incumbentUs, challengerUs };
}

export function scaleChartData(figures: ScaleFigures): ScaleChartData {
  const common = { algorithms: figures.algorithms, deviceCounts: figures.deviceCounts, devicesPerNode: nodesOf(figures) };
  const latencyRows = compareRows({
    ...common,
    sizes: [figures.latencyBytes],
    topologyAt: (n) => figuresTopology(figures, n, figures.latencyProtocol),
  });
  const bandwidthRows = compareRows({
    ...common,
    sizes: [figures.bandwidthBytes],
    topologyAt: (n) => figuresTopology(figures, n, figures.bandwidthProtocol),
    chunks: treeChunksFor(figures, figures.bandwidthBytes),
  });
  const latency = seriesOf(figures, latencyRows, (row) => row.timeUs);
  const gap = gapOf(figures, latency);
  const missing = latencyRows.flatMap((row) => (isModelled(row) ? [] : [`${row.algorithm} at ${formatCount(row.devices)} GPUs: ${row.unavailable}`]));
  const topology = gap && figuresTopology(figures, gap.devices, figures.latencyProtocol);
  return { latency, bandwidth: seriesOf(figures, bandwidthRows, (row) => row.busbwGBs), gap, missing, topology };
}
