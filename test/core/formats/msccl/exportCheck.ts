// What every export test does to a schedule: export it as MSCCL XML, read the text back strictly,
// check it against RCCL's rules and run it under several interleavings on RCCL's executor, holding
// its outputs to what the schedule itself computes under the IR's rules (evaluated here, apart from
// the engine), so a test only needs to add what is particular to its schedule.

import { expect } from 'vitest';
import { mscclProgramOf, mscclXml } from '../../../../src/core/formats/msccl/exportXml';
import type { BufferName, Schedule, Transfer } from '../../../../src/core/schedule/ir';
import { defaultBuffer, initialChunk, slotLayout, slotOf } from '../../../../src/core/schedule/slots';
import { pickers, simulateMsccl, type Initial } from './rcclExecutor';
import { mscclFaults } from './rcclRules';
import { readMsccl, type XmlAlgo } from './strictReader';

/** The schedule's outputs under the IR's rules (docs/schedule-format.md), on symbolic values. */
export function evaluate(schedule: Schedule): string[][] {
  const layout = slotLayout(schedule);
  const values = Array.from({ length: schedule.devices }, (_, d) =>
    Array.from({ length: layout.slots }, (_, slot) => {
      const chunk = initialChunk(layout, d, slot);
      return chunk < 0 ? '∅' : `d${d}c${chunk}`;
    }),
  );
  const fallback = defaultBuffer(schedule.collective);
  const where = (t: Transfer) => ({
    src: slotOf(layout, t.src, t.srcBuffer ?? fallback, t.srcChunk ?? t.chunk),
    dst: slotOf(layout, t.dst, t.dstBuffer ?? fallback, t.chunk),
    count: t.count ?? 1,
  });
  for (const step of schedule.steps) {
    // Every message is its source at the start of the step; then the writes apply in listed order.
    const messages = step.transfers.map((t) => {
      const { src, count } = where(t);
      return Array.from({ length: count }, (_, c) => values[t.src][src + c]);
    });
    step.transfers.forEach((t, i) => {
      const { dst, count } = where(t);
      for (let c = 0; c < count; c++) {
        const place = values[t.dst];
        place[dst + c] = t.op === 'reduce' ? `(${place[dst + c]}+${messages[i][c]})` : messages[i][c];
      }
    });
  }
  return values.map((slots, d) => Array.from({ length: layout.output }, (_, j) => slots[slotOf(layout, d, 'output', j)]));
}

/** What MSCCL's buffers hold at the start, as the IR's slots do; scratch past the schedule's own is "?". */
export function initialOf(schedule: Schedule): Initial {
  const layout = slotLayout(schedule);
  const names: Record<string, BufferName> = { i: 'input', o: 'output', s: 'scratch' };
  return (gpu, buf, off) => {
    if (buf === 's' && off >= layout.scratch) return `?${off}`;
    const chunk = initialChunk(layout, gpu, slotOf(layout, gpu, names[buf], off));
    return chunk < 0 ? '∅' : `d${gpu}c${chunk}`;
  };
}

export interface Shape {
  nchannels: number;
  threadblocks: number;
  steps: number;
  scratch: number;
}

function shapeOf(algo: XmlAlgo): Shape {
  return {
    nchannels: algo.nchannels,
    threadblocks: Math.max(...algo.gpus.map((g) => g.tbs.length)),
    steps: Math.max(...algo.gpus.flatMap((g) => g.tbs.map((tb) => tb.steps.length))),
    scratch: Math.max(...algo.gpus.map((g) => g.s_chunks)),
  };
}

export const PICKERS = [
  ['first', pickers.first],
  ['last', pickers.last],
  ['round-robin', pickers.roundRobin],
  ['random 1', () => pickers.random(1)],
  ['random 7', () => pickers.random(7)],
  ['random 42', () => pickers.random(42)],
] as const;

/** Exports, reads the text back, checks every rule and runs the program under several interleavings against the IR. */
export function exportAndCheck(schedule: Schedule, options: { maxSteps?: number; interleavings?: number } = {}): { algo: XmlAlgo; shape: Shape; text: string } {
  const text = mscclXml(schedule, options);
  const algo = readMsccl(text);
  expect(mscclFaults(algo, options.maxSteps ?? 64)).toEqual([]);
  // The text is the program mscclProgramOf gives.
  const program = mscclProgramOf(schedule, options);
  expect(algo.gpus.map((g) => g.tbs)).toEqual(
    program.gpus.map((g) => g.threadblocks.map(({ id, send, recv, chan, steps }) => ({ id, send, recv, chan, steps }))),
  );
  const expected = evaluate(schedule);
  for (const [name, picker] of PICKERS.slice(0, options.interleavings ?? PICKERS.length)) {
    const run = simulateMsccl(algo, initialOf(schedule), picker());
    expect(run.race, name).toBeNull();
    expect(run.outputs, name).toEqual(expected);
  }
  return { algo, shape: shapeOf(algo), text };
}

/** Every device's output chunk c of an all-reduce holds each device's chunk c exactly once. */
export function expectFullSums(schedule: Schedule): void {
  const outputs = evaluate(schedule);
  outputs.forEach((chunks, d) =>
    chunks.forEach((value, c) => {
      const terms = value.match(/d\d+c\d+/g) ?? [];
      expect(terms.sort(), `device ${d} chunk ${c}`).toEqual(Array.from({ length: schedule.devices }, (_, x) => `d${x}c${c}`).sort());
    }),
  );
}
