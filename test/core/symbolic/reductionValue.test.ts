import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { parseScheduleText } from '../../../src/core/formats/scheduleText';
import { mscclXml } from '../../../src/core/formats/msccl/exportXml';
import { REDUCE_OPS, type ReduceOp } from '../../../src/core/ops';
import { compileSchedule } from '../../../src/core/schedule/compile';
import { chunkOfElement } from '../../../src/core/schedule/chunks';
import type { Schedule } from '../../../src/core/schedule/ir';
import { combinationFor } from '../../../src/core/symbolic/numericCheck';
import { reductionOrder, type ReductionOrder } from '../../../src/core/symbolic/reductionOrder';
import { elementReader, evaluateReduction } from '../../../src/core/symbolic/reductionValue';
import { CpuEngine } from '../../../src/engine/cpu/cpuEngine';
import { generateInputs } from '../../../src/engine/inputs';
import { everyAlgorithm } from '../../fixtures/scenarios';

const bitsOf = (x: number) => new Uint32Array(Float32Array.of(x).buffer)[0];

/**
 * The first (device, element) where evaluating the device's tree differs from the CPU engine in any
 * bit, as "GPU-d element e: tree 0x…, engine 0x…"; null when every value agrees.
 */
function firstDifference(schedule: Schedule, elements: number, op: ReduceOp, inputs: Float32Array): string | null {
  const engine = new CpuEngine({ schedule, elements, op });
  engine.load(inputs);
  engine.run();
  const out = engine.read();
  const compiled = compileSchedule(schedule);
  const how = combinationFor(op, schedule.collective, schedule.devices);
  const orders = new Map<number, ReductionOrder>();
  for (let element = 0; element < elements; element++) {
    const chunk = chunkOfElement(element, elements, schedule.chunks);
    if (!orders.has(chunk)) orders.set(chunk, reductionOrder(compiled, chunk));
    const read = elementReader(compiled, inputs, elements, element);
    for (const { device, tree } of orders.get(chunk)!.held) {
      const value = evaluateReduction(tree, read, how);
      const engineValue = out[device * elements + element];
      if (bitsOf(value) !== bitsOf(engineValue)) {
        return `GPU-${device} element ${element}: tree 0x${bitsOf(value).toString(16)}, engine 0x${bitsOf(engineValue).toString(16)}`;
      }
    }
  }
  return null;
}

describe('a reduction tree evaluated in f32', () => {
  it('equals the CPU engine bit for bit on every device and element, for every algorithm, op and seed', () => {
    const failures: string[] = [];
    let turn = 0;
    for (const devices of [1, 2, 3, 5, 8]) {
      for (const request of everyAlgorithm(devices)) {
        for (const elements of [1, devices + 1, 7 * devices]) {
          const schedule = buildSchedule(request);
          const op = REDUCE_OPS[turn++ % REDUCE_OPS.length];
          for (const seed of [1, 2, 3]) {
            const inputs = generateInputs(devices, elements, op, seed, 'mixed');
            const found = firstDifference(schedule, elements, op, inputs);
            if (found) failures.push(`${request.collective}/${request.algorithm} N=${devices} K=${elements} ${op} seed ${seed}: ${found}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('equals the CPU engine with all five ops on ring, double-tree, halving-doubling and naive, where orders differ in the last bits', () => {
    const failures: string[] = [];
    for (const algorithm of ['ring', 'double-tree', 'halving-doubling', 'naive']) {
      for (const op of REDUCE_OPS) {
        for (const seed of [4, 5]) {
          const schedule = buildSchedule({ algorithm, devices: 8 });
          const found = firstDifference(schedule, 101, op, generateInputs(8, 101, op, seed, 'uniform'));
          if (found) failures.push(`${algorithm} ${op} seed ${seed}: ${found}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('equals the CPU engine on schedules with buffers, scratch and local operations', () => {
    const schedules: Schedule[] = [
      ...readdirSync('test/fixtures/msccl')
        .filter((name) => !name.startsWith('bad_') && name !== 'deadlock.xml')
        .map((name) => parseScheduleText(readFileSync(`test/fixtures/msccl/${name}`, 'utf8'))),
      parseScheduleText(readFileSync('test/fixtures/schedules/allpairs-3.json', 'utf8')),
      parseScheduleText(mscclXml(buildSchedule({ algorithm: 'double-tree', devices: 5 }))),
    ];
    const failures: string[] = [];
    for (const [index, schedule] of schedules.entries()) {
      const elements = schedule.chunks * 3;
      for (const op of ['sum', 'avg', 'max'] as const) {
        const found = firstDifference(schedule, elements, op, generateInputs(schedule.devices, elements, op, index + 1, 'mixed'));
        if (found) failures.push(`${schedule.algorithm} ${op}: ${found}`);
      }
    }
    expect(failures).toEqual([]);
    expect(schedules.some((s) => !compileSchedule(s).plain)).toBe(true);
  });

  it('rounds at every ⊕: the ring’s chain loses the small terms that halving-doubling’s pairs keep', () => {
    // One element, so it lies in the last chunk: ring adds ((d + a) + b) + c, halving-doubling (a + c) + (b + d).
    const tiny = 2 ** -24;
    const inputs = Float32Array.of(1, tiny, -1, tiny);
    const how = combinationFor('sum', 'allreduce', 4);
    const evaluate = (algorithm: string) => {
      const schedule = buildSchedule({ algorithm, devices: 4 });
      const tree = reductionOrder(schedule, chunkOfElement(0, 1, schedule.chunks)).held[0].tree;
      return evaluateReduction(tree, elementReader(compileSchedule(schedule), inputs, 1, 0), how);
    };
    // 1 + 2⁻²⁴ lies halfway between 1 and the next f32 and rounds to even, 1; so does the next + 2⁻²⁴.
    expect(evaluate('ring')).toBe(0);
    expect(evaluate('halving-doubling')).toBe(2 ** -23);
  });
});
