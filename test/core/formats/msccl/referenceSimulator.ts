// A reference for the importer, written apart from it: an exact symbolic evaluator that runs an
// MSCCL program step by step, as RCCL would, under any interleaving of its threadblocks, and runs
// the imported schedule by the IR's rules, so a test can hold the two to the same result without
// trusting the importer's own reading of either.

import { expect } from 'vitest';
import { importMscclXml } from '../../../../src/core/formats/msccl/importXml';
import type { MscclAlgo, MscclBuffer, MscclStep } from '../../../../src/core/formats/msccl/program';
import { parseMscclXml } from '../../../../src/core/formats/msccl/xml';
import { compileSchedule } from '../../../../src/core/schedule/compile';
import type { Schedule, Transfer } from '../../../../src/core/schedule/ir';
import { defaultBuffer, initialChunk, slotLayout, slotOf } from '../../../../src/core/schedule/slots';

// An exact symbolic evaluator. A value is a sorted list of terms g·C + c (GPU g's contribution to
// data chunk c), a sum of them; NOTHING marks a place that was never written, and taints every sum.

type Value = readonly number[];
const NOTHING: Value = [-1];

function plus(a: Value, b: Value): Value {
  return [...a, ...b].sort((x, y) => x - y);
}

/** Runs the MSCCL program itself, steps interleaved as `pick` chooses among the runnable threadblocks. */
function runMscclAlgo(algo: MscclAlgo, pick: (runnable: number) => number): Value[][] {
  const { ngpus: n, nchunksperloop: c, coll } = algo;
  const part = c / n;
  const inPlace = algo.inplace === 1;
  const inputSize = coll === 'allgather' ? part : c;
  const outputSize = coll === 'reducescatter' ? part : c;
  // In place: one buffer of C chunks per GPU, which input and output are windows of.
  const data = algo.gpus.map((gpu) =>
    Array.from({ length: inPlace ? c : inputSize }, (_, j): Value => [gpu.id * c + (!inPlace && coll === 'allgather' ? gpu.id * part + j : j)]),
  );
  const output = algo.gpus.map(() => Array.from({ length: outputSize }, () => NOTHING));
  const scratch = algo.gpus.map((gpu) => Array.from({ length: gpu.s_chunks }, () => NOTHING));
  const cell = (g: number, buffer: MscclBuffer, j: number): [Value[], number] => {
    if (buffer === 's') return [scratch[g], j];
    if (!inPlace) return buffer === 'i' ? [data[g], j] : [output[g], j];
    const windowed = buffer === 'i' ? coll === 'allgather' : coll === 'reducescatter';
    return [data[g], windowed ? g * part + j : j];
  };
  const read = (g: number, buffer: MscclBuffer, off: number, cnt: number): Value[] =>
    Array.from({ length: cnt }, (_, k) => {
      const [array, j] = cell(g, buffer, off + k);
      if (j >= array.length) throw new Error(`GPU ${g} reads ${buffer}[${j}] past its end`);
      return array[j];
    });
  const write = (g: number, buffer: MscclBuffer, off: number, values: Value[]): void => {
    values.forEach((value, k) => {
      const [array, j] = cell(g, buffer, off + k);
      if (j >= array.length) throw new Error(`GPU ${g} writes ${buffer}[${j}] past its end`);
      array[j] = value;
    });
  };

  const tbs = algo.gpus.flatMap((gpu) => gpu.threadblocks.map((tb) => ({ gpu: gpu.id, tb, next: 0, flag: -1 })));
  const flagOf = (g: number, t: number): number => tbs.find((x) => x.gpu === g && x.tb.id === t)!.flag;
  const queues = new Map<string, Value[][]>();
  const queue = (from: number, to: number, chan: number): Value[][] => {
    const key = `${from}>${to}@${chan}`;
    if (!queues.has(key)) queues.set(key, []);
    return queues.get(key)!;
  };
  const receiving = (step: MscclStep): boolean => ['r', 'rcs', 'rrs', 'rrc', 'rrcs'].includes(step.type) && step.cnt > 0;
  const canRun = (x: (typeof tbs)[number]): boolean => {
    const step = x.tb.steps[x.next];
    if (!step) return false;
    if (step.depid >= 0 && flagOf(x.gpu, step.depid) < step.deps) return false;
    return !receiving(step) || queue(x.tb.recv, x.gpu, x.tb.chan).length > 0;
  };
  for (;;) {
    const runnable = tbs.filter(canRun);
    if (runnable.length === 0) break;
    const x = runnable[pick(runnable.length)];
    const { gpu: g, tb } = x;
    const step = tb.steps[x.next++];
    const { type, cnt } = step;
    const send = (values: Value[]): void => {
      if (cnt > 0) queue(g, tb.send, tb.chan).push(values);
    };
    const message = (): Value[] => {
      if (cnt === 0) return [];
      const values = queue(tb.recv, g, tb.chan).shift()!;
      if (values.length !== cnt) throw new Error('a message of another size');
      return values;
    };
    const src = (): Value[] => read(g, step.srcbuf, step.srcoff, cnt);
    if (type === 's') send(src());
    else if (type === 'r') write(g, step.dstbuf, step.dstoff, message());
    else if (type === 'rcs') {
      const values = message();
      write(g, step.dstbuf, step.dstoff, values);
      send(values);
    } else if (type === 'rrs' || type === 'rrc' || type === 'rrcs') {
      const received = message();
      const own = src();
      const values = received.map((value, k) => plus(value, own[k]));
      if (type !== 'rrs') write(g, step.dstbuf, step.dstoff, values);
      if (type !== 'rrc') send(values);
    } else if (type === 'cpy') write(g, step.dstbuf, step.dstoff, src());
    else if (type === 're') {
      const own = src();
      const old = read(g, step.dstbuf, step.dstoff, cnt);
      write(
        g,
        step.dstbuf,
        step.dstoff,
        old.map((value, k) => plus(value, own[k])),
      );
    }
    if (type !== 'nop' && step.hasdep === 1) x.flag = step.s;
  }
  const stuck = tbs.find((x) => x.next < x.tb.steps.length);
  if (stuck) throw new Error(`the program is stuck at GPU ${stuck.gpu} threadblock ${stuck.tb.id} step ${stuck.next}`);
  for (const [key, list] of queues) if (list.length > 0) throw new Error(`messages left unreceived on ${key}`);
  return algo.gpus
    .slice()
    .sort((a, b) => a.id - b.id)
    .map((gpu) => Array.from({ length: outputSize }, (_, j) => read(gpu.id, 'o', j, 1)[0]));
}

