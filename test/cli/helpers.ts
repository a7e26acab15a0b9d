// Shared by the CLI tests: running `main` with captured streams, temp folders for files, and the
// assertions of the usage-error contract (exit 2, one "gradsync: " line on stderr, empty stdout).

import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { main } from '../../src/cli/main';
import type { Io } from '../../src/cli/io';

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

/** Runs the CLI in-process with stdout and stderr captured as strings. */
export async function runCli(argv: string[]): Promise<CliResult> {
  let out = '';
  let err = '';
  const io: Io = {
    out: (text) => void (out += text),
    err: (text) => void (err += text),
  };
  const code = await main(argv, io);
  return { code, out, err };
}

/** A folder in the OS temp dir; `file` writes text (objects as JSON) and returns the path. */
export interface TempDir {
  readonly path: string;
  file(name: string, content: string | object): string;
  /** A path inside the folder that nothing has written yet. */
  fresh(name: string): string;
  remove(): void;
}

export function makeTempDir(prefix = 'gradsync-cli-'): TempDir {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return {
    path,
    file(name, content) {
      const target = join(path, name);
      writeFileSync(target, typeof content === 'string' ? content : JSON.stringify(content));
      return target;
    },
    fresh(name) {
      const target = join(path, name);
      if (existsSync(target)) throw new Error(`test fixture clash: ${target} already exists`);
      return target;
    },
    remove() {
      rmSync(path, { recursive: true, force: true });
    },
  };
}

/** The shape of a Node stack frame ("    at f (file.ts:1:2)"): never allowed in CLI output. */
export const STACK_FRAME = /^\s+at .+[:(]/m;

/**
 * Asserts the bad-usage contract: exit 2, nothing on stdout, exactly one stderr line that starts with
 * "gradsync: " and matches `mention`, no stack trace; and, when given, that `output` was not written.
 */
export function expectUsageError(result: CliResult, mention: RegExp, output?: string): void {
  expect(result.code, `exit code (stderr: ${JSON.stringify(result.err)})`).toBe(2);
  expect(result.out, 'stdout').toBe('');
  expect(result.err, 'stderr').toMatch(/^gradsync: [^\n]+\n$/);
  expect(result.err).toMatch(mention);
  expect(result.err).not.toMatch(STACK_FRAME);
  if (output !== undefined) expect(existsSync(output), `${output} exists`).toBe(false);
}
