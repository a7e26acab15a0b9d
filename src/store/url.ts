// The URL reflects the simulation and loads it: algorithm, devices, elements, chunks, op,
// devicesPerNode, latencyUs, bandwidthGBs, preset (a machine), protocol, channels, backend, speed, and step (steps
// applied); or, instead of the algorithm, a loaded schedule itself (`schedule`, see core/scheduleUrl),
// or only its name (`loaded`) where it is too large for a link. A bad value becomes a notice and the
// default; it never blanks the page.

import { GradsyncError } from '../core/errors';
import { REDUCE_OPS } from '../core/ops';
import { PRESET_IDS } from '../core/nccl';
import { COLLECTIVES, type Schedule } from '../core/schedule';
import { TOPOLOGY_KINDS, PROTOCOL_CHOICES, type Fabric } from '../core/model';
import { fabricText, parseFabricText, decodeScheduleParam, encodeScheduleParam, MAX_LINK_CHARS } from '../core/formats';
import { BACKENDS } from '../engine/engines';
import { configFor } from './loadedSchedule';
import type { CustomSchedule } from './simState';
import { algorithmIdsFor, DEFAULT_CONFIG, devicesPerNodeOnPick, LIMITS, takesDevicesPerNode, type SimConfig } from './config';

/** The settings a link writes when they differ from the defaults, in this order. */
const SETTING_KEYS = [
  'elements',
  'op',
  'devicesPerNode',
  'topology',
  'latencyUs',
  'bandwidthGBs',
  'interLatencyUs',
  'interBandwidthGBs',
  'preset',
  'fit',
  'protocol',
  'channels',
  'backend',
  'speed',
] as const;

/**
 * Every key a link may hold (the embed takes them as attributes too), but `loaded`: only the address
 * bar writes it, and an embed is never made of a schedule too large for a link.
 */
export const URL_KEYS = ['schedule', 'collective', 'algorithm', 'devices', 'chunks', ...SETTING_KEYS, 'step'] as const;

export interface UrlState {
  config: SimConfig;
  step: number;
  notices: string[];
  /** A schedule the URL carries: it replaces the algorithm, and sets collective and devices. */
  schedule?: Schedule;
}

type NumberKey = keyof typeof LIMITS;

/** The key that names a loaded schedule too large for a link, in place of collective, algorithm, devices and chunks. */
const LOADED_KEY = 'loaded';
/** The most of that name an address keeps: it names the schedule, it does not carry it. */
const LOADED_NAME_CHARS = 60;

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
    notices.push(`${key} must be one of ${choices.join(', ')}; got “${raw.length > 60 ? `${raw.slice(0, 60)}…` : raw}”, using the default`);
    return undefined;
  }
  return raw as T;
}

/** The fitted machine of `fit=`, or null and a notice where it cannot be read. */
function fitted(params: URLSearchParams, notices: string[]): Fabric | null {
  const raw = params.get('fit');
  if (raw === null) return null;
  try {
    return parseFabricText(raw);
  } catch (error) {
    if (!(error instanceof GradsyncError)) throw error;
    notices.push(`fit could not be read: ${error.message}; using custom α and B`);
    return null;
  }
}

function defaultAlgorithm(collective: SimConfig['collective']): string {
  return collective === DEFAULT_CONFIG.collective ? DEFAULT_CONFIG.algorithm : algorithmIdsFor(collective)[0];
}

/** The schedule of `schedule=`, or why its value cannot be read. */
function linkedSchedule(params: URLSearchParams): { schedule?: Schedule; unreadable?: string } {
  const raw = params.get('schedule');
  if (raw === null) return {};
  try {
    return { schedule: decodeScheduleParam(raw) };
  } catch (error) {
    if (!(error instanceof GradsyncError)) throw error;
    return { unreadable: error.message };
  }
}

/** A schedule's name as an address keeps it: one line, and short (a file name may be anything). */
function loadedName(name: string): string {
  const line = name.replace(/[\p{C}\s]+/gu, ' ').trim() || 'unnamed';
  return line.length > LOADED_NAME_CHARS ? `${line.slice(0, LOADED_NAME_CHARS - 1)}…` : line;
}

/** What a link says when it was made while a schedule too large for it was shown, which it cannot open. */
function loadedNotice(name: string, algorithm: string): string {
  return `This link was made while showing “${loadedName(name)}”, a loaded schedule too large to share in a link: load it again to see it (the built-in ${algorithm} is shown until then)`;
}

/** The step to open at; 0 where the link's step was one of a loaded schedule it cannot carry. */
function openingStep(params: URLSearchParams, loaded: boolean, notices: string[]): number {
  const raw = params.get('step');
  if (raw === null || loaded) return 0;
  const value = Number(raw);
  if (raw.trim() !== '' && Number.isInteger(value) && value >= 0) return value;
  notices.push(`step must be an integer ≥ 0; got “${raw.slice(0, 24)}”, starting at step 0`);
  return 0;
}

