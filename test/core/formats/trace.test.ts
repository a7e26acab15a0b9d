import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { chunkLength } from '../../../src/core/schedule/chunks';
import { master } from '../../../src/core/algorithms/master';
import { ring } from '../../../src/core/algorithms/ring';
import { modelCost, nodesTopology, type Topology } from '../../../src/core/model/cost';
import { GradsyncError } from '../../../src/core/errors';
import type { Schedule } from '../../../src/core/schedule/ir';
import { traceEvents, traceJsonPieces, type TraceEvent, type TraceStepEvent } from '../../../src/core/formats/trace';

const SWITCH: Topology = { kind: 'switch', latencyUs: 5, bandwidthGBs: 100 };
const DEVICE_COUNTS = [1, 2, 3, 4, 7, 8, 16];

const steps = (events: TraceEvent[]) => events.filter((e): e is TraceStepEvent => e.ph === 'X');
const threadNames = (events: TraceEvent[]) => events.filter((e) => e.ph === 'M' && e.name === 'thread_name');

/** Per step and device: bytes sent and received, counted straight from the schedule. */
function expectedBytes(schedule: Schedule, elements: number): Map<string, { sent: number; received: number }> {
  const bytes = new Map<string, { sent: number; received: number }>();
  const chunkBytes = (c: number) => 4 * chunkLength(c, elements, schedule.chunks);
  schedule.steps.forEach((step, s) => {
    for (const t of step.transfers) {
      const n = chunkBytes(t.chunk);
      if (n === 0) continue;
      for (const [d, field] of [
        [t.src, 'sent'],
        [t.dst, 'received'],
      ] as const) {
        const key = `${s}:${d}`;
        const entry = bytes.get(key) ?? { sent: 0, received: 0 };
        entry[field] += n;
        bytes.set(key, entry);
      }
    }
  });
  return bytes;
}

describe('traceEvents', () => {
  it('names one track per device, GPU-0 … GPU-(N−1), in one process named after the algorithm', () => {
    for (const devices of DEVICE_COUNTS) {
      const trace = traceEvents(ring.build({ devices }), 1024, SWITCH);
      const names = threadNames(trace.traceEvents);
      expect(names.map((e) => e.tid)).toEqual(Array.from({ length: devices }, (_, d) => d));
      expect(names.map((e) => (e.args as { name: string }).name)).toEqual(Array.from({ length: devices }, (_, d) => `GPU-${d}`));
      expect(trace.traceEvents.find((e) => e.name === 'process_name')?.args).toEqual({ name: 'gradsync ring' });
      expect(trace.traceEvents.every((e) => e.pid === 1)).toBe(true);
      expect(trace.displayTimeUnit).toBe('ns');
    }
  });

  it('puts a complete event exactly where a device moves bytes, with the bytes it sent and received', () => {
    for (const devices of DEVICE_COUNTS) {
      for (const schedule of [ring.build({ devices }), master.build({ devices })]) {
        for (const elements of [1, 3, 1024]) {
          const expected = expectedBytes(schedule, elements);
          const got = new Map(
            steps(traceEvents(schedule, elements, SWITCH).traceEvents).map((e) => [
              `${e.args.step - 1}:${e.tid}`,
              { sent: e.args.bytesSent, received: e.args.bytesReceived },
            ]),
          );
          expect(got).toEqual(expected);
        }
      }
    }
  });

  it('starts each step when the previous one ends and lasts the cost model’s step time', () => {
    const topologies: Topology[] = [SWITCH, nodesTopology(4)];
    for (const devices of [4, 8, 16]) {
      for (const topology of topologies) {
        const schedule = buildSchedule({ collective: 'allreduce', algorithm: 'double-tree', devices });
        const cost = modelCost(schedule, 4096, topology);
        let start = 0;
        const starts = Array.from(cost.stepTimesUs, (t) => ((start += t), start - t));
        for (const event of steps(traceEvents(schedule, 4096, topology).traceEvents)) {
          // Times are kept to the nanosecond.
          expect(Math.abs(event.ts - starts[event.args.step - 1])).toBeLessThanOrEqual(5e-4 + 1e-9);
          expect(Math.abs(event.dur - cost.stepTimesUs[event.args.step - 1])).toBeLessThanOrEqual(1e-3 + 1e-9);
        }
      }
    }
  });

  it('keeps every device’s busy time within the run’s model time', () => {
    for (const devices of DEVICE_COUNTS) {
      const schedule = ring.build({ devices });
      const trace = traceEvents(schedule, 1 << 20, SWITCH);
      const total = modelCost(schedule, 1 << 20, SWITCH).totalUs;
      const busy = new Float64Array(devices);
      for (const event of steps(trace.traceEvents)) busy[event.tid] += event.dur;
      for (const b of busy) expect(b).toBeLessThanOrEqual(trace.otherData.totalUs + 1e-9);
      // Every ring device moves bytes in every step, so it is busy the whole run.
      if (devices > 1) for (const b of busy) expect(b).toBeCloseTo(total, 3);
      expect(trace.otherData.totalUs).toBeCloseTo(total, 3);
    }
  });

  it('names events after the phase and the step number', () => {
    const events = steps(traceEvents(ring.build({ devices: 4 }), 1024, SWITCH).traceEvents);
    expect([...new Set(events.map((e) => e.name))]).toEqual(
      [1, 2, 3].map((s) => `reduce-scatter step ${s}`).concat([4, 5, 6].map((s) => `allgather step ${s}`)),
    );
    expect(events.filter((e) => e.args.step === 3).map((e) => e.cat)).toEqual(['reduce-scatter', 'reduce-scatter', 'reduce-scatter', 'reduce-scatter']);
  });

  it('gives a single device no step events', () => {
    const trace = traceEvents(ring.build({ devices: 1 }), 1024, SWITCH);
    expect(steps(trace.traceEvents)).toEqual([]);
    expect(threadNames(trace.traceEvents)).toHaveLength(1);
  });

  it('marks the bytes moved per step on a counter that returns to 0 at the end', () => {
    const schedule = ring.build({ devices: 4 });
    const counters = traceEvents(schedule, 1024, SWITCH).traceEvents.filter((e) => e.ph === 'C');
    // Ring on 4 devices: each of 6 steps moves 4 chunks of 256 f32 values.
    expect(counters.map((e) => e.args)).toEqual([...Array(6).fill({ bytes: 4 * 1024 }), { bytes: 0 }]);
  });

  it('streams JSON text that parses back to the same trace', () => {
    for (const devices of [1, 4, 9]) {
      const schedule = ring.build({ devices });
      const text = [...traceJsonPieces(schedule, 1000, SWITCH, 5)].join('');
      expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(traceEvents(schedule, 1000, SWITCH))));
    }
  });

  it('rejects a bad element count and an invalid schedule with a GradsyncError', () => {
    expect(() => traceEvents(ring.build({ devices: 4 }), -1, SWITCH)).toThrow(GradsyncError);
    const broken = ring.build({ devices: 4 });
    broken.steps[0].transfers[0].dst = 9;
    expect(() => traceEvents(broken, 8, SWITCH)).toThrow(GradsyncError);
  });

  it('streams ring on 1024 devices (two million events) in pieces', () => {
    const schedule = ring.build({ devices: 1024 });
    let events = 0;
    for (const piece of traceJsonPieces(schedule, 1 << 20, SWITCH, 65536)) events += piece.split('\n').length;
    // 1024 tracks × 2 metadata events, 2046 steps × 1024 devices, 2047 counter samples.
    expect(events).toBeGreaterThanOrEqual(2 * 1024 + 2046 * 1024 + 2047);
  }, 60_000);
});
