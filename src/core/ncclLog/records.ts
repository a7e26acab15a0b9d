// NCCL_DEBUG output line by line, as pasted from real runs: under any launcher's tags (ncclTests'
// launcherPrefix), after NCCL's own prefix "host:pid:tid [cudaDev] NCCL INFO " (from 2.26 perhaps
// after a timestamp of the user's format), interleaved between ranks and hosts. A record is one of
// NCCL's lines with who printed it; the version banner may stand bare, without a prefix (2.4 to 2.21
// print it with printf), and a line may be pasted with its host and pids cut away ("[5] NCCL INFO").
// Anything else is not NCCL's and is only counted.

import { untagged } from '../ncclTests/launcherPrefix';

type NcclLevel = 'INFO' | 'WARN' | 'TRACE';

export interface NcclRecord {
  /** 1-based line of the log. */
  line: number;
  /** Who printed it: null for a bare line. */
  host: string | null;
  pid: number | null;
  /** The CUDA device the printing thread had set. */
  cudaDev: number | null;
  level: NcclLevel;
  /** The text after NCCL's prefix (for WARN, after "file:line (func) NCCL WARN "). */
  message: string;
}

/**
 * NCCL's prefix anywhere in the line, so that whatever stands before it (launcher tags, a timestamp,
 * a stray prompt) is passed over: host:pid:tid [dev] NCCL INFO, TRACE with its time and place, and
 * WARN with its source file and line (and since 2.30 its function).
 */
const PREFIX = /(?:^|\s)([^\s:]+):(\d+):(\d+) \[(\d+)\] (?:(?:[\d.]+ )?[\w./-]+:\d+(?: \([\w:~<>]+\))? )?NCCL (INFO|WARN|TRACE) ?(.*)$/;
/** The same with the host and pids cut away, as logs are often pasted into issues: "[5] NCCL INFO Trees …". */
const SHORT = /^\s*\[(\d+)\] NCCL (INFO|WARN|TRACE) ?(.*)$/;
const BANNER = /(?:^|\s)(NCCL version \d+\.\d+\.\d+\S*)\s*$/;

/** A line passed over, where it stands and what it says. */
export interface OtherLine {
  line: number;
  text: string;
}

/** NCCL's records in `text`, and the lines that are not NCCL's (blank ones aside). */
export function ncclRecords(text: string): { records: NcclRecord[]; other: OtherLine[] } {
  const records: NcclRecord[] = [];
  const other: OtherLine[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = index + 1;
    // A launcher's tag may stand right against NCCL's host name: "[1,0]<stdout>:node-a:4000:4000 [0] NCCL INFO".
    const match = PREFIX.exec(untagged(raw)) ?? PREFIX.exec(raw);
    if (match) {
      const [, host, pid, , dev, level, message] = match;
      records.push({ line, host, pid: Number(pid), cudaDev: Number(dev), level: level as NcclLevel, message: message.trim() });
      return;
    }
    const short = SHORT.exec(raw) ?? SHORT.exec(untagged(raw));
    if (short) {
      records.push({ line, host: null, pid: null, cudaDev: Number(short[1]), level: short[2] as NcclLevel, message: short[3].trim() });
      return;
    }
    const bare = BANNER.exec(untagged(raw));
    if (bare) records.push({ line, host: null, pid: null, cudaDev: null, level: 'INFO', message: bare[1] });
    else if (raw.trim() !== '') other.push({ line, text: raw.trim() });
  });
  return { records, other };
}

/** Lines read before deciding: a log shows NCCL's prefix in its first screenful or two. */
const LINES_READ = 400;

/** Whether a text is NCCL's own debug output: some line among its first carries NCCL's prefix. */
export function looksLikeNcclLog(text: string): boolean {
  return text
    .split(/\r\n|\r|\n/, LINES_READ)
    .some((line) => PREFIX.test(line) || PREFIX.test(untagged(line)) || SHORT.test(line) || SHORT.test(untagged(line)));
}