export function parseUrlState(search: string): UrlState {
  const params = new URLSearchParams(search);
  const notices: string[] = [];
  const { schedule, unreadable } = linkedSchedule(params);
  // A schedule the link carries is shown, whatever else the link names.
  const loaded = schedule || unreadable ? null : params.get(LOADED_KEY);
  // A schedule decides the shape; the algorithm is where "back to the algorithm" returns.
  const collective = schedule?.collective ?? choice(params, 'collective', COLLECTIVES, notices) ?? DEFAULT_CONFIG.collective;
  const algorithm = choice(params, 'algorithm', algorithmIdsFor(collective), notices) ?? defaultAlgorithm(collective);
  if (unreadable) notices.unshift(`schedule could not be read: ${unreadable}; showing ${algorithm} instead`);
  if (loaded !== null) notices.unshift(loadedNotice(loaded, algorithm));
  const devices = schedule?.devices ?? number(params, 'devices', true, notices) ?? DEFAULT_CONFIG.devices;
  // An algorithm over nodes without a devices per node gets the one the menu would pick (two nodes or more).
  const perNode =
    number(params, 'devicesPerNode', true, notices) ??
    (takesDevicesPerNode({ collective, algorithm }) ? devicesPerNodeOnPick(devices, DEFAULT_CONFIG.devicesPerNode) : DEFAULT_CONFIG.devicesPerNode);
  const config: SimConfig = {
    collective,
    algorithm,
    devices,
    elements: number(params, 'elements', true, notices) ?? DEFAULT_CONFIG.elements,
    chunks: schedule ? null : (number(params, 'chunks', true, notices) ?? null),
    op: choice(params, 'op', REDUCE_OPS, notices) ?? DEFAULT_CONFIG.op,
    devicesPerNode: perNode,
    topology: choice(params, 'topology', TOPOLOGY_KINDS, notices) ?? null,
    latencyUs: number(params, 'latencyUs', false, notices) ?? DEFAULT_CONFIG.latencyUs,
    bandwidthGBs: number(params, 'bandwidthGBs', false, notices) ?? DEFAULT_CONFIG.bandwidthGBs,
    interLatencyUs: number(params, 'interLatencyUs', false, notices) ?? DEFAULT_CONFIG.interLatencyUs,
    interBandwidthGBs: number(params, 'interBandwidthGBs', false, notices) ?? DEFAULT_CONFIG.interBandwidthGBs,
    preset: choice(params, 'preset', PRESET_IDS, notices) ?? null,
    // A preset is the machine where a link names both.
    fit: params.has('preset') ? null : fitted(params, notices),
    protocol: choice(params, 'protocol', PROTOCOL_CHOICES, notices) ?? DEFAULT_CONFIG.protocol,
    channels: number(params, 'channels', true, notices) ?? null,
    backend: choice(params, 'backend', BACKENDS, notices) ?? DEFAULT_CONFIG.backend,
    speed: number(params, 'speed', false, notices) ?? DEFAULT_CONFIG.speed,
  };
  const step = openingStep(params, loaded !== null, notices);
  // A schedule that moves chunks between places takes the nearest K it splits into equal chunks.
  return schedule ? { config: configFor(config, schedule), step, notices, schedule } : { config, step, notices };
}

/** What stands for collective, algorithm, devices and chunks in a query string: a loaded schedule whole, or its name alone. */
interface InPlace {
  key: 'schedule' | typeof LOADED_KEY;
  value: string;
}

function formatWith(config: SimConfig, step: number, inPlace: InPlace | null): string {
  const params = new URLSearchParams();
  const put = (key: keyof SimConfig, value: unknown) => {
    if (value !== null && value !== DEFAULT_CONFIG[key]) params.set(key, key === 'fit' ? fabricText(value as Fabric) : String(value));
  };
  if (inPlace !== null) {
    params.set(inPlace.key, inPlace.value);
  } else {
    if (config.collective !== 'allreduce') params.set('collective', config.collective);
    params.set('algorithm', config.algorithm);
    params.set('devices', String(config.devices));
    put('chunks', config.chunks);
  }
  for (const key of SETTING_KEYS) put(key, config[key]);
  // Spelled out for an algorithm over nodes, whose missing value is not the default (see parseUrlState).
  if (inPlace === null && takesDevicesPerNode(config)) params.set('devicesPerNode', String(config.devicesPerNode));
  if (step > 0) params.set('step', String(step));
  return `?${params.toString()}`;
}

/**
 * The query string for a state: only what differs from the defaults, plus the step. With a loaded
 * schedule (its encodeScheduleParam value), the schedule stands for collective, algorithm, devices
 * and chunks.
 */
export function formatUrlState(config: SimConfig, step: number, scheduleParam: string | null = null): string {
  return formatWith(config, step, scheduleParam === null ? null : { key: 'schedule', value: scheduleParam });
}

/**
 * The query string of a link to the state, where `base` (origin and path) comes first; null when a
 * loaded schedule would make the link longer than MAX_LINK_CHARS.
 */
export function linkSearch(base: string, config: SimConfig, step: number, schedule: Schedule | null): string | null {
  if (!schedule) return formatUrlState(config, step);
  const value = encodeScheduleParam(schedule);
  if (value === null) return null;
  const search = formatUrlState(config, step, value);
  return base.length + search.length <= MAX_LINK_CHARS ? search : null;
}

/**
 * The query string of the page's own address. It is the link to the state where there is one; a
 * loaded schedule too large for a link is named (`loaded=`) instead, with the settings and the step,
 * so the address never claims the algorithm it replaced, and a link copied from it says what it
 * cannot open (see parseUrlState).
 */
export function addressSearch(base: string, config: SimConfig, step: number, custom: CustomSchedule | null): string {
  if (!custom) return formatUrlState(config, step);
  return linkSearch(base, config, step, custom.schedule) ?? formatWith(config, step, { key: LOADED_KEY, value: loadedName(custom.name) });
}
