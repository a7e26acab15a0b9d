import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { compileSchedule } from '../../../src/core/schedule/compile';
import { chunkBytes, countTraffic } from '../../../src/core/model/traffic';
import { StepPorts, stepLoads } from '../../../src/core/model/stepLoads';
import { busierFirst, busiestDevice, busiestDevices, portBytes } from '../../../src/core/model/busiestDevice';

const traffic = (bytesSent: number[], bytesReceived: number[]) => ({ bytesSent, bytesReceived });

describe('the busiest device of a run', () => {
  it('is the device with the most bytes through its port, the larger of sent and received', () => {
    const t = traffic([10, 0, 30, 5], [0, 40, 0, 5]);
    expect(Array.from(portBytes(t))).toEqual([10, 40, 30, 5]);
    expect(busiestDevice(t)).toEqual({ device: 1, bytes: 40 });
    expect(busiestDevices(t)).toEqual([1]);
  });

  it('breaks ties to the lowest index, and names every tied device', () => {
    const t = traffic([7, 9, 0, 9], [9, 0, 9, 1]);
    expect(busiestDevice(t)).toEqual({ device: 0, bytes: 9 });
    expect(busiestDevices(t)).toEqual([0, 1, 2, 3]);
    expect(busiestDevices(traffic([1, 5, 2, 5], [0, 0, 0, 0]))).toEqual([1, 3]);
  });

  it('is no device when nothing moves', () => {
    expect(busiestDevice(traffic([0, 0], [0, 0]))).toBeNull();
    expect(busiestDevices(traffic([0, 0], [0, 0]))).toEqual([]);
    expect(busiestDevice(traffic([], []))).toBeNull();
  });

  it('orders devices busiest first, ties to the lower index, with the busiest device first', () => {
    const t = traffic([3, 8, 8, 1, 5], [0, 0, 0, 9, 0]);
    const order = [0, 1, 2, 3, 4].sort(busierFirst(portBytes(t)));
    expect(order).toEqual([3, 1, 2, 4, 0]);
    expect(busiestDevice(t)!.device).toBe(order[0]);
  });

  it("is the master's root in the master algorithm", () => {
    const counts = countTraffic(buildSchedule({ algorithm: 'master', devices: 5 }), 100);
    expect(busiestDevice(counts)).toEqual({ device: 0, bytes: 4 * 100 * 4 });
  });
});

/** The busiest port of every step and fabric, counted the slow, obvious way. */
function slowStepLoads(schedule: ReturnType<typeof buildSchedule>, elements: number, fabricOf: (src: number, dst: number) => number, fabrics: number) {
  const bytesOf = chunkBytes(elements, compileSchedule(schedule));
  const port: number[] = [];
  const reduced: number[] = [];
  for (const step of schedule.steps) {
    for (let f = 0; f < fabrics; f++) {
      const load = new Map<string, number>();
      for (const t of step.transfers) {
        if (fabricOf(t.src, t.dst) !== f) continue;
        load.set(`out${t.src}`, (load.get(`out${t.src}`) ?? 0) + bytesOf[t.chunk]);
        load.set(`in${t.dst}`, (load.get(`in${t.dst}`) ?? 0) + bytesOf[t.chunk]);
      }
      port.push(Math.max(0, ...load.values()));
    }
    const into = new Map<number, number>();
    for (const t of step.transfers) if (t.op === 'reduce') into.set(t.dst, (into.get(t.dst) ?? 0) + bytesOf[t.chunk]);
    reduced.push(Math.max(0, ...into.values()));
  }
  return { port, reduced };
}

describe('the busiest port of a step', () => {
  const cases = [
    { algorithm: 'ring', devices: 6 },
    { algorithm: 'naive', devices: 5 },
    { algorithm: 'master', devices: 4 },
    { algorithm: 'double-tree', devices: 9 },
    { algorithm: 'hierarchical-ring', devices: 8, devicesPerNode: 4 },
    { algorithm: 'halving-doubling', devices: 6 },
  ];
  for (const request of cases) {
    it(`matches a direct count for ${request.algorithm} on ${request.devices} devices, on one fabric and on nodes of 2`, () => {
      const schedule = buildSchedule(request);
      const compiled = compileSchedule(schedule);
      for (const elements of [1, 7, 1000]) {
        const one = stepLoads(compiled, elements, null, 1);
        const slowOne = slowStepLoads(schedule, elements, () => 0, 1);
        expect(Array.from(one.portBytes)).toEqual(slowOne.port);
        expect(Array.from(one.reducedBytes)).toEqual(slowOne.reduced);
        const node = (d: number) => d >> 1;
        const fabricOf = new Uint8Array(compiled.src.length).map((_, t) => (node(compiled.src[t]) === node(compiled.dst[t]) ? 0 : 1));
        const two = stepLoads(compiled, elements, fabricOf, 2);
        expect(Array.from(two.portBytes)).toEqual(slowStepLoads(schedule, elements, (a, b) => (node(a) === node(b) ? 0 : 1), 2).port);
      }
    });
  }

  it('forgets the previous step, and ignores zero-length messages', () => {
    const ports = new StepPorts(3, 1);
    ports.send(0, 1, 0, 8, true);
    ports.send(2, 1, 0, 4, true);
    expect(Array.from(ports.busiest)).toEqual([12]);
    expect(ports.busiestReducer).toBe(12);
    ports.endStep();
    expect(Array.from(ports.busiest)).toEqual([0]);
    ports.send(1, 2, 0, 0, true);
    ports.send(0, 1, 0, 4, false);
    expect(Array.from(ports.busiest)).toEqual([4]);
    expect(ports.busiestReducer).toBe(0);
  });
});
