import { describe, expect, it } from 'vitest';
import { buildSchedule, compileAlgorithm } from '../../../src/core/algorithms';
import { compileSchedule } from '../../../src/core/schedule/compile';
import { transferCount } from '../../../src/core/schedule/ir';
import { everyAlgorithm } from '../../fixtures/scenarios';

const label = (request: { collective?: string; algorithm: string; devices: number; chunks?: number }) =>
  `${request.collective ?? 'allreduce'} ${request.algorithm} on ${request.devices}${request.chunks ? ` × ${request.chunks} chunks` : ''}`;

describe('an algorithm written straight into its compiled form', () => {
  it('is its built schedule, transfer for transfer, for N = 1..24 with the default and twice the default chunks', () => {
    for (let n = 1; n <= 24; n++) {
      for (const request of everyAlgorithm(n)) {
        const built = buildSchedule(request);
        for (const chunks of [undefined, 2 * built.chunks]) {
          const asked = { ...request, chunks };
          const compiled = compileAlgorithm(asked);
          const eager = chunks === undefined ? built : buildSchedule(asked);
          expect(compiled.schedule, label(asked)).toEqual(eager);
          expect(JSON.stringify(compiled.schedule), label(asked)).toBe(JSON.stringify(eager));
        }
      }
    }
  });

  it('compiles to the arrays compileSchedule checks and makes from the built schedule', () => {
    for (const n of [1, 5, 8, 100]) {
      for (const request of everyAlgorithm(n)) {
        const compiled = compileAlgorithm(request);
        const checked = compileSchedule(buildSchedule(request));
        expect(compileSchedule(compiled.schedule)).toBe(compiled);
        for (const field of ['stepStart', 'src', 'dst', 'chunk', 'op'] as const) {
          expect(compiled[field], `${label(request)} ${field}`).toEqual(checked[field]);
        }
        expect(compiled.src.length).toBe(transferCount(checked.schedule));
      }
    }
  });

  it('makes no transfer objects until a step is read, then only that step’s', () => {
    const compiled = compileAlgorithm({ algorithm: 'ring', devices: 64 });
    const steps = compiled.schedule.steps;
    const lazy = () => steps.filter((step) => Object.getOwnPropertyDescriptor(step, 'transfers')!.get !== undefined).length;
    expect(lazy()).toBe(steps.length);
    expect(steps[5].transfers).toEqual(buildSchedule({ algorithm: 'ring', devices: 64 }).steps[5].transfers);
    expect(lazy()).toBe(steps.length - 1);
  });

  it('leaves buildSchedule’s schedules free to change: compiled after a change, they are checked as changed', () => {
    const dropped = buildSchedule({ algorithm: 'ring', devices: 4 });
    dropped.steps[0].transfers.pop();
    expect(compileSchedule(dropped).src.length).toBe(23);
    const doubled = buildSchedule({ algorithm: 'ring', devices: 4 });
    doubled.steps[3].transfers.push({ ...doubled.steps[3].transfers[0] });
    expect(() => compileSchedule(doubled)).toThrow(/step 4, transfer 5: .* written twice in this step and one write is a copy/);
  });
});
