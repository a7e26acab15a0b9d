// An iteration's lanes as a reader follows them: what runs at t (the layer that computes, not one that
// takes no time), and the grouping of operations too close together to draw apart.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TOPOLOGY } from '../../../src/core/model/cost';
import { trainingIteration } from '../../../src/core/training/iteration';
import { groupOps, runningAt } from '../../../src/core/training/lanes';
import { presetModel } from '../../../src/core/training/models';

const base = { devices: 64, algorithm: 'ring', topology: DEFAULT_TOPOLOGY, flopsPerSecond: 100e12, batch: 8, model: presetModel('gpt2-xl') };

describe('what runs at a time t', () => {
  it('at t = 0 of GPT-2 under DDP is the forward of block 1, layer 2: the embedding lookup takes no time', () => {
    const run = trainingIteration({ ...base, strategy: 'ddp' });
    expect(run.compute[0]).toMatchObject({ layer: 0, name: 'embeddings', startUs: 0, endUs: 0 });
    expect(runningAt(run, 0)).toEqual({ compute: run.compute[1], comm: null });
    expect(run.compute[1]).toMatchObject({ layer: 1, name: 'block 1', pass: 'forward' });
  });

  it('at t = 0 of ResNet-50 is the stem’s forward, and at a boundary the span that starts', () => {
    const run = trainingIteration({ ...base, model: presetModel('resnet50'), strategy: 'ddp' });
    expect(runningAt(run, 0).compute).toMatchObject({ layer: 0, name: 'stem', pass: 'forward' });
    expect(runningAt(run, run.compute[0].endUs).compute).toBe(run.compute[1]);
    expect(runningAt(run, run.iterationUs)).toEqual({ compute: null, comm: null });
  });

  it('under ZeRO-3 compute waits at t = 0 for the all-gather of layer 1', () => {
    const run = trainingIteration({ ...base, strategy: 'zero3' });
    expect(runningAt(run, 0)).toEqual({ compute: null, comm: run.comm[0] });
    expect(run.comm[0]).toMatchObject({ kind: 'allgather', what: 'layer 1' });
  });

  it('during backward under DDP with overlap is a layer’s backward and a bucket’s all-reduce', () => {
    const run = trainingIteration({ ...base, strategy: 'ddp' });
    const op = run.comm[3];
    const now = runningAt(run, (op.startUs + op.endUs) / 2);
    expect(now.comm).toBe(op);
    expect(now.compute?.pass).toBe('backward');
  });
});

describe('operations grouped for drawing', () => {
  const ops = (spans: [number, number][]) => spans.map(([startUs, endUs]) => ({ startUs, endUs }));

  it('keeps apart operations at least the least duration long, and merges thinner ones with what starts before their drawn end', () => {
    expect(
      groupOps(
        ops([
          [0, 10],
          [10, 20],
          [20, 30],
        ]),
        10,
      ).map((g) => g.ops.length),
    ).toEqual([1, 1, 1]);
    // Each 2 long, back to back: five at a time make a group 10 long.
    expect(groupOps(ops(Array.from({ length: 10 }, (_, i) => [2 * i, 2 * i + 2])), 10).map((g) => [g.startUs, g.endUs, g.ops.length])).toEqual([
      [0, 10, 5],
      [10, 20, 5],
    ]);
    // Thin ones far apart stay apart; a gap is not counted as busy.
    const far = groupOps(
      ops([
        [0, 1],
        [20, 21],
        [25, 26],
      ]),
      10,
    );
    expect(far.map((g) => [g.startUs, g.endUs, g.busyUs, g.ops.length])).toEqual([
      [0, 1, 1, 1],
      [20, 26, 2, 2],
    ]);
  });

  it('joins only operations alike to the group’s last when told what is alike', () => {
    const kinds = ['a', 'a', 'b', 'b', 'a'];
    const spans = kinds.map((kind, i) => ({ kind, startUs: 2 * i, endUs: 2 * i + 2 }));
    expect(groupOps(spans, 10).map((g) => g.ops.length)).toEqual([5]);
    expect(groupOps(spans, 10, (last, op) => last.kind === op.kind).map((g) => g.ops.map((op) => op.kind).join(''))).toEqual(['aa', 'bb', 'a']);
  });

  it('leaves out an operation that takes no time', () => {
    expect(
      groupOps(
        ops([
          [0, 0],
          [0, 50],
        ]),
        10,
      ).map((g) => g.ops),
    ).toEqual([[{ startUs: 0, endUs: 50 }]]);
  });

  it('never lets two groups’ drawn bars overlap, never merges operations further apart than the least duration, and keeps every operation once, in order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 0, max: 50, noNaN: true }), fc.double({ min: 0, max: 50, noNaN: true })), { maxLength: 40 }),
        fc.double({ min: 0.1, max: 100, noNaN: true }),
        (parts, minUs) => {
          let t = 0;
          const spans = parts.map(([gap, length]) => {
            const startUs = t + gap;
            t = startUs + length;
            return { startUs, endUs: t };
          });
          const groups = groupOps(spans, minUs);
          expect(groups.flatMap((g) => g.ops)).toEqual(spans.filter((s) => s.endUs > s.startUs));
          groups.forEach((g, i) => {
            if (i > 0) expect(Math.max(groups[i - 1].endUs, groups[i - 1].startUs + minUs)).toBeLessThanOrEqual(g.startUs);
            g.ops.forEach((op, j) => j > 0 && expect(op.startUs - g.ops[j - 1].endUs).toBeLessThanOrEqual(minUs));
            expect(g.busyUs).toBeCloseTo(
              g.ops.reduce((sum, op) => sum + op.endUs - op.startUs, 0),
              6,
            );
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
