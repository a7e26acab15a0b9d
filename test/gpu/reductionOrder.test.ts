import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/core/algorithms';
import type { ReduceOp } from '../../src/core/ops';
import { compileSchedule } from '../../src/core/schedule/compile';
import { chunkOfElement } from '../../src/core/schedule/chunks';
import { combinationFor } from '../../src/core/symbolic/numericCheck';
import { reductionOrder } from '../../src/core/symbolic/reductionOrder';
import { elementReader, evaluateReduction } from '../../src/core/symbolic/reductionValue';
import { generateInputs } from '../../src/engine/inputs';
import { WebGpuEngine } from '../../src/engine/webgpu/webgpuEngine';
import { probeGpu, skipNote } from './gpuProvider';

const probe = await probeGpu('test/gpu/reductionOrder.test.ts');

const bitsOf = (x: number) => new Uint32Array(Float32Array.of(x).buffer)[0];

describe.skipIf(probe.skipReason !== null)(`reduction trees against the WebGPU engine${skipNote(probe)}`, () => {
  it('give the GPU’s bits on every device and element of ring, tree, double-tree, halving-doubling and naive', async () => {
    const provider = probe.provider();
    const failures: string[] = [];
    const cases: { algorithm: string; devices: number; op: ReduceOp; seed: number }[] = [];
    for (const algorithm of ['ring', 'tree', 'double-tree', 'halving-doubling', 'naive']) {
      for (const devices of [4, 8])
        for (const [seed, op] of [
          [1, 'sum'],
          [2, 'avg'],
          [3, 'sum'],
        ] as const)
          cases.push({ algorithm, devices, op, seed });
    }
    for (const { algorithm, devices, op, seed } of cases) {
      const schedule = buildSchedule({ algorithm, devices });
      const elements = 5 * schedule.chunks + 3;
      const inputs = generateInputs(devices, elements, op, seed, 'mixed');
      const engine = await WebGpuEngine.create({ schedule, elements, op, provider });
      engine.load(inputs);
      engine.run();
      const out = await engine.read();
      engine.destroy();
      const compiled = compileSchedule(schedule);
      const how = combinationFor(op, schedule.collective, devices);
      let first: string | null = null;
      for (let element = 0; element < elements && first === null; element++) {
        const order = reductionOrder(compiled, chunkOfElement(element, elements, schedule.chunks));
        const read = elementReader(compiled, inputs, elements, element);
        for (const { device, tree } of order.held) {
          const value = evaluateReduction(tree, read, how);
          if (bitsOf(value) !== bitsOf(out[device * elements + element])) {
            first = `GPU-${device} element ${element}: tree ${value}, GPU ${out[device * elements + element]}`;
            break;
          }
        }
      }
      if (first) failures.push(`${algorithm} N=${devices} ${op} seed ${seed}: ${first}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
