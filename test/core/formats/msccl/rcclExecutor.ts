// An exact simulator of RCCL's MSCCL executor on symbolic values ("((d0c1+d1c1)+d2c1)"), written
// apart from the exporter: FIFO sends and receives per (sender, receiver, channel), dependencies on
// published flags, `re` fusion as RCCL's parser does it, in-place aliasing of the input and output,
// a choice of interleavings and a race detector, so an export is checked by running it as RCCL would.

import { push } from './rcclRules';
import type { XmlAlgo, XmlTb } from './strictReader';

/** One transmission of RCCL's executor: a step, or a merged chain of `re` (parser, docs §3.2 and §4). */
interface Transmission {
  type: string;
  srcbuf: string;
  srcOffsets: number[];
  dstbuf: string;
  dstoff: number;
  cnt: number;
  waits: { tb: number; step: number }[];
  hasdep: boolean;
  /** The flag it publishes: the XML `s` of its last step. */
  s: number;
  /** Where it came from, for messages. */
  first: number;
}

function transmissions(tb: XmlTb): Transmission[] {
  const out: Transmission[] = [];
  let waits: { tb: number; step: number }[] = [];
  let chain: Transmission | null = null;
  let reductions = 0;
  for (const step of tb.steps) {
    if (step.depid >= 0) waits.push({ tb: step.depid, step: step.deps });
    if (step.type === 'nop') continue;
    if (step.type === 're' && chain && chain.dstbuf === step.dstbuf && chain.dstoff === step.dstoff && chain.srcbuf === step.srcbuf && step.depid === -1) {
      if (waits.length) throw new Error(`tb ${tb.id} step ${step.s}: dependencies inside a chain of re`);
      chain.srcOffsets.push(step.srcoff);
      chain.cnt = step.cnt;
      chain.hasdep = step.hasdep === 1;
      chain.s = step.s;
    } else {
      const t: Transmission = {
        type: step.type,
        srcbuf: step.srcbuf,
        srcOffsets: [step.srcoff],
        dstbuf: step.dstbuf,
        dstoff: step.dstoff,
        cnt: step.cnt,
        waits,
        hasdep: step.hasdep === 1,
        s: step.s,
        first: step.s,
      };
      waits = [];
      out.push(t);
      chain = step.type === 're' ? t : null;
    }
    if (step.type === 're') {
      reductions++;
      if (step.hasdep || reductions === 16) chain = null;
    }
  }
  return out;
}

/** Picks which runnable threadblock moves next: by index into the list given. */
export type Picker = (runnable: number) => number;

export const pickers = {
  first: (): Picker => () => 0,
  last: (): Picker => (count) => count - 1,
  roundRobin: (): Picker => {
    let turn = 0;
    return (count) => turn++ % count;
  },
  random: (seed: number): Picker => {
    let state = seed >>> 0 || 1;
    return (count) => {
      state ^= state << 13;
      state >>>= 0;
      state ^= state >>> 17;
      state ^= state << 5;
      state >>>= 0;
      return state % count;
    };
  },
};

/** What each gpu's buffer holds at the start: chunk `off` of buffer `buf` ('i', 'o' or 's'). */
export type Initial = (gpu: number, buf: string, off: number) => string;

export interface Simulation {
  /** Each gpu's output buffer at the end (in place: the shared memory). */
  outputs: string[][];
  /** The first pair of conflicting accesses of one gpu left unordered by threadblock order and dependencies. */
  race: string | null;
  transmissions: number;
}

/**
 * Runs the program to the end, one transmission at a time, the picker choosing among the runnable
 * threadblocks. Sends are buffered without bound; a receive waits for its message; a step with
 * dependencies waits until each threadblock named has published a flag at or past the step named.
 * Values are expressions: `re` makes "(dst+src)" per source, left to right as RCCL's mscclReduce.
 * Races are found with vector clocks over each gpu's threadblocks, ordered by threadblock order and
 * dependencies only (what the exporter promises), joined at the earliest publish that satisfied a wait.
 */
