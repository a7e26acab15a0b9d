// `gradsync export --format torch` for real: the program it writes runs under torchrun-style processes
// on torch.distributed (gloo on CPUs here) and leaves every device's buffer equal, bit for bit, to
// `gradsync run`'s output for the same schedule, data and op.

import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, runCli } from '../cli/helpers';
import { findTorchPython, TORCH_MISSING } from '../../scripts/torchPython.mjs';
import { torchrun } from './torchrun';

const IN_CI = process.env.CI === 'true';
const python = findTorchPython();
const skipReason = python || IN_CI ? null : TORCH_MISSING;
if (skipReason) console.warn(`test/torch/torchExport.test.ts skipped: ${skipReason}`);

/** A JSON array of arrays of numbers as each value's f32 bits. */
function bitsOf(path: string): number[][] {
  const rows = JSON.parse(readFileSync(path, 'utf8')) as number[][];
  return rows.map((row) => Array.from(new Uint32Array(Float32Array.from(row).buffer)));
}

interface Case {
  name: string;
  schedule: string[];
  devices: number;
  op: string;
  data: string[];
}

const CASES: Case[] = [
  { name: 'ring on 5, sum', schedule: ['--algorithm', 'ring', '--devices', '5'], devices: 5, op: 'sum', data: ['--elements', '23', '--seed', '7'] },
  {
    name: 'double-tree on 5 (odd N), avg',
    schedule: ['--algorithm', 'double-tree', '--devices', '5'],
    devices: 5,
    op: 'avg',
    data: ['--elements', '17', '--seed', '2'],
  },
  {
    name: 'naive on 3, max, mixed magnitudes',
    schedule: ['--algorithm', 'naive', '--devices', '3'],
    devices: 3,
    op: 'max',
    data: ['--elements', '9', '--seed', '5', '--data', 'mixed'],
  },
  {
    name: 'halving-doubling on 4, sum, mixed magnitudes',
    schedule: ['--algorithm', 'halving-doubling', '--devices', '4'],
    devices: 4,
    op: 'sum',
    data: ['--elements', '31', '--seed', '9', '--data', 'mixed'],
  },
  {
    name: 'hierarchical-ring on 6 (nodes of 3), min',
    schedule: ['--algorithm', 'hierarchical-ring', '--devices', '6', '--devices-per-node', '3'],
    devices: 6,
    op: 'min',
    data: ['--elements', '13', '--seed', '4'],
  },
  {
    name: 'an imported MSCCL XML all-pairs all-reduce (scratch, nops, fused re) on 4, sum',
    schedule: ['--schedule', 'test/fixtures/msccl/allreduce_allpairs.xml'],
    devices: 4,
    op: 'sum',
    data: ['--elements', '48', '--seed', '3', '--data', 'mixed'],
  },
  {
    name: 'an imported MSCCL XML ring all-gather out of place on 4',
    schedule: ['--schedule', 'test/fixtures/msccl/allgather_ring.xml'],
    devices: 4,
    op: 'sum',
    data: ['--elements', '20', '--seed', '6'],
  },
  {
    name: 'an imported MSCCL XML fused ring (rrs, rrcs, rcs) on 4, prod',
    schedule: ['--schedule', 'test/fixtures/msccl/allreduce_ring_fused.xml'],
    devices: 4,
    op: 'prod',
    data: ['--elements', '16', '--seed', '8'],
  },
];

