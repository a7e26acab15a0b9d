// The real executable as a child process: exit codes and streams as a shell sees them.

import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ring } from '../../src/core/algorithms/ring';
import { STACK_FRAME, makeTempDir, type CliResult } from './helpers';
import { probeGpu, skipNote } from '../gpu/gpuProvider';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const tmp = makeTempDir('gradsync-process-');
afterAll(() => tmp.remove());
const gpu = await probeGpu('test/cli/process.test.ts');

function spawn(command: string, args: string[], options: SpawnSyncOptions = {}): CliResult {
  const child = spawnSync(command, args, { cwd: REPO, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 << 20, ...options });
  if (child.error) throw child.error;
  return { code: child.status ?? -1, out: String(child.stdout ?? ''), err: String(child.stderr ?? '') };
}

const gradsync = (...args: string[]) => spawn(process.execPath, ['bin/gradsync.mjs', ...args]);

describe('bin/gradsync.mjs as a process', () => {
  it('prints the schedule of ring on 4 devices as JSON with exit 0 and an empty stderr', () => {
    const result = gradsync('schedule', '--algorithm', 'ring', '--devices', '4');
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toEqual(ring.build({ devices: 4 }));
  });

  it('exits 2 on a bad --devices with one stderr line, empty stdout and no output file', () => {
    const output = tmp.fresh('bad-devices.json');
    const result = gradsync('run', '--algorithm', 'ring', '--devices', 'abc', '--elements', '8', '--output', output);
    expect(result).toEqual({ code: 2, out: '', err: "gradsync: --devices must be an integer from 1 to 4,096, got 'abc'\n" });
    expect(existsSync(output)).toBe(false);
  });

  it('exits 2 on a malformed --schedule file with one line naming the file and no stack trace', () => {
    const file = tmp.file('malformed.json', '{"format": "gradsync-schedule/1", "steps": [');
    const result = gradsync('verify', '--schedule', file);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err).toMatch(/^gradsync: [^\n]*malformed\.json[^\n]*not valid JSON[^\n]*\n$/);
    expect(result.err).not.toMatch(STACK_FRAME);
  });

  it('exits 2 without a command, saying one is missing', () => {
    const result = gradsync();
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err).toMatch(/^gradsync: missing command[^\n]*\n$/);
  });

  it('exits 1 when verify finds ring on 4 devices without its first transfer, naming step, GPU and chunk on stdout', () => {
    const schedule = ring.build({ devices: 4 });
    schedule.steps[0].transfers.shift();
    const result = gradsync('verify', '--schedule', tmp.file('ring4-missing.json', schedule));
    expect(result).toEqual({
      code: 1,
      out:
        'not verified: after step 6, GPU-0 chunk 1 lacks its own a₁; its value was last reduced at step 3 on GPU-3\n' +
        'most likely: step 1: GPU-0 → GPU-1, chunk 1, reduce is missing; the built-in ring makes it\n',
      err: '',
    });
  });

  it('runs an --input file and writes exact sums to --output with exit 0', () => {
    const rows = [
      [1, -2, 30],
      [4, 5, -60],
      [7, 8, 90],
    ];
    const output = tmp.fresh('sums.json');
    const result = gradsync('run', '--algorithm', 'ring', '--devices', '3', '--input', tmp.file('in.json', rows), '--output', output, '--json');
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toMatchObject({ verified: true, devices: 3, elements: 3, steps: 4, backend: 'cpu' });
    expect(JSON.parse(readFileSync(output, 'utf8'))).toEqual([
      [12, 11, 60],
      [12, 11, 60],
      [12, 11, 60],
    ]);
  });

  it('exits 0 with help on stdout for --help', () => {
    const result = gradsync('--help');
    expect(result.code).toBe(0);
    expect(result.err).toBe('');
    expect(result.out).toMatch(/^Usage: gradsync /);
  });

  it('exits 0 without an error when a reader closes the pipe early', () => {
    const script = `"${process.execPath}" bin/gradsync.mjs schedule --algorithm ring --devices 256 | head -c 100 >/dev/null; echo "exit=\${PIPESTATUS[0]}"`;
    const result = spawn('bash', ['-c', script]);
    expect(result.out).toBe('exit=0\n');
    expect(result.err).toBe('');
  });

  // ring on 2048 devices is within the builder's limit (2048 × 2048 cells); its JSON is about 540 MB.
  it('prints the largest ring schedule the limits admit, or refuses it with one line, but never fails internally', () => {
    const result = spawn(process.execPath, ['bin/gradsync.mjs', 'schedule', '--algorithm', 'ring', '--devices', '2048'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    if (result.code === 0) {
      expect(result.err).toBe('');
    } else {
      expect(result.code, `exit code (stderr: ${JSON.stringify(result.err)})`).toBe(2);
      expect(result.err).toMatch(/^gradsync: [^\n]+\n$/);
    }
  });
});

