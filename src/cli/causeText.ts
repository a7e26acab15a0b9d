// The cause of a wrong schedule as `verify` and `run` print it: the transfer that most likely broke
// it (core/diagnosis/cause.ts) and, for a schedule read from a file, where that transfer is written.

import { builtInCounterpart, diagnoseCause, type Culprit, type Diagnosis } from '../core/diagnosis';
import { sourceWords, writtenAt, type TransferSource } from '../core/formats';
import type { Schedule } from '../core/schedule';
import { sourcesOf } from './files';

export interface Cause {
  diagnosis: Diagnosis;
  /** Where the likely transfer is written, for a schedule read from a file. */
  source: TransferSource | null;
}

/** The diagnosis of a schedule that does not verify. */
export function causeOf(schedule: Schedule): Cause {
  const diagnosis = diagnoseCause(schedule, builtInCounterpart(schedule));
  const source = diagnosis.likely ? writtenAt(sourcesOf(schedule), diagnosis.likely) : null;
  return { diagnosis, source };
}

/** "most likely: …" and where it is written, or where a lost contribution was last held; nothing when neither is known. */
export function causeLines({ diagnosis, source }: Cause): string[] {
  const { likely, lastHeld } = diagnosis;
  if (!likely) return lastHeld.length > 0 ? [`where it was lost: ${lastHeld[0]}`] : [];
  const lines = [`most likely: ${likely.sentence}${likely.evidence === 'reference' ? '' : ' (from the contributions alone)'}`];
  if (source) lines.push(`  written at ${sourceWords(source)}`);
  return lines;
}

/** The cause in --json: the transfer as the file lists it (step and transfer counted from 1), the sentence and where it is written. */
export function causeJson({ diagnosis, source }: Cause): object | null {
  const likely: Culprit | null = diagnosis.likely;
  if (!likely) return null;
  const { kind, evidence, step, index, transfer, sentence } = likely;
  const { src, dst, chunk, op } = transfer;
  return { kind, evidence, step, transfer: index + 1, src, dst, chunk, op, sentence, ...(source && { source }) };
}
