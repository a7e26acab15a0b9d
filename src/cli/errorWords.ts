// How the command line words a GradsyncError: one about a setting names the flag that sets it, what
// the flag must be and what it got ("--devices-per-node must divide the 8 devices: 1, 2, 4 or 8;
// got 3"); others keep the core's message. The core names no flag, so the flag comes from here alone.

import type { GradsyncError } from '../core/errors';

/** The flag of each setting the command line takes, by the setting's key in errors. */
export const FLAG_OF_SETTING: Readonly<Record<string, string>> = {
  collective: '--collective',
  algorithm: '--algorithm',
  devices: '--devices',
  devicesPerNode: '--devices-per-node',
  elements: '--elements',
  chunks: '--chunks',
  root: '--root',
  op: '--op',
  backend: '--backend',
  topology: '--topology',
  preset: '--preset',
  latencyUs: '--latency-us',
  bandwidthGBs: '--bandwidth-gbs',
  interLatencyUs: '--inter-latency-us',
  interBandwidthGBs: '--inter-bandwidth-gbs',
  fit: '--fit',
  protocol: '--protocol',
  channels: '--channels',
  model: '--model',
  params: '--params',
  strategy: '--strategy',
  servers: '--servers',
};

function shown(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

export function cliWords(error: GradsyncError): string {
  const setting = error.setting;
  const flag = setting && FLAG_OF_SETTING[setting.field];
  // A setting the command line has no flag for (γ per byte) is best said in the core's plain words.
  if (!setting || !flag) return error.message;
  const other = setting.allowedWith;
  const otherFlag = other && FLAG_OF_SETTING[other.field];
  const needs = other && otherFlag ? `, which needs ${otherFlag} ${other.values.join(' or ')}` : '';
  if (setting.value === undefined) return `missing ${flag}, which must ${setting.allowed}`;
  return `${flag} must ${setting.allowed}; got ${shown(setting.value)}${needs}`;
}
