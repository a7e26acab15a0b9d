// gradsync calibrate: reads the table an nccl-tests *_perf binary printed on a real cluster and fits
// the α-β model to it: latency and bandwidth per NCCL protocol on the fabric that limits the run,
// and for every row the measured time, the model's and the error.

import { Command } from 'commander';
import { GradsyncError } from '../../core/errors';
import { calibrate, type Calibration, parameterNames, parseNcclTestsLog, type NcclTestsLog } from '../../core/ncclTests';
import { PROTOCOLS } from '../../core/nccl';
import { MAX_DEVICES } from '../../core/schedule';
import { parseInteger } from '../args';
import { EXIT_OK, type ExitCode } from '../exitCodes';
import { readParsed } from '../files';
import type { Io } from '../io';

interface CalibrateFlags {
  ncclTests?: string;
  devicesPerNode?: string;
  json?: boolean;
}

/** Microseconds to 4 significant digits, whole above 10,000 µs as nccl-tests prints them. */
function us(value: number): string {
  return value >= 1e4 ? value.toFixed(0) : value.toPrecision(4);
}

function header(log: NcclTestsLog, calibration: Calibration): string[] {
  const { shape, devicesKnown, nodes, fit } = calibration;
  const gpu = log.gpuNames.length > 0 ? ` × ${log.gpuNames.join(', ')}` : '';
  const devices = devicesKnown ? `${shape.devices}${gpu}` : `devices not in the log${gpu}`;
  const where = nodes > 1 ? `${nodes} nodes of ${shape.devicesPerNode}` : 'one node';
  const from = log.collectiveFrom === 'name' ? '' : " (the log names no binary: told by the table's columns)";
  const factor = calibration.fabricBytesPerByte.toPrecision(4);
  const bytes =
    fit.fabric === 'inter'
      ? `B = ${factor} × S, the bytes that must leave a node; β is a node's network, its NICs together (links inside a node taken as faster)`
      : `B = ${factor} × S, the bytes each device sends on a ring (nccl-tests' busbw bytes); β is a bus bandwidth per GPU`;
  return [
    `${log.collective}_perf${from} · ${devices} · ${where}`,
    `model: each NCCL protocol p takes α_p + B / β_p, the fastest one wins; ${bytes}`,
    `fitted to the out-of-place times of ${fit.fittedRows} rows`,
  ];
}

function table(calibration: Calibration): string[] {
  const lines = [`${'size'.padStart(12)}  ${'measured'.padStart(10)}  ${'model'.padStart(10)}  ${'error'.padStart(8)}  protocol`];
  for (const row of calibration.fit.rows) {
    const model = row.modelUs === null ? '—' : `${us(row.modelUs)} µs`;
    const error = row.errorPct === null ? 'not fitted' : `${row.errorPct >= 0 ? '+' : ''}${row.errorPct.toFixed(1)}%`;
    lines.push(`${String(row.bytes).padStart(12)}  ${`${us(row.timeUs)} µs`.padStart(10)}  ${model.padStart(10)}  ${error.padStart(8)}  ${row.protocol ?? ''}`);
  }
  return lines;
}

function parameterLines(calibration: Calibration): string[] {
  const { fit } = calibration;
  const lines = [fit.fabric === 'inter' ? 'parameters (the network between nodes)' : 'parameters (the links within a node)'];
  for (const protocol of PROTOCOLS) {
    const names = parameterNames(protocol, fit.fabric);
    if (!(names.alpha in fit.parameters)) continue;
    lines.push(`  ${names.alpha.padEnd(20)} ${fit.parameters[names.alpha].toPrecision(4).padStart(8)}  ${protocol} latency, µs`);
    lines.push(`  ${names.beta.padEnd(20)} ${fit.parameters[names.beta].toPrecision(4).padStart(8)}  ${protocol} bandwidth, GB/s`);
  }
  const unused = PROTOCOLS.filter((protocol) => !(parameterNames(protocol, fit.fabric).alpha in fit.parameters));
  if (unused.length > 0) lines.push(`  (${unused.join(', ')}: picked for no size, so not determined by this log)`);
  return lines;
}

function json(log: NcclTestsLog, calibration: Calibration): object {
  const { shape, devicesKnown, nodes, fit } = calibration;
  return {
    collective: log.collective,
    collectiveFrom: log.collectiveFrom,
    devices: devicesKnown ? shape.devices : null,
    devicesPerNode: shape.devicesPerNode,
    nodes,
    gpuNames: log.gpuNames,
    fabric: fit.fabric,
    fabricBytesPerByte: calibration.fabricBytesPerByte,
    time: 'out-of-place',
    parameters: fit.parameters,
    rows: fit.rows.map((row, i) => ({
      line: log.rows[i].line,
      bytes: row.bytes,
      measuredUs: row.timeUs,
      modelUs: row.modelUs,
      errorPct: row.errorPct,
      protocol: row.protocol,
    })),
    fittedRows: fit.fittedRows,
    medianAbsErrorPct: fit.medianAbsErrorPct,
    maxAbsErrorPct: fit.maxAbsErrorPct,
    avgBusBwGBs: log.avgBusBwGBs,
  };
}

export function calibrateCommand(io: Io, done: (code: ExitCode) => void): Command {
  return new Command('calibrate')
    .description('fit the α-β model to an nccl-tests log: latency and bandwidth per NCCL protocol, the error of every row')
    .option('--nccl-tests <log>', 'the output of an nccl-tests *_perf binary (all_reduce_perf, all_gather_perf, …)')
    .option('--devices-per-node <G>', "devices per node (default: the log's device list, else one node)")
    .option('--json', 'print one JSON object')
    .action((flags: CalibrateFlags) => {
      if (flags.ncclTests === undefined) throw new GradsyncError('bad-argument', 'missing --nccl-tests LOG');
      const devicesPerNode = flags.devicesPerNode === undefined ? undefined : parseInteger('--devices-per-node', flags.devicesPerNode, 1, MAX_DEVICES);
      const log = readParsed(flags.ncclTests, 'nccl-tests log', parseNcclTestsLog);
      const calibration = calibrate(log, devicesPerNode);
      if (flags.json) {
        io.out(`${JSON.stringify(json(log, calibration))}\n`);
      } else {
        const { fit } = calibration;
        const summary = `median |error| ${fit.medianAbsErrorPct.toFixed(1)} %, max ${fit.maxAbsErrorPct.toFixed(1)} % over ${fit.fittedRows} rows`;
        io.out(`${[...header(log, calibration), '', ...table(calibration), '', ...parameterLines(calibration), '', summary].join('\n')}\n`);
      }
      done(EXIT_OK);
    });
}
