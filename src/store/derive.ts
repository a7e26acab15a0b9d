// Everything that follows from a configuration (or a loaded schedule) without running it: the
// schedule, its proof or first violation, and its model cost.

import { buildSchedule } from '../core/algorithms';
import { DEFAULT_INTER_NODE_FABRIC, modelCost, type CostResult, type Topology } from '../core/cost';
import { GradsyncError } from '../core/errors';
import { bandwidthMetrics, type BandwidthMetrics } from '../core/metrics';
import type { Schedule } from '../core/schedule';
import { verifySchedule, type VerifyResult } from '../core/verify';
import type { SimConfig } from './config';

export interface Derived {
  schedule: Schedule;
  verification: VerifyResult;
  cost: CostResult;
  metrics: BandwidthMetrics;
  topology: Topology;
}

/**
 * One switch while all devices fit in one node; nodes of `devicesPerNode` (intra-node fabric as
 * configured, inter-node fabric at the defaults) once there are several.
 */
export function topologyFor(config: SimConfig, schedule: Schedule): Topology {
  const intra = { latencyUs: config.latencyUs, bandwidthGBs: config.bandwidthGBs };
  const perNode = schedule.devicesPerNode ?? config.devicesPerNode;
  if (perNode >= schedule.devices || schedule.devices % perNode !== 0) return { kind: 'switch', ...intra };
  return { kind: 'nodes', devicesPerNode: perNode, intra, inter: { ...DEFAULT_INTER_NODE_FABRIC } };
}

export function scheduleFor(config: SimConfig): Schedule {
  return buildSchedule({
    collective: config.collective,
    algorithm: config.algorithm,
    devices: config.devices,
    chunks: config.chunks ?? undefined,
    devicesPerNode: config.algorithm === 'hierarchical-ring' ? config.devicesPerNode : undefined,
  });
}

/** What the schedule depends on: configurations with equal keys share schedule, proof and engine. */
export function shapeKey(config: SimConfig): string {
  const perNode = config.algorithm === 'hierarchical-ring' ? config.devicesPerNode : '';
  return [config.collective, config.algorithm, config.devices, config.chunks ?? '', perNode].join('|');
}

/**
 * Derives from a schedule; a GradsyncError from a bad combination becomes a message. A known proof
 * of the same schedule is reused: only the cost depends on latency, bandwidth and size.
 */
export function derive(config: SimConfig, schedule: Schedule, known?: VerifyResult): Derived {
  const verification = known ?? verifySchedule(schedule);
  const topology = topologyFor(config, schedule);
  const cost = modelCost(schedule, config.elements, topology);
  const metrics = bandwidthMetrics(schedule.collective, schedule.devices, config.elements, cost.totalUs);
  return { schedule, verification, cost, metrics, topology };
}

export function describeError(error: unknown): string {
  if (error instanceof GradsyncError) return error.message;
  throw error;
}
