import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { modelCost, DEFAULT_TOPOLOGY } from '../../../src/core/model/cost';
import type { Schedule } from '../../../src/core/schedule/ir';
import { timelineData, timelineRowSize } from '../../../src/core/model/timeline';
import { compileSchedule } from '../../../src/core/schedule/compile';
import { chunkBytes } from '../../../src/core/model/traffic';

/** Per step and row, the row's largest device load over the step's busiest port, counted the obvious way. */
function slowRowLoads(schedule: Schedule, elements: number, per: number, rows: number) {
  const bytesOf = chunkBytes(elements, compileSchedule(schedule));
  const sent = new Float32Array(schedule.steps.length * rows);
  const received = new Float32Array(schedule.steps.length * rows);
  schedule.steps.forEach((step, s) => {
    const out = new Map<number, number>();
    const into = new Map<number, number>();
    for (const t of step.transfers) {
      out.set(t.src, (out.get(t.src) ?? 0) + bytesOf[t.chunk]);
      into.set(t.dst, (into.get(t.dst) ?? 0) + bytesOf[t.chunk]);
    }
    const port = Math.max(0, ...out.values(), ...into.values());
    if (port === 0) return;
    for (const [d, bytes] of out) sent[s * rows + Math.floor(d / per)] = Math.max(sent[s * rows + Math.floor(d / per)], bytes / port);
    for (const [d, bytes] of into) received[s * rows + Math.floor(d / per)] = Math.max(received[s * rows + Math.floor(d / per)], bytes / port);
  });
  return { sent, received };
}

describe('timelineData', () => {
  const cases = [
    { algorithm: 'ring', devices: 6 },
    { algorithm: 'naive', devices: 5 },
    { algorithm: 'double-tree', devices: 9 },
    { algorithm: 'halving-doubling', devices: 12 },
    { algorithm: 'ring', devices: 100 },
    { algorithm: 'naive', devices: 70 },
  ];
  for (const request of cases) {
    it(`gives each row its largest device load over the busiest port: ${request.algorithm} on ${request.devices}, also in bins, counted with the cost or on its own`, () => {
      const schedule = buildSchedule(request);
      for (const elements of [0, 1, 7, 1000]) {
        for (const maxRows of [64, 4]) {
          const per = timelineRowSize(schedule.devices, maxRows);
          // Rows counted by the cost model's own pass, by the timeline's (rows of another size), and by neither.
          for (const runLoadsOf of [per, per + 1, 0]) {
            const cost = modelCost(schedule, elements, DEFAULT_TOPOLOGY, { runLoadsOf });
            expect(cost.traffic.runLoads?.per ?? 0).toBe(runLoadsOf);
            const data = timelineData(schedule, cost, maxRows);
            expect(data.rows[0].last - data.rows[0].first + 1).toBe(per);
            const slow = slowRowLoads(schedule, elements, per, data.rows.length);
            expect(data.sent, `K=${elements}, ${maxRows} rows, runs of ${runLoadsOf}`).toEqual(slow.sent);
            expect(data.received, `K=${elements}, ${maxRows} rows, runs of ${runLoadsOf}`).toEqual(slow.received);
          }
        }
      }
    });
  }
});
