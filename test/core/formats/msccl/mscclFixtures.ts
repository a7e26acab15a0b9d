// The MSCCL XML files of test/fixtures/msccl, read by name: programs in the style of msccl-tools'
// output and RCCL's own files, the malformed bad_*.xml and one that deadlocks. The valid ones are
// found by listing the folder, so a fixture added there is checked without naming it anywhere else.

import { readFileSync, readdirSync } from 'node:fs';

const FIXTURES = new URL('../../../fixtures/msccl/', import.meta.url);

/** The text of one fixture file. */
export function fixture(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

export const VALID_FIXTURES = readdirSync(FIXTURES).filter((name) => name.endsWith('.xml') && !name.startsWith('bad_') && name !== 'deadlock.xml');
