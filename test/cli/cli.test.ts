import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/core/algorithms';
import { ring } from '../../src/core/algorithms/ring';
import { DEFAULT_TOPOLOGY } from '../../src/core/model/cost';
import { dataflowTiming } from '../../src/core/model/dataflowTiming';
import type { Schedule } from '../../src/core/schedule/ir';
import { scheduleJson } from '../../src/core/formats/scheduleJson';
import { expectUsageError, makeTempDir, runCli } from './helpers';

const tmp = makeTempDir();
afterAll(() => tmp.remove());

const RING4 = ['--algorithm', 'ring', '--devices', '4'];
let outputs = 0;
/** A fresh --output path per case, so "not written" is about this case alone. */
const freshOutput = () => tmp.fresh(`out-${++outputs}.json`);

const ring4 = (): Schedule => ring.build({ devices: 4 });
const scheduleFile = (name: string, edit: (s: Schedule) => unknown) => {
  const schedule = ring4();
  return tmp.file(name, (edit(schedule) ?? schedule) as string | object);
};

interface UsageCase {
  name: string;
  argv: string[];
  mention: RegExp;
}

/** Cases of `run` that also get an --output FILE, which must not exist afterwards. */
const runCases: UsageCase[] = [
  ...['abc', '0', '-3', '1.5', '5000', ''].map((v) => ({
    name: `--devices '${v}'`,
    argv: ['--algorithm', 'ring', '--devices', v, '--elements', '8'],
    mention: /--devices must be an integer from 1 to 4,096/,
  })),
  // parseInteger takes plain decimal digits only, so exponent notation is rejected like a fraction.
  ...['0', '-1', '2.5', '1e3', '99999999999999999999', '268435457'].map((v) => ({
    name: `--elements '${v}'`,
    argv: [...RING4, '--elements', v],
    mention: /--elements must be an integer from 1 to 268,435,456/,
  })),
  { name: '--chunks 0', argv: [...RING4, '--chunks', '0', '--elements', '8'], mention: /--chunks/ },
  {
    name: '--root 4 on 4 devices',
    argv: ['--algorithm', 'binomial-tree', '--collective', 'broadcast', '--devices', '4', '--root', '4', '--elements', '8'],
    mention: /--root must be an integer from 0 to 3/,
  },
  { name: '--seed -1', argv: [...RING4, '--elements', '8', '--seed', '-1'], mention: /--seed/ },
  { name: 'an unknown algorithm', argv: ['--algorithm', 'bogus', '--devices', '4', '--elements', '8'], mention: /bogus/ },
  { name: 'an unknown --op', argv: [...RING4, '--elements', '8', '--op', 'bogus'], mention: /--op/ },
  { name: 'an unknown --backend', argv: [...RING4, '--elements', '8', '--backend', 'bogus'], mention: /--backend/ },
  { name: 'an unknown --collective', argv: [...RING4, '--elements', '8', '--collective', 'bogus'], mention: /--collective/ },
  { name: 'an unknown --data', argv: [...RING4, '--elements', '8', '--data', 'bogus'], mention: /--data/ },
  { name: 'an unknown option', argv: [...RING4, '--elements', '8', '--frob'], mention: /--frob/ },
  { name: 'neither --algorithm nor --schedule', argv: ['--devices', '4', '--elements', '8'], mention: /--algorithm/ },
  { name: 'both --algorithm and --schedule', argv: [...RING4, '--schedule', 'x.json', '--elements', '8'], mention: /either --schedule or --algorithm/ },
  { name: 'both --elements and --input', argv: [...RING4, '--elements', '8', '--input', 'x.json'], mention: /--elements.*--input/ },
  { name: 'neither --elements nor --input', argv: RING4, mention: /--elements/ },
  {
    name: 'hierarchical-ring with G not dividing N',
    argv: ['--algorithm', 'hierarchical-ring', '--devices', '8', '--devices-per-node', '3', '--elements', '8'],
    mention: /devices-per-node/,
  },
  {
    name: '--topology nodes:3 with 8 devices',
    argv: ['--algorithm', 'ring', '--devices', '8', '--topology', 'nodes:3', '--elements', '8'],
    mention: /--topology/,
  },
  { name: '--latency-us -1', argv: [...RING4, '--elements', '8', '--latency-us', '-1'], mention: /--latency-us/ },
  ...['0', 'NaN', 'abc', '', '-2'].map((v) => ({
    name: `--bandwidth-gbs '${v}'`,
    argv: [...RING4, '--elements', '8', '--bandwidth-gbs', v],
    mention: /--bandwidth-gbs/,
  })),
  { name: '--inter-bandwidth-gbs 0', argv: [...RING4, '--elements', '8', '--inter-bandwidth-gbs', '0'], mention: /--inter-bandwidth-gbs/ },
  { name: 'a bad --devices together with --json', argv: ['--algorithm', 'ring', '--devices', 'abc', '--elements', '8', '--json'], mention: /--devices/ },
];

