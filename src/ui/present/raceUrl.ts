// The race page's address: present.html?race=master,ring&devices=8&elements=1048576 — the two
// algorithms, and the shared keys of the app's URL (devices, elements, op, latency, bandwidth …).

import { fabricText } from '../../core/formats';
import { MATCHUPS } from '../../core/algorithms';
import { algorithmIdsFor, DEFAULT_CONFIG, type SimConfig } from '../../store/config';
import { parseUrlState } from '../../store/url';

export interface RaceSetup {
  algorithms: [string, string];
  /** The shared configuration; each side replaces only the algorithm. */
  config: SimConfig;
  notices: string[];
}

const DEFAULT_RACE: [string, string] = [...MATCHUPS.race];
/** Big enough that bandwidth, not latency, decides: 4 MiB per GPU. */
const DEFAULT_RACE_ELEMENTS = 1 << 20;
const DEFAULT_RACE_DEVICES = 8;

export function parseRaceUrl(search: string): RaceSetup {
  const params = new URLSearchParams(search);
  const { config, notices } = parseUrlState(search);
  const ids = algorithmIdsFor(config.collective);
  const raw = params.get('race');
  let algorithms: [string, string] = config.collective === 'allreduce' ? DEFAULT_RACE : [ids[0], ids[Math.min(1, ids.length - 1)]];
  if (raw !== null) {
    const named = raw.split(',').map((id) => id.trim());
    if (named.length === 2 && named.every((id) => ids.includes(id))) algorithms = [named[0], named[1]];
    else
      notices.push(
        `race must name two algorithms of ${config.collective} separated by a comma (${ids.join(', ')}); got “${raw.slice(0, 40)}”, racing ${algorithms.join(' and ')}`,
      );
  }
  return {
    algorithms,
    config: {
      ...config,
      algorithm: algorithms[0],
      devices: params.has('devices') ? config.devices : DEFAULT_RACE_DEVICES,
      elements: params.has('elements') ? config.elements : DEFAULT_RACE_ELEMENTS,
      backend: 'cpu',
      // A race has no pace of its own (PACED): one it cannot read runs at 1.
      speed: params.has('speed') && config.speed > 0 ? config.speed : 1,
    },
    notices,
  };
}

/** The query string of a race: both algorithms and the keys that differ from the app's defaults. */
export function formatRaceUrl(algorithms: readonly [string, string], config: SimConfig): string {
  const params = new URLSearchParams();
  params.set('race', algorithms.join(','));
  if (config.collective !== 'allreduce') params.set('collective', config.collective);
  params.set('devices', String(config.devices));
  params.set('elements', String(config.elements));
  if (config.op !== 'sum') params.set('op', config.op);
  for (const key of ['latencyUs', 'bandwidthGBs', 'interLatencyUs', 'interBandwidthGBs', 'devicesPerNode', 'preset', 'protocol', 'channels'] as const) {
    if (config[key] !== DEFAULT_CONFIG[key]) params.set(key, String(config[key]));
  }
  if (config.fit !== null) params.set('fit', fabricText(config.fit));
  if (config.speed !== 1) params.set('speed', String(config.speed));
  return `?${params.toString()}`;
}
