// One result row of an nccl-tests table, read by the columns its header names. Every version prints
// size, count, type and redop; newer ones a root (−1 where there is none); then a group of columns
// per placement, out-of-place first, in-place second (or not at all): time, algbw, busbw and #wrong
// (an integer, or N/A when unchecked) or, before nccl-tests 2.10, error (the largest error, 0e+00).
// -I adds per-iteration columns to each group and -S a timestamp at the end; both are skipped.

/** The figures of one placement, as printed. */
interface NcclTestsMeasure {
  timeUs: number;
  algbwGBs: number;
  busbwGBs: number;
  /** #wrong (wrong elements) or error (largest error), per the header; null where printed N/A. */
  wrong: number | null;
}

export interface NcclTestsRow {
  /** The line of the log it was read from, 1-based. */
  line: number;
  bytes: number;
  count: number;
  type: string;
  redop: string;
  /** null where the table has no root column. */
  root: number | null;
  outOfPlace: NcclTestsMeasure;
  /** null where the table has no in-place columns. */
  inPlace: NcclTestsMeasure | null;
}

/** Where each field sits in a row, from the header's column names. */
export interface TableLayout {
  hasRoot: boolean;
  /** The index of each placement group's first column (time); one or two groups. */
  groups: number[];
  /** Columns in each group: time, algbw, busbw, then #wrong/error when present. */
  groupColumns: 3 | 4;
  wrongColumn: '#wrong' | 'error' | null;
  /** Columns a row must have; more are allowed only when the header ends in a timestamp. */
  columns: number;
  trailingTimestamp: boolean;
}

const TIME_NAMES = new Set(['time', 'cputime']);

/** The layout a header line names, or null when the line is not a column header. */
export function layoutOfHeader(names: readonly string[]): TableLayout | null {
  const lower = names.map((name) => name.toLowerCase());
  if (lower[0] !== 'size' || lower[1] !== 'count' || lower[2] !== 'type' || lower[3] !== 'redop') return null;
  const groups = lower.flatMap((name, i) => (TIME_NAMES.has(name) ? [i] : []));
  if (groups.length === 0 || groups.length > 2) return null;
  const wrongName = lower[groups[0] + 3];
  const wrongColumn = wrongName === '#wrong' ? '#wrong' : wrongName === 'error' ? 'error' : null;
  const trailingTimestamp = lower[lower.length - 1] === 'timestamp';
  return {
    hasRoot: lower[4] === 'root',
    groups,
    groupColumns: wrongColumn ? 4 : 3,
    wrongColumn,
    columns: lower.length - (trailingTimestamp ? 1 : 0),
    trailingTimestamp,
  };
}

/** The layout of a table pasted without its header: root decided by the row's own column count. */
export function layoutOfRow(tokens: readonly string[]): TableLayout {
  const hasRoot = (tokens.length - 4) % 4 === 1;
  const first = hasRoot ? 5 : 4;
  const groups = tokens.length - first >= 8 ? [first, first + 4] : [first];
  return { hasRoot, groups, groupColumns: 4, wrongColumn: '#wrong', columns: first + 4 * groups.length, trailingTimestamp: false };
}

/** A row's tokens read by the layout; a string saying what is wrong where it cannot be read. */
export function readRow(tokens: readonly string[], layout: TableLayout, line: number): NcclTestsRow | string {
  if (tokens.length < layout.columns) {
    return `the row ends after ${tokens.length} of its ${layout.columns} columns (a cut or interleaved line?)`;
  }
  if (tokens.length > layout.columns && !layout.trailingTimestamp) {
    return `the row has ${tokens.length} columns where the header names ${layout.columns}`;
  }
  const bytes = integer(tokens[0]);
  const count = integer(tokens[1]);
  if (bytes === null) return `size '${tokens[0]}' is not a whole number of bytes`;
  if (count === null) return `count '${tokens[1]}' is not a whole number of elements`;
  if (!/^[A-Za-z][\w]*$/.test(tokens[2])) return `type '${tokens[2]}' is not a data type`;
  if (!/^[A-Za-z][\w]*$/.test(tokens[3])) return `redop '${tokens[3]}' is not a reduction`;
  if (layout.hasRoot && !/^(?:-1|\d+)$/.test(tokens[4])) return `root '${tokens[4]}' is not a rank or -1`;
  const measures: NcclTestsMeasure[] = [];
  for (const start of layout.groups) {
    const measure = readMeasure(tokens.slice(start, start + layout.groupColumns), layout);
    if (typeof measure === 'string') return measure;
    measures.push(measure);
  }
  return {
    line,
    bytes,
    count,
    type: tokens[2],
    redop: tokens[3],
    root: layout.hasRoot ? Number(tokens[4]) : null,
    outOfPlace: measures[0],
    inPlace: measures[1] ?? null,
  };
}

function readMeasure(tokens: readonly string[], layout: TableLayout): NcclTestsMeasure | string {
  const [time, algbw, busbw, wrong] = tokens;
  const timeUs = decimal(time);
  if (timeUs === null) return `time '${time}' is not a number of microseconds`;
  const algbwGBs = decimal(algbw);
  if (algbwGBs === null) return `algbw '${algbw}' is not a number of GB/s`;
  const busbwGBs = decimal(busbw);
  if (busbwGBs === null) return `busbw '${busbw}' is not a number of GB/s`;
  if (layout.wrongColumn === null || wrong === 'N/A') return { timeUs, algbwGBs, busbwGBs, wrong: null };
  // rccl-tests marks errors past its threshold with an asterisk.
  const value = decimal(wrong.replace(/\*$/, ''));
  if (value === null || (layout.wrongColumn === '#wrong' && !Number.isInteger(value))) {
    return `${layout.wrongColumn} '${wrong}' is not ${layout.wrongColumn === '#wrong' ? 'a count or N/A' : 'a number or N/A'}`;
  }
  return { timeUs, algbwGBs, busbwGBs, wrong: value };
}

function integer(token: string): number | null {
  return /^\d+$/.test(token) && Number.isSafeInteger(Number(token)) ? Number(token) : null;
}

function decimal(token: string): number | null {
  return /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(token) ? Number(token) : null;
}
