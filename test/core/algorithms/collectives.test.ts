import { describe, expect, it } from 'vitest';
import { recursiveDoublingAllgather, ringAllgather } from '../../../src/core/algorithms/allgather';
import { binomialTreeBroadcast, ringBroadcast } from '../../../src/core/algorithms/broadcast';
import { binomialTreeReduce, ringReduce } from '../../../src/core/algorithms/reduce';
import { ringReduceScatter } from '../../../src/core/algorithms/reduceScatter';
import type { AlgorithmSpec } from '../../../src/core/algorithms/types';
import { chunkLength } from '../../../src/core/schedule/chunks';
import { GradsyncError } from '../../../src/core/errors';
import type { Schedule } from '../../../src/core/schedule/ir';
import { verifySchedule } from '../../../src/core/symbolic/verify';

const SMALL_DEVICE_COUNTS = Array.from({ length: 64 }, (_, i) => i + 1);
const LARGE_DEVICE_COUNTS = [100, 257, 1024];

const owned = [ringReduceScatter, ringAllgather, recursiveDoublingAllgather];
const rooted = [binomialTreeBroadcast, ringBroadcast, binomialTreeReduce, ringReduce];
const all = [...owned, ...rooted];

const label = (spec: AlgorithmSpec) => `${spec.id} ${spec.collective}`;

function rootsFor(devices: number): number[] {
  return [...new Set([0, Math.min(1, devices - 1), devices - 1])];
}

/** Each step as "src>dst:chunk" strings, in listed order. */
function transfersOf(schedule: Schedule): string[][] {
  return schedule.steps.map((step) => step.transfers.map((t) => `${t.src}>${t.dst}:${t.chunk}`));
}

function opsOf(schedule: Schedule): Set<string> {
  return new Set(schedule.steps.flatMap((step) => step.transfers.map((t) => t.op)));
}

function phasesOf(schedule: Schedule): Set<string> {
  return new Set(schedule.steps.map((step) => step.phase));
}

function withoutTransfer(schedule: Schedule, step: number, index: number): Schedule {
  const steps = schedule.steps.map((s, i) => (i === step ? { ...s, transfers: s.transfers.filter((_, j) => j !== index) } : s));
  return { ...schedule, steps };
}

function ceilLog2(n: number): number {
  let k = 0;
  while (2 ** k < n) k++;
  return k;
}

function expectBadArgument(build: () => unknown, pattern: RegExp) {
  try {
    build();
  } catch (error) {
    expect(error).toBeInstanceOf(GradsyncError);
    expect((error as GradsyncError).code).toBe('bad-argument');
    expect((error as GradsyncError).message).toMatch(pattern);
    return;
  }
  expect.unreachable('expected a bad-argument error');
}

describe('every collective algorithm proves its postcondition', () => {
  for (const spec of owned) {
    it(`${label(spec)} is correct for 1..64 devices with 1, 2 and 3 chunks per device`, () => {
      for (const devices of SMALL_DEVICE_COUNTS) {
        for (const perDevice of [1, 2, 3]) {
          const result = verifySchedule(spec.build({ devices, chunks: devices * perDevice }));
          expect(result.violation, `N=${devices} C=${devices * perDevice}`).toBeNull();
        }
      }
    });

    it(`${label(spec)} is correct for ${LARGE_DEVICE_COUNTS.join(', ')} devices`, () => {
      for (const devices of LARGE_DEVICE_COUNTS) {
        expect(verifySchedule(spec.build({ devices })).ok, `N=${devices}`).toBe(true);
      }
    });
  }

  for (const spec of rooted) {
    it(`${label(spec)} is correct for 1..64 devices, roots 0, 1 and N−1, 1, 3 and 8 chunks`, () => {
      for (const devices of SMALL_DEVICE_COUNTS) {
        for (const root of rootsFor(devices)) {
          for (const chunks of [1, 3, 8]) {
            const result = verifySchedule(spec.build({ devices, root, chunks }));
            expect(result.violation, `N=${devices} root=${root} C=${chunks}`).toBeNull();
          }
        }
      }
    });

    it(`${label(spec)} is correct for ${LARGE_DEVICE_COUNTS.join(', ')} devices and roots 0, 1, N−1`, () => {
      for (const devices of LARGE_DEVICE_COUNTS) {
        for (const root of rootsFor(devices)) {
          expect(verifySchedule(spec.build({ devices, root })).ok, `N=${devices} root=${root}`).toBe(true);
        }
      }
    });
  }
});

