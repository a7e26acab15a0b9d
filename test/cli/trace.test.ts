import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ring } from '../../src/core/algorithms/ring';
import { modelCost } from '../../src/core/cost';
import type { ChromeTrace, TraceStepEvent } from '../../src/core/trace';
import { expectUsageError, makeTempDir, runCli } from './helpers';

const tmp = makeTempDir('gradsync-trace-');
afterAll(() => tmp.remove());

const RING4 = ['trace', '--algorithm', 'ring', '--devices', '4'];
let outputs = 0;
const freshOut = () => tmp.fresh(`trace-${++outputs}.json`);

function tracks(trace: ChromeTrace): string[] {
  return trace.traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => (e.args as { name: string }).name);
}

const stepEvents = (trace: ChromeTrace) => trace.traceEvents.filter((e): e is TraceStepEvent => e.ph === 'X');

describe('gradsync trace', () => {
  it('prints a Chrome trace with one track per device on stdout', async () => {
    for (const devices of [1, 2, 4, 8]) {
      const result = await runCli(['trace', '--algorithm', 'ring', '--devices', String(devices), '--elements', '1024']);
      expect(result.code, result.err).toBe(0);
      expect(result.err).toBe('');
      const trace = JSON.parse(result.out) as ChromeTrace;
      expect(tracks(trace)).toEqual(Array.from({ length: devices }, (_, d) => `GPU-${d}`));
      expect(stepEvents(trace)).toHaveLength(devices === 1 ? 0 : 2 * (devices - 1) * devices);
    }
  });

  it('writes the same trace to --out and nothing to stdout', async () => {
    const out = freshOut();
    const result = await runCli([...RING4, '--elements', '1024', '--out', out]);
    expect(result).toEqual({ code: 0, out: '', err: '' });
    const written = readFileSync(out, 'utf8');
    expect(written).toBe((await runCli([...RING4, '--elements', '1024'])).out);
    // No temporary file is left beside it.
    expect(readdirSync(tmp.path).filter((name) => name.includes('.partial-'))).toEqual([]);
  });

  it('times the steps with the topology options, as run does', async () => {
    const result = await runCli([...RING4, '--elements', '4096', '--latency-us', '2', '--bandwidth-gbs', '50']);
    const trace = JSON.parse(result.out) as ChromeTrace;
    const cost = modelCost(ring.build({ devices: 4 }), 4096, { kind: 'switch', latencyUs: 2, bandwidthGBs: 50 });
    expect(trace.otherData.totalUs).toBeCloseTo(cost.totalUs, 3);
    const last = stepEvents(trace).at(-1)!;
    expect(last.ts + last.dur).toBeCloseTo(cost.totalUs, 3);
  });

  it('traces a schedule file', async () => {
    const file = tmp.file('ring4.json', ring.build({ devices: 4 }));
    const result = await runCli(['trace', '--schedule', file, '--elements', '8']);
    expect(result.code, result.err).toBe(0);
    expect(tracks(JSON.parse(result.out) as ChromeTrace)).toEqual(['GPU-0', 'GPU-1', 'GPU-2', 'GPU-3']);
  });

  const usageCases: { name: string; argv: string[]; mention: RegExp }[] = [
    { name: 'no --elements', argv: RING4, mention: /--elements/ },
    ...['0', '-1', 'abc', '1.5'].map((v) => ({ name: `--elements '${v}'`, argv: [...RING4, '--elements', v], mention: /--elements must be an integer/ })),
    { name: 'no --algorithm', argv: ['trace', '--devices', '4', '--elements', '8'], mention: /--algorithm/ },
    { name: 'an unknown algorithm', argv: ['trace', '--algorithm', 'bogus', '--devices', '4', '--elements', '8'], mention: /bogus/ },
    { name: '--devices 0', argv: ['trace', '--algorithm', 'ring', '--devices', '0', '--elements', '8'], mention: /--devices/ },
    { name: '--bandwidth-gbs 0', argv: [...RING4, '--elements', '8', '--bandwidth-gbs', '0'], mention: /--bandwidth-gbs/ },
    { name: '--topology nodes:3 on 4 devices', argv: [...RING4, '--elements', '8', '--topology', 'nodes:3'], mention: /--topology/ },
    { name: 'a missing schedule file', argv: ['trace', '--schedule', join(tmp.path, 'nope.json'), '--elements', '8'], mention: /no such file/ },
    { name: 'an unknown option', argv: [...RING4, '--elements', '8', '--frob'], mention: /--frob/ },
  ];

  for (const { name, argv, mention } of usageCases) {
    it(`exits 2 with one line and writes no file for ${name}`, async () => {
      const out = freshOut();
      expectUsageError(await runCli([...argv, '--out', out]), mention, out);
      expectUsageError(await runCli(argv), mention);
    });
  }

  it('exits 2 when the --out folder does not exist', async () => {
    const out = join(tmp.path, 'missing', 'trace.json');
    expectUsageError(await runCli([...RING4, '--elements', '8', '--out', out]), /cannot write output file/, out);
    expect(existsSync(join(tmp.path, 'missing'))).toBe(false);
  });

  it('exits 2 for an invalid schedule file and writes nothing', async () => {
    const broken = ring.build({ devices: 4 });
    broken.steps[2].transfers[0].dst = 7;
    const file = tmp.file('broken.json', broken);
    const out = freshOut();
    expectUsageError(await runCli(['trace', '--schedule', file, '--elements', '8', '--out', out]), /step 3, transfer 1: dst 7/, out);
  });
});