export function simulateMsccl(algo: XmlAlgo, initial: Initial, pick: Picker): Simulation {
  const n = algo.ngpus;
  const big = algo.nchunksperloop;
  // Memory per gpu: cells, and where (buf, off) lives.
  const memory = algo.gpus.map((gpu, g) => {
    const cells: string[] = [];
    const index = { i: [] as number[], o: [] as number[], s: [] as number[] };
    const alloc = (count: number) => range(count).map(() => cells.push('') - 1);
    if (algo.inplace) {
      const aliased = algo.coll === 'allgather' ? 'i' : algo.coll === 'reducescatter' ? 'o' : null;
      if (aliased === null) {
        index.i = alloc(gpu.i_chunks);
        index.o = index.i.slice(0, gpu.o_chunks);
      } else {
        const whole = aliased === 'i' ? 'o' : 'i';
        index[whole] = alloc(big);
        const part = big / n;
        index[aliased] = range(part).map((j) => index[whole][g * part + j]);
      }
    } else {
      index.i = alloc(gpu.i_chunks);
      index.o = alloc(gpu.o_chunks);
    }
    index.s = alloc(gpu.s_chunks);
    // Output first, then input, so that in place the input's data wins.
    for (const buf of ['o', 'i', 's'] as const) index[buf].forEach((cell, off) => (cells[cell] = initial(g, buf, off)));
    return { cells, index };
  });
  const programs = algo.gpus.map((gpu) => gpu.tbs.map(transmissions));
  const pcs = algo.gpus.map((gpu) => gpu.tbs.map(() => 0));
  const flags = algo.gpus.map((gpu) => gpu.tbs.map(() => -1));
  const fifos = new Map<string, string[][]>();
  // Race detection: clocks per tb (over the gpu's tbs), each publish's clock, and per cell the accesses.
  const clocks = algo.gpus.map((gpu) => gpu.tbs.map(() => new Int32Array(gpu.tbs.length)));
  const published = algo.gpus.map((gpu) => gpu.tbs.map(() => [] as { s: number; clock: Int32Array }[]));
  const lastWrite = memory.map((m) => m.cells.map(() => null as { tb: number; t: number; s: number } | null));
  const readsSince = memory.map((m) => m.cells.map(() => new Map<number, { t: number; s: number }>()));
  let race: string | null = null;
  let executed = 0;

  const ready = (g: number, t: number): boolean => {
    const tx = programs[g][t][pcs[g][t]];
    if (!tx) return false;
    for (const wait of tx.waits) if ((flags[g][wait.tb] ?? -1) < wait.step) return false;
    if (tx.type === 'r') {
      const tb = algo.gpus[g].tbs[t];
      const fifo = fifos.get(`${tb.recv}>${g}@${tb.chan}`);
      if (!fifo || fifo.length === 0) return false;
    }
    return true;
  };

  const cellsOf = (g: number, buf: string, off: number, cnt: number): number[] => {
    const list = memory[g].index[buf as 'i' | 'o' | 's'];
    return range(cnt).map((c) => {
      const cell = list[off + c];
      if (cell === undefined) throw new Error(`gpu ${g}: ${buf}[${off + c}] outside the buffer`);
      return cell;
    });
  };

  const access = (g: number, t: number, s: number, cells: number[], write: boolean) => {
    const clock = clocks[g][t];
    const tag = (tb: number, step: number) => `tb ${tb} step ${step}`;
    for (const cell of cells) {
      const w = lastWrite[g][cell];
      if (!race && w && w.tb !== t && clock[w.tb] < w.t)
        race = `gpu ${g} cell ${cell}: ${tag(w.tb, w.s)} writes, ${tag(t, s)} ${write ? 'writes' : 'reads'} unordered`;
      if (write) {
        for (const [tb, r] of readsSince[g][cell]) {
          if (!race && tb !== t && clock[tb] < r.t) race = `gpu ${g} cell ${cell}: ${tag(tb, r.s)} reads, ${tag(t, s)} writes unordered`;
        }
      }
    }
    for (const cell of cells) {
      if (write) {
        lastWrite[g][cell] = { tb: t, t: clock[t], s };
        readsSince[g][cell] = new Map();
      } else {
        readsSince[g][cell].set(t, { t: clock[t], s });
      }
    }
  };

  const execute = (g: number, t: number) => {
    const tb = algo.gpus[g].tbs[t];
    const tx = programs[g][t][pcs[g][t]++];
    const clock = clocks[g][t];
    for (const wait of tx.waits) {
      const publish = published[g][wait.tb].find((p) => p.s >= wait.step)!;
      for (let i = 0; i < clock.length; i++) clock[i] = Math.max(clock[i], publish.clock[i]);
    }
    clock[t]++;
    const cells = memory[g].cells;
    if (tx.type === 's') {
      const src = cellsOf(g, tx.srcbuf, tx.srcOffsets[0], tx.cnt);
      access(g, t, tx.first, src, false);
      push(
        fifos,
        `${g}>${tb.send}@${tb.chan}`,
        src.map((cell) => cells[cell]),
      );
    } else if (tx.type === 'r') {
      const message = fifos.get(`${tb.recv}>${g}@${tb.chan}`)!.shift()!;
      if (message.length !== tx.cnt) throw new Error(`gpu ${g} tb ${t} step ${tx.first}: receives ${message.length} chunks with cnt ${tx.cnt}`);
      const dst = cellsOf(g, tx.dstbuf, tx.dstoff, tx.cnt);
      access(g, t, tx.first, dst, true);
      dst.forEach((cell, c) => (cells[cell] = message[c]));
    } else if (tx.type === 'cpy') {
      const src = cellsOf(g, tx.srcbuf, tx.srcOffsets[0], tx.cnt);
      const dst = cellsOf(g, tx.dstbuf, tx.dstoff, tx.cnt);
      access(g, t, tx.first, src, false);
      access(g, t, tx.first, dst, true);
      const values = src.map((cell) => cells[cell]);
      dst.forEach((cell, c) => (cells[cell] = values[c]));
    } else if (tx.type === 're') {
      const dst = cellsOf(g, tx.dstbuf, tx.dstoff, tx.cnt);
      const srcs = tx.srcOffsets.map((off) => cellsOf(g, tx.srcbuf, off, tx.cnt));
      for (const src of srcs) access(g, t, tx.first, src, false);
      access(g, t, tx.first, dst, false);
      access(g, t, tx.first, dst, true);
      const values = dst.map((cell, c) => srcs.reduce((o, src) => `(${o}+${cells[src[c]]})`, cells[cell]));
      dst.forEach((cell, c) => (cells[cell] = values[c]));
    } else {
      throw new Error(`gpu ${g} tb ${t}: step type ${tx.type} is not run by RCCL`);
    }
    if (tx.hasdep) {
      flags[g][t] = tx.s;
      published[g][t].push({ s: tx.s, clock: Int32Array.from(clock) });
    }
    executed++;
  };

  const all: [number, number][] = [];
  algo.gpus.forEach((gpu, g) => gpu.tbs.forEach((_, t) => all.push([g, t])));
  for (;;) {
    const runnable = all.filter(([g, t]) => ready(g, t));
    if (runnable.length === 0) break;
    const [g, t] = runnable[pick(runnable.length)];
    execute(g, t);
  }
  const stuck = all.filter(([g, t]) => pcs[g][t] < programs[g][t].length);
  if (stuck.length) {
    const [g, t] = stuck[0];
    throw new Error(`deadlock: ${stuck.length} threadblocks wait, first gpu ${g} tb ${t} at transmission ${pcs[g][t]}`);
  }
  for (const [key, fifo] of fifos) if (fifo.length) throw new Error(`${fifo.length} messages ${key} never received`);
  const outputs = memory.map((m) => m.index.o.map((cell) => m.cells[cell]));
  return { outputs, race, transmissions: executed };
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i);
}
