// gradsync compare: all-reduce algorithms side by side across device counts and message sizes — model
// time, algbw and busbw — from the closed forms alone (core/model compareRows), so a machine of 24,576
// or 65,536 GPUs is modelled as quickly as one of 8. The machine is one for the whole table: a preset,
// a fit, or the topology options (nodes:G where --devices-per-node is given), read as every command
// reads them.

import { Command } from 'commander';
import { algorithmIds } from '../../core/algorithms';
import { GradsyncError } from '../../core/errors';
import {
  compareRows,
  describeTopology,
  isModelled,
  parseTopology,
  SCALE_MAX_DEVICES,
  type CompareRow,
  type ModelledRow,
  type Topology,
} from '../../core/model';
import { presetById } from '../../core/nccl';
import { MAX_CHUNKS } from '../../core/schedule';
import { formatBytes, formatCount, formatGBs, formatMicroseconds } from '../../core/units';
import { parseInteger, parseSize } from '../args';
import { EXIT_OK, type ExitCode } from '../exitCodes';
import type { Io } from '../io';
import { addTopologyOptions, resolveTopology, type TopologyFlags } from '../scheduleOptions';

interface CompareFlags extends TopologyFlags {
  algorithms?: string;
  devices?: string;
  bytes?: string;
  chunks?: string;
  json?: boolean;
}

/** The items of a comma-separated list; an empty one is a usage error. */
function listOf(option: string, raw: string | undefined, example: string): string[] {
  if (raw === undefined) throw new GradsyncError('bad-argument', `missing ${option}, e.g. ${option} ${example}`);
  const items = raw.split(',').map((item) => item.trim());
  if (items.some((item) => item === '')) throw new GradsyncError('bad-argument', `${option} must be a comma-separated list, e.g. ${example}; got '${raw}'`);
  return items;
}

function parseAlgorithms(raw: string | undefined): string[] {
  const known = algorithmIds('allreduce');
  const ids = listOf('--algorithms', raw, 'ring,double-tree');
  const unknown = ids.find((id) => !known.includes(id));
  if (unknown !== undefined) throw new GradsyncError('bad-argument', `--algorithms must name all-reduce algorithms (${known.join(', ')}); got '${unknown}'`);
  return ids;
}

/** G of a custom topology of nodes: --topology nodes:G, else --devices-per-node; none for a switch, a preset or a fit. */
function customNodeSize(flags: CompareFlags, perNode: number | undefined): number | undefined {
  if (flags.preset !== undefined || flags.fit !== undefined) return undefined;
  const text = flags.topology ?? (perNode === undefined ? 'switch' : `nodes:${perNode}`);
  const topology = parseTopology(text);
  return topology.kind === 'nodes' ? topology.devicesPerNode : undefined;
}

/** The machine's topology for N devices, every flag read once first (on a device count it takes), so a bad one is a usage error. */
function machineOf(flags: CompareFlags, perNode: number | undefined): (devices: number) => Topology {
  const nodeSize = customNodeSize(flags, perNode);
  const probe = flags.preset !== undefined ? presetById(flags.preset).hardware.gpusPerNode : (nodeSize ?? 1);
  resolveTopology(flags, { devices: probe, devicesPerNode: perNode });
  return (devices) => {
    if (nodeSize !== undefined && devices % nodeSize !== 0) {
      throw new GradsyncError('bad-argument', `nodes of ${nodeSize} do not divide ${formatCount(devices)} devices`);
    }
    return resolveTopology(flags, { devices, devicesPerNode: perNode });
  };
}

/** Which topology each device count was modelled on, in runs: "12–24,576 devices: nodes of 6: …". */
function machineLines(deviceCounts: readonly number[], topologyAt: (devices: number) => Topology): string[] {
  const runs: { from: number; to: number; text: string }[] = [];
  for (const n of deviceCounts) {
    let text: string;
    try {
      text = describeTopology(topologyAt(n));
    } catch (error) {
      if (error instanceof GradsyncError) continue;
      throw error;
    }
    const last = runs.at(-1);
    if (last && last.text === text) last.to = n;
    else runs.push({ from: n, to: n, text });
  }
  return runs.map(({ from, to, text }) => `# ${from === to ? formatCount(from) : `${formatCount(from)}–${formatCount(to)}`} devices: ${text}`);
}

