// The URL reflects the simulation and loads it: algorithm, devices, elements, chunks, op,
// devicesPerNode, latencyUs, bandwidthGBs, backend, speed, and step (steps applied). A bad value
// becomes a notice and the default; it never blanks the page.

import { REDUCE_OPS } from '../core/ops';
import { COLLECTIVES } from '../core/schedule';
import { algorithmIdsFor, DEFAULT_CONFIG, LIMITS, type SimConfig } from './config';

export interface UrlState {
  config: SimConfig;
  step: number;
  notices: string[];
}

type NumberKey = keyof typeof LIMITS;

function number(params: URLSearchParams, key: NumberKey, integer: boolean, notices: string[]): number | undefined {
  const raw = params.get(key);
  if (raw === null) return undefined;
  const value = Number(raw);
  const { min, max } = LIMITS[key];
  if (raw.trim() === '' || !Number.isFinite(value) || (integer && !Number.isInteger(value)) || value < min || value > max) {
    notices.push(`${key} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}; got “${raw.slice(0, 24)}”, using the default`);
    return undefined;
  }
  return value;
}

function choice<T extends string>(params: URLSearchParams, key: string, choices: readonly T[], notices: string[]): T | undefined {
  const raw = params.get(key);
  if (raw === null) return undefined;
  if (!(choices as readonly string[]).includes(raw)) {
    notices.push(`${key} must be one of ${choices.join(', ')}; got “${raw.slice(0, 24)}”, using the default`);
    return undefined;
  }
  return raw as T;
}

export function parseUrlState(search: string): UrlState {
  const params = new URLSearchParams(search);
  const notices: string[] = [];
  const collective = choice(params, 'collective', COLLECTIVES, notices) ?? DEFAULT_CONFIG.collective;
  const fallback = collective === DEFAULT_CONFIG.collective ? DEFAULT_CONFIG.algorithm : algorithmIdsFor(collective)[0];
  const algorithm = choice(params, 'algorithm', algorithmIdsFor(collective), notices) ?? fallback;
  const config: SimConfig = {
    collective,
    algorithm,
    devices: number(params, 'devices', true, notices) ?? DEFAULT_CONFIG.devices,
    elements: number(params, 'elements', true, notices) ?? DEFAULT_CONFIG.elements,
    chunks: number(params, 'chunks', true, notices) ?? null,
    op: choice(params, 'op', REDUCE_OPS, notices) ?? DEFAULT_CONFIG.op,
    devicesPerNode: number(params, 'devicesPerNode', true, notices) ?? DEFAULT_CONFIG.devicesPerNode,
    latencyUs: number(params, 'latencyUs', false, notices) ?? DEFAULT_CONFIG.latencyUs,
    bandwidthGBs: number(params, 'bandwidthGBs', false, notices) ?? DEFAULT_CONFIG.bandwidthGBs,
    backend: choice(params, 'backend', ['webgpu', 'cpu'] as const, notices) ?? DEFAULT_CONFIG.backend,
    speed: number(params, 'speed', false, notices) ?? DEFAULT_CONFIG.speed,
  };
  const rawStep = params.get('step');
  let step = 0;
  if (rawStep !== null) {
    const value = Number(rawStep);
    if (rawStep.trim() === '' || !Number.isInteger(value) || value < 0) notices.push(`step must be an integer ≥ 0; got “${rawStep.slice(0, 24)}”, starting at step 0`);
    else step = value;
  }
  return { config, step, notices };
}

/** The query string for a state: only what differs from the defaults, plus the step. */
export function formatUrlState(config: SimConfig, step: number): string {
  const params = new URLSearchParams();
  const put = (key: keyof SimConfig, value: unknown) => {
    if (value !== null && value !== DEFAULT_CONFIG[key]) params.set(key, String(value));
  };
  if (config.collective !== 'allreduce') params.set('collective', config.collective);
  params.set('algorithm', config.algorithm);
  params.set('devices', String(config.devices));
  for (const key of ['elements', 'chunks', 'op', 'devicesPerNode', 'latencyUs', 'bandwidthGBs', 'backend', 'speed'] as const) put(key, config[key]);
  if (step > 0) params.set('step', String(step));
  return `?${params.toString()}`;
}