/** Input files for `run` on ring × 4 devices: each is rejected naming the file. */
const badInputs: { name: string; content: string; mention: RegExp }[] = [
  { name: 'malformed JSON', content: '[[1, 2], [3', mention: /not valid JSON/ },
  { name: 'an object, not an array', content: '{"rows": []}', mention: /expected a JSON array/ },
  { name: 'an empty array', content: '[]', mention: /expected a JSON array/ },
  { name: 'ragged rows', content: '[[1, 2], [3], [5, 6], [7, 8]]', mention: /device 1 has 1 values but device 0 has 2/ },
  { name: 'a null', content: '[[1, 2], [3, null], [5, 6], [7, 8]]', mention: /device 1, element 1: .*null/ },
  { name: 'the string "NaN"', content: '[[1, 2], [3, 4], ["NaN", 6], [7, 8]]', mention: /device 2, element 0: .*"NaN"/ },
  { name: 'the string "1"', content: '[[1, 2], [3, 4], [5, 6], [7, "1"]]', mention: /device 3, element 1: .*"1"/ },
  { name: 'nested arrays', content: '[[1, 2], [[3], 4], [5, 6], [7, 8]]', mention: /device 1, element 0: .*an array/ },
  { name: 'an object instead of a row', content: '[[1, 2], [3, 4], {"0": 5, "1": 6}, [7, 8]]', mention: /device 2: .*an object/ },
  { name: 'a value beyond f32 range', content: '[[1, 2], [3, 4], [5, 1e39], [7, 8]]', mention: /device 2, element 1: .*f32 range/ },
  { name: '3 rows for 4 devices', content: '[[1, 2], [3, 4], [5, 6]]', mention: /3 devices.*4 devices/ },
];

/** Schedule files derived from ring on 4 devices, each broken in one way. */
const badSchedules: { name: string; edit: (s: Schedule) => unknown; mention: RegExp }[] = [
  { name: 'malformed JSON', edit: () => '{"format": "gradsync-schedule/1", ', mention: /not valid JSON/ },
  { name: 'a wrong format string', edit: (s) => void (s.format = 'gradsync-schedule/9' as never), mention: /"format"/ },
  { name: 'an unknown collective', edit: (s) => void (s.collective = 'allscatter' as never), mention: /"collective".*allscatter/ },
  { name: 'steps that are not an array', edit: (s) => void (s.steps = {} as never), mention: /"steps" must be an array/ },
  { name: 'src equal to dst', edit: (s) => void (s.steps[1].transfers[0].dst = s.steps[1].transfers[0].src), mention: /step 2, transfer 1: .*GPU-0/ },
  { name: 'a device out of range', edit: (s) => void (s.steps[2].transfers[3].dst = 4), mention: /step 3, transfer 4: dst 4 is out of range 0\.\.3/ },
  { name: 'a chunk out of range', edit: (s) => void (s.steps[0].transfers[1].chunk = 7), mention: /step 1, transfer 2: chunk 7 is out of range 0\.\.3/ },
  { name: 'an unknown op', edit: (s) => void (s.steps[4].transfers[2].op = 'add' as never), mention: /step 5, transfer 3: op .*"add"/ },
  {
    name: 'a copy and a reduce to one (dst, chunk) in one step',
    edit: (s) => void s.steps[3].transfers.push({ ...s.steps[3].transfers[0], op: 'reduce' }),
    mention: /step 4, transfer 5: GPU-1 chunk 2 \("chunk": 1\) is written twice/,
  },
];

