// Everything that follows from a configuration (or a loaded schedule) without running it: the
// schedule, its proof or first violation, and its model cost.

import { compileAlgorithm } from '../core/algorithms';
import { checkElements, compileSchedule, type Schedule } from '../core/schedule';
import {
  modelCost,
  type CostResult,
  type Topology,
  timelineRowSize,
  bandwidthMetrics,
  type BandwidthMetrics,
  type TimelineData,
  defaultTopologyKind,
  topologyAt,
} from '../core/model';
import { GradsyncError } from '../core/errors';
import { presetById, presetTopology } from '../core/nccl';
import { verifySchedule, type VerifyResult } from '../core/symbolic';
import { devicesPerNodeFor, SETTING_LABELS, transportOf, type SimConfig } from './config';

export interface Derived {
  schedule: Schedule;
  /** The proof, or null while it is being made in the background (the picture does not wait for it). */
  verification: VerifyResult | null;
  /** The model's cost and bandwidths, or null while the background models them (the picture does not wait either). */
  cost: CostResult | null;
  metrics: BandwidthMetrics | null;
  topology: Topology;
  /** What the timeline draws (it follows the cost), when the background made it; views make it otherwise. */
  timeline?: TimelineData;
}

/**
 * The preset's topology where a machine is chosen, one switch of the fitted fabric where a fit is. Otherwise one switch while all devices fit in one
 * node; nodes of `devicesPerNode` (both fabrics as configured)
 * once there are several. With the configured protocol and channels, where either is not the default.
 * Cheap: known before the model.
 */
export function topologyFor(config: SimConfig, schedule: Schedule): Topology {
  const transport = transportOf(config);
  return transport === undefined ? fabricTopologyFor(config, schedule) : { ...fabricTopologyFor(config, schedule), transport };
}

function fabricTopologyFor(config: SimConfig, schedule: Schedule): Topology {
  if (config.preset !== null) return presetTopology(presetById(config.preset), schedule.devices);
  if (config.fit !== null) return { kind: 'switch', ...config.fit };
  const fabric = { latencyUs: config.latencyUs, bandwidthGBs: config.bandwidthGBs };
  const inter = { latencyUs: config.interLatencyUs, bandwidthGBs: config.interBandwidthGBs };
  return topologyAt(config.topology ?? defaultTopologyKind(schedule), schedule.devices, schedule.devicesPerNode ?? config.devicesPerNode, fabric, inter);
}

/**
 * The schedule of a configuration, compiled as it is written (its steps make their transfers when
 * read; it must not be changed); a bad combination throws a GradsyncError in the app's words.
 */
export function scheduleFor(config: SimConfig): Schedule {
  return inAppWords(
    () =>
      compileAlgorithm({
        collective: config.collective,
        algorithm: config.algorithm,
        devices: config.devices,
        chunks: config.chunks ?? undefined,
        devicesPerNode: devicesPerNodeFor(config),
      }).schedule,
  );
}

/** What the schedule depends on: configurations with equal keys share schedule, proof and engine. */
export function shapeKey(config: SimConfig): string {
  return [config.collective, config.algorithm, config.devices, config.chunks ?? '', devicesPerNodeFor(config) ?? ''].join('|');
}

/**
 * Derives from a schedule; a GradsyncError from a bad combination becomes a message. A known proof
 * of the same schedule is reused: only the cost depends on latency, bandwidth and size.
 */
export function derive(config: SimConfig, schedule: Schedule, known?: VerifyResult): Derived {
  return { schedule, verification: known ?? verifySchedule(schedule), ...modelOf(config, schedule) };
}

/** What depends on latency, bandwidth and size: the model's cost, its bandwidths and the topology. */
export interface Model {
  cost: CostResult;
  metrics: BandwidthMetrics;
  topology: Topology;
}

export function modelOf(config: SimConfig, schedule: Schedule): Model {
  inAppWords(() => checkElements(compileSchedule(schedule), config.elements));
  const topology = topologyFor(config, schedule);
  // The timeline's rows are counted in the same pass as the cost (ring on 1024 is 2 million transfers).
  const cost = inAppWords(() => modelCost(schedule, config.elements, topology, { runLoadsOf: timelineRowSize(schedule.devices) }));
  const metrics = bandwidthMetrics(schedule.collective, schedule.devices, config.elements, cost.totalUs);
  return { cost, metrics, topology };
}

function shown(value: unknown): string {
  return typeof value === 'string' ? `“${value}”` : String(value);
}

/**
 * A GradsyncError in the app's words: one about a setting names the app's field, what it must do and
 * what it got ("Devices per node must divide the 4 devices: 1, 2 or 4; got 3"), never a flag; others
 * keep their message. Anything else is a bug of ours and is thrown on.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof GradsyncError)) throw error;
  const setting = error.setting;
  if (!setting) return error.message;
  const label = SETTING_LABELS[setting.field] ?? setting.field;
  const other = setting.allowedWith;
  const needs = other ? `, which needs ${SETTING_LABELS[other.field] ?? other.field} ${other.values.join(' or ')}` : '';
  return `${label} must ${setting.allowed}${setting.value === undefined ? '' : `; got ${shown(setting.value)}${needs}`}`;
}

/** Runs `compute`, turning a GradsyncError it throws into one worded for the app. */
function inAppWords<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (!(error instanceof GradsyncError) || !error.setting) throw error;
    throw new GradsyncError(error.code, describeError(error), error.setting);
  }
}
