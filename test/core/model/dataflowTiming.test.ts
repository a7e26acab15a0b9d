import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { busyIntervals } from '../../../src/core/model/dataflowTimeline';
import { compileSchedule } from '../../../src/core/schedule/compile';
import { modelCost, nodesTopology, type Topology } from '../../../src/core/model/cost';
import { dataflowTiming } from '../../../src/core/model/dataflowTiming';
import { importMscclXml } from '../../../src/core/formats/msccl/importXml';
import type { Schedule, Transfer } from '../../../src/core/schedule/ir';

const SWITCH: Topology = { kind: 'switch', latencyUs: 5, bandwidthGBs: 100 };
/** A chunk of 25,000 f32 elements is 100,000 bytes: 1 µs on a port of 100 GB/s. */
const ONE_US = 25_000;

const fixture = (name: string) => importMscclXml(readFileSync(new URL(`../../fixtures/msccl/${name}`, import.meta.url), 'utf8'));

function plain(devices: number, chunks: number, steps: [number, number, number][][]): Schedule {
  return {
    format: 'gradsync-schedule/1',
    collective: 'allreduce',
    algorithm: 'custom',
    devices,
    chunks,
    steps: steps.map((transfers) => ({ phase: 'p', transfers: transfers.map(([src, dst, chunk]): Transfer => ({ src, dst, chunk, op: 'copy' })) })),
  };
}

/** Relative closeness: sums taken in another order differ in the last bits. */
function expectClose(a: number, b: number) {
  expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(b)));
}

