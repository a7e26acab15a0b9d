import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { modelCost } from '../../../src/core/model/cost';
import {
  cumulativeEnds,
  finishTime,
  modelRate,
  nextEvent,
  previousEvent,
  RACE_MS_AT_1X,
  sideMoment,
  stepAtTime,
  stepLengthUs,
  stepsApplied,
} from '../../../src/ui/present/raceClock';
import { parseRaceUrl, formatRaceUrl } from '../../../src/ui/present/raceUrl';
import { raceVerdict, type Entrant } from '../../../src/ui/present/raceVerdict';

const SWITCH = { kind: 'switch' as const, latencyUs: 5, bandwidthGBs: 100 };

function entrant(algorithm: string, devices: number, elements: number): Entrant {
  return { algorithm, cost: modelCost(buildSchedule({ algorithm, devices }), elements, SWITCH), latencyUs: 5 };
}

describe('the race clock', () => {
  it('adds step times into the model time at which each step ends', () => {
    expect(Array.from(cumulativeEnds([2, 3, 0, 5]))).toEqual([2, 5, 5, 10]);
    expect(finishTime(cumulativeEnds([2, 3, 0, 5]))).toBe(10);
    expect(finishTime(cumulativeEnds([]))).toBe(0);
  });

  it('puts a side at the last step whose cumulative end is at or before t', () => {
    const ends = cumulativeEnds([2, 3, 0, 5]);
    expect([0, 1.9, 2, 4.99, 5, 9.99, 10, 11].map((t) => stepAtTime(ends, t))).toEqual([0, 0, 1, 1, 3, 3, 4, 4]);
  });

  for (const devices of [2, 3, 4, 8, 16, 64]) {
    for (const algorithm of ['master', 'ring', 'double-tree']) {
      it(`maps model time to ${algorithm}'s step on ${devices} devices as counting finished steps`, () => {
        const { stepTimesUs, totalUs } = entrant(algorithm, devices, 4096).cost;
        const ends = cumulativeEnds(stepTimesUs);
        for (let k = 0; k <= 40; k++) {
          const t = (totalUs * k) / 40;
          let finished = 0;
          let sum = 0;
          for (const time of stepTimesUs) if ((sum += time) <= t) finished++;
          expect(stepAtTime(ends, t)).toBe(finished);
        }
        expect(stepAtTime(ends, totalUs)).toBe(stepTimesUs.length);
      });
    }
  }

  it('jumps to the next and previous step end of either side', () => {
    const a = cumulativeEnds([4, 4]);
    const b = cumulativeEnds([1, 1, 1]);
    expect(nextEvent([a, b], 0)).toBe(1);
    expect(nextEvent([a, b], 3)).toBe(4);
    expect(nextEvent([a, b], 8)).toBeNull();
    expect(previousEvent([a, b], 4)).toBe(3);
    expect(previousEvent([a, b], 1)).toBe(0);
  });

  it('puts a side in the step under way at t, as far through it as the clock is, whether the clock plays or stands', () => {
    const ends = cumulativeEnds([4, 0, 6]);
    expect(sideMoment(ends, 0)).toEqual({ stage: 'before', step: 0, fraction: 0 });
    expect(sideMoment(ends, 1)).toEqual({ stage: 'under way', step: 0, fraction: 0.25 });
    // A step owns its end: standing there, its messages have landed; past it the next is under way.
    expect(sideMoment(ends, 4)).toEqual({ stage: 'under way', step: 1, fraction: 1 });
    // The step of no time (the second) is never under way: past 4 µs the third is, 1.5 of its 6 µs in.
    expect(sideMoment(ends, 5.5)).toEqual({ stage: 'under way', step: 2, fraction: 0.25 });
    expect(sideMoment(ends, 10)).toEqual({ stage: 'done', step: 2, fraction: 1 });
    expect(sideMoment(ends, 11)).toEqual({ stage: 'done', step: 2, fraction: 1 });
    expect(sideMoment(cumulativeEnds([]), 0)).toEqual({ stage: 'done', step: -1, fraction: 1 });
    expect([0, 1, 4, 5.5, 10].map((t) => stepsApplied(sideMoment(ends, t)))).toEqual([0, 0, 2, 2, 3]);
  });

  it('has master on 4 devices half through its broadcast at the time half through it, while ring lands each step at its end', () => {
    const ring = cumulativeEnds(entrant('ring', 4, 1 << 20).cost.stepTimesUs);
    const master = cumulativeEnds(entrant('master', 4, 1 << 20).cost.stepTimesUs);
    expect([ring.length, master.length]).toEqual([6, 2]);
    const t = master[0] + stepLengthUs(master, 1) / 2;
    expect(sideMoment(master, t)).toEqual({ stage: 'under way', step: 1, fraction: 0.5 });
    expect(sideMoment(master, master[0])).toEqual({ stage: 'under way', step: 0, fraction: 1 });
    expect(sideMoment(ring, ring[2])).toEqual({ stage: 'under way', step: 2, fraction: 1 });
    expect(sideMoment(ring, ring[5])).toEqual({ stage: 'done', step: 5, fraction: 1 });
  });

  for (const devices of [2, 3, 4, 8, 16]) {
    for (const algorithm of ['master', 'ring', 'double-tree']) {
      it(`finds ${algorithm}'s step under way on ${devices} devices around t, its fraction the share of it passed`, () => {
        const ends = cumulativeEnds(entrant(algorithm, devices, 4096).cost.stepTimesUs);
        const totalUs = finishTime(ends);
        for (let k = 1; k < 97; k++) {
          const t = (totalUs * k) / 97;
          const { stage, step, fraction } = sideMoment(ends, t);
          const start = ends[step] - stepLengthUs(ends, step);
          expect([t, stage, start <= t && t <= ends[step]]).toEqual([t, 'under way', true]);
          expect(fraction).toBeCloseTo((t - start) / (ends[step] - start), 12);
          expect(fraction > 0 && fraction <= 1).toBe(true);
        }
      });
    }
  }

  it('runs the slower side to its finish in RACE_MS_AT_1X / speed', () => {
    expect(modelRate(500, 1) * RACE_MS_AT_1X).toBeCloseTo(500);
    expect(modelRate(500, 2) * (RACE_MS_AT_1X / 2)).toBeCloseTo(500);
  });
});

