// What the loader is handed — pasted, picked or dropped — goes where it belongs by its content: an
// nccl-tests log to its comparison with the model, NCCL's own log or dump to the view of what NCCL
// built, anything else to the schedule path. Either way a text that cannot be read is one line naming
// where it came from, and replaces nothing.

import { looksLikeNcclDump, looksLikeNcclLog } from '../../core/ncclLog';
import { looksLikeNcclTestsLog } from '../../core/ncclTests';
import type { Sim } from '../../store/simStore';
import { capitalized, MAX_SCHEDULE_BYTES, readScheduleText } from './readSchedule';
import { looksLikeJson, readTextFile, type TextRead } from './readScheduleFile';
import { refused, type Refused } from '../../core/errors';

const PASTED_SCHEDULE = 'pasted schedule';
const PASTED_LOG = 'pasted nccl-tests log';
const PASTED_NCCL = 'pasted NCCL log';
const PASTED_DUMP = 'pasted NCCL dump';

export type Loaded = { ok: true; kind: 'schedule' | 'log' | 'nccl' } | Refused;

type Loader = Pick<Sim, 'loadSchedule' | 'loadNcclTestsLog' | 'loadNcclBuild'>;

/** Loads `text` as what it is; `name` is the file's, or null for pasted text. */
export function loadText(sim: Loader, text: string, name: string | null): Loaded {
  if (looksLikeNcclTestsLog(text)) {
    const problem = sim.loadNcclTestsLog(text, name ?? PASTED_LOG);
    if (problem === null) return { ok: true, kind: 'log' };
    return refused(name === null ? capitalized(problem) : `${name}: ${problem}`);
  }
  if (looksLikeNcclLog(text) || looksLikeNcclDump(text)) {
    const problem = sim.loadNcclBuild(text, name ?? (looksLikeNcclDump(text) ? PASTED_DUMP : PASTED_NCCL));
    if (problem === null) return { ok: true, kind: 'nccl' };
    return refused(name === null ? capitalized(problem) : `${name}: ${problem}`);
  }
  if (!/^\s*[{[<]/.test(text))
    return refused(`${name ?? 'This'} is not a schedule (JSON or MSCCL XML), an nccl-tests log or NCCL’s own log: it begins “${opening(text)}”`);
  const read = readScheduleText(text, name);
  if (!read.ok) return read;
  sim.loadSchedule(read.schedule, name ?? PASTED_SCHEDULE, text);
  return { ok: true, kind: 'schedule' };
}

/** The first words of a text, on one line, for saying what it is not. */
function opening(text: string): string {
  const words = text.trim().replace(/\s+/g, ' ');
  return words.length > 32 ? `${words.slice(0, 32)}…` : words;
}

/**
 * A file's text for loadText; never rejects. `schedulesAsJson`: a file that is not a log is taken as
 * a schedule only when it says it is JSON (a dropped photo is refused, not parsed).
 */
export async function readLoadable(file: File, schedulesAsJson = false): Promise<TextRead> {
  const read = await readTextFile(file, MAX_SCHEDULE_BYTES, 'a schedule or log file');
  // NCCL's own log or dump goes on to loadText, to the view of what NCCL built.
  const ncclOwn = read.ok && (looksLikeNcclLog(read.text) || looksLikeNcclDump(read.text));
  if (read.ok && schedulesAsJson && !looksLikeJson(file) && !looksLikeNcclTestsLog(read.text) && !ncclOwn) {
    return refused(`${file.name} is neither a .json schedule nor an nccl-tests log; drop a gradsync-schedule/1 JSON file or a *_perf output`);
  }
  return read;
}
