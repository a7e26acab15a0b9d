// The options that pick a schedule and a topology, shared by schedule, run, narrate and bench.

import type { Command } from 'commander';
import { ALGORITHMS, algorithmIds, buildSchedule } from '../core/algorithms';
import {
  DEFAULT_INTER_NODE_FABRIC,
  DEFAULT_SWITCH_FABRIC,
  type Topology,
  defaultTopologyKind,
  parseTopology,
  MAX_CHANNELS,
  parseProtocol,
  PROTOCOL_CHOICES,
} from '../core/model';
import { GradsyncError } from '../core/errors';
import { presetById, presetTopology, PRESET_IDS } from '../core/nccl';
import { COLLECTIVES, MAX_CHUNKS, MAX_DEVICES, type Collective, type Schedule } from '../core/schedule';
import { parseFabricText } from '../core/formats';
import { parseChoice, parseInteger, parseNumber } from './args';
import { readSchedule } from './files';

export interface ScheduleFlags {
  algorithm?: string;
  devices?: string;
  collective?: string;
  chunks?: string;
  devicesPerNode?: string;
  root?: string;
  schedule?: string;
}

/** The all-reduce algorithms built over nodes, which --devices-per-node is for. */
const OVER_NODES = ALGORITHMS.allreduce.filter((spec) => spec.takesDevicesPerNode).map((spec) => spec.id);

export function addScheduleOptions(command: Command, withFile: boolean): Command {
  command
    .option('--algorithm <id>', `algorithm id (${algorithmIds('allreduce').join(', ')}, …)`)
    .option('--devices <N>', `number of devices, 1 to ${MAX_DEVICES}`)
    .option('--collective <name>', `one of ${COLLECTIVES.join(', ')}`, 'allreduce')
    .option('--chunks <C>', 'number of chunks the buffer is split into (default: the algorithm’s own)')
    .option(
      '--devices-per-node <G>',
      `devices per node (${OVER_NODES.join(', ')}; tree and double-tree build over nodes with it, as NCCL does; also selects the nodes:G topology)`,
    )
    .option('--root <r>', 'root device of broadcast and reduce', undefined);
  if (withFile) command.option('--schedule <file>', 'a gradsync-schedule JSON or MSCCL XML file instead of --algorithm');
  return command;
}

export function resolveSchedule(flags: ScheduleFlags): Schedule {
  if (flags.schedule !== undefined) {
    if (flags.algorithm !== undefined) throw new GradsyncError('bad-argument', 'give either --schedule or --algorithm, not both');
    const schedule = readSchedule(flags.schedule);
    if (flags.devices !== undefined && parseInteger('--devices', flags.devices, 1, MAX_DEVICES) !== schedule.devices) {
      throw new GradsyncError('bad-argument', `--devices ${flags.devices} does not match the schedule's ${schedule.devices} devices`);
    }
    return schedule;
  }
  if (flags.algorithm === undefined) throw new GradsyncError('bad-argument', 'missing --algorithm (or --schedule FILE)');
  if (flags.devices === undefined) throw new GradsyncError('bad-argument', 'missing --devices N');
  const devices = parseInteger('--devices', flags.devices, 1, MAX_DEVICES);
  return buildSchedule({
    collective: parseChoice<Collective>('--collective', flags.collective ?? 'allreduce', COLLECTIVES),
    algorithm: flags.algorithm,
    devices,
    chunks: flags.chunks === undefined ? undefined : parseInteger('--chunks', flags.chunks, 1, MAX_CHUNKS),
    devicesPerNode: flags.devicesPerNode === undefined ? undefined : parseInteger('--devices-per-node', flags.devicesPerNode, 1, devices),
    root: flags.root === undefined ? undefined : parseInteger('--root', flags.root, 0, devices - 1),
  });
}

export interface TopologyFlags {
  preset?: string;
  topology?: string;
  latencyUs?: string;
  bandwidthGbs?: string;
  interLatencyUs?: string;
  interBandwidthGbs?: string;
  devicesPerNode?: string;
  protocol?: string;
  channels?: string;
  fit?: string;
}

/** The options a preset takes the place of. */
const PRESET_REPLACES: readonly (readonly [keyof TopologyFlags, string])[] = [
  ['topology', '--topology'],
  ['latencyUs', '--latency-us'],
  ['bandwidthGbs', '--bandwidth-gbs'],
  ['interLatencyUs', '--inter-latency-us'],
  ['interBandwidthGbs', '--inter-bandwidth-gbs'],
];

