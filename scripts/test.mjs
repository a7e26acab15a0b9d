#!/usr/bin/env node
// npm test: makes sure what the GPU, browser and torch tests need is here (Debian's chromium, which
// ships SwiftShader, the Vulkan loader, and python3-torch), type-checks, runs the static checks of scripts/lint.mjs
// (ESLint, Prettier, knip), then runs every test with Vitest. The first step that fails stops it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { binOf, runChecks } from './lint.mjs';
import { findTorchPython } from './torchPython.mjs';

const ci = process.env.CI === 'true';
const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
const vulkan = ['/usr/lib/x86_64-linux-gnu/libvulkan.so.1', '/usr/lib/aarch64-linux-gnu/libvulkan.so.1', '/usr/lib64/libvulkan.so.1'].some((path) =>
  existsSync(path),
);
const missing = [
  ...(chromium || process.env.CHROMIUM_PATH ? [] : ['chromium']),
  ...(vulkan || process.platform !== 'linux' ? [] : ['libvulkan1']),
  ...(findTorchPython() ? [] : ['python3-torch']),
];

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  return result.status ?? 1;
}

if (missing.length > 0) {
  if (process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing ${missing.join(' and ')} (Debian packages) for the GPU, browser and torch tests…`);
    if (run('apt-get', ['update', '-qq']) !== 0 || run('apt-get', ['install', '-y', '-qq', ...missing]) !== 0) {
      console.error(`Could not install ${missing.join(', ')}; install them with: apt-get install ${missing.join(' ')}`);
      process.exit(1);
    }
  } else {
    const line = `The GPU, browser and torch tests need ${missing.join(' and ')}: install with sudo apt-get install ${missing.join(' ')}`;
    if (ci) {
      console.error(line);
      process.exit(1);
    }
    console.warn(`${line} (skipping them for now)`);
  }
}

const typecheckStarted = performance.now();
if (run(process.execPath, [binOf('typescript', 'tsc'), '--noEmit', '-p', '.']) !== 0) {
  console.error('\ntsc failed: type errors (listed above): fix them; npm run typecheck runs it again.');
  process.exit(1);
}
console.log(`tsc: ok (${((performance.now() - typecheckStarted) / 1000).toFixed(1)} s)`);
if (!runChecks()) process.exit(1);
process.exit(run(process.execPath, [binOf('vitest'), 'run']));
