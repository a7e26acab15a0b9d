// Reads the output of an nccl-tests *_perf binary as it is pasted in the wild: under launcher tags,
// with CRLF line ends, between MPI warnings, NCCL INFO lines and shell prompts, from any version's
// header to its footer (or a log cut off after a whole row). What it cannot read is bad input naming
// the line: a row that is cut or garbled, a second table, a log with no rows at all.

import { GradsyncError } from '../errors';
import { collectiveOfBinary, type NcclTestsCollective } from './collectives';
import { devicesOfLog, inferCollective, type NcclTestsDevice } from './logFacts';
import { untagged } from './launcherPrefix';
import { layoutOfHeader, layoutOfRow, readRow, type NcclTestsRow, type TableLayout } from './tableRow';

export interface NcclTestsLog {
  collective: NcclTestsCollective;
  /** Named by the log ("# Collective test starting: …", a command line), or told by the table's columns. */
  collectiveFrom: 'name' | 'columns';
  /** null where neither a device list nor the table's figures tell. */
  devices: number | null;
  devicesFrom: 'device list' | 'columns' | null;
  /** Devices per host in the device list; null without hosts, or when hosts hold different counts. */
  devicesPerNode: number | null;
  /** Hosts in the device list, null without one. */
  nodes: number | null;
  /** The devices the list names, in its order. */
  deviceList: NcclTestsDevice[];
  /** Distinct GPU names, in the list's order. */
  gpuNames: string[];
  /** What the last column of each placement counts: wrong elements, the largest error, or nothing. */
  wrongColumn: '#wrong' | 'error' | null;
  rows: NcclTestsRow[];
  /** The footer's "# Avg bus bandwidth" in GB/s; null when the log has none (cut off). */
  avgBusBwGBs: number | null;
}

const DEVICE_LINE = /^Rank\s+(\d+)\s+(?:Group\s+\d+\s+)?Pid\s+\d+\s+(?:on\s+(\S+)\s+)?device\s+\d+\s+\[[^\]]*\]\s*(.*)$/;
const COLLECTIVE_LINE = /^Collective test (?:starting|concluded):\s*(\S+)/;
const AVG_LINE = /^Avg bus bandwidth\s*:\s*(\S+)/;
const BINARY = /(?:^|[\s/])([a-z_]+_perf)(?:_mpi)?(?=\s|$)/;

function bad(line: number, message: string): never {
  throw new GradsyncError('bad-input', `line ${line}: ${message}`);
}

interface Scan {
  named: { collective: NcclTestsCollective; line: number } | null;
  commandLine: NcclTestsCollective | null;
  devices: NcclTestsDevice[];
  layout: TableLayout | null;
  rows: NcclTestsRow[];
  avgBusBwGBs: number | null;
  footerLine: number | null;
}

/** Reads an nccl-tests log; bad input ("line 17: …") where it cannot. */
export function parseNcclTestsLog(text: string): NcclTestsLog {
  const lines = text.split(/\r\n|\r|\n/);
  const scan: Scan = { named: null, commandLine: null, devices: [], layout: null, rows: [], avgBusBwGBs: null, footerLine: null };
  lines.forEach((raw, index) => readLine(untagged(raw).trim(), index + 1, scan));
  if (scan.rows.length === 0) {
    bad(lines.length, 'no result rows up to the end of the log; expected the table nccl-tests prints (size, count, type, redop, time, algbw, busbw)');
  }
  const named = scan.named?.collective ?? scan.commandLine;
  const collective = named ?? inferCollective(scan.rows);
  const devices = devicesOfLog(collective, scan.devices, scan.rows);
  return {
    collective,
    collectiveFrom: named ? 'name' : 'columns',
    ...devices,
    deviceList: scan.devices,
    gpuNames: [...new Set(scan.devices.map((d) => d.gpu).filter((gpu) => gpu !== ''))],
    wrongColumn: scan.layout?.wrongColumn ?? null,
    rows: scan.rows,
    avgBusBwGBs: scan.avgBusBwGBs,
  };
}

function readLine(text: string, line: number, scan: Scan): void {
  if (text === '') return;
  const body = text.replace(/^#+\s*/, '');
  const named = COLLECTIVE_LINE.exec(body);
  if (named) {
    const collective = collectiveOfBinary(named[1]);
    if (!collective) bad(line, `'${named[1]}' is not an nccl-tests binary this reads (all_reduce_perf, all_gather_perf, …)`);
    if (scan.named && scan.named.collective !== collective) bad(line, `a second test (${named[1]}) in one log; give one test per log`);
    scan.named ??= { collective, line };
    return;
  }
  const device = DEVICE_LINE.exec(body);
  if (device) {
    if (scan.rows.length > 0) bad(line, 'a device list after result rows: a second test in one log; give one test per log');
    scan.devices.push({ rank: Number(device[1]), host: device[2] ?? null, gpu: device[3].trim(), line });
    return;
  }
  const tokens = body.split(/\s+/);
  const header = layoutOfHeader(tokens);
  if (header) {
    if (scan.rows.length > 0) bad(line, 'a second table starts here; give one table per log');
    scan.layout = header;
    return;
  }
  const average = AVG_LINE.exec(body);
  if (average) {
    scan.avgBusBwGBs = Number.isFinite(Number(average[1])) ? Number(average[1]) : null;
    scan.footerLine = line;
    return;
  }
  if (body !== text) return;
  if (looksLikeRow(tokens)) {
    readTableRow(tokens, line, scan);
    return;
  }
  if (scan.rows.length === 0 && !scan.commandLine) {
    const binary = BINARY.exec(text);
    if (binary) scan.commandLine = collectiveOfBinary(binary[1]);
  }
}

/**
 * A row, or what is left of one: a number first and then mostly numbers. Launchers' notes that start
 * with a number ("8 more processes have sent help message …") are mostly words.
 */
function looksLikeRow(tokens: readonly string[]): boolean {
  if (!/^\d/.test(tokens[0])) return false;
  if (/^\d+$/.test(tokens[0]) && /^\d+$/.test(tokens[1] ?? '')) return true;
  const numbers = tokens.filter((token) => /^[-+.\d]/.test(token)).length;
  return tokens.length >= 4 && numbers * 2 > tokens.length;
}

function readTableRow(tokens: string[], line: number, scan: Scan): void {
  if (scan.footerLine !== null) bad(line, `a result row after the footer on line ${scan.footerLine}; give one table per log`);
  scan.layout ??= layoutOfRow(tokens);
  const row = readRow(tokens, scan.layout, line);
  if (typeof row === 'string') bad(line, row);
  scan.rows.push(row);
}
