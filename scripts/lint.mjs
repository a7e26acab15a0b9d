#!/usr/bin/env node
// npm run lint, and the static checks of npm test after the type check: ESLint (with the layer rules
// of docs/architecture.md), Prettier's format check and knip (unused files, exports and dependencies). The first
// that fails stops the run with one line saying what to do. ESLint and Prettier cache their results
// in node_modules/.cache, keyed by file contents and configuration.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The JavaScript file behind a package's command, run with this Node (no npx, no shell). */
export function binOf(pkg, command = pkg) {
  const { bin } = JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8'));
  return join(ROOT, 'node_modules', pkg, typeof bin === 'string' ? bin : bin[command]);
}

const CHECKS = [
  {
    name: 'eslint',
    args: ['--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint/', '.'],
    failure: 'ESLint found problems (listed above): fix them; npm run lint runs the checks again.',
  },
  {
    name: 'prettier',
    args: ['--check', '--cache', '--cache-strategy', 'content', '--log-level', 'warn', '.'],
    failure: 'Files not formatted as .prettierrc.json says (listed above): run npm run format.',
  },
  {
    name: 'knip',
    args: ['--no-progress'],
    failure: 'knip found unused files, exports or dependencies (listed above): remove them, or un-export what only its own file uses.',
  },
];

/** Runs one check; true when it passes. */
function runCheck({ name, args, failure }) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [binOf(name), ...args], { cwd: ROOT, stdio: 'inherit' });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status === 0) {
    console.log(`${name}: ok (${seconds} s)`);
    return true;
  }
  console.error(`\n${name} failed: ${failure}`);
  return false;
}

/** Runs the checks in order, stopping at the first that fails; true when all pass. */
export function runChecks() {
  return CHECKS.every(runCheck);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(runChecks() ? 0 : 1);
