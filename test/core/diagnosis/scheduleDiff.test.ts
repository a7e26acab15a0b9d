import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { ring } from '../../../src/core/algorithms/ring';
import { builtInCounterpart } from '../../../src/core/diagnosis/counterpart';
import type { Schedule } from '../../../src/core/schedule/ir';
import { describeChange, diffSchedules } from '../../../src/core/diagnosis/scheduleDiff';
import { everyAlgorithm } from '../../fixtures/scenarios';

const ring4 = () => ring.build({ devices: 4 });

describe('diffSchedules against the built-in', () => {
  it('names ring on 4’s missing step-2 transfer GPU-1 → GPU-2 with the value it should have carried', () => {
    const broken = ring4();
    broken.steps[1].transfers.splice(1, 1);
    const diff = diffSchedules(ring4(), broken);
    expect(diff.total).toBe(1);
    expect(diff.changes).toEqual([{ kind: 'missing', step: 2, transfer: { src: 1, dst: 2, chunk: 0, op: 'reduce' }, value: '(a₁+b₁)' }]);
    expect(diff.changes.map(describeChange)).toEqual(['step 2: GPU-1 → GPU-2, (a₁+b₁), reduce — missing']);
  });

  it('finds nothing between a built-in and itself, nor when a step lists its transfers in another order', () => {
    for (const n of [1, 2, 3, 4, 7, 8]) {
      for (const request of everyAlgorithm(n)) {
        const schedule = buildSchedule(request);
        const shuffled = { ...schedule, steps: schedule.steps.map((step) => ({ ...step, transfers: [...step.transfers].reverse() })) };
        expect(diffSchedules(schedule, shuffled), `${request.algorithm} on ${n}`).toEqual({ changes: [], total: 0 });
      }
    }
  });

  it('says an added transfer with what its source holds in the loaded schedule', () => {
    const extra = ring4();
    extra.steps[3].transfers.push({ src: 3, dst: 1, chunk: 2, op: 'copy' });
    expect(diffSchedules(ring4(), extra).changes.map(describeChange)).toEqual(['step 4: GPU-3 → GPU-1, (c₃+d₃), copy — added']);
  });

  it('pairs a transfer whose op changed, and one whose chunk changed, as changed', () => {
    const edited = ring4();
    edited.steps[0].transfers[0].op = 'copy';
    edited.steps[0].transfers[1].chunk = 3;
    const diff = diffSchedules(ring4(), edited);
    expect(diff.changes.map((c) => [c.kind, c.step, c.transfer, c.instead])).toEqual([
      ['changed', 1, { src: 0, dst: 1, chunk: 0, op: 'copy' }, { src: 0, dst: 1, chunk: 0, op: 'reduce' }],
      ['changed', 1, { src: 1, dst: 2, chunk: 3, op: 'reduce' }, { src: 1, dst: 2, chunk: 1, op: 'reduce' }],
    ]);
    expect(diff.changes.map(describeChange)).toEqual([
      'step 1: GPU-0 → GPU-1, a₁, copy instead of reduce — changed',
      'step 1: GPU-1 → GPU-2, b₄ instead of b₂, reduce — changed',
    ]);
  });

  it('lists every transfer of a step the loaded schedule lacks, and of one it adds', () => {
    const short = ring4();
    short.steps.pop();
    expect(diffSchedules(ring4(), short).changes.map(describeChange)).toEqual([
      'step 6: GPU-0 → GPU-1, (d₄+a₄+b₄+c₄), copy — missing',
      'step 6: GPU-1 → GPU-2, (a₁+b₁+c₁+d₁), copy — missing',
      'step 6: GPU-2 → GPU-3, (b₂+c₂+d₂+a₂), copy — missing',
      'step 6: GPU-3 → GPU-0, (c₃+d₃+a₃+b₃), copy — missing',
    ]);
    const long = ring4();
    long.steps.push({ phase: 'extra', transfers: [{ src: 2, dst: 0, chunk: 1, op: 'reduce' }] });
    expect(diffSchedules(ring4(), long).changes.map(describeChange)).toEqual(['step 7: GPU-2 → GPU-0, (b₂+c₂+d₂+a₂), reduce — added']);
  });

  it('counts every change but writes only the first `limit`, in step order', () => {
    const empty: Schedule = { ...ring4(), steps: [] };
    const diff = diffSchedules(ring4(), empty, 'sum', 5);
    expect(diff.total).toBe(24);
    expect(diff.changes.map((c) => [c.step, c.transfer.src])).toEqual([
      [1, 0],
      [1, 1],
      [1, 2],
      [1, 3],
      [2, 0],
    ]);
  });

  it('writes values under the narration’s op', () => {
    const broken = ring4();
    broken.steps[1].transfers.splice(1, 1);
    expect(diffSchedules(ring4(), broken, 'max').changes[0].value).toBe('max(a₁, b₁)');
  });
});

describe('builtInCounterpart', () => {
  it('rebuilds the algorithm a loaded schedule names, with its shape', () => {
    const loaded: Schedule = JSON.parse(JSON.stringify(ring.build({ devices: 4, chunks: 8 })));
    loaded.steps.pop();
    expect(builtInCounterpart(loaded)).toEqual(ring.build({ devices: 4, chunks: 8 }));
    const hier = buildSchedule({ algorithm: 'hierarchical-ring', devices: 8, devicesPerNode: 4 });
    expect(builtInCounterpart(hier)).toEqual(hier);
    const bcast = buildSchedule({ collective: 'broadcast', algorithm: 'binomial-tree', devices: 5, root: 2 });
    expect(builtInCounterpart(bcast)).toEqual(bcast);
  });

  it('finds none for an unknown name, or a shape the algorithm cannot build', () => {
    expect(builtInCounterpart({ ...ring4(), algorithm: 'my-ring' })).toBeNull();
    expect(builtInCounterpart({ ...ring4(), chunks: 6 })).toBeNull();
    expect(builtInCounterpart({ ...ring4(), collective: 'reduce-scatter', algorithm: 'tree' })).toBeNull();
    const hier = buildSchedule({ algorithm: 'hierarchical-ring', devices: 8, devicesPerNode: 4 });
    expect(builtInCounterpart({ ...hier, devicesPerNode: undefined })).toBeNull();
  });
});
