// A machine preset in the α-β model: the core says what topology a preset gives (presetTopology);
// here, whether it takes the devices configured, what the model's inputs show for it, and what the
// configuration becomes when it does not fit or is left for custom α and B.

import type { Fabric, Topology } from '../core/model';
import { GradsyncError } from '../core/errors';
import { presetById, presetTopology, PRESET_IDS } from '../core/nccl';
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

/**
 * What returns the model to custom α and B, keeping the preset's fabric inside a node, or the fit's
 * Simple α and B; a preset of whole nodes leaves its nodes and network too.
 */
export function leavePreset(config: Pick<SimConfig, 'preset' | 'devices' | 'fit'>): Partial<SimConfig> {
  if (config.fit !== null) return { fit: null, latencyUs: config.fit.latencyUs, bandwidthGBs: config.fit.bandwidthGBs };
  if (config.preset === null) return {};
  const inside = { preset: null, ...presetFabric(config.preset, config.devices) };
  // Whole nodes keep their nodes and their network as custom values too.
  if (presetProblem(config.preset, config.devices) !== null) return inside;
  const topology = presetTopology(presetById(config.preset), config.devices);
  if (topology.kind !== 'nodes') return inside;
  const { devicesPerNode, inter } = topology;
  return { ...inside, topology: 'nodes', devicesPerNode, interLatencyUs: inter.latencyUs, interBandwidthGBs: inter.bandwidthGBs };
}

/** The fabric's keys: a change of any of them, or a preset picked, leaves a fitted machine. */
const FABRIC_KEYS = ['latencyUs', 'bandwidthGBs', 'topology', 'preset'] as const;

/**
 * What a patch does to a fitted machine besides itself: nothing, or where it changes the fabric, custom
 * values from the fit's (leavePreset) for the patch to change.
 */
export function leavesFit(config: Pick<SimConfig, 'fit' | 'preset' | 'devices'>, patch: Partial<SimConfig>): Partial<SimConfig> {
  const fit = config.fit;
  if (fit === null || 'fit' in patch) return {};
  const shown: Pick<SimConfig, (typeof FABRIC_KEYS)[number]> = { latencyUs: fit.latencyUs, bandwidthGBs: fit.bandwidthGBs, topology: 'switch', preset: null };
  return FABRIC_KEYS.some((key) => patch[key] !== undefined && patch[key] !== shown[key]) ? leavePreset(config) : {};
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
