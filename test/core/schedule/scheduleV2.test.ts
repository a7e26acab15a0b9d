// `gradsync-schedule/2`: buffers, offsets, counts and local operations, read, checked, verified,
// run, costed and told; and version 1 files keep their meaning.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { compileSchedule, parseSchedule } from '../../../src/core/schedule/compile';
import { DEFAULT_SWITCH_FABRIC, modelCost } from '../../../src/core/model/cost';
import { GradsyncError } from '../../../src/core/errors';
import { narrateAll } from '../../../src/core/narration/narration';
import { packSchedule, unpackSchedule } from '../../../src/core/schedule/packed';
import type { Schedule, Transfer } from '../../../src/core/schedule/ir';
import { scheduleJson } from '../../../src/core/formats/scheduleJson';
import { verifySchedule } from '../../../src/core/symbolic/verify';
import { CpuEngine } from '../../../src/engine/cpu/cpuEngine';
import { generateInputs } from '../../../src/engine/inputs';
import { runCollective } from '../../../src/engine/runCollective';

const ALLPAIRS = parseSchedule(readFileSync('test/fixtures/schedules/allpairs-3.json', 'utf8'));

function v2(transfers: Transfer[][], extra: Partial<Schedule> = {}): Schedule {
  return {
    format: 'gradsync-schedule/2',
    collective: 'allreduce',
    algorithm: 'test',
    devices: 2,
    chunks: 2,
    scratch: 2,
    ...extra,
    steps: transfers.map((t) => ({ phase: 'p', transfers: t })),
  };
}

function failure(schedule: unknown): string {
  try {
    compileSchedule(schedule);
  } catch (error) {
    expect(error).toBeInstanceOf(GradsyncError);
    return (error as Error).message;
  }
  return 'no error';
}

describe('reading version 2', () => {
  it('compiles one entry per chunk moved, naming source and destination slots', () => {
    const schedule = v2([[{ src: 0, dst: 1, srcBuffer: 'input', srcChunk: 0, dstBuffer: 'scratch', chunk: 0, count: 2, op: 'copy' }]]);
    const compiled = compileSchedule(schedule);
    expect(compiled.slots).toBe(4);
    expect(Array.from(compiled.srcChunk)).toEqual([0, 1]);
    expect(Array.from(compiled.chunk)).toEqual([2, 3]);
    expect(compiled.plain).toBe(false);
    expect(compiled.equalChunks).toBe(true);
  });

  it('names the step, transfer and buffer of every bad field', () => {
    expect(failure(v2([[{ src: 0, dst: 1, dstBuffer: 'stash' as 'scratch', chunk: 0, op: 'copy' }]]))).toBe(
      'step 1, transfer 1: dstBuffer must be "input", "output" or "scratch", got "stash"',
    );
    expect(failure(v2([[{ src: 0, dst: 1, dstBuffer: 'scratch', chunk: 1, count: 2, op: 'copy' }]]))).toBe(
      'step 1, transfer 1: chunk (with count 2, in the scratch buffer) 1 is out of range 0..0',
    );
    expect(failure(v2([[{ src: 1, dst: 1, srcBuffer: 'input', dstBuffer: 'input', chunk: 1, op: 'reduce' }]]))).toBe(
      "step 1, transfer 1: moves GPU-1's input chunk 1 onto itself",
    );
    expect(failure(v2([[{ src: 0, dst: 1, dstBuffer: 'scratch', chunk: 0, op: 'copy' }]], { scratch: 0 }))).toBe(
      "step 1, transfer 1: GPU-1's scratch buffer has no chunks",
    );
    expect(failure({ ...v2([]), inPlace: 'yes' })).toBe('"inPlace" must be true or false, got "yes"');
  });

  it('allows a copy followed by reduces into one place in one step, as a received message reduced with a local value', () => {
    const copyThenReduce = v2([
      [
        { src: 0, dst: 1, srcBuffer: 'input', dstBuffer: 'scratch', chunk: 0, srcChunk: 0, op: 'copy' },
        { src: 1, dst: 1, srcBuffer: 'input', dstBuffer: 'scratch', chunk: 0, srcChunk: 0, op: 'reduce' },
      ],
    ]);
    expect(() => compileSchedule(copyThenReduce)).not.toThrow();
    const reduceThenCopy = v2([[...copyThenReduce.steps[0].transfers].reverse()]);
    expect(failure(reduceThenCopy)).toMatch(/^step 1, transfer 2: GPU-1 scratch chunk 0 is written twice in this step and one write is a copy/);
  });

  it('leaves version 1 as it was: its files may carry the new keys, which mean nothing there', () => {
    const ring = buildSchedule({ algorithm: 'ring', devices: 4 });
    const withKeys = { ...ring, inPlace: false, scratch: 3 };
    const compiled = compileSchedule(withKeys);
    expect(compiled.plain).toBe(true);
    expect(compiled.slots).toBe(4);
    expect(compiled.srcChunk).toBe(compiled.chunk);
    expect(verifySchedule(withKeys).ok).toBe(true);
  });

  it('writes and reads back the same schedule, and packs and unpacks it', () => {
    expect(parseSchedule(scheduleJson(ALLPAIRS))).toEqual(ALLPAIRS);
    const unpacked = unpackSchedule(packSchedule(ALLPAIRS));
    // Made into plain objects, its transfers compile to the same slots as the original's.
    const again = compileSchedule({ ...unpacked, steps: unpacked.steps.map((step) => ({ phase: step.phase, transfers: step.transfers })) });
    expect(Array.from(again.srcChunk)).toEqual(Array.from(compileSchedule(ALLPAIRS).srcChunk));
    expect(Array.from(again.chunk)).toEqual(Array.from(compileSchedule(ALLPAIRS).chunk));
    expect(unpacked.steps[1].transfers[0]).toEqual({ src: 0, dst: 0, srcBuffer: 'scratch', srcChunk: 0, dstBuffer: 'input', chunk: 0, op: 'reduce' });
  });
});

