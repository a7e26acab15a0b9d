// The cause of a wrong schedule as `verify` and `run` print it: the transfer that most likely broke
// it (core/diagnosis/cause.ts) and, for a schedule read from a file, where that transfer is written.

import { builtInCounterpart, diagnoseCause, type Culprit, type Diagnosis } from '../core/diagnosis';
import { sourceWords, writtenAt, type TransferSource } from '../core/formats';
import type { Schedule } from '../core/schedule';
import { lineOf, sourcesOf } from './files';

export interface Cause {
  diagnosis: Diagnosis;
  /** Where the likely transfer is written, for a schedule read from a file. */
  source: TransferSource | null;
  /** The text of that line. */
  line: string | null;
  /** The other candidates after the likely one, each with where it is written. */
  others: { culprit: Culprit; source: TransferSource | null }[];
}

/** Candidates said after the most likely one. */
const OTHERS_SAID = 3;

/** The diagnosis of a schedule that does not verify. */
export function causeOf(schedule: Schedule): Cause {
  const diagnosis = diagnoseCause(schedule, builtInCounterpart(schedule));
  const sources = diagnosis.likely ? sourcesOf(schedule) : null;
  const source = diagnosis.likely ? writtenAt(sources, diagnosis.likely) : null;
  // Against a built-in, the other changes are more differences, not alternatives: only the first is said.
  const alternatives = diagnosis.likely?.evidence === 'contributions' ? diagnosis.culprits.slice(1, 1 + OTHERS_SAID) : [];
  const others = alternatives.map((culprit) => ({ culprit, source: writtenAt(sources, culprit) }));
  return { diagnosis, source, line: source && lineOf(schedule, source.line), others };
}

/**
 * "most likely: …" and where it is written, then the other candidates ("also possible: …"); or where
 * a lost contribution was last held; nothing when neither is known.
 */
export function causeLines({ diagnosis, source, line, others }: Cause): string[] {
  const { likely, lastHeld } = diagnosis;
  if (!likely) return lastHeld.length > 0 ? [`where it was lost: ${lastHeld[0]}`] : [];
  const lines = [`most likely: ${likely.sentence}${likely.evidence === 'reference' ? '' : ' (from the contributions alone)'}`];
  if (source) lines.push(`  written at ${sourceWords(source)}${line === null ? '' : `: ${shortLine(line)}`}`);
  for (const other of others) lines.push(`also possible: ${other.culprit.sentence}${other.source ? ` (${sourceWords(other.source)})` : ''}`);
  return lines;
}

/** Characters of a source line quoted, at most. */
const QUOTED_CHARS = 160;

function shortLine(line: string): string {
  const trimmed = line.trim();
  return trimmed.length > QUOTED_CHARS ? `${trimmed.slice(0, QUOTED_CHARS - 1)}…` : trimmed;
}

/**
 * The cause in --json: the transfer as the file lists it (step and transfer counted from 1), the
 * sentence and where it is written; the other candidates alike, in `others`.
 */
export function causeJson({ diagnosis, source, others }: Cause): object | null {
  if (!diagnosis.likely) return null;
  return { ...culpritJson(diagnosis.likely, source), others: others.map((other) => culpritJson(other.culprit, other.source)) };
}

function culpritJson({ kind, evidence, step, index, transfer, sentence }: Culprit, source: TransferSource | null) {
  const { src, dst, chunk, op } = transfer;
  return { kind, evidence, step, transfer: index + 1, src, dst, chunk, op, sentence, ...(source && { source }) };
}