describe('gradsync run rejects bad usage with exit 2, one stderr line and no output file', () => {
  for (const c of runCases) {
    it(`rejects ${c.name}`, async () => {
      const output = freshOutput();
      expectUsageError(await runCli(['run', ...c.argv, '--output', output]), c.mention, output);
    });
  }

  for (const c of badInputs) {
    it(`rejects an --input file holding ${c.name}, naming the file`, async () => {
      const input = tmp.file(`input-${c.name.replaceAll(/\W+/g, '-')}.json`, c.content);
      const output = freshOutput();
      const result = await runCli(['run', ...RING4, '--input', input, '--output', output]);
      expectUsageError(result, c.mention, output);
      expect(result.err).toContain(input);
    });
  }

  it('rejects an --input file whose row count differs from the --schedule file’s devices', async () => {
    const schedule = tmp.file('ring5.json', ring.build({ devices: 5 }));
    const input = tmp.file('rows4.json', '[[1], [2], [3], [4]]');
    const output = freshOutput();
    expectUsageError(await runCli(['run', '--schedule', schedule, '--input', input, '--output', output]), /4 devices.*5 devices/, output);
  });

  it('rejects a missing --input file and a folder given as --input', async () => {
    const missing = join(tmp.path, 'no-such-input.json');
    let output = freshOutput();
    expectUsageError(await runCli(['run', ...RING4, '--input', missing, '--output', output]), /no-such-input\.json.*no such file/, output);
    output = freshOutput();
    expectUsageError(await runCli(['run', ...RING4, '--input', tmp.path, '--output', output]), /directory/, output);
  });

  it('rejects --output into a folder that does not exist, before running, creating nothing', async () => {
    const output = join(tmp.path, 'missing-folder', 'out.json');
    expectUsageError(await runCli(['run', ...RING4, '--elements', '8', '--output', output]), /missing-folder/, output);
    expect(existsSync(join(tmp.path, 'missing-folder'))).toBe(false);
  });

  it('rejects --output naming an existing folder and leaves the folder as it was', async () => {
    const folder = join(tmp.path, 'a-folder');
    mkdirSync(folder);
    expectUsageError(await runCli(['run', ...RING4, '--elements', '8', '--output', folder]), /a-folder/);
    expect(statSync(folder).isDirectory()).toBe(true);
  });

  it('rejects --devices that differs from the --schedule file’s devices', async () => {
    const output = freshOutput();
    const file = tmp.file('ring4-for-devices.json', ring4());
    expectUsageError(await runCli(['run', '--schedule', file, '--devices', '5', '--elements', '8', '--output', output]), /--devices 5 .*4 devices/, output);
  });

  for (const c of badSchedules.slice(0, 5)) {
    it(`rejects a --schedule file with ${c.name}`, async () => {
      const file = scheduleFile(`run-${c.name.replaceAll(/\W+/g, '-')}.json`, c.edit);
      const output = freshOutput();
      const result = await runCli(['run', '--schedule', file, '--elements', '8', '--output', output]);
      expectUsageError(result, c.mention, output);
      expect(result.err).toContain(file);
    });
  }
});

