// The words of the iteration lanes: what each run does at t, what a merged bar holds, and the round
// times of the axis.

import { describe, expect, it } from 'vitest';
import { groupOps, type Strategy } from '../../../src/core/training';
import { axisTicks } from '../../../src/ui/training/lanes/lanesLayout';
import { groupLabels, groupTitle, linkLabel, runStatus, statusAt } from '../../../src/ui/training/lanes/laneText';
import { reportFor, TRAINING_DEFAULTS } from '../../../src/ui/training/trainingSettings';

/** The page's default, GPT-2 XL on 64 A100s, under a strategy. */
function run(strategy: Strategy, overlap = true) {
  const result = reportFor({ ...TRAINING_DEFAULTS, strategy });
  if ('error' in result) throw new Error(result.error);
  return overlap ? result.report.overlapped : result.report.serial;
}

describe('what a run is doing at t', () => {
  it('names the layer that computes at t = 0, by its name and number, and the operation in flight', () => {
    expect(statusAt(run('ddp'), 0)).toBe('forward of block 1 (layer 2)');
    expect(statusAt(run('zero3'), 0)).toBe('compute waits · all-gather of layer 1');
    const ddp = run('ddp');
    const bucket = ddp.comm[2];
    expect(statusAt(ddp, bucket.startUs)).toMatch(/^backward of block \d+ \(layer \d+\) · all-reduce of bucket 3$/);
  });

  it('says when compute is done while communication goes on, and when the run is done', () => {
    const serial = run('ddp', false);
    expect(statusAt(serial, serial.computeUs + 1)).toBe('compute done · all-reduce of bucket 1');
    expect(statusAt(serial, serial.iterationUs)).toBe('done at 767 ms');
  });
});

describe('what a run is doing, held to be read', () => {
  /** A second of the default 24 s sweep of the longer run. */
  const holdOf = (strategy: Strategy) => Math.max(run(strategy).iterationUs, run(strategy, false).iterationUs) / 24;

  /** Each lane's words over the run, sampled finely: [t, compute's words, communication's words]. */
  function sweep(strategy: Strategy, overlap: boolean): [number, string, string][] {
    const it = run(strategy, overlap);
    const status = runStatus(it, holdOf(strategy));
    return Array.from({ length: 20_001 }, (_, i) => {
      const t = (i / 20_000) * it.iterationUs * 0.9999;
      const [compute, comm = ''] = status.at(t).split(' · ');
      return [t, compute, comm];
    });
  }

  it('keeps each lane’s words at least a second of the sweep, where a layer alone takes about a quarter', () => {
    for (const strategy of ['ddp', 'zero3', 'ps'] as const) {
      for (const overlap of [true, false]) {
        const samples = sweep(strategy, overlap);
        const hold = holdOf(strategy);
        for (const lane of [1, 2] as const) {
          const changes = samples.filter((sample, i) => i > 0 && sample[lane] !== samples[i - 1][lane]).map(([t]) => t);
          // Every stretch of words but the last (which the run's end cuts) lasts a second, give or take a sample.
          const short = changes.slice(1).filter((t, i) => t - changes[i] < hold * 0.99);
          expect([strategy, overlap, lane, short]).toEqual([strategy, overlap, lane, []]);
        }
      }
    }
    // Unheld, GPT-2’s layers would change the words some 4 times a second.
    const it = run('ddp');
    const forward = it.compute.filter((span) => span.pass === 'forward' && span.endUs > span.startUs);
    expect((forward[1].endUs - forward[1].startUs) / holdOf('ddp')).toBeLessThan(0.3);
  });

  it('tells a run of short operations as one: the layers, the buckets, ZeRO-3’s fetches and reductions', () => {
    expect(runStatus(run('ddp'), holdOf('ddp')).at(0)).toBe('forward of layers 2–9');
    const words = (strategy: Strategy) => new Set(sweep(strategy, true).map(([, compute, comm]) => `${compute} · ${comm}`));
    expect([...words('ddp')].some((text) => /^backward of layers (\d+)–(\d+) · all-reduce of buckets \d+–\d+$/.test(text))).toBe(true);
    expect([...words('zero3')].some((text) => / · reduce-scatter and all-gather of layers \d+–\d+$/.test(text))).toBe(true);
    // A parameter server's last push and its pull of every parameter are told apart.
    expect([...words('ps')].some((text) => text.includes('push and pull'))).toBe(false);
  });

  it('keeps room for its longest words, the longest first', () => {
    const status = runStatus(run('zero3'), holdOf('zero3'));
    const longest = status.longest(3);
    expect(longest).toHaveLength(3);
    const every = new Set(sweep('zero3', true).map(([, compute, comm]) => (comm ? `${compute} · ${comm}` : compute)));
    expect(Math.max(...[...every].map((text) => text.length))).toBe(longest[0].length);
  });
});

describe('a merged bar', () => {
  it('says how many operations of each kind it holds and on what, and its busy time', () => {
    const serial = run('ddp', false);
    const groups = groupOps(serial.comm, 5000);
    const merged = groups.find((g) => g.ops.length > 2)!;
    const n = merged.ops.length;
    expect(groupTitle(merged)).toMatch(new RegExp(`^${n} operations merged, too close together to draw apart: ${n} all-reduces of buckets \\d+–\\d+; busy `));
    expect(groupLabels(merged)).toEqual([`${n} buckets`, `×${n}`]);
    expect(linkLabel(merged)).toMatch(new RegExp(`^Open one of these ${n} all-reduces of buckets \\d+–\\d+, 58.6 MiB each, in the collective view$`));
  });

  it('lists each kind of a mixed bar: ZeRO-3’s all-gathers and reduce-scatters', () => {
    const zero3 = run('zero3');
    const mixed = groupOps(zero3.comm, 10_000).find((g) => new Set(g.ops.map((op) => op.kind)).size === 2)!;
    expect(groupTitle(mixed)).toMatch(
      /^\d+ operations merged, too close together to draw apart: 2 reduce-scatters of layers (\d+)–\d+, 2 all-gathers of layers \d+–\d+; busy/,
    );
    const forward = groupOps(zero3.compute, 20_000)[0];
    expect(groupTitle(forward)).toMatch(/^\d+ operations merged, too close together to draw apart: \d+ forward passes of layers 2–\d+; busy/);
  });

  it('is one operation when alone, its time and when', () => {
    const [first] = groupOps(run('ddp').compute, 1);
    expect(groupTitle(first)).toMatch(/^forward of block 1 \(layer 2\): (4\.\d\d ms), from 0 µs to \1$/);
  });
});

describe('the axis', () => {
  it('has round times with room for their labels', () => {
    expect(axisTicks(767_000, 1226, 14)).toEqual([0, 100_000, 200_000, 300_000, 400_000, 500_000, 600_000, 700_000]);
    expect(axisTicks(767_000, 296, 12)).toEqual([0, 200_000, 400_000, 600_000]);
  });
});
