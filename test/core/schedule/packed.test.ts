import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { compileSchedule } from '../../../src/core/schedule/compile';
import { packedBuffers, packSchedule, unpackSchedule } from '../../../src/core/schedule/packed';
import { transferCount } from '../../../src/core/schedule/ir';

describe('packed schedules', () => {
  it('a schedule packed and unpacked is the schedule, fields, phases and transfers alike', () => {
    for (const [algorithm, devices] of [
      ['ring', 4],
      ['double-tree', 8],
      ['naive', 5],
      ['halving-doubling', 8],
    ] as const) {
      const schedule = buildSchedule({ collective: 'allreduce', algorithm, devices });
      expect(unpackSchedule(packSchedule(schedule))).toEqual(schedule);
    }
    const broadcast = buildSchedule({ collective: 'broadcast', algorithm: 'binomial-tree', devices: 6 });
    expect(unpackSchedule(packSchedule(broadcast))).toEqual(broadcast);
  });

  it('keeps the fields beside the steps (devices per node of a hierarchical ring)', () => {
    const schedule = buildSchedule({ collective: 'allreduce', algorithm: 'hierarchical-ring', devices: 8, devicesPerNode: 4 });
    expect(schedule.devicesPerNode).toBe(4);
    expect(unpackSchedule(packSchedule(schedule)).devicesPerNode).toBe(4);
  });

  it('the unpacked schedule compiles to the packed arrays themselves, without a second check', () => {
    const packed = packSchedule(buildSchedule({ collective: 'allreduce', algorithm: 'ring', devices: 4 }));
    const schedule = unpackSchedule(packed);
    const compiled = compileSchedule(schedule);
    expect(compiled.src).toBe(packed.src);
    expect(compiled.stepStart).toBe(packed.stepStart);
    expect(compiled.steps).toBe(schedule.steps.length);
  });

  it('packs copies, so transferring its buffers leaves the schedule compiled', () => {
    const schedule = buildSchedule({ collective: 'allreduce', algorithm: 'ring', devices: 4 });
    const packed = packSchedule(schedule);
    expect(packedBuffers(packed)).toHaveLength(5);
    structuredClone(packed, { transfer: packedBuffers(packed) });
    expect(packed.src.length).toBe(0);
    expect(compileSchedule(schedule).src.length).toBe(transferCount(schedule));
  });

  it('unpacks at once: a step makes its transfers when first read, keeps them, and equals the eager step', () => {
    const schedule = buildSchedule({ collective: 'allreduce', algorithm: 'naive', devices: 512 });
    const unpacked = unpackSchedule(packSchedule(schedule));
    const step = unpacked.steps[0];
    expect(Object.getOwnPropertyDescriptor(step, 'transfers')?.get).toBeDefined();
    const transfers = step.transfers;
    expect(transfers).toHaveLength(transferCount(schedule));
    expect(step.transfers).toBe(transfers);
    expect(Object.getOwnPropertyDescriptor(step, 'transfers')?.value).toBe(transfers);
    expect(unpacked).toEqual(schedule);
  });

  it('writes lazy steps as JSON as it writes eager ones, and lets a step be given new transfers', () => {
    const schedule = buildSchedule({ collective: 'allreduce', algorithm: 'hierarchical-ring', devices: 8, devicesPerNode: 4 });
    expect(JSON.stringify(unpackSchedule(packSchedule(schedule)))).toBe(JSON.stringify(schedule));
    const unpacked = unpackSchedule(packSchedule(schedule));
    unpacked.steps[1].transfers = [];
    expect(unpacked.steps[1].transfers).toEqual([]);
    expect(Object.keys(unpacked.steps[2])).toEqual(['phase', 'transfers']);
  });
});
