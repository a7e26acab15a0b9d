// What a simulation is configured with, its defaults and its limits: the keys of the URL, the
// embed attributes and the controls.

import { ALGORITHMS } from '../core/algorithms';
import { DEFAULT_SWITCH_FABRIC } from '../core/cost';
import type { ReduceOp } from '../core/ops';
import type { Collective } from '../core/schedule';

export type Backend = 'webgpu' | 'cpu';

export interface SimConfig {
  collective: Collective;
  algorithm: string;
  devices: number;
  elements: number;
  /** null: the algorithm's own chunk count. */
  chunks: number | null;
  op: ReduceOp;
  devicesPerNode: number;
  latencyUs: number;
  bandwidthGBs: number;
  /** The engine asked for; the CPU engine runs when WebGPU is missing. */
  backend: Backend;
  /** Animation speed: 1 is one step per second. */
  speed: number;
}

export const DEFAULT_CONFIG: Readonly<SimConfig> = Object.freeze({
  collective: 'allreduce',
  algorithm: 'ring',
  devices: 4,
  elements: 1024,
  chunks: null,
  op: 'sum',
  devicesPerNode: 8,
  latencyUs: DEFAULT_SWITCH_FABRIC.latencyUs,
  bandwidthGBs: DEFAULT_SWITCH_FABRIC.bandwidthGBs,
  backend: 'webgpu',
  speed: 1,
});

export const LIMITS = {
  devices: { min: 1, max: 1024 },
  elements: { min: 1, max: 1 << 22 },
  chunks: { min: 1, max: 4096 },
  devicesPerNode: { min: 1, max: 1024 },
  latencyUs: { min: 0, max: 1e6 },
  bandwidthGBs: { min: 1e-3, max: 1e5 },
  speed: { min: 0.25, max: 16 },
} as const;

export function algorithmIdsFor(collective: Collective): string[] {
  return ALGORITHMS[collective].map((spec) => spec.id);
}
