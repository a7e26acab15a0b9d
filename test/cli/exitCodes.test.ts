// Every exit code the command uses is one the README documents, and each is named once.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import * as EXIT from '../../src/cli/exitCodes';
import { ring } from '../../src/core/algorithms/ring';
import { makeTempDir, runCli, STACK_FRAME } from './helpers';

// A bug of ours, standing in for any: the verifier throws a plain Error.
vi.mock('../../src/core/symbolic/verify', () => ({
  verifySchedule: () => {
    throw new Error('the verifier lost its place');
  },
}));

const root = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

describe('exit codes', () => {
  it('are those of the README’s table, no more and no fewer', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('| exit code | meaning |'));
    const documented = [...table.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]));
    const codes = Object.entries(EXIT)
      .filter(([name]) => name.startsWith('EXIT_'))
      .map(([, code]) => code);
    expect(documented).toEqual([...codes].sort((a, b) => Number(a) - Number(b)));
  });

  it('are named, never written as numbers, wherever the command exits', () => {
    // Commands end through done(code) and main returns the code; nothing in src/cli exits the process.
    const main = join(root, 'src', 'cli', 'main.ts');
    const found: string[] = [];
    for (const file of sourceFiles(join(root, 'src', 'cli'))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const numbered = /\bdone\([^;]*\b\d+\b/.test(line) || /process\.exit/.test(line) || (file === main && /\breturn \d+;/.test(line));
          if (numbered) found.push(`${relative(root, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('is 3, with one line asking to report it, when gradsync itself fails', async () => {
    const tmp = makeTempDir();
    try {
      const result = await runCli(['verify', '--schedule', tmp.file('ring4.json', ring.build({ devices: 4 }))]);
      expect(result.code).toBe(EXIT.EXIT_INTERNAL);
      expect(result.out).toBe('');
      expect(result.err).toBe('gradsync: internal error: the verifier lost its place (please report this)\n');
      expect(result.err).not.toMatch(STACK_FRAME);
    } finally {
      tmp.remove();
    }
  });
});