describe('step counts', () => {
  it('ring reduce-scatter and ring allgather take N−1 steps', () => {
    for (const devices of SMALL_DEVICE_COUNTS) {
      expect(ringReduceScatter.build({ devices }).steps.length).toBe(devices - 1);
      expect(ringAllgather.build({ devices, chunks: 2 * devices }).steps.length).toBe(devices - 1);
    }
  });

  it('recursive-doubling allgather takes lg N steps for a power of two and ⌊lg N⌋ + 2 otherwise', () => {
    for (const devices of SMALL_DEVICE_COUNTS) {
      const floorLog2 = Math.floor(Math.log2(devices));
      const expected = 2 ** floorLog2 === devices ? floorLog2 : floorLog2 + 2;
      expect(recursiveDoublingAllgather.build({ devices }).steps.length, `N=${devices}`).toBe(expected);
    }
  });

  it('binomial-tree broadcast and reduce take ⌈lg N⌉ steps for every root', () => {
    for (const devices of SMALL_DEVICE_COUNTS) {
      for (const root of rootsFor(devices)) {
        expect(binomialTreeBroadcast.build({ devices, root }).steps.length).toBe(ceilLog2(devices));
        expect(binomialTreeReduce.build({ devices, root }).steps.length).toBe(ceilLog2(devices));
      }
    }
  });

  it('ring broadcast and ring reduce take N−1 + C−1 steps (none for one device)', () => {
    for (const devices of SMALL_DEVICE_COUNTS) {
      for (const chunks of [1, 4, 9]) {
        const expected = devices === 1 ? 0 : devices - 1 + chunks - 1;
        expect(ringBroadcast.build({ devices, chunks }).steps.length).toBe(expected);
        expect(ringReduce.build({ devices, chunks, root: devices - 1 }).steps.length).toBe(expected);
      }
    }
  });

  it('every algorithm returns no steps for one device', () => {
    for (const spec of all) expect(spec.build({ devices: 1 }).steps, label(spec)).toEqual([]);
  });
});