describe('verifying version 2', () => {
  it('proves all-pairs all-reduce through scratch', () => {
    expect(verifySchedule(ALLPAIRS)).toMatchObject({ ok: true, violation: null });
  });

  it('names the device, place and term a wrong one lacks', () => {
    const lacking = structuredClone(ALLPAIRS);
    lacking.steps[1].transfers.pop();
    expect(verifySchedule(lacking).violation?.message).toBe(
      "after step 3, GPU-0 chunk 3 lacks b₃ (GPU-1's chunk 3); its value was last reduced at step 2 on GPU-2",
    );
  });

  it('says when an out-of-place output holds nothing', () => {
    expect(verifySchedule({ ...ALLPAIRS, inPlace: false }).violation?.message).toBe(
      'after step 3, GPU-0 output chunk 1 holds nothing: no result was written there',
    );
  });

  it('names a value mixed from two chunks', () => {
    const mixed = v2(
      [
        [
          { src: 0, dst: 1, srcChunk: 1, chunk: 0, op: 'reduce' },
          { src: 1, dst: 0, srcChunk: 1, chunk: 1, op: 'reduce' },
        ],
      ],
      { scratch: 0 },
    );
    expect(verifySchedule(mixed).violation?.message).toMatch(/^after step 1, GPU-0 chunk 1 lacks b₁ \(GPU-1's chunk 1\)/);
  });
});

describe('running version 2', () => {
  it('sums through scratch on the CPU engine, equal to the plain sum, and verifies', async () => {
    const K = 12;
    const inputs = generateInputs(3, K, 'sum', 3);
    const report = await runCollective({ schedule: ALLPAIRS, elements: K, op: 'sum', inputs });
    expect(report.verified).toBe(true);
    for (let e = 0; e < K; e++) {
      const chunk = Math.floor(e / 4);
      // Device `chunk` adds the others' chunk to its own, in scratch order.
      const others = [0, 1, 2].filter((d) => d !== chunk);
      const expected = Math.fround(Math.fround(inputs[chunk * K + e] + inputs[others[0] * K + e]) + inputs[others[1] * K + e]);
      for (let d = 0; d < 3; d++) expect(report.buffers[d * K + e]).toBe(expected);
    }
  });

  it('steps back and forth to the same values', () => {
    const engine = new CpuEngine({ schedule: ALLPAIRS, elements: 6, op: 'max' });
    engine.load(generateInputs(3, 6, 'max', 1));
    engine.run();
    const end = engine.read();
    engine.seek(1);
    engine.seek(3);
    expect(engine.read()).toEqual(end);
  });

  it('needs every chunk as long when chunks move between places, as the setting says', () => {
    let error: unknown;
    try {
      new CpuEngine({ schedule: ALLPAIRS, elements: 10, op: 'sum' });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(GradsyncError);
    expect((error as GradsyncError).setting).toMatchObject({
      field: 'elements',
      value: 10,
      allowed: "be a multiple of 3, the schedule's chunks (it moves chunks between places)",
    });
  });

  it('costs only what crosses a port: local reduces move no bytes', () => {
    const K = 3 * 1024;
    const cost = modelCost(ALLPAIRS, K, { kind: 'switch', ...DEFAULT_SWITCH_FABRIC });
    const chunkBytes = (K / 3) * 4;
    expect(Array.from(cost.bytesSent)).toEqual([4, 4, 4].map((n) => n * chunkBytes));
    expect(cost.stepTimesUs[1]).toBe(0);
    expect(cost.stepTimesUs[0]).toBeGreaterThan(0);
  });

  it('tells where each value goes and what each device does on its own', () => {
    const story = narrateAll(ALLPAIRS);
    expect(story[0].sentences[0]).toBe('GPU-1 sends b₁ to GPU-0, which stores it in scratch chunk 1.');
    expect(story[1].sentences.slice(0, 2)).toEqual([
      'GPU-0 adds b₁ from scratch chunk 1 to a₁ in input chunk 1.',
      'GPU-0 adds c₁ from scratch chunk 2 to (b₁+a₁) in input chunk 1.',
    ]);
    expect(narrateAll(ALLPAIRS, 'max')[1].sentences[0]).toBe('GPU-0 combines b₁ from scratch chunk 1 with a₁ in input chunk 1 by elementwise max.');
    expect(story[2].sentences[0]).toBe('GPU-0 sends (c₁+b₁+a₁) to GPU-1, which stores it in input chunk 1.');
  });
});