const COLUMNS = ['size', 'devices', 'algorithm', 'time', 'algbw', 'busbw', 'protocol'] as const;

function cells(row: ModelledRow): string[] {
  return [
    formatBytes(row.bytes),
    formatCount(row.devices),
    row.algorithm,
    formatMicroseconds(row.timeUs),
    formatGBs(row.algbwGBs),
    formatGBs(row.busbwGBs),
    row.protocol,
  ];
}

function table(rows: readonly CompareRow[]): string[] {
  const modelled = rows.filter(isModelled).map(cells);
  const widths = COLUMNS.map((title, i) => Math.max(title.length, ...modelled.map((c) => c[i].length), ...rows.map((r) => (i === 2 ? r.algorithm.length : 0))));
  // Text columns (algorithm, protocol) to the left, quantities to the right, as nccl-tests prints them.
  const pad = (text: string, i: number) => (i === 2 || i === 6 ? text.padEnd(widths[i]) : text.padStart(widths[i]));
  const lines = [COLUMNS.map(pad).join('  ').trimEnd()];
  for (const row of rows) {
    const lead = [formatBytes(row.bytes), formatCount(row.devices), row.algorithm].map(pad).join('  ');
    lines.push(isModelled(row) ? cells(row).map(pad).join('  ').trimEnd() : `${lead}  no model: ${row.unavailable}`);
  }
  return lines;
}

export function compareCommand(io: Io, done: (code: ExitCode) => void): Command {
  const command = new Command('compare')
    .description('all-reduce algorithms side by side: model time, algbw and busbw per device count and size, from closed forms (to 131,072 devices)')
    .option('--algorithms <ids>', `comma-separated all-reduce algorithms (${algorithmIds('allreduce').join(', ')})`)
    .option('--devices <N,…>', `comma-separated device counts, 1 to ${formatCount(SCALE_MAX_DEVICES)}`)
    .option('--bytes <S,…>', 'comma-separated message sizes: 8, 64K, 16M, 1G (multiples of 4)')
    .option('--chunks <C>', "the pipeline's chunks of tree and double-tree (default: their own)")
    .option('--devices-per-node <G>', "hierarchical-ring's G, and nodes of G unless --topology or --preset says otherwise")
    .option('--json', 'print { "rows": [...] }');
  addTopologyOptions(command);
  command.action((flags: CompareFlags) => {
    const algorithms = parseAlgorithms(flags.algorithms);
    const deviceCounts = listOf('--devices', flags.devices, '96,1536,24576').map((item) => parseInteger('--devices', item, 1, SCALE_MAX_DEVICES));
    const sizes = listOf('--bytes', flags.bytes, '8,256M').map((item) => parseSize('--bytes', item));
    const chunks = flags.chunks === undefined ? undefined : parseInteger('--chunks', flags.chunks, 1, MAX_CHUNKS);
    const perNode = flags.devicesPerNode === undefined ? undefined : parseInteger('--devices-per-node', flags.devicesPerNode, 1, SCALE_MAX_DEVICES);
    const topologyAt = machineOf(flags, perNode);
    // On a preset, hierarchical-ring's nodes are the machine's, one node included.
    const nodes = perNode ?? (flags.preset !== undefined ? presetById(flags.preset).hardware.gpusPerNode : undefined);
    const rows = compareRows({ algorithms, deviceCounts, sizes, topologyAt, devicesPerNode: nodes, chunks });
    if (flags.json) {
      // Rows without a model keep the row's keys, their figures null, and say why.
      const json = rows.map((row) =>
        isModelled(row)
          ? row
          : {
              algorithm: row.algorithm,
              devices: row.devices,
              bytes: row.bytes,
              timeUs: null,
              algbwGBs: null,
              busbwGBs: null,
              protocol: null,
              unavailable: row.unavailable,
            },
      );
      io.out(`${JSON.stringify({ rows: json })}\n`);
    } else {
      const machine = flags.preset !== undefined ? ` on ${presetById(flags.preset).label}` : '';
      const lines = [
        `gradsync compare: all-reduce${machine}, α-β model from closed forms`,
        ...machineLines(deviceCounts, topologyAt),
        '# on nodes, tree and double-tree run over the nodes with a chain inside each, as NCCL builds them across nodes',
        '',
        ...table(rows),
      ];
      io.out(`${lines.join('\n')}\n`);
    }
    done(EXIT_OK);
  });
  return command;
}
