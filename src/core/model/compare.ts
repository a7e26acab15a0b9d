// What the compare chart plots: the model time of every all-reduce algorithm against the device count
// (at the current message size) and against the message size (at the current device count), on the
// topology the app would model for that many devices (a machine preset's, where one is chosen; device
// counts it cannot take are left out), and where the crossover pair (tree and ring) cross.

import { algorithmIds, MATCHUPS, specOf } from '../algorithms';
import { allreduceModel, type ModelTime } from './costFormulas';
import type { Fabric, Topology } from './cost';
import { GradsyncError } from '../errors';
import { presetById, presetTopology } from '../nccl/presets';
import { topologyAt, type TopologyKind } from './topology';
import { BYTES_PER_ELEMENT } from './traffic';
import type { Transport } from './transport';

export const COMPARED = algorithmIds('allreduce');
const CROSSOVER = MATCHUPS.crossover;

/** Whether an all-reduce algorithm builds its schedule over nodes (takes devices per node). */
function buildsOverNodes(algorithm: string): boolean {
  return specOf({ collective: 'allreduce', algorithm })?.takesDevicesPerNode === true;
}

/** The compared algorithms built over nodes of devicesPerNode. */
export const COMPARED_OVER_NODES = COMPARED.filter(buildsOverNodes);

/** Why an algorithm has no model at N devices, or null where it has one: one built over nodes needs G dividing N. */
export function unavailableReason(algorithm: string, devices: number, devicesPerNode: number): string | null {
  if (!buildsOverNodes(algorithm) || devices % devicesPerNode === 0) return null;
  return `${algorithm} needs devices per node (${devicesPerNode}) to divide ${devices}`;
}

export interface CompareInput {
  devices: number;
  elements: number;
  latencyUs: number;
  bandwidthGBs: number;
  devicesPerNode: number;
  /** The topology chosen; null: each algorithm's default (core/model/topology.ts). */
  topology: TopologyKind | null;
  /** The configured algorithm, whose chunk count its lines use (null for a loaded schedule). */
  algorithm: string | null;
  chunks: number | null;
  /** A machine preset (core/nccl/presets.ts) in place of topology, latencyUs and bandwidthGBs. */
  preset?: string | null;
  /** The network between nodes (default: cost.ts's). */
  inter?: Fabric;
  /** A fitted machine (fabricText.ts): one switch of this fabric in place of topology, latencyUs and bandwidthGBs. */
  fit?: Fabric | null;
  /** Protocol and channels (transport.ts); absent: Simple, the ports full. */
  transport?: Transport;
}

export interface Point {
  x: number;
  timeUs: number;
}

export interface Series {
  algorithm: string;
  points: Point[];
}

export interface CompareData {
  /** The device count of the size sweep (at least 2: one device moves nothing). */
  devices: number;
  bytes: number;
  deviceCounts: number[];
  sizes: number[];
  byDevices: Series[];
  bySize: Series[];
  /** Where the crossover challenger (tree) beats its incumbent (ring): over message sizes at `devices`, and over the plotted device counts. */
  treeVsRing: { bySize: Wins | null; byDevices: Wins | null };
}

const MAX_DEVICES_COMPARED = 1024;
const MIN_BYTES = 4;
const MAX_BYTES = 2 ** 30;
/** Tree schedules are built per device count; a huge configured chunk count falls back to the default. */
const MAX_CHUNK_CELLS = 1 << 16;

/** Powers of two from 2 to 1024, and the current count (each modelled on the topology the app would use). */
function deviceCountsFor(current: number): number[] {
  const counts = new Set<number>();
  for (let p = 2; p <= MAX_DEVICES_COMPARED; p *= 2) counts.add(p);
  if (current >= 2 && current <= MAX_DEVICES_COMPARED) counts.add(current);
  return [...counts].sort((a, b) => a - b);
}

function sizesFor(currentBytes: number): number[] {
  const sizes: number[] = [];
  for (let b = MIN_BYTES; b <= MAX_BYTES; b *= 2) sizes.push(b);
  if (currentBytes >= MIN_BYTES && currentBytes <= MAX_BYTES && !sizes.includes(currentBytes)) sizes.push(currentBytes);
  return sizes.sort((a, b) => a - b);
}

/** The preset's topology for N devices; null where it cannot take them (12 GPUs on nodes of 8). */
function presetTopologyOrNull(preset: string, devices: number): Topology | null {
  try {
    return presetTopology(presetById(preset), devices);
  } catch (error) {
    if (!(error instanceof GradsyncError)) throw error;
    return null;
  }
}