describe('npx gradsync in the repository root', () => {
  it("narrates ring's first step on 4 devices with exit 0", () => {
    const result = spawn('npx', ['gradsync', 'narrate', '--algorithm', 'ring', '--devices', '4', '--step', '1']);
    // npm itself may warn about the user's npm configuration; that is not the CLI's output.
    const ownErr = result.err
      .split('\n')
      .filter((line) => line !== '' && !/^npm (warn|notice)/i.test(line))
      .join('\n');
    expect(ownErr).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toBe(
      [
        'Step 1 of 6 · share-reduce (reduce-scatter)',
        '  GPU-0 sends a₁ to GPU-1, where it gets added to b₁.',
        '  GPU-1 sends b₂ to GPU-2, where it gets added to c₂.',
        '  GPU-2 sends c₃ to GPU-3, where it gets added to d₃.',
        '  GPU-3 sends d₄ to GPU-0, where it gets added to a₄.',
        '',
      ].join('\n'),
    );
  });
});

describe('gradsync --backend webgpu as a process', () => {
  it.skipIf(gpu.skipReason !== null)(`has an adapter (required when CI=true)${skipNote(gpu)}`, () => {
    expect(gpu.provider()).toBeTruthy();
  });

  it.skipIf(gpu.skipReason !== null)(`runs ring on the WebGPU engine and reports the adapter${skipNote(gpu)}`, () => {
    const result = gradsync('run', '--algorithm', 'ring', '--devices', '4', '--elements', '1000', '--backend', 'webgpu', '--json');
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.out);
    expect(report).toMatchObject({ verified: true, backend: 'webgpu', devices: 4, elements: 1000, bytesSent: [6000, 6000, 6000, 6000] });
    expect(report.adapter).toMatch(/\S/);
  });

  it('exits 2 with one clear line when there is no adapter', () => {
    const result = spawn(process.execPath, ['bin/gradsync.mjs', 'run', '--algorithm', 'ring', '--devices', '4', '--elements', '8', '--backend', 'webgpu'], {
      env: { ...process.env, VK_ICD_FILENAMES: '/nonexistent/icd.json' },
    });
    expect(result).toEqual({ code: 2, out: '', err: 'gradsync: no WebGPU adapter with VK_ICD_FILENAMES=/nonexistent/icd.json\n' });
  });

  it.skipIf(gpu.skipReason !== null)(`benchmarks the WebGPU engine against a fused vec4 add on the same adapter${skipNote(gpu)}`, () => {
    const result = gradsync(
      'bench',
      '--backend',
      'webgpu',
      '--algorithm',
      'ring',
      '--devices',
      '4',
      '--min-bytes',
      '64K',
      '--max-bytes',
      '64K',
      '--iters',
      '2',
    );
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/# webgpu engine on .+, measured/);
    expect(result.out).toMatch(
      /# memory traffic \(reads and writes\) of a whole run: [\d.]+ GB\/s; a fused vec4 add over the same elements: [\d.]+ GB\/s; engine ÷ add = [\d.]+/,
    );
    expect(result.out).toMatch(/# a whole run: 1 submission; stepped: 1\.00 submissions per step, 0 readbacks/);
  });
});
