// What a simulation is configured with, its defaults and its limits: the keys of the URL, the
// embed attributes and the controls.

import { algorithmIds, DEFAULT_ALGORITHM, specOf, suggestDevicesPerNode } from '../core/algorithms';
import {
  DEFAULT_INTER_NODE_FABRIC,
  DEFAULT_SWITCH_FABRIC,
  type Fabric,
  type TopologyKind,
  MAX_CHANNELS,
  type ProtocolChoice,
  type Transport,
} from '../core/model';
import type { ReduceOp } from '../core/ops';
import type { Collective } from '../core/schedule';
import type { Backend } from '../engine/engines';

/** The engine a figure asks for (the engine layer's one list). */
export type { Backend };

export interface SimConfig {
  collective: Collective;
  algorithm: string;
  devices: number;
  elements: number;
  /** null: the algorithm's own chunk count. */
  chunks: number | null;
  op: ReduceOp;
  devicesPerNode: number;
  /** The cost model's topology: one switch, or nodes of devicesPerNode; null: the schedule's default. */
  topology: TopologyKind | null;
  latencyUs: number;
  bandwidthGBs: number;
  /** The network between nodes, where the topology is nodes. */
  interLatencyUs: number;
  interBandwidthGBs: number;
  /**
   * A machine (core/nccl/presets.ts) whose topology and fabrics the model uses in place of topology,
   * latencyUs and bandwidthGBs; null: those, as set.
   */
  preset: string | null;
  /**
   * A machine fitted to an nccl-tests log (one switch; core/ncclTests/asModel.ts): its fabric in place of
   * topology, latencyUs and bandwidthGBs, which hold its Simple α and B; null: none.
   */
  fit: Fabric | null;
  /** NCCL's protocol the model moves bytes with, or 'auto' for the fastest (core/model/transport.ts). */
  protocol: ProtocolChoice;
  /** Channels per device; null: as many as fill each port. */
  channels: number | null;
  /** The engine asked for; the CPU engine runs when WebGPU is missing. */
  backend: Backend;
  /** Animation speed: 1 is one step per second; PACED (0) where none was chosen: the schedule's own pace (speedFor). */
  speed: number;
}

export const DEFAULT_CONFIG: Readonly<SimConfig> = Object.freeze({
  collective: 'allreduce',
  algorithm: DEFAULT_ALGORITHM,
  devices: 4,
  elements: 1024,
  chunks: null,
  op: 'sum',
  devicesPerNode: 8,
  topology: null,
  latencyUs: DEFAULT_SWITCH_FABRIC.latencyUs,
  bandwidthGBs: DEFAULT_SWITCH_FABRIC.bandwidthGBs,
  interLatencyUs: DEFAULT_INTER_NODE_FABRIC.latencyUs,
  interBandwidthGBs: DEFAULT_INTER_NODE_FABRIC.bandwidthGBs,
  preset: null,
  fit: null,
  protocol: 'Simple',
  channels: null,
  backend: 'webgpu',
  // PACED (below): no speed chosen, so each schedule plays at its own pace, about a minute in all.
  speed: 0,
});

export const LIMITS = {
  devices: { min: 1, max: 1024 },
  elements: { min: 1, max: 1 << 22 },
  chunks: { min: 1, max: 4096 },
  devicesPerNode: { min: 1, max: 1024 },
  latencyUs: { min: 0, max: 1e6 },
  bandwidthGBs: { min: 1e-3, max: 1e5 },
  interLatencyUs: { min: 0, max: 1e6 },
  interBandwidthGBs: { min: 1e-3, max: 1e5 },
  channels: { min: 1, max: MAX_CHANNELS },
  speed: { min: 0.25, max: 32 },
} as const;

export function algorithmIdsFor(collective: Collective): string[] {
  return algorithmIds(collective);
}

/** What the app calls each setting an error can be about (the command line names its flag instead). */
export const SETTING_LABELS: Readonly<Record<string, string>> = {
  collective: 'Collective',
  algorithm: 'Algorithm',
  devices: 'Devices',
  devicesPerNode: 'Devices per node',
  elements: 'Elements',
  chunks: 'Chunks',
  op: 'Op',
  latencyUs: 'Latency',
  bandwidthGBs: 'Bandwidth',
  interLatencyUs: 'Latency between nodes',
  interBandwidthGBs: 'Bandwidth between nodes',
  topology: 'Topology',
  preset: 'Machine',
  fit: 'Fitted machine',
  protocol: 'Protocol',
  channels: 'Channels',
  gammaUsPerByte: 'γ per byte',
  backend: 'Engine',
  speed: 'Speed',
};

