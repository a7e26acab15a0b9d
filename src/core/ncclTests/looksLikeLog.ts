// Whether a text handed to a front end is an nccl-tests log rather than a schedule, by its content:
// a schedule is a JSON object or XML and opens with { or < (a launcher's tag such as Open MPI's
// "[1,0]<stdout>:" may open a log with [); a log prints a *_perf name, its column header,
// the "Avg bus bandwidth" footer or result rows, also under a launcher's tags. A log that is garbled
// further down still counts, so that its own parser says which line is wrong.

import { untagged } from './launcherPrefix';

const MARKERS = [
  /(?:^|[\s/])[a-z_]+_perf(?:_mpi)?\b/m,
  /Avg bus bandwidth\s*:/,
  /Collective test (?:starting|concluded):/,
  /^\W*size\s+count\s+type\s+redop\b/im,
  /\bout-of-place\b/,
];

/** size, count, type and redop of a result row, then a figure. */
const ROW = /^\d+\s+\d+\s+[A-Za-z]\w*\s+[A-Za-z]\w*\s+[-+.\d]/;

/** The lines read before deciding: a log shows its kind in its first screenful or two. */
const LINES_READ = 400;

export function looksLikeNcclTestsLog(text: string): boolean {
  if (/^\s*[{<]/.test(text)) return false;
  const head = text.split(/\r\n|\r|\n/, LINES_READ);
  const lines = head.map((line) => untagged(line).trim());
  const joined = lines.join('\n');
  return MARKERS.some((marker) => marker.test(joined)) || lines.some((line) => ROW.test(line));
}
