// The rows of `gradsync compare` and of NCCL 2.4's charts: each algorithm's model time, algbw and
// busbw (nccl-tests' definitions) per device count and message size, on the topology a machine has
// for that many devices, from scaleModel's closed forms (no schedule is built, so 65,536 devices are
// as quick as 64). Tree and double-tree are built over the topology's nodes where it has them, as
// NCCL builds its trees across nodes; hierarchical-ring over the G asked for, else over those nodes.
// Where an algorithm has no model at a device count (a machine that cannot take it, nodes that do
// not divide it), its rows say why instead.

import { findAlgorithm } from '../algorithms';
import { GradsyncError } from '../errors';
import type { Protocol } from '../nccl/protocols';
import type { Topology } from './cost';
import { bandwidthMetrics } from './metrics';
import { scaleModel, type ScaleModel } from './scaleModel';
import { BYTES_PER_ELEMENT } from './traffic';

export interface CompareRowsRequest {
  algorithms: readonly string[];
  deviceCounts: readonly number[];
  /** Message sizes in bytes, whole f32 elements. */
  sizes: readonly number[];
  /** The machine's topology for N devices; a GradsyncError (a preset that cannot take N) leaves N's rows without a model, saying why. */
  topologyAt(devices: number): Topology;
  /** hierarchical-ring's G; absent: the topology's nodes. */
  devicesPerNode?: number;
  /** The pipeline's chunks of tree and double-tree; absent: their own. */
  chunks?: number;
}

export interface ModelledRow {
  algorithm: string;
  devices: number;
  bytes: number;
  timeUs: number;
  /** null where nothing moves (one device). */
  algbwGBs: number | null;
  busbwGBs: number | null;
  protocol: Protocol;
}

interface MissingRow {
  algorithm: string;
  devices: number;
  bytes: number;
  /** Why there is no model, in one line. */
  unavailable: string;
}

export type CompareRow = ModelledRow | MissingRow;

export function isModelled(row: CompareRow): row is ModelledRow {
  return !('unavailable' in row);
}

/** A model, or the one line that says why there is none. */
type Attempt<T> = { ok: T } | { why: string };

function attempt<T>(make: () => T): Attempt<T> {
  try {
    return { ok: make() };
  } catch (error) {
    if (error instanceof GradsyncError) return { why: error.message };
    throw error;
  }
}

/** Rows by size, then device count, then algorithm in the order asked. */
export function compareRows(request: CompareRowsRequest): CompareRow[] {
  const models = new Map<string, Attempt<ScaleModel>>();
  const modelOf = (algorithm: string, devices: number, topology: Attempt<Topology>): Attempt<ScaleModel> => {
    const key = `${algorithm}@${devices}`;
    let model = models.get(key);
    if (model === undefined) {
      model =
        'why' in topology
          ? topology
          : attempt(() => {
              const nodes = topology.ok.kind === 'nodes' ? topology.ok.devicesPerNode : undefined;
              const needsNodes = findAlgorithm('allreduce', algorithm).takesDevicesPerNode === true;
              const devicesPerNode = needsNodes ? (request.devicesPerNode ?? nodes) : nodes;
              return scaleModel({ algorithm, devices, topology: topology.ok, chunks: request.chunks, devicesPerNode });
            });
      models.set(key, model);
    }
    return model;
  };
  const topologies = new Map(request.deviceCounts.map((n) => [n, attempt(() => request.topologyAt(n))]));
  const rows: CompareRow[] = [];
  for (const bytes of request.sizes) {
    const elements = bytes / BYTES_PER_ELEMENT;
    for (const devices of request.deviceCounts) {
      for (const algorithm of request.algorithms) {
        const model = modelOf(algorithm, devices, topologies.get(devices)!);
        if ('why' in model) {
          rows.push({ algorithm, devices, bytes, unavailable: model.why });
          continue;
        }
        const { timeUs, protocol } = model.ok(elements);
        const { algbwGBs, busbwGBs } = bandwidthMetrics('allreduce', devices, elements, timeUs);
        rows.push({ algorithm, devices, bytes, timeUs, algbwGBs, busbwGBs, protocol });
      }
    }
  }
  return rows;
}