describe.skipIf(skipReason !== null)(`the torch program${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const dir = makeTempDir('gradsync-torch-');
  afterAll(() => dir.remove());

  function requirePython(): string {
    if (!python) throw new Error(`${TORCH_MISSING} (CI=true, where this test may not be skipped)`);
    return python;
  }

  for (const c of CASES) {
    it(`${c.name}: every buffer equals gradsync run's bit for bit`, async () => {
      const interpreter = requirePython();
      const program = dir.fresh(`${c.name.replace(/\W+/g, '-')}.py`);
      const exported = await runCli(['export', '--format', 'torch', ...c.schedule, '--op', c.op, '--out', program]);
      expect(exported.err).toBe('');
      expect(exported.code).toBe(0);
      const reference = dir.fresh(`${c.name.replace(/\W+/g, '-')}-run.json`);
      const run = await runCli(['run', ...c.schedule, '--op', c.op, ...c.data, '--output', reference]);
      expect(run.code, run.err).toBe(0);
      const measured = dir.fresh(`${c.name.replace(/\W+/g, '-')}-torch.json`);
      const trace = dir.fresh(`${c.name.replace(/\W+/g, '-')}-trace.json`);
      const launched = await torchrun(interpreter, c.devices, program, [...c.data, '--output', measured, '--trace', trace]);
      expect(launched.codes, launched.stderr).toEqual(new Array(c.devices).fill(0));
      expect(bitsOf(measured)).toEqual(bitsOf(reference));
      // The measured steps, one span per step and rank, shown beside the model's by gradsync trace.
      const combined = dir.fresh(`${c.name.replace(/\W+/g, '-')}-both.json`);
      const elements = c.data[c.data.indexOf('--elements') + 1];
      const merged = await runCli(['trace', ...c.schedule, '--elements', elements, '--measured', trace, '--out', combined]);
      expect(merged.code, merged.err).toBe(0);
      const events = (JSON.parse(readFileSync(combined, 'utf8')) as { traceEvents: { ph: string; pid: number; tid: number; name: string }[] }).traceEvents;
      const measuredSpans = events.filter((e) => e.ph === 'X' && e.pid === 2);
      const modelNames = new Set(events.filter((e) => e.ph === 'X' && e.pid === 1).map((e) => e.name));
      const steps = (JSON.parse((await runCli(['schedule', ...c.schedule])).out) as { steps: unknown[] }).steps.length;
      expect(measuredSpans).toHaveLength(steps * c.devices);
      expect(new Set(measuredSpans.map((e) => e.tid)).size).toBe(c.devices);
      expect(measuredSpans.filter((e) => !modelNames.has(e.name))).toEqual([]);
    }, 120_000);
  }

  it('reads the same --input as gradsync run: prod on a loaded ring of 4', async () => {
    const interpreter = requirePython();
    const values = Array.from({ length: 4 }, (_, d) => Array.from({ length: 6 }, (_, e) => 0.75 + ((d * 7 + e * 3) % 5) * 0.125));
    const input = dir.file('prod-in.json', values);
    const schedule = dir.fresh('ring4.json');
    const printed = await runCli(['schedule', '--algorithm', 'ring', '--devices', '4']);
    dir.file('ring4.json', printed.out);
    const program = dir.fresh('prod.py');
    expect((await runCli(['export', '--format', 'torch', '--schedule', schedule, '--op', 'prod', '--out', program])).code).toBe(0);
    const reference = dir.fresh('prod-run.json');
    expect((await runCli(['run', '--schedule', schedule, '--op', 'prod', '--input', input, '--output', reference])).code).toBe(0);
    const measured = dir.fresh('prod-torch.json');
    const launched = await torchrun(interpreter, 4, program, ['--input', input, '--output', measured]);
    expect(launched.codes, launched.stderr).toEqual([0, 0, 0, 0]);
    expect(bitsOf(measured)).toEqual(bitsOf(reference));
  }, 120_000);

  it('says in one line how to run it when the process count is not the schedule’s', async () => {
    const interpreter = requirePython();
    const program = dir.fresh('ring3.py');
    expect((await runCli(['export', '--format', 'torch', '--algorithm', 'ring', '--devices', '3', '--out', program])).code).toBe(0);
    const alone = spawnSync(interpreter, [program, '--elements', '4'], { env: { ...process.env, RANK: '0', WORLD_SIZE: '2' }, encoding: 'utf8' });
    expect(alone.status).toBe(2);
    expect(alone.stderr.trim().split('\n')).toEqual([
      'gradsync torch program: the schedule has 3 devices but WORLD_SIZE is 2: run it with torchrun --nproc-per-node 3',
    ]);
  }, 60_000);
});

describe('gradsync trace --measured', () => {
  it('names the file and what is wrong with a measured trace that is not of this schedule, in one line', async () => {
    const dir = makeTempDir('gradsync-measured-');
    try {
      const wrong = dir.file('measured.json', { traceEvents: [{ ph: 'X', name: 'step 1', pid: 2, tid: 9, ts: 0, dur: 1, args: { step: 1 } }] });
      const result = await runCli(['trace', '--algorithm', 'ring', '--devices', '4', '--elements', '8', '--measured', wrong]);
      expect(result.code).toBe(2);
      expect(result.out).toBe('');
      expect(result.err).toBe(`gradsync: ${wrong}: not a measured trace of this schedule: event 0 is on device 9, outside 0…3\n`);
    } finally {
      dir.remove();
    }
  });
});

describe('gradsync export', () => {
  it('writes the program to stdout without --out, and names an unknown format in one line', async () => {
    const printed = await runCli(['export', '--format', 'torch', '--algorithm', 'ring', '--devices', '4']);
    expect(printed.code).toBe(0);
    expect(printed.out).toMatch(/^#!\/usr\/bin\/env python3\n# ring on 4 devices/);
    expect(printed.out).toContain('torchrun --nproc-per-node 4');
    const bad = await runCli(['export', '--format', 'onnx', '--algorithm', 'ring', '--devices', '4']);
    expect(bad.code).toBe(2);
    expect(bad.out).toBe('');
    expect(bad.err.trim().split('\n')).toHaveLength(1);
    expect(bad.err).toMatch(/--format/);
  });
});