export function addTopologyOptions(command: Command): Command {
  return command
    .option(
      '--preset <id>',
      `a machine's topology and fabrics, as NCCL counts them (${PRESET_IDS.join(', ')}); instead of the four options below and --topology`,
    )
    .option('--topology <t>', "'switch' or 'nodes:G' (default: nodes:G when --devices-per-node is given, else switch)")
    .option('--latency-us <a>', `α per message step in µs (switch, or inside a node; default ${DEFAULT_SWITCH_FABRIC.latencyUs})`)
    .option('--bandwidth-gbs <B>', `port bandwidth in GB/s (switch, or inside a node; default ${DEFAULT_SWITCH_FABRIC.bandwidthGBs})`)
    .option('--inter-latency-us <a>', `α between nodes in µs (nodes:G; default ${DEFAULT_INTER_NODE_FABRIC.latencyUs})`)
    .option('--inter-bandwidth-gbs <B>', `port bandwidth between nodes in GB/s (nodes:G; default ${DEFAULT_INTER_NODE_FABRIC.bandwidthGBs})`)
    .option('--fit <fabric>', "a machine fitted to an nccl-tests log, as the app's links write it (fit=): 'α,B;LL:α,B;LL128:α,B', one switch")
    .option('--protocol <p>', `NCCL's protocol: ${PROTOCOL_CHOICES.join(', ')} (auto: the fastest for the whole call; default Simple)`)
    .option('--channels <C>', `channels per device, 1 to ${MAX_CHANNELS} (default: as many as fill each port)`);
}

/** The topology the flags give, with their protocol and channels where either is given. */
export function resolveTopology(flags: TopologyFlags, schedule: Pick<Schedule, 'devices' | 'devicesPerNode'>): Topology {
  const topology = fabricTopology(flags, schedule);
  if (flags.protocol === undefined && flags.channels === undefined) return topology;
  const transport = {
    protocol: parseProtocol(flags.protocol ?? 'Simple'),
    channels: flags.channels === undefined ? undefined : parseInteger('--channels', flags.channels, 1, MAX_CHANNELS),
  };
  return { ...topology, transport };
}

function fabricTopology(flags: TopologyFlags, schedule: Pick<Schedule, 'devices' | 'devicesPerNode'>): Topology {
  if (flags.preset !== undefined || flags.fit !== undefined) {
    const machine = flags.preset !== undefined ? '--preset' : '--fit';
    const replaced: (readonly [keyof TopologyFlags, string])[] = machine === '--preset' ? [...PRESET_REPLACES, ['fit', '--fit']] : [...PRESET_REPLACES];
    const given = replaced.filter(([key]) => flags[key] !== undefined).map(([, flag]) => flag);
    if (given.length > 0) throw new GradsyncError('bad-argument', `${machine} sets the topology and its fabrics; leave out ${given.join(' and ')}`);
    return flags.preset !== undefined ? presetTopology(presetById(flags.preset), schedule.devices) : { kind: 'switch', ...parseFabricText(flags.fit!) };
  }
  const intra = {
    latencyUs: parseNumber('--latency-us', flags.latencyUs ?? String(DEFAULT_SWITCH_FABRIC.latencyUs), 0, false),
    bandwidthGBs: parseNumber('--bandwidth-gbs', flags.bandwidthGbs ?? String(DEFAULT_SWITCH_FABRIC.bandwidthGBs), 0, true),
  };
  const inter = {
    latencyUs: parseNumber('--inter-latency-us', flags.interLatencyUs ?? String(DEFAULT_INTER_NODE_FABRIC.latencyUs), 0, false),
    bandwidthGBs: parseNumber('--inter-bandwidth-gbs', flags.interBandwidthGbs ?? String(DEFAULT_INTER_NODE_FABRIC.bandwidthGBs), 0, true),
  };
  const text = flags.topology ?? (defaultTopologyKind(schedule) === 'nodes' ? `nodes:${schedule.devicesPerNode}` : 'switch');
  const wrong = () =>
    new GradsyncError('bad-argument', `--topology must be 'switch' or 'nodes:G' with G dividing the ${schedule.devices} devices, got '${text}'`);
  let topology: Topology;
  try {
    topology = parseTopology(text, intra, inter);
  } catch (error) {
    if (error instanceof GradsyncError) throw wrong();
    throw error;
  }
  if (topology.kind === 'nodes' && schedule.devices % topology.devicesPerNode !== 0) throw wrong();
  return topology;
}
