// An all-reduce's α-β model far beyond the device count a schedule may have (MAX_DEVICES), from the
// algorithms' closed forms (costFormulas.ts, treeForms.ts): nothing is done per transfer, so the
// 24,576 GPUs of NCCL 2.4's figures, or 65,536, cost about what 64 do. Up to MAX_DEVICES it is
// allreduceModel, time for time, which is the cost of the built schedule (test/core/model).
// Chunks matter only to the trees, whose pipeline they are; an algorithm with no exact form here
// (hierarchical-ring on nodes of another G than its own) is modelled from its schedule where one
// can be built, and has no model beyond.

import { algorithmName, buildSchedule, findAlgorithm, type AlgorithmSpec } from '../algorithms';
import { checkDevicesPerNode } from '../algorithms/options';
import { GradsyncError } from '../errors';
import type { Protocol } from '../nccl/protocols';
import { MAX_CHUNKS, MAX_DEVICES } from '../schedule/ir';
import { formatCount } from '../units';
import { checkTopology, modelCost, weighedProtocols, type Topology } from './cost';
import { fabricsOf, formModels, type ModelTime } from './costFormulas';
import { checkElements } from './traffic';
import { fastest } from './transport';

/** The most devices the closed forms are asked about: twice the 65,536 of a large job today. */
export const SCALE_MAX_DEVICES = 131_072;

export interface ScaleModelRequest {
  algorithm: string;
  devices: number;
  topology: Topology;
  /** The pipeline's chunks of tree and double-tree (default: their own); other algorithms take none. */
  chunks?: number;
  /** hierarchical-ring's G (needed); the G that tree and double-tree are built over (optional). */
  devicesPerNode?: number;
}

interface ScaleTime {
  timeUs: number;
  /** The protocol modelled: the transport's, or the fastest at this size where it says 'auto'. */
  protocol: Protocol;
}

/** The model time of a K-element buffer, with the protocol it is for. */
export type ScaleModel = (elements: number) => ScaleTime;

function bad(message: string, field: string, value: unknown, allowed: string): never {
  throw new GradsyncError('bad-argument', message, { field, value, allowed });
}

function checkScaleDevices(devices: number): number {
  if (!Number.isInteger(devices) || devices < 1 || devices > SCALE_MAX_DEVICES) {
    bad(
      `devices must be an integer from 1 to ${formatCount(SCALE_MAX_DEVICES)}, got ${devices}`,
      'devices',
      devices,
      `be from 1 to ${formatCount(SCALE_MAX_DEVICES)}`,
    );
  }
  return devices;
}

/** The trees' chunks: any count up to MAX_CHUNKS (no schedule is built, so devices × chunks is not bounded). */
function pipelineChunks(spec: AlgorithmSpec, chunks: number | undefined): number {
  const rule = spec.chunks;
  const count = chunks ?? (rule.kind === 'any' ? rule.fallback : 1);
  if (!Number.isInteger(count) || count < 1 || count > MAX_CHUNKS) {
    bad(`chunks must be an integer from 1 to ${formatCount(MAX_CHUNKS)}, got ${count}`, 'chunks', count, `be from 1 to ${formatCount(MAX_CHUNKS)}`);
  }
  return count;
}

/** Each protocol's model, the fastest taken at each K. */
function pickFastest(protocols: readonly Protocol[], models: readonly ModelTime[]): ScaleModel {
  return (elements) => {
    const times = models.map((model) => model(elements));
    const best = fastest(times);
    return { timeUs: times[best], protocol: protocols[best] };
  };
}

/**
 * The all-reduce model of an algorithm on N ≤ SCALE_MAX_DEVICES devices as a function of K. Bad
 * options throw GradsyncError, as allreduceModel's do; so does an algorithm with no model at N.
 */
export function scaleModel(request: ScaleModelRequest): ScaleModel {
  const spec = findAlgorithm('allreduce', request.algorithm);
  const n = checkScaleDevices(request.devices);
  checkTopology(request.topology, n);
  const perNode = spec.takesDevicesPerNode ? checkDevicesPerNode(request.devicesPerNode, n, algorithmName(spec)) : undefined;
  const chunks = spec.chunks.kind === 'any' ? pipelineChunks(spec, request.chunks) : undefined;
  const protocols = weighedProtocols(request.topology);
  if (n === 1) return (k) => (checkElements(k), { timeUs: 0, protocol: protocols[0] });
  const fs = fabricsOf(request.topology, n);
  const setting = { devices: n, topology: request.topology, chunks: chunks ?? n, perNode, devicesPerNode: request.devicesPerNode };
  const forms = spec.costForm ? formModels(spec.costForm, fs, setting) : null;
  if (forms !== null) {
    const model = pickFastest(protocols, forms);
    return (k) => model(checkElements(k));
  }
  if (n > MAX_DEVICES) {
    throw new GradsyncError(
      'too-large',
      `${algorithmName(spec)} has no closed form on this topology, and no schedule of more than ${formatCount(MAX_DEVICES)} devices is built`,
    );
  }
  const schedule = buildSchedule({ algorithm: spec.id, devices: n, chunks, devicesPerNode: request.devicesPerNode });
  return (k) => {
    const cost = modelCost(schedule, checkElements(k), request.topology);
    return { timeUs: cost.totalUs, protocol: cost.protocol };
  };
}
