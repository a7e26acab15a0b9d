import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/core/algorithms';
import { compileSchedule } from '../../src/core/schedule/compile';
import { ChunkMajorLayout } from '../../src/engine/layout';
import { buildGpuPlan, MULTI_RANGE, packRun, RANGES_PER_STEP, runRange, SNAPSHOT_RANGE, wgslConstants, type GpuPlan } from '../../src/engine/webgpu/plan';

const { ADDRESS_BITS, ADDRESS_MASK, RUN_COUNT_LOW_BITS, RUN_VEC4S } = wgslConstants();

function planOf(request: Parameters<typeof buildSchedule>[0], elements: number): GpuPlan {
  const schedule = buildSchedule(request);
  return buildGpuPlan(compileSchedule(schedule), new ChunkMajorLayout(schedule.devices, elements, schedule.chunks, 4));
}

/** Decodes a run the way the shaders do. */
function unpack(x: number, y: number): { read: number; write: number; count: number } {
  return { read: x & ADDRESS_MASK, write: y & ADDRESS_MASK, count: (((x >>> ADDRESS_BITS) << RUN_COUNT_LOW_BITS) | (y >>> ADDRESS_BITS)) + 1 };
}

function rangeTotals(plan: GpuPlan): number[] {
  const totals = new Array<number>(RANGES_PER_STEP).fill(0);
  plan.tileCounts.forEach((count, i) => (totals[i % RANGES_PER_STEP] += count));
  return totals;
}

describe('the GPU plan', () => {
  it('packs a run of 1 … RUN_VEC4S vec4s into two words the shaders decode back', () => {
    for (const count of [1, 2, 15, 16, 17, RUN_VEC4S / 2, RUN_VEC4S - 1, RUN_VEC4S]) {
      for (const [read, write] of [
        [0, 0],
        [12345, 678],
        [ADDRESS_MASK, ADDRESS_MASK - RUN_VEC4S],
      ]) {
        const [x, y] = packRun(read, write, count);
        expect(unpack(x, y)).toEqual({ read, write, count });
      }
    }
  });

  it('covers every destination piece of ring with runs of its own kind, one submission worth per step', () => {
    const plan = planOf({ algorithm: 'ring', devices: 4 }, 4096);
    const totals = rangeTotals(plan);
    // Reduce-scatter reads memory in place; all-gather copies; nothing needs a snapshot.
    expect(totals[SNAPSHOT_RANGE]).toBe(0);
    expect(totals[runRange(0, 0)]).toBe(3 * 4 * 2);
    expect(totals[runRange(0, 2)]).toBe(3 * 4 * 2);
    expect(totals[MULTI_RANGE]).toBe(0);
    for (let i = 0; i < plan.applyRuns.length; i += 2) expect(unpack(plan.applyRuns[i], plan.applyRuns[i + 1]).count).toBe(RUN_VEC4S);
    expect(plan.movedElements).toBe(2 * 3 * 4096);
    expect(plan.reducedElements).toBe(3 * 4096);
  });

  it('applies a tree parent’s second child as a second run pass, and naive’s many messages as multi tiles', () => {
    const tree = rangeTotals(planOf({ algorithm: 'tree', devices: 8 }, 1024));
    expect(tree[runRange(1, 0)]).toBeGreaterThan(0);
    expect(tree[MULTI_RANGE]).toBe(0);
    const naive = rangeTotals(planOf({ algorithm: 'naive', devices: 5 }, 1024));
    expect(naive[SNAPSHOT_RANGE]).toBeGreaterThan(0);
    expect(naive[MULTI_RANGE]).toBeGreaterThan(0);
  });
});
