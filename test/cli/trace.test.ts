import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/core/algorithms';
import { ring } from '../../src/core/algorithms/ring';
import { compileSchedule } from '../../src/core/schedule/compile';
import { DEFAULT_TOPOLOGY, modelCost } from '../../src/core/model/cost';
import { dataflowTiming } from '../../src/core/model/dataflowTiming';
import type { ChromeTrace, TraceStepEvent } from '../../src/core/formats/trace';
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
    { name: '--timing now', argv: [...RING4, '--elements', '8', '--timing', 'now'], mention: /--timing must be one of steps, dataflow/ },
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

  describe('--timing dataflow', () => {
    interface Send {
      ph: 'X';
      tid: number;
      ts: number;
      dur: number;
      args: { step: number; to: number; bytes: number; landsUs: number };
    }
    interface Landing {
      ph: 'i';
      tid: number;
      ts: number;
      args: { step: number; from: number };
    }
    const run = async (argv: string[]) => {
      const result = await runCli(['trace', ...argv, '--elements', '1048576', '--timing', 'dataflow']);
      expect(result.code, result.err).toBe(0);
      return JSON.parse(result.out) as {
        traceEvents: (Send | Landing | { ph: 'M'; name: string; tid: number; args: { name: string } })[];
        otherData: Record<string, unknown>;
      };
    };
    const sendsOf = (trace: Awaited<ReturnType<typeof run>>) => trace.traceEvents.filter((e): e is Send => e.ph === 'X');

    /** A port sends one message at a time: a track's sends never overlap, so the viewers draw every one. */
    function expectApart(sends: Send[]) {
      const tracks = new Set(sends.map((e) => e.tid));
      for (const tid of tracks) {
        const mine = sends.filter((e) => e.tid === tid);
        for (let i = 1; i < mine.length; i++) expect(mine[i].ts).toBeGreaterThanOrEqual(mine[i - 1].ts + mine[i - 1].dur - 1e-9);
      }
    }

    it('writes each message as a send on its sender’s track and a landing on its receiver’s, timed as soon as ready', async () => {
      const trace = await run(['--algorithm', 'double-tree', '--devices', '8']);
      const schedule = buildSchedule({ algorithm: 'double-tree', devices: 8 });
      const timing = dataflowTiming(schedule, 1048576, DEFAULT_TOPOLOGY);
      expect(trace.otherData).toMatchObject({ timing: 'dataflow', algorithm: 'double-tree', devices: 8, steps: schedule.steps.length });
      expect(trace.otherData.totalUs).toBeCloseTo(timing.totalUs, 3);
      expect(trace.otherData.stepTotalUs).toBeCloseTo(modelCost(schedule, 1048576, DEFAULT_TOPOLOGY).totalUs, 3);
      expect(trace.otherData.totalUs as number).toBeLessThan(trace.otherData.stepTotalUs as number);

      const compiled = compileSchedule(schedule);
      const sends = sendsOf(trace);
      const landings = trace.traceEvents.filter((e): e is Landing => e.ph === 'i');
      expect(sends).toHaveLength(compiled.src.length);
      expect(landings).toHaveLength(compiled.src.length);
      sends.forEach((send, t) => {
        expect([send.tid, send.args.to]).toEqual([compiled.src[t], compiled.dst[t]]);
        expect(send.ts).toBeCloseTo(timing.startUs[t], 3);
        expect(send.args.landsUs).toBeGreaterThanOrEqual(send.ts + send.dur);
        expect(landings[t]).toMatchObject({ tid: compiled.dst[t], ts: send.args.landsUs, args: { from: compiled.src[t], step: send.args.step } });
      });
      expectApart(sends);
    });

    it('gives a device one track per port on nodes: inside its node and between nodes', async () => {
      const trace = await run(['--algorithm', 'hierarchical-ring', '--devices', '8', '--devices-per-node', '4']);
      expect(tracks(trace as unknown as ChromeTrace).slice(0, 4)).toEqual([
        'GPU-0 inside its node',
        'GPU-0 between nodes',
        'GPU-1 inside its node',
        'GPU-1 between nodes',
      ]);
      const sends = sendsOf(trace);
      // GPU-0 sends to GPU-4 between nodes, and inside its node to the others.
      expect(new Set(sends.filter((e) => e.tid === 1).map((e) => e.args.to))).toEqual(new Set([4]));
      expect(sends.filter((e) => e.tid === 0).every((e) => e.args.to < 4)).toBe(true);
      expectApart(sends);
    });

    it('is steps by default', async () => {
      expect((await runCli([...RING4, '--elements', '64', '--timing', 'steps'])).out).toBe((await runCli([...RING4, '--elements', '64'])).out);
    });
  });
});