describe('the race verdict', () => {
  it('says ring beats master on 8 devices for large messages, and why', () => {
    const master = entrant('master', 8, 1 << 20);
    const ring = entrant('ring', 8, 1 << 20);
    expect(ring.cost.totalUs).toBeLessThan(master.cost.totalUs);
    expect(raceVerdict(master, ring)).toBe(
      'ring finishes in 143 µs, 4.2× faster than master (597 µs): master’s GPU-0 receives 7 buffers (28.0 MiB) through its one port, while no ring GPU sends or receives more than 1.75 buffers (7.00 MiB).',
    );
  });

  it('says master beats ring on 8 devices for small messages: fewer steps of latency', () => {
    expect(raceVerdict(entrant('master', 8, 1024), entrant('ring', 8, 1024))).toBe(
      'master finishes in 10.6 µs, 6.6× faster than ring (70.1 µs): master needs 2 steps to ring’s 14, and with 4.00 KiB per GPU each step’s 5.00 µs latency outweighs the bytes.',
    );
  });

  it('says a near tie in per cent, not "1.0× faster": recursive-doubling against ring on 8 for 4 MiB', () => {
    const verdict = raceVerdict(entrant('recursive-doubling', 8, 1 << 20), entrant('ring', 8, 1 << 20));
    expect(verdict).toMatch(/^recursive-doubling finishes in [\d.]+ µs, \d\.\d% faster than ring \([\d.]+ µs\)/);
  });

  it('calls equal times a tie and one device no race', () => {
    expect(raceVerdict(entrant('ring', 8, 4096), { ...entrant('ring', 8, 4096), algorithm: 'ring again' })).toMatch(/^ring and ring again tie at/);
    expect(raceVerdict(entrant('master', 1, 4096), entrant('ring', 1, 4096))).toMatch(/nothing to synchronize/);
  });
});

describe('the race URL', () => {
  it('reads the two algorithms and the shared keys, defaulting to master vs ring on 8 GPUs of 4 MiB', () => {
    const setup = parseRaceUrl('?race=ring,double-tree&devices=16&elements=4096&latencyUs=2');
    expect(setup.algorithms).toEqual(['ring', 'double-tree']);
    expect(setup.config).toMatchObject({ devices: 16, elements: 4096, latencyUs: 2, backend: 'cpu' });
    expect(setup.notices).toEqual([]);
    const plain = parseRaceUrl('?race=');
    expect(plain.algorithms).toEqual(['master', 'ring']);
    expect(plain.config).toMatchObject({ devices: 8, elements: 1 << 20 });
    expect(plain.notices).toHaveLength(1);
    expect(parseRaceUrl('?race=ring,bogus').notices[0]).toMatch(/^race must name two algorithms of allreduce/);
  });

  it('writes a URL that reads back as the same race', () => {
    const setup = parseRaceUrl('?race=tree,ring&devices=4&elements=65536&bandwidthGBs=50&speed=2');
    const again = parseRaceUrl(formatRaceUrl(setup.algorithms, setup.config));
    expect(again.algorithms).toEqual(setup.algorithms);
    expect(again.config).toEqual(setup.config);
  });
});
