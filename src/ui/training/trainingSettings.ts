// The training view's settings, read from and written to its address (train.html?model=gpt2-xl&
// devices=64&strategy=zero3): a bad value becomes a one-line notice and the default. What each
// setting means, and its limits, are core/training's.

import { algorithmIds, DEFAULT_ALGORITHM } from '../../core/algorithms';
import { DEFAULT_TOPOLOGY } from '../../core/model';
import { GradsyncError } from '../../core/errors';
import { MAX_DEVICES } from '../../core/schedule';
import {
  gradientBytes,
  MIB,
  DEFAULT_GPU,
  DEFAULT_UTILIZATION,
  GPU_PRESETS,
  customModel,
  MODEL_PRESETS,
  presetModel,
  type TrainingModel,
  trainingReport,
  type TrainingReport,
  type TrainingRequest,
  STRATEGIES,
  type Strategy,
} from '../../core/training';

export interface TrainingSettings {
  /** A preset id, or 'custom' for `params`. */
  model: string;
  params: number;
  devices: number;
  strategy: Strategy;
  algorithm: string;
  bucketMb: number;
  overlap: boolean;
  servers: number;
  gpu: string;
  batch: number;
}

export const TRAINING_DEFAULTS: Readonly<TrainingSettings> = {
  model: 'gpt2-xl',
  params: 1_000_000_000,
  devices: 64,
  strategy: 'ddp',
  algorithm: DEFAULT_ALGORITHM,
  bucketMb: 25,
  overlap: true,
  servers: 8,
  gpu: DEFAULT_GPU,
  batch: 8,
};

const MODEL_CHOICES: readonly string[] = [...MODEL_PRESETS, 'custom'];

function integer(params: URLSearchParams, key: keyof TrainingSettings, min: number, max: number, notices: string[]): number | undefined {
  const raw = params.get(key);
  if (raw === null) return undefined;
  const value = Number(raw);
  if (raw.trim() !== '' && Number.isInteger(value) && value >= min && value <= max) return value;
  notices.push(`${key} must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}; got “${raw.slice(0, 24)}”`);
  return undefined;
}

function oneOf<T extends string>(params: URLSearchParams, key: keyof TrainingSettings, choices: readonly T[], notices: string[]): T | undefined {
  const raw = params.get(key);
  if (raw === null) return undefined;
  if ((choices as readonly string[]).includes(raw)) return raw as T;
  notices.push(`${key} must be one of ${choices.join(', ')}; got “${raw.slice(0, 24)}”`);
  return undefined;
}

export function parseTrainingUrl(search: string): { settings: TrainingSettings; notices: string[] } {
  const params = new URLSearchParams(search);
  const notices: string[] = [];
  const d = TRAINING_DEFAULTS;
  const bucket = params.get('bucketMb');
  const bucketMb = bucket === null ? d.bucketMb : Number(bucket);
  if (bucket !== null && !(bucketMb > 0 && Number.isFinite(bucketMb))) notices.push(`bucketMb must be a number above 0; got “${bucket.slice(0, 24)}”`);
  const overlap = oneOf(params, 'overlap', ['on', 'off'] as const, notices);
  const settings: TrainingSettings = {
    model: oneOf(params, 'model', MODEL_CHOICES, notices) ?? d.model,
    params: integer(params, 'params', 1, 1e13, notices) ?? d.params,
    devices: integer(params, 'devices', 1, MAX_DEVICES, notices) ?? d.devices,
    strategy: oneOf(params, 'strategy', STRATEGIES, notices) ?? d.strategy,
    algorithm: oneOf(params, 'algorithm', algorithmIds('allreduce'), notices) ?? d.algorithm,
    bucketMb: bucketMb > 0 && Number.isFinite(bucketMb) ? bucketMb : d.bucketMb,
    overlap: overlap === undefined ? d.overlap : overlap === 'on',
    servers: integer(params, 'servers', 1, MAX_DEVICES, notices) ?? d.servers,
    gpu:
      oneOf(
        params,
        'gpu',
        GPU_PRESETS.map((g) => g.id),
        notices,
      ) ?? d.gpu,
    batch: integer(params, 'batch', 1, 1 << 20, notices) ?? d.batch,
  };
  return { settings, notices };
}

/** The address of the settings: only what differs from the defaults. */
export function formatTrainingUrl(settings: TrainingSettings): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(TRAINING_DEFAULTS) as (keyof TrainingSettings)[]) {
    if (key === 'params' && settings.model !== 'custom') continue;
    const value = settings[key];
    if (value === TRAINING_DEFAULTS[key]) continue;
    params.set(key, typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

function modelOf(settings: TrainingSettings): TrainingModel {
  return settings.model === 'custom' ? customModel(settings.params) : presetModel(settings.model);
}

export type TrainingResult = { report: TrainingReport; model: TrainingModel } | { error: string };

/** What the training model is asked for the settings (the model's and the GPU's numbers filled in). */
export function trainingRequest(settings: TrainingSettings): TrainingRequest {
  const model = modelOf(settings);
  const gpu = GPU_PRESETS.find((g) => g.id === settings.gpu)!;
  return {
    model,
    strategy: settings.strategy,
    devices: settings.devices,
    algorithm: settings.algorithm,
    topology: DEFAULT_TOPOLOGY,
    flopsPerSecond: gpu.peakTflops * DEFAULT_UTILIZATION * 1e12,
    batch: settings.batch,
    // The slider stops at the model's size; an address may ask for more, which is one bucket.
    bucketBytes: Math.min(settings.bucketMb * MIB, gradientBytes(model)),
    servers: settings.servers,
  };
}

/** The report for the settings, or the one line that says why there is none. */
export function reportFor(settings: TrainingSettings): TrainingResult {
  try {
    const request = trainingRequest(settings);
    return { report: trainingReport(request), model: request.model };
  } catch (error) {
    if (!(error instanceof GradsyncError)) throw error;
    return { error: error.message.charAt(0).toUpperCase() + error.message.slice(1) };
  }
}