describe('exact schedules for 4 devices', () => {
  it('ring reduce-scatter: device i sends segment (i − s − 1) mod 4 to i+1, so device d ends owning segment d', () => {
    const schedule = ringReduceScatter.build({ devices: 4 });
    expect(schedule.chunks).toBe(4);
    expect(transfersOf(schedule)).toEqual([
      ['0>1:3', '1>2:0', '2>3:1', '3>0:2'],
      ['0>1:2', '1>2:3', '2>3:0', '3>0:1'],
      ['0>1:1', '1>2:2', '2>3:3', '3>0:0'],
    ]);
    expect(opsOf(schedule)).toEqual(new Set(['reduce']));
    expect(phasesOf(schedule)).toEqual(new Set(['reduce-scatter']));
  });

  it('ring reduce-scatter with 2 chunks per segment sends both chunks of a segment together', () => {
    expect(transfersOf(ringReduceScatter.build({ devices: 4, chunks: 8 }))[0]).toEqual([
      '0>1:6',
      '0>1:7',
      '1>2:0',
      '1>2:1',
      '2>3:2',
      '2>3:3',
      '3>0:4',
      '3>0:5',
    ]);
  });

  it('ring allgather: device i copies segment (i − s) mod 4 to i+1', () => {
    const schedule = ringAllgather.build({ devices: 4 });
    expect(transfersOf(schedule)).toEqual([
      ['0>1:0', '1>2:1', '2>3:2', '3>0:3'],
      ['0>1:3', '1>2:0', '2>3:1', '3>0:2'],
      ['0>1:2', '1>2:3', '2>3:0', '3>0:1'],
    ]);
    expect(opsOf(schedule)).toEqual(new Set(['copy']));
    expect(phasesOf(schedule)).toEqual(new Set(['allgather']));
  });

  it('recursive-doubling allgather exchanges 1 then 2 segments with the partner at distance 1 then 2', () => {
    const schedule = recursiveDoublingAllgather.build({ devices: 4 });
    expect(transfersOf(schedule)).toEqual([
      ['0>1:0', '1>0:1', '2>3:2', '3>2:3'],
      ['0>2:0', '0>2:1', '1>3:0', '1>3:1', '2>0:2', '2>0:3', '3>1:2', '3>1:3'],
    ]);
    expect(opsOf(schedule)).toEqual(new Set(['copy']));
    expect(phasesOf(schedule)).toEqual(new Set(['allgather']));
  });

  it('recursive-doubling allgather on 3 devices folds device 0 into 1, doubles over {1, 2}, and unfolds', () => {
    const schedule = recursiveDoublingAllgather.build({ devices: 3 });
    expect(transfersOf(schedule)).toEqual([['0>1:0'], ['1>2:0', '1>2:1', '2>1:2'], ['1>0:1', '1>0:2']]);
    expect(schedule.steps.map((step) => step.phase)).toEqual(['fold', 'allgather', 'unfold']);
  });

  it('binomial-tree broadcast from root 0 and from root 1', () => {
    const fromZero = binomialTreeBroadcast.build({ devices: 4 });
    expect(transfersOf(fromZero)).toEqual([['0>1:0'], ['0>2:0', '1>3:0']]);
    expect(fromZero.root).toBeUndefined();
    const fromOne = binomialTreeBroadcast.build({ devices: 4, root: 1, chunks: 2 });
    expect(transfersOf(fromOne)).toEqual([
      ['1>2:0', '1>2:1'],
      ['1>3:0', '1>3:1', '2>0:0', '2>0:1'],
    ]);
    expect(fromOne.root).toBe(1);
    expect(opsOf(fromOne)).toEqual(new Set(['copy']));
    expect(phasesOf(fromOne)).toEqual(new Set(['broadcast']));
  });

  it('binomial-tree reduce is the broadcast tree reversed, from root 0 and from root 3', () => {
    const toZero = binomialTreeReduce.build({ devices: 4 });
    expect(transfersOf(toZero)).toEqual([['2>0:0', '3>1:0'], ['1>0:0']]);
    const toThree = binomialTreeReduce.build({ devices: 4, root: 3 });
    expect(transfersOf(toThree)).toEqual([['1>3:0', '2>0:0'], ['0>3:0']]);
    expect(toThree.root).toBe(3);
    expect(opsOf(toThree)).toEqual(new Set(['reduce']));
    expect(phasesOf(toThree)).toEqual(new Set(['reduce']));
  });

  it('ring broadcast pipelines 4 chunks down the chain 0 → 1 → 2 → 3', () => {
    const schedule = ringBroadcast.build({ devices: 4 });
    expect(schedule.chunks).toBe(4);
    expect(transfersOf(schedule)).toEqual([
      ['0>1:0'],
      ['0>1:1', '1>2:0'],
      ['0>1:2', '1>2:1', '2>3:0'],
      ['0>1:3', '1>2:2', '2>3:1'],
      ['1>2:3', '2>3:2'],
      ['2>3:3'],
    ]);
    expect(opsOf(schedule)).toEqual(new Set(['copy']));
    expect(phasesOf(schedule)).toEqual(new Set(['broadcast']));
  });

  it('ring broadcast from root 2 starts the chain at 2 and wraps around', () => {
    expect(transfersOf(ringBroadcast.build({ devices: 4, root: 2, chunks: 2 }))).toEqual([['2>3:0'], ['2>3:1', '3>0:0'], ['3>0:1', '0>1:0'], ['0>1:1']]);
  });

  it('ring reduce pipelines 4 chunks along 1 → 2 → 3 → 0, ending at root 0', () => {
    const schedule = ringReduce.build({ devices: 4 });
    expect(transfersOf(schedule)).toEqual([
      ['1>2:0'],
      ['1>2:1', '2>3:0'],
      ['1>2:2', '2>3:1', '3>0:0'],
      ['1>2:3', '2>3:2', '3>0:1'],
      ['2>3:3', '3>0:2'],
      ['3>0:3'],
    ]);
    expect(opsOf(schedule)).toEqual(new Set(['reduce']));
    expect(phasesOf(schedule)).toEqual(new Set(['reduce']));
  });

  it('ring reduce to root 3 runs along 0 → 1 → 2 → 3', () => {
    expect(transfersOf(ringReduce.build({ devices: 4, root: 3, chunks: 1 }))).toEqual([['0>1:0'], ['1>2:0'], ['2>3:0']]);
  });
});

