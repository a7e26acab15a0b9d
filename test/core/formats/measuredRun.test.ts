import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { GradsyncError } from '../../../src/core/errors';
import { measuredRun } from '../../../src/core/formats/measuredRun';
import { measuredTraceEvents } from '../../../src/core/formats/trace';
import { measuredDurationUs, measuredSpanUs, measuredTrace } from '../../fixtures/measuredTrace';

const ring4 = buildSchedule({ algorithm: 'ring', devices: 4 });
type Trace = ReturnType<typeof measuredTrace>;
type Event = { ph: string; tid?: number; args?: { step?: number } };

/** The ring-4 trace with its events changed by `edit`. */
function edited(edit: (events: Event[]) => Event[], other: object = {}): Trace {
  const trace = measuredTrace(ring4);
  return { ...trace, traceEvents: edit(trace.traceEvents as Event[]), otherData: { ...trace.otherData, ...other } };
}
const withoutSteps = (...steps: number[]) => edited((events) => events.filter((e) => !steps.includes(e.args?.step ?? 0)));
const firstStepEvent = (trace: Trace) => (trace.traceEvents as Event[]).findIndex((e) => e.ph === 'X');

/** The message `read` throws as a GradsyncError for `json`. */
function problemOf(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(GradsyncError);
    expect((error as GradsyncError).code).toBe('bad-input');
    return (error as GradsyncError).message;
  }
  throw new Error('expected a GradsyncError');
}

describe('measuredRun', () => {
  it('gives every step the span over its ranks and the slowest rank, for every algorithm and device count', () => {
    for (const algorithm of ['ring', 'double-tree', 'halving-doubling', 'naive', 'master']) {
      for (let devices = 2; devices <= 9; devices++) {
        const schedule = buildSchedule({ algorithm, devices });
        const run = measuredRun(measuredTrace(schedule), schedule);
        expect(run.steps).toHaveLength(schedule.steps.length);
        run.steps.forEach((step, s) => {
          expect(step).toEqual({
            phase: schedule.steps[s].phase,
            spanUs: measuredSpanUs(s, devices),
            slowestUs: measuredDurationUs(s, devices - 1),
            slowestDevice: devices - 1,
          });
        });
        expect(run.totalUs).toBe(schedule.steps.reduce((sum, _, s) => sum + measuredSpanUs(s, devices), 0));
      }
    }
  });

  it('says what otherData says of the run, and null where it says nothing', () => {
    expect(measuredRun(measuredTrace(ring4, 1 << 20, 'avg', 'nccl'), ring4)).toMatchObject({ backend: 'nccl', elements: 1 << 20, op: 'avg' });
    const bare = { traceEvents: measuredTrace(ring4).traceEvents };
    expect(measuredRun(bare, ring4)).toMatchObject({ backend: null, elements: null, op: null, totalUs: 6 * (500 + 303) + 10 * 15 });
    expect(
      measuredRun(
        edited((e) => e, { elements: 0, backend: '', op: 3 }),
        ring4,
      ),
    ).toMatchObject({ backend: null, elements: null, op: null });
  });

  it('refuses a trace that is not of this schedule in one line, the same line gradsync trace --measured says', () => {
    const trace = measuredTrace(ring4);
    const first = firstStepEvent(trace);
    const cases: [unknown, string][] = [
      [null, 'expected an object with a traceEvents array'],
      [[], 'expected an object with a traceEvents array'],
      [{ traceEvents: 'x' }, 'expected an object with a traceEvents array'],
      [{ traceEvents: [7] }, 'event 0 is not an object'],
      [edited((events) => events.map((e, i) => (i === first ? { ...e, tid: 4 } : e))), `event ${first} is on device 4, outside 0…3`],
      [edited((events) => events.map((e, i) => (i === first ? { ...e, tid: -1 } : e))), `event ${first} is on device -1, outside 0…3`],
      [edited((events) => events.map((e, i) => (i === first ? { ...e, args: { step: 7 } } : e))), `event ${first} is step 7, outside 1…6`],
      [edited((events) => events.map((e, i) => (i === first ? { ...e, args: {} } : e))), `event ${first} is step undefined, outside 1…6`],
      [edited((events) => events.map((e, i) => (i === first ? { ...e, dur: -1 } : e))), `event ${first} needs a time (ts) and a duration (dur ≥ 0)`],
      [edited((events) => events.filter((e) => e.ph !== 'X')), 'it holds no step events'],
      [withoutSteps(4), 'step 4 (of 6) is missing'],
      [withoutSteps(2, 5), 'steps 2 and 5 (of 6) are missing'],
      [withoutSteps(3, 4, 5, 6), 'steps 3, 4, 5 … (4 of 6) are missing'],
      [edited((e) => e, { devices: 8 }), 'it ran on 8 devices; this schedule has 4'],
      [edited((e) => e, { steps: 14 }), 'it ran 14 steps; this schedule has 6'],
      [measuredTrace(buildSchedule({ algorithm: 'ring', devices: 8 })), 'it ran on 8 devices; this schedule has 4'],
    ];
    for (const [json, why] of cases) {
      const message = `not a measured trace of this schedule: ${why}`;
      expect(problemOf(() => measuredRun(json, ring4))).toBe(message);
      expect(problemOf(() => measuredTraceEvents(json, ring4))).toBe(message);
      expect(message).not.toMatch(/\n/);
    }
  });

  it('finds the steps missing from a trace of fewer steps without otherData', () => {
    const ring8 = buildSchedule({ algorithm: 'ring', devices: 8 });
    const bare = { traceEvents: measuredTrace(ring4).traceEvents };
    expect(problemOf(() => measuredRun(bare, ring8))).toBe('not a measured trace of this schedule: steps 7, 8, 9 … (8 of 14) are missing');
  });

  it('is read by gradsync trace --measured as the same events, named as the model names its steps', () => {
    const events = measuredTraceEvents(measuredTrace(ring4), ring4);
    const spans = events.filter((e) => e.ph === 'X');
    expect(spans).toHaveLength(4 * 6);
    expect(spans[0]).toEqual({
      ph: 'X',
      name: 'reduce-scatter step 1',
      cat: 'reduce-scatter',
      pid: 2,
      tid: 0,
      ts: 0,
      dur: 500,
      args: { step: 1, phase: 'reduce-scatter', bytesSent: 0, bytesReceived: 0 },
    });
    expect(events.filter((e) => e.ph === 'M' && e.name === 'thread_name')).toHaveLength(4);
  });
});