describe('gradsync rejects sizes beyond the memory limit at once', () => {
  const cases: [string, string[], RegExp][] = [
    ['ring, 4096 devices × 10⁸ elements', ['run', '--algorithm', 'ring', '--devices', '4096', '--elements', '100000000'], /at most 4,194,304|limit/],
    ['tree, 4096 devices × 10⁸ elements', ['run', '--algorithm', 'tree', '--devices', '4096', '--elements', '100000000'], /limit is 268,435,456/],
    ['ring, 64 devices × 10⁸ elements', ['run', '--algorithm', 'ring', '--devices', '64', '--elements', '100000000'], /limit is 268,435,456/],
    ['bench of tree on 1024 devices up to 1G', ['bench', '--algorithm', 'tree', '--devices', '1024', '--max-bytes', '1G'], /limit is 268,435,456/],
  ];
  for (const [name, argv, mention] of cases) {
    it(`rejects ${name} before allocating anything`, async () => {
      const result = await runCli(argv);
      expectUsageError(result, mention);
    });
  }
});

describe('gradsync rejects bad usage of the other commands', () => {
  const cases: [string, string[], RegExp][] = [
    ['no command at all', [], /command/],
    ['an unknown command', ['frobnicate'], /frobnicate/],
    ['an unknown top-level option', ['--frob'], /--frob/],
    ['a stray argument', ['run', 'extra', ...RING4, '--elements', '8'], /argument/],
    ['an option without its value', ['run', ...RING4, '--elements'], /--elements/],
    ['schedule without --devices', ['schedule', '--algorithm', 'ring'], /--devices/],
    ['schedule with --chunks 0', ['schedule', ...RING4, '--chunks', '0'], /--chunks/],
    ['schedule with --root out of range', ['schedule', '--algorithm', 'ring', '--collective', 'reduce', '--devices', '3', '--root', '3'], /--root/],
    ['schedule with an unknown collective', ['schedule', ...RING4, '--collective', 'gossip'], /--collective/],
    ['schedule with --schedule (not an option of schedule)', ['schedule', ...RING4, '--schedule', 'x.json'], /--schedule/],
    ['verify without --schedule', ['verify'], /--schedule/],
    ['help for an unknown command', ['help', 'frobnicate'], /frobnicate/],
    ['narrate with --step 0', ['narrate', ...RING4, '--step', '0'], /--step/],
    ['narrate with --step past the last step', ['narrate', ...RING4, '--step', '7'], /--step must be an integer from 1 to 6/],
    ['bench with --max-bytes 3', ['bench', ...RING4, '--min-bytes', '4', '--max-bytes', '3'], /--max-bytes/],
    ['bench with --iters 0', ['bench', ...RING4, '--iters', '0'], /--iters/],
  ];
  for (const [name, argv, mention] of cases) {
    it(`rejects ${name}`, async () => {
      expectUsageError(await runCli(argv), mention);
    });
  }

  it('rejects a missing --schedule file and a folder given as --schedule', async () => {
    expectUsageError(await runCli(['verify', '--schedule', join(tmp.path, 'nope.json')]), /nope\.json.*no such file/);
    expectUsageError(await runCli(['verify', '--schedule', tmp.path]), /directory/);
  });

  // Valid JSON by compileSchedule's checks, but 4096 × 2²⁰ cells is more than can be tracked or run.
  const hugeGrid = { format: 'gradsync-schedule/1', collective: 'allreduce', algorithm: 'hand-made', devices: 4096, chunks: 1 << 20, steps: [] };
  for (const argv of [['verify', '--json'], ['narrate'], ['run', '--elements', '1']]) {
    it(`${argv[0]} rejects a schedule file of 4096 devices × 2²⁰ chunks as too large`, async () => {
      const file = tmp.file('huge-grid.json', hugeGrid);
      expectUsageError(await runCli([...argv, '--schedule', file]), /4096|4,096|chunks|limit/);
    });
  }

  for (const c of badSchedules) {
    it(`verify rejects a schedule file with ${c.name}, naming where`, async () => {
      const file = scheduleFile(`verify-${c.name.replaceAll(/\W+/g, '-')}.json`, c.edit);
      const result = await runCli(['verify', '--schedule', file]);
      expectUsageError(result, c.mention);
      expect(result.err).toContain(file);
    });
  }
});