describe('traffic', () => {
  for (const spec of [ringReduceScatter, ringAllgather]) {
    it(`${label(spec)} sends and receives exactly (N−1)/N of the buffer on every device`, () => {
      for (const devices of [2, 3, 4, 5, 8, 13, 16]) {
        for (const perDevice of [1, 3]) {
          const chunks = devices * perDevice;
          const elements = devices * 7;
          const schedule = spec.build({ devices, chunks });
          const sent = new Array<number>(devices).fill(0);
          const received = new Array<number>(devices).fill(0);
          for (const step of schedule.steps) {
            for (const t of step.transfers) {
              const length = chunkLength(t.chunk, elements, chunks);
              sent[t.src] += length;
              received[t.dst] += length;
            }
          }
          const expected = ((devices - 1) / devices) * elements;
          expect(sent, `N=${devices} C=${chunks}`).toEqual(new Array(devices).fill(expected));
          expect(received, `N=${devices} C=${chunks}`).toEqual(new Array(devices).fill(expected));
        }
      }
    });
  }
});

describe('a schedule with one transfer dropped fails verification', () => {
  for (const spec of all) {
    it(`${label(spec)} without any single transfer reports that transfer's chunk as missing`, () => {
      for (const devices of [2, 3, 4, 6]) {
        const schedule = spec.build({ devices, root: devices - 1, chunks: 2 * devices });
        schedule.steps.forEach((step, s) => {
          step.transfers.forEach((transfer, i) => {
            const result = verifySchedule(withoutTransfer(schedule, s, i));
            const where = `N=${devices} step ${s + 1} transfer ${i + 1}`;
            expect(result.ok, where).toBe(false);
            expect(result.violation?.kind, where).toBe('missing');
            expect(result.violation?.chunk, where).toBe(transfer.chunk);
          });
        });
      }
    });
  }
});

describe('options', () => {
  it('rooted schedules record the root only when one is given', () => {
    for (const spec of rooted) {
      expect(spec.build({ devices: 5 }).root, label(spec)).toBeUndefined();
      expect(spec.build({ devices: 5, root: 0 }).root, label(spec)).toBe(0);
      expect(spec.build({ devices: 5, root: 4 }).root, label(spec)).toBe(4);
    }
  });

  it('a root outside 0..N−1 is a bad argument', () => {
    for (const spec of rooted) {
      expectBadArgument(() => spec.build({ devices: 4, root: 4 }), /root must be an integer from 0 to 3, got 4/);
      expectBadArgument(() => spec.build({ devices: 4, root: -1 }), /root must be an integer from 0 to 3, got -1/);
      expectBadArgument(() => spec.build({ devices: 4, root: 1.5 }), /root must be an integer from 0 to 3/);
    }
  });

  it('reduce-scatter and allgather need chunks to be a multiple of N', () => {
    for (const spec of owned) {
      expectBadArgument(() => spec.build({ devices: 4, chunks: 6 }), /chunks must be a multiple of 4, got 6/);
    }
  });

  it('reduce-scatter and allgather default to one chunk per device, the chains to 4 chunks and the trees to 1', () => {
    for (const spec of owned) expect(spec.build({ devices: 6 }).chunks, label(spec)).toBe(6);
    expect(ringBroadcast.build({ devices: 6 }).chunks).toBe(4);
    expect(ringReduce.build({ devices: 6 }).chunks).toBe(4);
    expect(binomialTreeBroadcast.build({ devices: 6 }).chunks).toBe(1);
    expect(binomialTreeReduce.build({ devices: 6 }).chunks).toBe(1);
  });

  it('chains accept more chunks than devices and fewer', () => {
    for (const chunks of [1, 2, 17]) {
      expect(verifySchedule(ringBroadcast.build({ devices: 5, chunks, root: 2 })).ok).toBe(true);
      expect(verifySchedule(ringReduce.build({ devices: 5, chunks, root: 2 })).ok).toBe(true);
    }
  });
});