/** Whether the configured algorithm groups devices in nodes of devicesPerNode. */
export function takesDevicesPerNode(config: Pick<SimConfig, 'collective' | 'algorithm'>): boolean {
  return specOf(config)?.takesDevicesPerNode === true;
}

/**
 * The devices per node the algorithm runs with: the configured number where it divides the devices,
 * else the core's suggestion (hierarchical-ring picked at 4 devices draws 2 nodes of 2); undefined for
 * algorithms without nodes.
 */
export function devicesPerNodeFor(config: SimConfig): number | undefined {
  if (!takesDevicesPerNode(config)) return undefined;
  return config.devices % config.devicesPerNode === 0 ? config.devicesPerNode : suggestDevicesPerNode(config.devices);
}

/** The speeds the app offers (steps per second), slowest first. */
export const SPEED_CHOICES: readonly number[] = [0.25, 0.5, 1, 2, 4, 8, 16, 32];

/** The speed that stands for none chosen: each schedule plays at its own pace (paceOf). */
export const PACED = 0;
/** About how long a whole schedule plays at its own pace (s). */
const PLAY_SECONDS = 60;
/** The slowest pace: two seconds a step, long enough for a room to follow each message along its link. */
const SLOWEST_PACE = 0.5;

/**
 * The pace of a schedule of `steps` steps: the speed offered nearest (by ratio) to playing it whole in
 * about a minute, never slower than SLOWEST_PACE. Ring on 1024 devices (2,046 steps) plays at 32 steps a
 * second, in 64 s; ring on 4 (6 steps) at 0.5, as every short schedule.
 */
export function paceOf(steps: number): number {
  const wanted = Math.log2(Math.max(steps, 1) / PLAY_SECONDS);
  const nearest = SPEED_CHOICES.reduce((best, choice) => (Math.abs(Math.log2(choice) - wanted) < Math.abs(Math.log2(best) - wanted) ? choice : best));
  return Math.max(SLOWEST_PACE, nearest);
}

/** The speed a schedule of `steps` steps plays at: the one chosen, else its pace. */
export function speedFor(speed: number, steps: number): number {
  return speed > 0 ? speed : paceOf(steps);
}

/** The speed offered next above (+1) or below (−1) `speed`, which may be any (a link's); the same at either end. */
export function stepSpeed(speed: number, direction: 1 | -1): number {
  if (direction > 0) return SPEED_CHOICES.find((choice) => choice > speed) ?? speed;
  return [...SPEED_CHOICES].reverse().find((choice) => choice < speed) ?? speed;
}

/** What changes when `algorithm` of `collective` is picked: an algorithm over nodes starts with at least 2 nodes, so its hierarchy shows. */
export function algorithmPick(config: SimConfig, collective: Collective, algorithm: string): Partial<SimConfig> {
  const picked = { collective, algorithm };
  return takesDevicesPerNode(picked) ? { ...picked, devicesPerNode: devicesPerNodeOnPick(config.devices, config.devicesPerNode) } : picked;
}

/** The pick of the algorithm after (+1) or before (−1) the configured one, in the menu's order, round the end. */
export function stepAlgorithm(config: SimConfig, direction: 1 | -1): Partial<SimConfig> {
  const ids = algorithmIdsFor(config.collective);
  const at = ids.indexOf(config.algorithm);
  return algorithmPick(config, config.collective, ids[(at + direction + ids.length) % ids.length]);
}

/** devicesPerNode as a node algorithm is picked: the configured one where it makes 2 nodes or more, else the core's suggestion. */
export function devicesPerNodeOnPick(devices: number, perNode: number): number {
  return devices % perNode === 0 && devices / perNode >= 2 ? perNode : suggestDevicesPerNode(devices);
}

/** The configuration with devicesPerNode made to fit its devices; unchanged where nothing needs fitting. */
export function fitDevicesPerNode(config: SimConfig): SimConfig {
  const perNode = devicesPerNodeFor(config);
  return perNode === undefined || perNode === config.devicesPerNode ? config : { ...config, devicesPerNode: perNode };
}

/** The transport the configuration asks for; undefined for the plain model (Simple, ports full). */
export function transportOf(config: Pick<SimConfig, 'protocol' | 'channels'>): Transport | undefined {
  if (config.protocol === 'Simple' && config.channels === null) return undefined;
  return config.channels === null ? { protocol: config.protocol } : { protocol: config.protocol, channels: config.channels };
}