describe('gradsync verify judges valid schedule files', () => {
  for (const n of [3, 4, 5]) {
    const last = 2 * (n - 1);
    it(`accepts ring on ${n} devices with exit 0`, async () => {
      const file = tmp.file(`ring${n}-ok.json`, (await runCli(['schedule', '--algorithm', 'ring', '--devices', String(n)])).out);
      expect(await runCli(['verify', '--schedule', file])).toEqual({
        code: 0,
        out: `verified: ring allreduce on ${n} devices, ${last} steps: every chunk on every device holds every contribution exactly once\n`,
        err: '',
      });
    });

    it(`names the missing contribution when ring on ${n} devices lacks its first transfer (exit 1)`, async () => {
      const schedule = JSON.parse((await runCli(['schedule', '--algorithm', 'ring', '--devices', String(n)])).out) as Schedule;
      schedule.steps[0].transfers.shift();
      const file = tmp.file(`ring${n}-missing.json`, schedule);
      expect(await runCli(['verify', '--schedule', file])).toEqual({
        code: 1,
        out:
          `not verified: after step ${last}, GPU-0 chunk 1 lacks its own a₁; its value was last reduced at step ${n - 1} on GPU-${n - 1}\n` +
          'most likely: step 1: GPU-0 → GPU-1, chunk 1, reduce is missing; the built-in ring makes it\n',
        err: '',
      });
    });

    it(`names the doubled contribution when ring on ${n} devices repeats its first transfer (exit 1)`, async () => {
      const schedule = JSON.parse((await runCli(['schedule', '--algorithm', 'ring', '--devices', String(n)])).out) as Schedule;
      schedule.steps[0].transfers.push({ ...schedule.steps[0].transfers[0] });
      const file = tmp.file(`ring${n}-doubled.json`, schedule);
      const result = await runCli(['verify', '--schedule', file, '--json']);
      expect(result.code).toBe(1);
      expect(result.err).toBe('');
      const json = JSON.parse(result.out);
      expect(json.ok).toBe(false);
      expect(json.violation).toMatchObject({ kind: 'doubled', step: 1, device: 1, chunk: 0, contribution: 0 });
      expect(json.violation.message).toMatch(/^step 1: GPU-1 chunk 1 holds a₁ \(GPU-0's contribution\) twice/);
      // The transfer that broke it, as the file lists it: the added copy of step 1's first transfer.
      expect(json.cause).toMatchObject({ kind: 'added', evidence: 'reference', step: 1, transfer: n + 1, src: 0, dst: 1, chunk: 0, op: 'reduce' });
    });
  }
});

describe('gradsync commands that succeed', () => {
  for (const n of [1, 2, 4, 7]) {
    it(`schedule prints JSON equal to ring.build for ${n} devices`, async () => {
      const result = await runCli(['schedule', '--algorithm', 'ring', '--devices', String(n)]);
      expect(result.code).toBe(0);
      expect(result.err).toBe('');
      expect(JSON.parse(result.out)).toEqual(ring.build({ devices: n }));
      // The same text the app downloads.
      expect(result.out).toBe(scheduleJson(ring.build({ devices: n })));
    });
  }

  for (const n of [2, 4, 5, 8]) {
    it(`run --json reports ring on ${n} devices × 1000 elements as verified with 2(N−1)·(K/N)·4 bytes sent per device`, async () => {
      const result = await runCli(['run', '--algorithm', 'ring', '--devices', String(n), '--elements', '1000', '--json']);
      expect(result.code).toBe(0);
      expect(result.err).toBe('');
      const json = JSON.parse(result.out);
      const perDevice = 2 * (n - 1) * (1000 / n) * 4;
      expect(json).toMatchObject({ verified: true, devices: n, elements: 1000, steps: 2 * (n - 1), backend: 'cpu' });
      expect(json.bytesSent).toEqual(Array(n).fill(perDevice));
      expect(json.bytesReceived).toEqual(Array(n).fill(perDevice));
      for (const key of ['modelTimeUs', 'algbwGBs', 'busbwGBs']) expect(json[key]).toBeGreaterThan(0);
    });
  }

  it('run --json adds the time as soon as ready beside the step-by-step model time', async () => {
    for (const [algorithm, shorter] of [
      ['ring', false],
      ['double-tree', true],
    ] as const) {
      const json = JSON.parse((await runCli(['run', '--algorithm', algorithm, '--devices', '8', '--elements', '1048576', '--json'])).out);
      expect(json.dataflowTimeUs).toBeCloseTo(dataflowTiming(buildSchedule({ algorithm, devices: 8 }), 1048576, DEFAULT_TOPOLOGY).totalUs, 9);
      if (shorter) expect(json.dataflowTimeUs).toBeLessThan(json.modelTimeUs);
      else expect(json.dataflowTimeUs).toBeCloseTo(json.modelTimeUs, 6);
    }
  });

  it('run reports exit 1 and the violation for a valid but wrong --schedule file', async () => {
    const schedule = ring4();
    schedule.steps[0].transfers.shift();
    const result = await runCli(['run', '--schedule', tmp.file('run-missing.json', schedule), '--elements', '8']);
    expect(result.code).toBe(1);
    expect(result.err).toBe('');
    expect(result.out).toContain('✗ not verified: after step 6, GPU-0 chunk 1 lacks its own a₁');
  });

  const ops: [string, (column: number[]) => number][] = [
    ['sum', (column) => column.reduce((a, b) => a + b, 0)],
    ['max', (column) => Math.max(...column)],
    ['min', (column) => Math.min(...column)],
  ];
  for (const n of [2, 3, 4, 5, 8]) {
    for (const [op, reduce] of ops) {
      it(`run --input --op ${op} writes every device's exact ${op} to --output on ${n} devices`, async () => {
        const rows = Array.from({ length: n }, (_, d) => [d + 1, 10 * (d + 1), 5 - d * d, (d % 3) - 1, 2 ** d]);
        const input = tmp.file(`in-${op}-${n}.json`, rows);
        const output = freshOutput();
        const result = await runCli(['run', '--algorithm', 'ring', '--devices', String(n), '--input', input, '--op', op, '--output', output]);
        expect(result.err).toBe('');
        expect(result.code).toBe(0);
        const expected = rows[0].map((_, e) => reduce(rows.map((row) => row[e])));
        expect(JSON.parse(readFileSync(output, 'utf8'))).toEqual(Array(n).fill(expected));
      });
    }
  }

  it("narrate --step 1 prints ring's first step on 4 devices in the seeds' words", async () => {
    expect(await runCli(['narrate', ...RING4, '--step', '1'])).toEqual({
      code: 0,
      out: [
        'Step 1 of 6 · share-reduce (reduce-scatter)',
        '  GPU-0 sends a₁ to GPU-1, where it gets added to b₁.',
        '  GPU-1 sends b₂ to GPU-2, where it gets added to c₂.',
        '  GPU-2 sends c₃ to GPU-3, where it gets added to d₃.',
        '  GPU-3 sends d₄ to GPU-0, where it gets added to a₄.',
        '',
      ].join('\n'),
      err: '',
    });
  });

  it('bench prints nccl-tests tables with #wrong, a row per size and the average bus bandwidth', async () => {
    const result = await runCli(['bench', '--devices', '4', '--max-bytes', '4K', '--iters', '1']);
    expect(result.code).toBe(0);
    expect(result.err).toBe('');
    expect(result.out.match(/#wrong/g)).toHaveLength(2);
    expect(result.out.match(/^# Avg bus bandwidth/gm)).toHaveLength(2);
    expect(result.out.match(/^\s+1024\s+256\s+float\s+sum\s+-1\s+\S+\s+\S+\s+\S+\s+0$/gm)).toHaveLength(2);
    expect(result.out.match(/^\s+4096\s+1024\s+float\s+sum\s+-1\s+\S+\s+\S+\s+\S+\s+0$/gm)).toHaveLength(2);
  });

  it('--help exits 0 with the commands on stdout', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    expect(result.err).toBe('');
    for (const command of ['schedule', 'run', 'verify', 'bench', 'narrate']) expect(result.out).toContain(command);
  });
});