/** Runs a version-2 schedule by the IR's rules: each step reads its sources, then applies them in order. */
export function runSchedule(schedule: Schedule): Value[][] {
  const layout = slotLayout(schedule);
  const c = schedule.chunks;
  const slots = Array.from({ length: schedule.devices }, (_, d) =>
    Array.from({ length: layout.slots }, (_, slot): Value => {
      const chunk = initialChunk(layout, d, slot);
      return chunk < 0 ? NOTHING : [d * c + chunk];
    }),
  );
  const fallback = defaultBuffer(schedule.collective);
  const ends = (t: Transfer): { from: number; to: number; count: number } => ({
    from: slotOf(layout, t.src, t.srcBuffer ?? fallback, t.srcChunk ?? t.chunk),
    to: slotOf(layout, t.dst, t.dstBuffer ?? fallback, t.chunk),
    count: t.count ?? 1,
  });
  for (const step of schedule.steps) {
    const messages = step.transfers.map((t) => {
      const { from, count } = ends(t);
      return Array.from({ length: count }, (_, k) => slots[t.src][from + k]);
    });
    step.transfers.forEach((t, i) => {
      const { to } = ends(t);
      messages[i].forEach((value, k) => {
        slots[t.dst][to + k] = t.op === 'copy' ? value : plus(slots[t.dst][to + k], value);
      });
    });
  }
  return slots.map((device, d) => Array.from({ length: layout.output }, (_, j) => device[slotOf(layout, d, 'output', j)]));
}

/** What the collective should leave in every GPU's output (broadcast and reduce from GPU 0). */
export function expectedOutputs(algo: MscclAlgo): Value[][] | undefined {
  const { ngpus: n, nchunksperloop: c, coll } = algo;
  const part = c / n;
  const all = (chunk: number): Value => Array.from({ length: n }, (_, g) => g * c + chunk);
  const devices = Array.from({ length: n }, (_, d) => d);
  if (coll === 'allreduce') return devices.map(() => Array.from({ length: c }, (_, j) => all(j)));
  if (coll === 'allgather') return devices.map(() => Array.from({ length: c }, (_, j) => [Math.floor(j / part) * c + j]));
  if (coll === 'reducescatter') return devices.map((d) => Array.from({ length: part }, (_, j) => all(d * part + j)));
  if (coll === 'broadcast') return devices.map(() => Array.from({ length: c }, (_, j) => [j]));
  return undefined;
}

/** A seeded generator of indices below n (mulberry32). */
export function randomPicker(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** Checks that a schedule leaves exactly what the MSCCL program leaves, under several interleavings. */
export function expectSameData(text: string): Schedule {
  const algo = parseMscclXml(text);
  const schedule = importMscclXml(text);
  compileSchedule(schedule);
  const produced = runSchedule(schedule);
  expect(produced).toEqual(runMscclAlgo(algo, () => 0));
  for (let seed = 1; seed <= 8; seed++) expect(produced).toEqual(runMscclAlgo(algo, randomPicker(seed)));
  return schedule;
}
