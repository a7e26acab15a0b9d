// A machine preset in the α-β model: the core says what topology a preset gives (presetTopology);
// here, whether it takes the devices configured, what the model's inputs show for it, and what the
// configuration becomes when it does not fit or is left for custom α and B.

import type { Fabric, Topology } from '../core/cost';
import { GradsyncError } from '../core/errors';
import { presetById, presetTopology, PRESET_IDS } from '../core/nccl/presets';
import type { SimConfig } from './config';
import { describeError } from './derive';

function fabricInside(topology: Topology): Fabric {
  const { latencyUs, bandwidthGBs } = topology.kind === 'switch' ? topology : topology.intra;
  return { latencyUs, bandwidthGBs };
}

/** Why preset `id` cannot model `devices` devices, in the app's words; null when it can. */
export function presetProblem(id: string, devices: number): string | null {
  try {
    presetTopology(presetById(id), devices);
    return null;
  } catch (error) {
    if (!(error instanceof GradsyncError)) throw error;
    const label = error.setting?.field === 'devices' ? `${presetById(id).label}: ` : '';
    return `${label}${describeError(error)}`;
  }
}

/** α and B inside one of the preset's nodes, as the model's inputs show them. */
export function presetFabric(id: string, devices: number): Fabric {
  const preset = presetById(id);
  return fabricInside(presetTopology(preset, Math.min(devices, preset.hardware.gpusPerNode)));
}

/** What returns the model to custom α and B, keeping the preset's fabric inside a node. */
export function leavePreset(config: Pick<SimConfig, 'preset' | 'devices'>): Partial<SimConfig> {
  return config.preset === null ? {} : { preset: null, ...presetFabric(config.preset, config.devices) };
}

/**
 * The configuration with its preset where the preset takes its devices; otherwise custom α and B at
 * the preset's fabric (the model keeps its figures inside a node), and why.
 */
export function fitPreset(config: SimConfig): { config: SimConfig; problem: string | null } {
  if (config.preset === null) return { config, problem: null };
  const problem = presetProblem(config.preset, config.devices);
  if (problem === null) return { config, problem: null };
  const left = PRESET_IDS.includes(config.preset) ? leavePreset(config) : { preset: null };
  return { config: { ...config, ...left }, problem: `${problem}; the model goes on with its α and B as custom values` };
}
