// The command line that reproduces the app's figures: `gradsync run` with the same schedule, size, op,
// topology and fabric (or machine preset), protocol and channels, so the model time, algbw and busbw it prints are the ones
// on screen. A test runs the command's words through the CLI's own parser, so a renamed flag cannot
// go unnoticed.

import type { Schedule } from '../../core/schedule';
import { fabricText } from '../../core/formats';
import { topologyText } from '../../core/model';
import type { Derived } from '../../store/derive';
import { DEFAULT_CONFIG, type SimConfig } from '../../store/config';

/** The words of the command (after `gradsync`), for a configuration and what it derived. */
export function commandWords(config: SimConfig, derived: Derived, scheduleFile: string | null): string[] {
  const schedule: Schedule = derived.schedule;
  const words = ['run'];
  if (scheduleFile !== null) words.push('--schedule', scheduleFile);
  else {
    if (schedule.collective !== 'allreduce') words.push('--collective', schedule.collective);
    words.push('--algorithm', schedule.algorithm, '--devices', String(schedule.devices));
    if (config.chunks !== null) words.push('--chunks', String(schedule.chunks));
    if (schedule.devicesPerNode !== undefined) words.push('--devices-per-node', String(schedule.devicesPerNode));
    if (schedule.root !== undefined) words.push('--root', String(schedule.root));
  }
  words.push('--elements', String(config.elements), '--op', config.op);
  if (config.protocol !== DEFAULT_CONFIG.protocol) words.push('--protocol', config.protocol);
  if (config.channels !== null) words.push('--channels', String(config.channels));
  if (config.preset !== null) return [...words, '--preset', config.preset];
  if (config.fit !== null) return [...words, '--fit', fabricText(config.fit)];
  words.push('--topology', topologyText(derived.topology));
  const fabric = derived.topology.kind === 'switch' ? derived.topology : derived.topology.intra;
  words.push('--latency-us', String(fabric.latencyUs), '--bandwidth-gbs', String(fabric.bandwidthGBs));
  if (derived.topology.kind === 'nodes') {
    words.push('--inter-latency-us', String(derived.topology.inter.latencyUs), '--inter-bandwidth-gbs', String(derived.topology.inter.bandwidthGBs));
  }
  return words;
}

/** The whole command, ready to paste into a shell. */
export function cliCommand(config: SimConfig, derived: Derived, scheduleFile: string | null): string {
  return ['npx', 'gradsync', ...commandWords(config, derived, scheduleFile)]
    .map((word) => (/^[\w.,:/=-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`))
    .join(' ');
}