/** The model of one algorithm at N devices, or null where it does not exist (see unavailableReason). */
export function modelFor(input: CompareInput, algorithm: string, devices: number): ModelTime | null {
  const perNode = input.devicesPerNode;
  const overNodes = buildsOverNodes(algorithm);
  if (unavailableReason(algorithm, devices, perNode) !== null) return null;
  // As the app and the command line model it: the chosen kind, else nodes for a schedule built over them.
  const kind = input.topology ?? (overNodes ? 'nodes' : 'switch');
  const fabrics = input.preset
    ? presetTopologyOrNull(input.preset, devices)
    : input.fit
      ? { kind: 'switch' as const, ...input.fit }
      : topologyAt(kind, devices, perNode, { latencyUs: input.latencyUs, bandwidthGBs: input.bandwidthGBs }, input.inter);
  if (fabrics === null) return null;
  const topology: Topology = input.transport === undefined ? fabrics : { ...fabrics, transport: input.transport };
  const own = algorithm === input.algorithm && input.chunks !== null && devices * input.chunks <= MAX_CHUNK_CELLS ? input.chunks : undefined;
  for (const chunks of own === undefined ? [undefined] : [own, undefined]) {
    try {
      return allreduceModel({ algorithm, devices, topology, chunks, devicesPerNode: overNodes ? perNode : undefined });
    } catch (error) {
      if (!(error instanceof GradsyncError)) throw error;
    }
  }
  return null;
}

const elementsOf = (bytes: number) => Math.max(1, Math.floor(bytes / BYTES_PER_ELEMENT));

export function compareData(input: CompareInput): CompareData {
  const devices = Math.min(Math.max(2, input.devices), MAX_DEVICES_COMPARED);
  const bytes = input.elements * BYTES_PER_ELEMENT;
  const deviceCounts = deviceCountsFor(input.devices);
  const sizes = sizesFor(bytes);
  const byDevices: Series[] = [];
  const bySize: Series[] = [];
  for (const algorithm of COMPARED) {
    const points: Point[] = [];
    for (const n of deviceCounts) {
      const model = modelFor(input, algorithm, n);
      if (model) points.push({ x: n, timeUs: model(input.elements) });
    }
    byDevices.push({ algorithm, points });
    const model = modelFor(input, algorithm, devices);
    bySize.push({ algorithm, points: model ? sizes.map((b) => ({ x: b, timeUs: model(elementsOf(b)) })) : [] });
  }
  const data = { devices, bytes, deviceCounts, sizes, byDevices, bySize };
  return { ...data, treeVsRing: { bySize: sizeWins(input, devices), byDevices: deviceWins(data) } };
}

// Where the challenger beats the incumbent, found numerically: over message sizes by bisection on the element count
// (the model is exact for every K), over device counts on the plotted points.

/** Where the challenger wins: closed ranges [from, to] of the axis, ascending. */
export interface Wins {
  lo: number;
  hi: number;
  ranges: [number, number][];
}

/**
 * Ranges of an ascending grid where `wins` holds. With `refine`, each boundary between grid points
 * is found exactly by bisection over the integers between them.
 */
export function winRanges(grid: readonly number[], wins: (x: number) => boolean, refine: boolean): Wins {
  const w = grid.map(wins);
  const ranges: [number, number][] = [];
  let start: number | null = w[0] ? grid[0] : null;
  for (let i = 0; i + 1 < grid.length; i++) {
    if (w[i] === w[i + 1]) continue;
    let lo = grid[i];
    let hi = grid[i + 1];
    while (refine && hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (wins(mid) === w[i]) lo = mid;
      else hi = mid;
    }
    if (w[i]) {
      ranges.push([start!, lo]);
      start = null;
    } else start = hi;
  }
  if (start !== null) ranges.push([start, grid[grid.length - 1]]);
  return { lo: grid[0], hi: grid[grid.length - 1], ranges };
}

/** The challenger against the incumbent (tree against ring) over K = 1 … 2^28 elements (4 B … 1 GiB) at N devices. */
export function sizeWins(input: CompareInput, devices: number, challenger = CROSSOVER.challenger, incumbent = CROSSOVER.incumbent): Wins | null {
  const a = modelFor(input, challenger, devices);
  const b = modelFor(input, incumbent, devices);
  if (!a || !b) return null;
  const grid: number[] = [];
  for (let k = 1; k <= 2 ** 28; k *= 2) grid.push(k);
  return winRanges(grid, (k) => a(k) < b(k), true);
}

function pointsOf(series: readonly Series[], algorithm: string): Map<number, number> {
  return new Map((series.find((s) => s.algorithm === algorithm)?.points ?? []).map((p) => [p.x, p.timeUs]));
}

/** The challenger against the incumbent (tree against ring) over the plotted device counts at the current size. */
function deviceWins(data: Pick<CompareData, 'byDevices' | 'deviceCounts'>, challenger = CROSSOVER.challenger, incumbent = CROSSOVER.incumbent): Wins | null {
  const a = pointsOf(data.byDevices, challenger);
  const b = pointsOf(data.byDevices, incumbent);
  const grid = data.deviceCounts.filter((n) => a.has(n) && b.has(n));
  return grid.length === 0 ? null : winRanges(grid, (n) => a.get(n)! < b.get(n)!, false);
}

/** The fastest algorithm at the size sweep's device count and the current size. */
export function fastestAt(data: CompareData): { algorithm: string; timeUs: number } | null {
  let best: { algorithm: string; timeUs: number } | null = null;
  for (const series of data.bySize) {
    const point = series.points.find((p) => p.x === data.bytes);
    if (point && (!best || point.timeUs < best.timeUs)) best = { algorithm: series.algorithm, timeUs: point.timeUs };
  }
  return best;
}