describe('dataflowTiming', () => {
  it('equals the step model for ring on a switch with equal chunks: every step waits for the one before', () => {
    for (const devices of [2, 3, 4, 8, 16]) {
      for (const elements of [devices * 1000, devices * ONE_US]) {
        const schedule = buildSchedule({ algorithm: 'ring', devices });
        const timing = dataflowTiming(schedule, elements, SWITCH);
        const cost = modelCost(schedule, elements, SWITCH);
        expectClose(timing.totalUs, cost.totalUs);
        expectClose(timing.stepTotalUs, cost.totalUs);
        // Every transfer of step s ends where step s ends in the step model.
        const compiled = compileSchedule(schedule);
        let stepEnd = 0;
        for (let s = 0; s < compiled.steps; s++) {
          stepEnd += cost.stepTimesUs[s];
          for (let t = compiled.stepStart[s]; t < compiled.stepStart[s + 1]; t++) expectClose(timing.endUs[t], stepEnd);
        }
      }
    }
  });

  it('is shorter where steps are uneven: tree, double-tree, hierarchical-ring on its nodes, ring across nodes', () => {
    const cases: [Schedule, Topology][] = [
      [buildSchedule({ algorithm: 'tree', devices: 8 }), SWITCH],
      [buildSchedule({ algorithm: 'double-tree', devices: 16 }), SWITCH],
      [buildSchedule({ algorithm: 'hierarchical-ring', devices: 16, devicesPerNode: 4 }), nodesTopology(4)],
      [buildSchedule({ algorithm: 'ring', devices: 8 }), nodesTopology(4)],
    ];
    for (const [schedule, topology] of cases) {
      const timing = dataflowTiming(schedule, 1 << 20, topology);
      expect(timing.totalUs, schedule.algorithm).toBeLessThan(0.95 * timing.stepTotalUs);
    }
  });

  it('is shorter for MSCCL algorithms whose threadblocks do not wait for each other', () => {
    for (const [name, steps, dataflow] of [
      ['allreduce_allpairs.xml', 22, 21],
      ['broadcast_tree.xml', 16, 13],
      ['reducescatter_ring.xml', 21, 19],
    ] as const) {
      const schedule = fixture(name);
      const timing = dataflowTiming(schedule, schedule.chunks * ONE_US, SWITCH);
      expectClose(timing.stepTotalUs, steps);
      expectClose(timing.totalUs, dataflow);
    }
  });

  it('runs a transfer that reads nothing written before at once, however late its step', () => {
    // Step 2 sends chunk 1 of GPU-2, which nothing wrote: it starts at 0, beside step 1. Step 3 reads
    // what step 1 wrote and starts when that has landed (α 5 + 1 µs).
    const schedule = plain(3, 2, [[[0, 1, 0]], [[2, 0, 1]], [[1, 2, 0]]]);
    const timing = dataflowTiming(schedule, 2 * ONE_US, SWITCH);
    expect(Array.from(timing.startUs)).toEqual([0, 0, 6]);
    expect(Array.from(timing.sentUs)).toEqual([1, 1, 7]);
    expect(Array.from(timing.endUs)).toEqual([6, 6, 12]);
    expect(timing.totalUs).toBe(12);
    expect(timing.stepTotalUs).toBe(18);
  });

  it('sends one message at a time per port, in the schedule’s order, and overlaps their latency', () => {
    // GPU-0 sends three chunks in one step: 1 µs each on its port, each landing α after it is sent.
    const schedule = plain(4, 3, [
      [
        [0, 1, 0],
        [0, 2, 1],
        [0, 3, 2],
      ],
    ]);
    const timing = dataflowTiming(schedule, 3 * ONE_US, SWITCH);
    expect(Array.from(timing.startUs)).toEqual([0, 1, 2]);
    expect(Array.from(timing.endUs)).toEqual([6, 7, 8]);
    expect(timing.stepTotalUs).toBe(8);
  });

  it('lands a write only after the step’s reads of that place have taken their snapshot', () => {
    // Step 1: GPU-0's port sends chunk 0 twice, then chunk 1 from 2 µs. Step 2 overwrites GPU-0's
    // chunk 1 from GPU-2; with α = 0 it would land at 1 µs, before step 1 read it: it waits until 2.
    const schedule = plain(3, 3, [
      [
        [0, 1, 0],
        [0, 2, 0],
        [0, 1, 1],
      ],
      [[2, 0, 1]],
    ]);
    const timing = dataflowTiming(schedule, 3 * ONE_US, { kind: 'switch', latencyUs: 0, bandwidthGBs: 100 });
    expect(timing.startUs[2]).toBe(2);
    expect(timing.sentUs[3]).toBe(1);
    expect(timing.endUs[3]).toBe(2);
  });

  it('keeps the two fabrics of nodes apart: a device sends inside its node and to another node at once', () => {
    const schedule = plain(4, 2, [
      [
        [0, 1, 0],
        [0, 2, 1],
      ],
    ]);
    const topology = nodesTopology(2, { latencyUs: 5, bandwidthGBs: 100 }, { latencyUs: 10, bandwidthGBs: 25 });
    const timing = dataflowTiming(schedule, 2 * ONE_US, topology);
    expect(Array.from(timing.startUs)).toEqual([0, 0]);
    expect(Array.from(timing.endUs)).toEqual([6, 14]);
  });

  it('adds γ per reduced byte on the receiver, one reduce at a time, local ones too', () => {
    const schedule: Schedule = {
      ...plain(2, 2, []),
      format: 'gradsync-schedule/2',
      steps: [
        {
          phase: 'p',
          transfers: [
            { src: 0, dst: 1, chunk: 0, op: 'reduce' },
            { src: 1, dst: 1, srcChunk: 1, chunk: 0, op: 'reduce' },
          ],
        },
      ],
    };
    const gamma = 1e-5; // 100,000 bytes: 1 µs
    const timing = dataflowTiming(schedule, 2 * ONE_US, SWITCH, { gammaUsPerByte: gamma });
    // The message lands at 6 and reduces until 7; the local reduce waits for it and ends at 8.
    expect(Array.from(timing.endUs)).toEqual([7, 8]);
    expect(timing.totalUs).toBeLessThanOrEqual(modelCost(schedule, 2 * ONE_US, SWITCH, { gammaUsPerByte: gamma }).totalUs);
  });

  it('moves nothing in no time: one device, and empty chunks', () => {
    expect(dataflowTiming(buildSchedule({ algorithm: 'ring', devices: 1 }), 100, SWITCH).totalUs).toBe(0);
    const timing = dataflowTiming(buildSchedule({ algorithm: 'ring', devices: 8 }), 1, SWITCH);
    expect(timing.totalUs).toBeGreaterThan(0);
    expect(timing.totalUs).toBeLessThanOrEqual(timing.stepTotalUs);
  });

  it('rejects what the step model rejects, with its message', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 4 });
    expect(() => dataflowTiming(schedule, 100, { kind: 'switch', latencyUs: 5, bandwidthGBs: 0 })).toThrow(/bandwidth must be a number > 0/);
    expect(() => dataflowTiming(schedule, -1, SWITCH)).toThrow(/elements/);
  });
});

describe('busyIntervals', () => {
  it('gives each device the union of its messages’ spans, sends and receives apart', () => {
    const schedule = plain(4, 3, [
      [
        [0, 1, 0],
        [0, 2, 1],
      ],
      [[3, 0, 2]],
    ]);
    const timing = dataflowTiming(schedule, 3 * ONE_US, SWITCH);
    const busy = busyIntervals(compileSchedule(schedule), timing);
    expect(busy.sent.map((r) => Array.from(r))).toEqual([[0, 7], [], [], [0, 6]]);
    expect(busy.received.map((r) => Array.from(r))).toEqual([[0, 6], [0, 6], [1, 7], []]);
  });

  it('bins runs of devices into rows, merging what overlaps', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 8 });
    const timing = dataflowTiming(schedule, 8 * ONE_US, SWITCH);
    const busy = busyIntervals(compileSchedule(schedule), timing, 4);
    expect(busy.sent).toHaveLength(2);
    // Every step of a ring keeps every device sending from its start to its end.
    for (const row of [...busy.sent, ...busy.received]) {
      expect(row).toHaveLength(2);
      expect(row[0]).toBe(0);
      expectClose(row[1], timing.totalUs);
    }
  });
});
