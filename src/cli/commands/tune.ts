// gradsync tune: what NCCL's tuner would pick on a preset machine, size by size — every
// (algorithm, protocol)'s predicted time, the pick, the sizes where the pick changes, and a sentence
// on one size's pick (core/nccl).

import { Command } from 'commander';
import { GradsyncError } from '../../core/errors';
import { busBandwidthFactor } from '../../core/model';
import {
  type NcclGraph,
  presetById,
  PRESET_IDS,
  type NcclPreset,
  PROTOCOL_LINES,
  PROTOCOLS,
  type Protocol,
  MODEL_DEPARTURES,
  ncclChoose,
  ncclTuner,
  pairName,
  type NcclChoice,
  type NcclTuner,
  explainChoice,
  ncclCrossovers,
  sweepSizes,
  type NcclCrossover,
} from '../../core/nccl';
import { COLLECTIVES, MAX_DEVICES, type Collective } from '../../core/schedule';
import { formatBytes, formatCount, formatGBs, formatMicroseconds, plural } from '../../core/units';
import { parseChoice, parseInteger, parseSize } from '../args';
import { EXIT_OK, type ExitCode } from '../exitCodes';
import type { Io } from '../io';

interface TuneFlags {
  preset?: string;
  devices?: string;
  collective: string;
  minBytes: string;
  maxBytes: string;
  stepFactor: string;
  bytes: string;
  json?: boolean;
}

function busbwGBs(tuner: NcclTuner, choice: NcclChoice): number {
  return (choice.bytes / (choice.pick.timeUs! * 1e3)) * busBandwidthFactor(tuner.collective, tuner.system.ranks);
}

/** What a protocol's lines carry: "4 data bytes in 8". */
function linesText(protocol: Protocol): string {
  const line = PROTOCOL_LINES[protocol];
  return line ? `${line.dataBytes} data bytes in ${line.lineBytes}` : 'whole chunks behind a fence';
}

/** The graphs as NCCL's log names them: channels × bwIntra, and bwInter where it differs. */
function graphsLine(tuner: NcclTuner): string {
  const { ring, tree, nvls } = tuner.graphs;
  const shown = (name: string, g: NcclGraph) => `${name} ${g.channels} × ${g.bwIntra} GB/s${g.bwInter === g.bwIntra ? '' : ` (bwInter ${g.bwInter})`}`;
  return `channels: ${[shown('Ring', ring), shown('Tree', tree), ...(nvls ? [shown('NVLS', nvls)] : [])].join(', ')}`;
}

function textReport(preset: NcclPreset, tuner: NcclTuner, rows: NcclChoice[], crossovers: NcclCrossover[], sentence: string): string {
  const { system } = tuner;
  const run = tuner.entries.filter((entry) => !entry.disabled);
  const names = run.map(pairName);
  const widths = names.map((name) => Math.max(name.length + 1, 10));
  const lines = [
    `NCCL's model of ${tuner.collective} on ${preset.name}`,
    `${system.ranks} GPUs on ${plural(system.nodes, 'node')}; ${graphsLine(tuner)}`,
    `protocols: ${PROTOCOLS.map((p) => `${p} ${linesText(p)}`).join(', ')}`,
    '',
    `${'size'.padStart(10)}  ${names.map((name, i) => name.padStart(widths[i])).join(' ')}  ${'pick'.padStart(16)}  ${'busbw'.padStart(11)}`,
  ];
  for (const row of rows) {
    const cells = row.candidates.filter((c) => !c.disabled).map((c, i) => `${formatMicroseconds(c.timeUs!)}${c === row.pick ? '*' : ' '}`.padStart(widths[i]));
    lines.push(
      `${formatBytes(row.bytes).padStart(10)}  ${cells.join(' ')}  ${pairName(row.pick).padStart(16)}  ${formatGBs(busbwGBs(tuner, row)).padStart(11)}`,
    );
  }
  lines.push('* the pick; busbw of the pick, as nccl-tests computes it', '');
  if (crossovers.length === 0) lines.push(`The pick stays ${pairName(rows[0].pick)} over these sizes.`);
  for (const c of crossovers) lines.push(`from ${formatBytes(c.bytes)} (${formatCount(c.bytes)} B): ${c.to}, after ${c.from}`);
  const off = tuner.entries.filter((entry) => entry.disabled);
  if (off.length > 0) lines.push('', 'not run here:', ...off.map((entry) => `  ${pairName(entry)}: ${entry.disabled}`));
  lines.push('', sentence, '', MODEL_DEPARTURES);
  return `${lines.join('\n')}\n`;
}

export function tuneCommand(io: Io, done: (code: ExitCode) => void): Command {
  return new Command('tune')
    .description("what NCCL's tuner picks on a preset machine: each algorithm and protocol's predicted time per size, the crossovers, and why")
    .option('--preset <id>', `a machine (${PRESET_IDS.join(', ')})`)
    .option('--devices <N>', 'GPUs: up to one node, or whole nodes (default: one node)')
    .option('--collective <name>', `one of ${COLLECTIVES.join(', ')}`, 'allreduce')
    .option('--min-bytes <size>', 'smallest message (nccl-tests -b)', '1K')
    .option('--max-bytes <size>', 'largest message (nccl-tests -e)', '16G')
    .option('--step-factor <f>', 'size multiplier between rows (nccl-tests -f)', '4')
    .option('--bytes <size>', 'the size whose pick is explained', '1M')
    .option('--json', 'print JSON')
    .action((flags: TuneFlags) => {
      if (flags.preset === undefined) throw new GradsyncError('bad-argument', `missing --preset, one of ${PRESET_IDS.join(', ')}`);
      const preset = presetById(flags.preset);
      const devices = flags.devices === undefined ? preset.hardware.gpusPerNode : parseInteger('--devices', flags.devices, 2, MAX_DEVICES);
      const collective = parseChoice<Collective>('--collective', flags.collective, COLLECTIVES);
      const minBytes = parseSize('--min-bytes', flags.minBytes);
      const maxBytes = parseSize('--max-bytes', flags.maxBytes);
      if (maxBytes < minBytes) throw new GradsyncError('bad-argument', `--max-bytes (${flags.maxBytes}) must be at least --min-bytes (${flags.minBytes})`);
      const factor = parseInteger('--step-factor', flags.stepFactor, 2, 1024);
      const explained = parseSize('--bytes', flags.bytes);
      const tuner = ncclTuner(preset.hardware, devices, collective);
      const rows = sweepSizes(minBytes, maxBytes, factor).map((bytes) => ncclChoose(tuner, bytes));
      const crossovers = ncclCrossovers(tuner, minBytes, maxBytes);
      const choice = ncclChoose(tuner, explained);
      const sentence = explainChoice(choice);
      if (flags.json) {
        const json = {
          preset: preset.id,
          devices,
          nodes: tuner.system.nodes,
          collective,
          graphs: tuner.graphs,
          candidates: tuner.entries,
          rows: rows.map((row) => ({
            bytes: row.bytes,
            timesUs: Object.fromEntries(row.candidates.filter((c) => !c.disabled).map((c) => [pairName(c), c.timeUs])),
            pick: pairName(row.pick),
            busbwGBs: busbwGBs(tuner, row),
          })),
          crossovers,
          explained: { bytes: explained, pick: pairName(choice.pick), runnerUp: choice.runnerUp && pairName(choice.runnerUp), sentence },
          departures: MODEL_DEPARTURES,
        };
        io.out(`${JSON.stringify(json, null, 2)}\n`);
      } else {
        io.out(textReport(preset, tuner, rows, crossovers, sentence));
      }
      done(EXIT_OK);
    });
}
