import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSchedule } from '../../../../src/core/schedule/compile';
import { GradsyncError } from '../../../../src/core/errors';
import { importMscclXml, scheduleFromMscclAlgo } from '../../../../src/core/formats/msccl/importXml';
import type { MscclAlgo, MscclBuffer, MscclStep } from '../../../../src/core/formats/msccl/program';
import { parseMscclXml } from '../../../../src/core/formats/msccl/xml';
import type { BufferName, Schedule, Transfer } from '../../../../src/core/schedule/ir';
import { defaultBuffer, initialChunk, slotLayout, slotOf } from '../../../../src/core/schedule/slots';

const FIXTURES = new URL('../../../fixtures/msccl/', import.meta.url);

function fixture(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

const VALID_FIXTURES = readdirSync(FIXTURES).filter((name) => name.endsWith('.xml') && !name.startsWith('bad_') && name !== 'deadlock.xml');

/** The GradsyncError a call throws. */
function failure(run: () => unknown): GradsyncError {
  try {
    run();
  } catch (error) {
    if (error instanceof GradsyncError) return error;
    throw error;
  }
  throw new Error('expected a GradsyncError, but nothing was thrown');
}

// ------------------------------------------------------------------------------------------------
// A compact way to write programs: one string per step, "type srcbuf srcoff dstbuf dstoff cnt
// [depid deps hasdep]", one element per line as RCCL wants it.

interface TbSpec {
  send?: number;
  recv?: number;
  chan?: number;
  steps: string[];
}

interface GpuSpec {
  s_chunks?: number;
  tbs: TbSpec[];
}

interface AlgoSpec {
  coll?: string;
  chunks: number;
  inplace?: 0 | 1;
  gpus: GpuSpec[];
}

function stepXml(s: number, spec: string): string {
  const [type, srcbuf, srcoff, dstbuf, dstoff, cnt, depid = '-1', deps = '-1', hasdep = '0'] = spec.split(' ');
  return `      <step s="${s}" type="${type}" srcbuf="${srcbuf}" srcoff="${srcoff}" dstbuf="${dstbuf}" dstoff="${dstoff}" cnt="${cnt}" depid="${depid}" deps="${deps}" hasdep="${hasdep}"/>`;
}

function programXml(spec: AlgoSpec): string {
  const { coll = 'allreduce', chunks, inplace = 1, gpus } = spec;
  const lines = [
    `<algo name="test" proto="Simple" nchannels="2" nchunksperloop="${chunks}" ngpus="${gpus.length}" coll="${coll}" inplace="${inplace}" outofplace="${1 - inplace}" minBytes="0" maxBytes="0">`,
  ];
  gpus.forEach((gpu, g) => {
    lines.push(`  <gpu id="${g}" i_chunks="${chunks}" o_chunks="${chunks}" s_chunks="${gpu.s_chunks ?? 0}">`);
    gpu.tbs.forEach((tb, t) => {
      lines.push(`    <tb id="${t}" send="${tb.send ?? -1}" recv="${tb.recv ?? -1}" chan="${tb.chan ?? 0}">`);
      tb.steps.forEach((step, s) => lines.push(stepXml(s, step)));
      lines.push('    </tb>');
    });
    lines.push('  </gpu>');
  });
  lines.push('</algo>');
  return lines.join('\n');
}

// ------------------------------------------------------------------------------------------------
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
function runSchedule(schedule: Schedule): Value[][] {
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
function expectedOutputs(algo: MscclAlgo): Value[][] | undefined {
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
function randomPicker(seed: number): (n: number) => number {
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
function expectSameData(text: string): Schedule {
  const algo = parseMscclXml(text);
  const schedule = importMscclXml(text);
  compileSchedule(schedule);
  const produced = runSchedule(schedule);
  expect(produced).toEqual(runMscclAlgo(algo, () => 0));
  for (let seed = 1; seed <= 8; seed++) expect(produced).toEqual(runMscclAlgo(algo, randomPicker(seed)));
  return schedule;
}

/** A local transfer or a transfer between GPUs, as the importer writes it. */
function t(
  src: number,
  srcBuffer: BufferName,
  srcChunk: number,
  dst: number,
  dstBuffer: BufferName,
  chunk: number,
  op: 'copy' | 'reduce',
  channel: number,
  threadblocks: [number, number],
  count = 1,
): Transfer {
  return { src, dst, srcBuffer, srcChunk, dstBuffer, chunk, op, ...(count > 1 && { count }), channel, threadblocks };
}

/**
 * A random MSCCL program that cannot deadlock or race: it is written as one sequential trace (a
 * message's send and receive steps are added together, a forward chain hop by hop), so running
 * the steps in the order they were added is an execution; and every two accesses of one place by
 * different threadblocks of a GPU are ordered by a wait (through nops when there are several), as
 * msccl-tools orders them, with hasdep set on the step waited for.
 */
function randomProgram(seed: number): string {
  const rand = randomPicker(seed);
  const n = 2 + rand(3);
  const coll = (['allreduce', 'allgather', 'reducescatter'] as const)[rand(3)];
  const collective = coll === 'reducescatter' ? 'reduce-scatter' : coll;
  const chunks = n * (1 + rand(2));
  const part = chunks / n;
  const inplace = rand(2);
  const cnt = part === 2 && rand(2) === 0 ? 2 : 1;
  const sChunks = Array.from({ length: n }, () => rand(4));
  const layout = slotLayout({ format: 'gradsync-schedule/2', collective, devices: n, chunks, inPlace: inplace === 1, scratch: Math.max(...sChunks) });
  const sizes = { i: coll === 'allgather' ? part : chunks, o: coll === 'reducescatter' ? part : chunks };
  const NAMES: Record<MscclBuffer, BufferName> = { i: 'input', o: 'output', s: 'scratch' };

  interface GenStep {
    type: string;
    src: [MscclBuffer, number];
    dst: [MscclBuffer, number];
    cnt: number;
    depid: number;
    deps: number;
    hasdep: number;
  }
  interface GenTb {
    send: number;
    recv: number;
    chan: number;
    steps: GenStep[];
  }
  // Per GPU: threadblock 0 for local work, then per channel one per peer received from, each
  // sending to a peer of a random permutation (so a GPU has one threadblock per peer, channel and direction).
  const tbs: GenTb[][] = Array.from({ length: n }, (_, g) => {
    const list: GenTb[] = [{ send: -1, recv: -1, chan: 0, steps: [] }];
    const peers = Array.from({ length: n }, (_, p) => p).filter((p) => p !== g);
    for (let chan = 0; chan < 2; chan++) {
      const to = [...peers];
      for (let k = to.length - 1; k > 0; k--) {
        const j = rand(k + 1);
        [to[k], to[j]] = [to[j], to[k]];
      }
      peers.forEach((p, k) => list.push({ send: to[k], recv: p, chan, steps: [] }));
    }
    return list;
  });
  const tbOf = (g: number, match: (tb: GenTb) => boolean): number => tbs[g].findIndex(match);
  const access = Array.from({ length: n }, () => new Map<number, { writer?: [number, number]; readers: [number, number][] }>());
  const slotsOf = (g: number, [buffer, off]: [MscclBuffer, number], count: number): number[] =>
    Array.from({ length: count }, (_, k) => slotOf(layout, g, NAMES[buffer], off + k));
  const place = (g: number, count: number): [MscclBuffer, number] => {
    const buffers = (['i', 'o', 's'] as const).filter((b) => (b === 's' ? sChunks[g] : sizes[b]) >= Math.max(count, 1));
    const buffer = buffers[rand(buffers.length)];
    const size = buffer === 's' ? sChunks[g] : sizes[buffer];
    return [buffer, rand(size - Math.max(count, 1) + 1)];
  };
  /** Adds a step to GPU g's threadblock t, after waits for every other threadblock's conflicting access. */
  const add = (
    g: number,
    t: number,
    type: string,
    src: [MscclBuffer, number],
    dst: [MscclBuffer, number],
    count: number,
    reads: number[],
    writes: number[],
  ): void => {
    const waits = new Map<number, number>();
    const wait = (at: [number, number] | undefined): void => {
      if (at && at[0] !== t) waits.set(at[0], Math.max(waits.get(at[0]) ?? -1, at[1]));
    };
    for (const slot of reads) wait(access[g].get(slot)?.writer);
    for (const slot of writes) {
      wait(access[g].get(slot)?.writer);
      for (const reader of access[g].get(slot)?.readers ?? []) wait(reader);
    }
    const steps = tbs[g][t].steps;
    const list = [...waits];
    list.forEach(([tb, step], k) => {
      tbs[g][tb].steps[step].hasdep = 1;
      if (k < list.length - 1) steps.push({ type: 'nop', src: ['i', -1], dst: ['o', -1], cnt: 0, depid: tb, deps: step, hasdep: 0 });
    });
    const [depid, deps] = list.length > 0 ? list[list.length - 1] : [-1, -1];
    const index = steps.length;
    steps.push({ type, src, dst, cnt: count, depid, deps, hasdep: 0 });
    for (const slot of reads) {
      const entry = access[g].get(slot) ?? { readers: [] };
      entry.readers.push([t, index]);
      access[g].set(slot, entry);
    }
    for (const slot of writes) access[g].set(slot, { writer: [t, index], readers: [] });
  };

  const actions = 5 + rand(20);
  for (let a = 0; a < actions; a++) {
    if (rand(3) === 0) {
      // A local copy or reduce between two places that do not overlap.
      const g = rand(n);
      const src = place(g, cnt);
      const dst = place(g, cnt);
      const reads = slotsOf(g, src, cnt);
      const writes = slotsOf(g, dst, cnt);
      if (reads.some((slot) => writes.includes(slot))) continue;
      const type = rand(2) === 0 ? 'cpy' : 're';
      add(g, rand(tbs[g].length), type, src, dst, cnt, type === 're' ? [...reads, ...writes] : reads, writes);
      continue;
    }
    // A message, perhaps forwarded along a chain; cnt 0 now and then.
    const count = rand(8) === 0 ? 0 : cnt;
    let from = rand(n);
    let to = (from + 1 + rand(n - 1)) % n;
    const chan = rand(2);
    const src = count === 0 ? (['i', 0] as [MscclBuffer, number]) : place(from, count);
    add(
      from,
      tbOf(from, (tb) => tb.send === to && tb.chan === chan),
      's',
      src,
      src,
      count,
      count ? slotsOf(from, src, count) : [],
      [],
    );
    for (let hop = 0; ; hop++) {
      const t = tbOf(to, (tb) => tb.recv === from && tb.chan === chan);
      const choices = hop < 3 ? ['r', 'rrc', 'rcs', 'rrs', 'rrcs'] : ['r', 'rrc'];
      const type = choices[rand(choices.length)];
      const own = count === 0 ? (['i', 0] as [MscclBuffer, number]) : rand(3) === 0 && type !== 'rrs' ? null : place(to, count);
      const dst = count === 0 ? (['i', 0] as [MscclBuffer, number]) : place(to, count);
      const srcPlace = own ?? dst;
      const reads = count && type !== 'r' && type !== 'rcs' ? slotsOf(to, srcPlace, count) : [];
      const writes = count && type !== 'rrs' ? slotsOf(to, dst, count) : [];
      add(to, t, type, srcPlace, dst, count, reads, writes);
      if (type === 'r' || type === 'rrc') break;
      [from, to] = [to, tbs[to][t].send];
    }
  }

  const lines = [
    `<algo name="random${seed}" proto="Simple" nchannels="2" nchunksperloop="${chunks}" ngpus="${n}" coll="${coll}" inplace="${inplace}" outofplace="${1 - inplace}" minBytes="0" maxBytes="0">`,
  ];
  tbs.forEach((list, g) => {
    lines.push(`  <gpu id="${g}" i_chunks="${sizes.i}" o_chunks="${sizes.o}" s_chunks="${sChunks[g]}">`);
    list.forEach((tb, t) => {
      lines.push(`    <tb id="${t}" send="${tb.send}" recv="${tb.recv}" chan="${tb.chan}">`);
      tb.steps.forEach((x, s) =>
        lines.push(
          `      <step s="${s}" type="${x.type}" srcbuf="${x.src[0]}" srcoff="${x.src[1]}" dstbuf="${x.dst[0]}" dstoff="${x.dst[1]}" cnt="${x.cnt}" depid="${x.depid}" deps="${x.deps}" hasdep="${x.hasdep}"/>`,
        ),
      );
      lines.push('    </tb>');
    });
    lines.push('  </gpu>');
  });
  lines.push('</algo>');
  return lines.join('\n');
}

// ------------------------------------------------------------------------------------------------

describe('importMscclXml on the fixtures', () => {
  it.each(VALID_FIXTURES)('%s: a valid schedule whose outputs are the collective’s, as MSCCL computes them', (name) => {
    const text = fixture(name);
    const schedule = expectSameData(text);
    const expected = expectedOutputs(parseMscclXml(text));
    if (expected) expect(runSchedule(schedule)).toEqual(expected);
  });

  it('reads the fused ring all-reduce: rrs into a relay chunk, rrcs reduced in place, rcs forwarded the round after', () => {
    const schedule = importMscclXml(fixture('allreduce_ring_fused.xml'));
    expect({ ...schedule, steps: undefined }).toEqual({
      format: 'gradsync-schedule/2',
      collective: 'allreduce',
      algorithm: 'allreduce_ring_fused',
      devices: 4,
      chunks: 4,
      inPlace: true,
      scratch: 1,
      steps: undefined,
    });
    expect(schedule.steps.map((step) => step.phase)).toEqual(['share-reduce', 'share-reduce', 'share-reduce', 'share-only', 'share-only', 'share-only']);
    // Round 1: every GPU's rrs takes the chunk its predecessor sent and adds its own, in relay chunk 0.
    expect(schedule.steps[0].transfers.slice(0, 4)).toEqual([
      t(3, 'input', 3, 0, 'scratch', 0, 'copy', 0, [0, 0]),
      t(0, 'input', 3, 0, 'scratch', 0, 'reduce', 0, [0, 0]),
      t(0, 'input', 0, 1, 'scratch', 0, 'copy', 0, [0, 0]),
      t(1, 'input', 0, 1, 'scratch', 0, 'reduce', 0, [0, 0]),
    ]);
    // Round 2: the second rrs takes the relay forwarded (the relay chunk is read and refilled in one step).
    expect(schedule.steps[1].transfers.slice(0, 2)).toEqual([
      t(3, 'scratch', 0, 0, 'scratch', 0, 'copy', 0, [0, 0]),
      t(0, 'input', 2, 0, 'scratch', 0, 'reduce', 0, [0, 0]),
    ]);
    // Round 3: rrcs reads and writes the same chunk: one reduce from the message.
    expect(schedule.steps[2].transfers[0]).toEqual(t(3, 'scratch', 0, 0, 'input', 1, 'reduce', 0, [0, 0]));
    // Round 4: GPU 0's rcs takes the sum GPU 3's rrcs stored and forwarded.
    expect(schedule.steps[3].transfers[0]).toEqual(t(3, 'input', 0, 0, 'input', 0, 'copy', 0, [0, 0]));
    expect(schedule.steps[5].transfers.map((x) => [x.src, x.dst, x.srcChunk, x.chunk])).toEqual([
      [3, 0, 2, 2],
      [0, 1, 3, 3],
      [1, 2, 0, 0],
      [2, 3, 1, 1],
    ]);
  });

  it('reads the all-pairs all-reduce: waits of nops, a fused re chain one step at a time, counts of 2', () => {
    const schedule = importMscclXml(fixture('allreduce_allpairs.xml'));
    expect(schedule.scratch).toBe(6);
    expect(schedule.steps.map((step) => step.phase)).toEqual(['share-only', 'share-reduce', 'share-reduce', 'share-reduce', 'share-only']);
    // The re chain waits for all three receives (two through nops) and then runs one re per round.
    expect(schedule.steps[0].transfers).toHaveLength(12);
    expect(schedule.steps[0].transfers[0]).toEqual(t(1, 'input', 0, 0, 'scratch', 0, 'copy', 0, [1, 1], 2));
    expect(schedule.steps[1].transfers).toEqual([0, 1, 2, 3].map((g) => t(g, 'scratch', 0, g, 'input', 2 * g, 'reduce', 0, [0, 0], 2)));
    expect(schedule.steps[3].transfers).toEqual([0, 1, 2, 3].map((g) => t(g, 'scratch', 4, g, 'input', 2 * g, 'reduce', 0, [0, 0], 2)));
    // The sums go out only after the chain's last step (deps="4").
    expect(schedule.steps[4].transfers[0]).toEqual(t(1, 'input', 2, 0, 'input', 2, 'copy', 0, [1, 1], 2));
  });

  it('reads the ring all-gather: a local cpy, then each chunk on its own channel, forwarded by rcs a round later', () => {
    const schedule = importMscclXml(fixture('allgather_ring.xml'));
    expect(schedule.inPlace).toBe(false);
    expect(schedule.scratch).toBeUndefined();
    expect(schedule.steps[0].transfers).toEqual([0, 1, 2, 3].map((g) => t(g, 'input', 0, g, 'output', g, 'copy', 0, [0, 0])));
    // GPU 0's s (threadblock 2, channel 0) is taken by GPU 1's rcs on channel 0 (threadblock 4), in the round it is sent.
    expect(schedule.steps[1].transfers[1]).toEqual(t(0, 'output', 0, 1, 'output', 0, 'copy', 0, [2, 4]));
    // Round 2: GPU 1 forwards chunk 0 to GPU 2, whose threadblock 3 has channel 0 from GPU 1.
    expect(schedule.steps[2].transfers[2]).toEqual(t(1, 'output', 0, 2, 'output', 0, 'copy', 0, [4, 3]));
    expect(schedule.steps[3].transfers[3]).toEqual(t(2, 'output', 0, 3, 'output', 0, 'copy', 0, [3, 1]));
  });

  it('reads the in-place reduce-scatter: rrc into an output chunk that is the input chunk it reduces is one reduce', () => {
    const schedule = importMscclXml(fixture('reducescatter_ring.xml'));
    expect(schedule.collective).toBe('reduce-scatter');
    expect(schedule.steps[2].transfers).toEqual([0, 1, 2, 3].map((g) => t((g + 3) % 4, 'scratch', 0, g, 'output', 0, 'reduce', 0, [0, 0], 2)));
  });

  it('reads the out-of-place ring all-reduce: rrcs is a copy of the message and a local reduce, in that order', () => {
    const schedule = importMscclXml(fixture('allreduce_ring_oop.xml'));
    expect(schedule.steps[1].transfers.slice(0, 2)).toEqual([
      t(2, 'scratch', 0, 0, 'output', 1, 'copy', 0, [0, 0]),
      t(0, 'input', 1, 0, 'output', 1, 'reduce', 0, [0, 0]),
    ]);
  });

  it('reads a broadcast as rooted at GPU 0', () => {
    const schedule = importMscclXml(fixture('broadcast_tree.xml'));
    expect(schedule.root).toBe(0);
    expect(schedule.steps.map((step) => step.transfers.length)).toEqual([2, 1]);
  });
});

describe('rounds', () => {
  it('pairs sends and receives first in, first out per sender, receiver and channel', () => {
    const text = programXml({
      chunks: 3,
      gpus: [
        {
          tbs: [
            { send: 1, chan: 0, steps: ['s i 0 s 1 1', 's i 1 s 2 1'] },
            { send: 1, chan: 1, steps: ['s i 2 s 0 1'] },
          ],
        },
        {
          s_chunks: 3,
          tbs: [
            { recv: 0, chan: 1, steps: ['r i 2 s 0 1'] },
            { recv: 0, chan: 0, steps: ['r i 0 s 1 1', 'r i 1 s 2 1'] },
          ],
        },
      ],
    });
    const schedule = expectSameData(text);
    expect(schedule.steps.map((step) => step.transfers)).toEqual([
      [t(0, 'input', 2, 1, 'scratch', 0, 'copy', 1, [1, 0]), t(0, 'input', 0, 1, 'scratch', 1, 'copy', 0, [0, 1])],
      [t(0, 'input', 1, 1, 'scratch', 2, 'copy', 0, [0, 1])],
    ]);
  });

  it('runs a step only after every wait its nops carry', () => {
    // GPU 0's threadblock 2 waits (a nop, then its own depid) for threadblock 0's second copy and
    // threadblock 1's first: it runs in round 2, after threadblock 0's round-1 step.
    const text = programXml({
      chunks: 4,
      gpus: [
        {
          s_chunks: 2,
          tbs: [
            { steps: ['cpy i 0 s 0 1', 'cpy i 1 s 1 1 -1 -1 1'] },
            { steps: ['cpy i 2 i 3 1 -1 -1 1'] },
            { steps: ['nop i -1 o -1 0 0 1', 're s 0 i 3 1 1 0 0'] },
          ],
        },
      ],
    });
    const schedule = expectSameData(text);
    expect(schedule.steps.map((step) => step.transfers.map((x) => x.threadblocks![0]))).toEqual([[0, 1], [0], [2]]);
    expect(schedule.steps[2].transfers).toEqual([t(0, 'scratch', 0, 0, 'input', 3, 'reduce', 0, [2, 2])]);
  });

  it('ends a wait at the first step from deps on that signals (hasdep="1")', () => {
    // Threadblock 1 waits for step 0 of threadblock 0, which signals only after its step 2.
    const text = programXml({
      chunks: 4,
      gpus: [{ tbs: [{ steps: ['cpy i 0 i 1 1', 'cpy i 0 i 2 1', 'cpy i 0 i 3 1 -1 -1 1'] }, { steps: ['re i 1 i 0 1 0 0 0'] }] }],
    });
    const schedule = expectSameData(text);
    expect(schedule.steps.map((step) => step.transfers.map((x) => x.threadblocks![0]))).toEqual([[0], [0], [0], [1]]);
  });

  it('relays a message through scratch when its source is written before it is received', () => {
    // GPU 0 sends input 0 in round 0 and then (after it) reduces into input 0 in round 1; GPU 1
    // receives only in round 2, so the message waits in a relay chunk of GPU 1 (after its 3 chunks).
    const spec = (rewrite: boolean): AlgoSpec => ({
      chunks: 2,
      gpus: [
        {
          tbs: [{ send: 1, steps: ['s i 0 s 0 1 -1 -1 1'] }, { steps: rewrite ? ['re i 1 i 0 1 0 0 0'] : ['nop i -1 o -1 0 0 0'] }],
        },
        { s_chunks: 3, tbs: [{ recv: 0, steps: ['cpy i 0 s 1 1', 'cpy i 1 s 2 1', 'r i 0 s 0 1'] }] },
      ],
    });
    const relayed = expectSameData(programXml(spec(true)));
    expect(relayed.scratch).toBe(4);
    expect(relayed.steps.map((step) => step.transfers)).toEqual([
      [t(1, 'input', 0, 1, 'scratch', 1, 'copy', 0, [0, 0]), t(0, 'input', 0, 1, 'scratch', 3, 'copy', 0, [0, 0])],
      [t(0, 'input', 1, 0, 'input', 0, 'reduce', 0, [1, 1]), t(1, 'input', 1, 1, 'scratch', 2, 'copy', 0, [0, 0])],
      [t(1, 'scratch', 3, 1, 'scratch', 0, 'copy', 0, [0, 0])],
    ]);
    // Nothing rewrites the source: the transfer reads it when it is received.
    const direct = expectSameData(programXml(spec(false)));
    expect(direct.scratch).toBe(3);
    expect(direct.steps[2].transfers).toEqual([t(0, 'input', 0, 1, 'scratch', 0, 'copy', 0, [0, 0])]);
  });

  it('relays rrs and rrc messages that are received late', () => {
    // GPU 1 is busy for two rounds; meanwhile GPU 0 overwrites both sources it sent.
    const text = programXml({
      chunks: 2,
      gpus: [
        {
          s_chunks: 1,
          tbs: [{ send: 1, steps: ['s i 0 i 0 1 -1 -1 0', 's i 1 i 1 1 -1 -1 1'] }, { steps: ['cpy s 0 i 0 1 0 1 0', 'cpy s 0 i 1 1'] }],
        },
        {
          s_chunks: 2,
          tbs: [{ recv: 0, send: 2, steps: ['cpy i 0 s 0 1', 'cpy i 1 s 1 1', 'cpy s 0 i 0 1', 'rrs i 0 i 0 1', 'rrc s 0 i 1 1'] }],
        },
        { tbs: [{ recv: 1, steps: ['r i 0 i 0 1'] }] },
      ],
    });
    const schedule = expectSameData(text);
    expect(schedule.scratch).toBe(4);
    const relayCopies = schedule.steps.flatMap((step) => step.transfers).filter((x) => x.src === 0 && x.dst === 1);
    expect(relayCopies).toEqual([t(0, 'input', 0, 1, 'scratch', 2, 'copy', 0, [0, 0]), t(0, 'input', 1, 1, 'scratch', 3, 'copy', 0, [0, 0])]);
  });

  it('drops steps of cnt 0 from the transfers and from the pairing of messages', () => {
    const text = programXml({
      chunks: 2,
      gpus: [{ tbs: [{ send: 1, steps: ['s i 1 i 1 0', 'cpy i 1 i 1 0', 's i 0 i 0 1'] }] }, { tbs: [{ recv: 0, steps: ['r i 0 i 0 0', 'r i 0 i 1 1'] }] }],
    });
    const schedule = expectSameData(text);
    expect(schedule.steps.map((step) => step.transfers)).toEqual([[t(0, 'input', 0, 1, 'input', 1, 'copy', 0, [0, 0])]]);
  });
});

describe('larger programs', () => {
  it('random ones leave exactly what MSCCL computes, under every interleaving tried (400 programs: relays, forwards, waits, aliasing)', () => {
    let relayed = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const text = randomProgram(seed);
      const schedule = expectSameData(text);
      const own = Math.max(...parseMscclXml(text).gpus.map((gpu) => gpu.s_chunks));
      if ((schedule.scratch ?? 0) > own) relayed++;
    }
    // Relays are common enough to be exercised.
    expect(relayed).toBeGreaterThan(50);
  });

  it('converts 64 GPUs × 64 threadblocks × 64 steps quickly', () => {
    // All pairs: threadblock p+1 of GPU g alternately sends its input chunk p to GPU p and receives
    // GPU p's input chunk g into scratch chunk p, on channel (g + p) mod 2 (RCCL allows 32
    // threadblocks per channel and direction); threadblock 0 waits on all of them with nops.
    const n = 64;
    const lines = [
      `<algo name="big" proto="Simple" nchannels="2" nchunksperloop="${n}" ngpus="${n}" coll="allreduce" inplace="1" outofplace="0" minBytes="0" maxBytes="0">`,
    ];
    for (let g = 0; g < n; g++) {
      lines.push(`  <gpu id="${g}" i_chunks="${n}" o_chunks="0" s_chunks="${n}">`);
      lines.push(`    <tb id="0" send="-1" recv="-1" chan="0">`);
      for (let s = 0; s < 63; s++) lines.push(stepXml(s, `nop i -1 o -1 0 ${s < 62 ? (s + 2) % 64 : 1} 63 0`));
      lines.push(`      <step s="63" type="cpy" srcbuf="i" srcoff="${g}" dstbuf="s" dstoff="${g}" cnt="1" depid="1" deps="63" hasdep="0"/>`);
      lines.push('    </tb>');
      let tb = 1;
      for (let p = 0; p < n; p++) {
        if (p === g) continue;
        lines.push(`    <tb id="${tb++}" send="${p}" recv="${p}" chan="${(g + p) % 2}">`);
        for (let s = 0; s < 64; s++) lines.push(stepXml(s, s % 2 === 0 ? `s i ${p} s ${g} 1` : `r i ${g} s ${p} 1 -1 -1 ${s === 63 ? 1 : 0}`));
        lines.push('    </tb>');
      }
      lines.push('  </gpu>');
    }
    lines.push('</algo>');
    const text = lines.join('\n');
    const started = performance.now();
    const schedule = importMscclXml(text);
    const seconds = (performance.now() - started) / 1000;
    expect(schedule.steps).toHaveLength(33);
    expect(schedule.steps.reduce((sum, step) => sum + step.transfers.length, 0)).toBe(n * (n - 1) * 32 + n);
    expect(seconds).toBeLessThan(20);
  });
});

describe('errors of the conversion', () => {
  it('names the cycle of a deadlock', () => {
    const error = failure(() => importMscclXml(fixture('deadlock.xml')));
    expect(error.code).toBe('deadlock');
    expect(error.message).toBe(
      'GPU 0 threadblock 0 step 0 (r from GPU 1, channel 0) waits for GPU 1 threadblock 0 step 1 (s to GPU 0, channel 0) to send, which comes after GPU 1 threadblock 0 step 0 (r from GPU 0, channel 0), which waits for GPU 0 threadblock 0 step 1 (s to GPU 1, channel 0) to send, which comes after GPU 0 threadblock 0 step 0 (r from GPU 1, channel 0): a cycle',
    );
  });

  it('names a receive whose message is never sent, through the step waiting on it', () => {
    const text = programXml({
      chunks: 2,
      gpus: [
        { tbs: [{ send: 1, chan: 0, steps: ['s i 0 i 0 1'] }] },
        { tbs: [{ steps: ['re i 1 i 0 1 1 0 0'] }, { recv: 0, chan: 1, steps: ['r i 0 i 1 1 -1 -1 1'] }] },
      ],
    });
    const error = failure(() => importMscclXml(text));
    expect(error.code).toBe('deadlock');
    expect(error.message).toBe(
      'GPU 1 threadblock 0 step 0 (re) waits for threadblock 1 step 0 (r from GPU 0, channel 1), which waits for a message that is never sent',
    );
  });

  it('names a send nobody receives', () => {
    const text = programXml({
      chunks: 2,
      gpus: [{ tbs: [{ send: 1, steps: ['s i 0 i 0 1', 's i 1 i 1 1'] }] }, { tbs: [{ recv: 0, steps: ['r i 0 i 0 1'] }] }],
    });
    const error = failure(() => importMscclXml(text));
    expect(error.code).toBe('bad-input');
    expect(error.message).toBe('GPU 0 threadblock 0 step 1 sends to GPU 1 on channel 0, but no step receives it');
  });

  it('names a send and its receive of different cnt', () => {
    const text = programXml({ chunks: 2, gpus: [{ tbs: [{ send: 1, steps: ['s i 0 i 0 2'] }] }, { tbs: [{ recv: 0, steps: ['r i 0 i 0 1'] }] }] });
    expect(failure(() => importMscclXml(text)).message).toBe(
      'GPU 0 threadblock 0 step 0 sends 2 chunks to GPU 1 on channel 0, but GPU 1 threadblock 0 step 0, which receives that message, has cnt 1; a send and its receive must have the same cnt',
    );
  });

  it('names a wait that no hasdep ever ends', () => {
    const text = programXml({ chunks: 2, gpus: [{ tbs: [{ steps: ['cpy i 0 i 1 1', 'cpy i 1 i 0 1'] }, { steps: ['re i 0 i 1 1 0 0 0'] }] }] });
    const error = failure(() => importMscclXml(text));
    expect(error.code).toBe('deadlock');
    expect(error.message).toBe(
      'GPU 0 threadblock 1 step 0 waits for threadblock 0 step 0, but threadblock 0 signals no step from 0 on (a step signals only with hasdep="1"), so it would wait forever',
    );
  });

  it('names a wait that RCCL’s numbering of signals never ends', () => {
    // A nop without a wait is not counted: threadblock 0's cpy (step 1) signals 0, and a wait for 1 never ends.
    const text = programXml({
      chunks: 2,
      gpus: [{ tbs: [{ steps: ['nop i -1 o -1 0 -1 -1 0', 'cpy i 0 i 1 1 -1 -1 1'] }, { steps: ['re i 0 i 1 1 0 1 0'] }] }],
    });
    expect(failure(() => importMscclXml(text)).message).toBe(
      "GPU 0 threadblock 1 step 0 waits for threadblock 0 step 1, but RCCL numbers threadblock 0's signals by its own count (a nop without a wait, or a fused re of cnt 0, is not counted) and none reaches 1, so it would wait forever",
    );
  });

  it('names two writes of one place that nothing orders', () => {
    const text = programXml({ chunks: 2, gpus: [{ tbs: [{ steps: ['cpy i 0 i 1 1'] }, { steps: ['re i 0 i 1 1'] }] }] });
    const error = failure(() => importMscclXml(text));
    expect(error.code).toBe('bad-input');
    expect(error.message).toBe(
      'GPU 0 threadblock 0 step 0 and threadblock 1 step 0 both write input chunk 1 and nothing orders them (no dependency or message between them), so the result would depend on timing',
    );
  });

  it('refuses a reduce of a place with itself', () => {
    const text = programXml({ chunks: 2, inplace: 1, gpus: [{ tbs: [{ steps: ['re o 1 i 1 1'] }] }] });
    const error = failure(() => importMscclXml(text));
    expect(error.code).toBe('unsupported');
    expect(error.message).toBe('GPU 0 threadblock 0 step 0 (re) reduces input chunk 1 with itself, which a gradsync schedule cannot express');
  });

  it('checks an algorithm built in code, naming no line', () => {
    const algo = parseMscclXml(fixture('allreduce_ring_fused.xml'));
    algo.gpus[1].threadblocks[0].steps[2].cnt = 80;
    expect(failure(() => scheduleFromMscclAlgo(algo)).message).toBe('<step s="2"> of GPU 1 threadblock 0: cnt must be 0..71, got 80');
  });
});

// ------------------------------------------------------------------------------------------------

/** A valid 2-GPU all-pairs all-reduce; the line numbers below refer to it. */
const PAIR = `<algo name="pair" proto="Simple" nchannels="1" nchunksperloop="2" ngpus="2" coll="allreduce" inplace="1" outofplace="0" minBytes="0" maxBytes="0">
  <gpu id="0" i_chunks="2" o_chunks="0" s_chunks="1">
    <tb id="0" send="1" recv="1" chan="0">
      <step s="0" type="s" srcbuf="i" srcoff="1" dstbuf="s" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
      <step s="1" type="r" srcbuf="i" srcoff="0" dstbuf="s" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="1"/>
      <step s="2" type="s" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0" cnt="1" depid="1" deps="0" hasdep="0"/>
      <step s="3" type="r" srcbuf="i" srcoff="1" dstbuf="i" dstoff="1" cnt="1" depid="-1" deps="-1" hasdep="0"/>
    </tb>
    <tb id="1" send="-1" recv="-1" chan="0">
      <step s="0" type="re" srcbuf="s" srcoff="0" dstbuf="i" dstoff="0" cnt="1" depid="0" deps="1" hasdep="1"/>
    </tb>
  </gpu>
  <gpu id="1" i_chunks="2" o_chunks="0" s_chunks="1">
    <tb id="0" send="0" recv="0" chan="0">
      <step s="0" type="s" srcbuf="i" srcoff="0" dstbuf="s" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
      <step s="1" type="r" srcbuf="i" srcoff="1" dstbuf="s" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="1"/>
      <step s="2" type="s" srcbuf="i" srcoff="1" dstbuf="i" dstoff="1" cnt="1" depid="1" deps="0" hasdep="0"/>
      <step s="3" type="r" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
    </tb>
    <tb id="1" send="-1" recv="-1" chan="0">
      <step s="0" type="re" srcbuf="s" srcoff="0" dstbuf="i" dstoff="1" cnt="1" depid="0" deps="1" hasdep="1"/>
    </tb>
  </gpu>
</algo>
`;

/** PAIR with `from` replaced by `to` on one line (1-based). */
function edit(line: number, from: string, to: string): string {
  const lines = PAIR.split('\n');
  if (!lines[line - 1].includes(from)) throw new Error(`line ${line} has no ${from}`);
  lines[line - 1] = lines[line - 1].replace(from, to);
  return lines.join('\n');
}

describe('parseMscclXml', () => {
  it('reads PAIR, a correct all-reduce', () => {
    const algo = parseMscclXml(PAIR);
    expect(algo).toMatchObject({ name: 'pair', proto: 'Simple', nchannels: 1, nchunksperloop: 2, ngpus: 2, coll: 'allreduce', inplace: 1, outofplace: 0 });
    expect(algo.gpus[1].threadblocks[0].steps[2]).toEqual({
      s: 2,
      type: 's',
      srcbuf: 'i',
      srcoff: 1,
      dstbuf: 'i',
      dstoff: 1,
      cnt: 1,
      depid: 1,
      deps: 0,
      hasdep: 0,
    });
    expect(runSchedule(expectSameData(PAIR))).toEqual(expectedOutputs(algo));
  });

  it('accepts what RCCL accepts and more that is harmless: a prolog, comments, tabs and newlines, quotes, closed steps, unknown attributes and elements', () => {
    const lenient = `<?xml version="1.0" encoding="utf-8"?>
<!-- a comment before -->
<algo name='pair' proto="Simple" nchannels="1" nchunksperloop="0x2" ngpus="2" coll="allreduce" inplace="1" outofplace="0" minBytes="0" maxBytes="0" nthreadblocks="2">
  <!-- a comment inside -->
  <op note="msccl-tools' other format, ignored"><step s="9"/></op>
  <gpu id="1" i_chunks="2" o_chunks="0" s_chunks="1">
    <tb id="1" send="-1" recv="-1" chan="0">
      <step s="0" type="re" srcbuf="s" srcoff="0" dstbuf="i" dstoff="1" cnt="1" depid="0" deps="1" hasdep="1"></step>
    </tb>
    <tb id="0" send="0" recv="0" chan="0">
      <step s="0" type="s" srcbuf="i" srcoff="0" dstbuf="s" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
      <step s="1"	type="r"	srcbuf="i" srcoff="+1" dstbuf="s" dstoff="00" cnt="1"
            depid="-1" deps="-1" hasdep="1" />
      <step s="02" type="s" srcbuf="i" srcoff="1" dstbuf="i" dstoff="1" cnt="1" depid="1" deps="0" hasdep="0"/>
      <step s="3" type="r" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0" maxcount="1"/>
    </tb>
  </gpu>
  <gpu id="0" i_chunks="2" o_chunks="0" s_chunks="1">
    <tb id="0" send="1" recv="1" chan="0">
      <step s="0" type="s" srcbuf="i" srcoff="1" dstbuf="s" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
      <step s="1" type="r" srcbuf="i" srcoff="0" dstbuf="s" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="1"/>
      <step s="2" type="s" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0" cnt="1" depid="1" deps="0" hasdep="0"/>
      <step s="3" type="r" srcbuf="i" srcoff="1" dstbuf="i" dstoff="1" cnt="1" depid="-1" deps="-1" hasdep="0"/>
    </tb>
    <tb id="1" send="-1" recv="-1" chan="0">
      <step s="0" type="re" srcbuf="s" srcoff="0" dstbuf="i" dstoff="0" cnt="1" depid="0" deps="1" hasdep="1"/>
    </tb>
  </gpu>
</algo>
<!-- and after -->
`;
    expect(parseMscclXml(lenient)).toEqual(parseMscclXml(PAIR));
  });

  it('reads integers as strtol(s, NULL, 0) does', () => {
    const read = (value: string): number => parseMscclXml(edit(2, 'i_chunks="2"', `i_chunks="${value}"`)).gpus[0].i_chunks;
    expect([' 7', '+7', '0x1F', '0X1f', '017', '08', '0x', '12abc', '1.9'].map(read)).toEqual([7, 7, 31, 31, 15, 0, 0, 12, 1]);
    expect(failure(() => read('seven')).message).toBe('line 2: <gpu id="0">: i_chunks must be an integer, got "seven"');
  });

  it('takes what older msccl-tools omits: outofplace = 1 − inplace, minBytes = maxBytes = 0', () => {
    const algo = parseMscclXml(edit(1, ' outofplace="0" minBytes="0" maxBytes="0"', ''));
    expect([algo.inplace, algo.outofplace, algo.minBytes, algo.maxBytes]).toEqual([1, 0, 0, 0]);
    expect(parseMscclXml(edit(1, 'name="pair" ', '')).name).toBe('');
    expect(importMscclXml(edit(1, 'name="pair" ', '')).algorithm).toBe('msccl');
  });

  it.each([
    ['bad_cnt.xml', 'line 11: <step s="0"> of GPU 1 threadblock 0: cnt must be 0..71, got 80'],
    ['bad_missing_attribute.xml', 'line 2: <algo> lacks the attribute "nchunksperloop"'],
    ['bad_unclosed_tb.xml', 'line 6: </gpu> does not close <tb> (opened on line 4); close <tb> first'],
  ])('fails on %s in one line', (name, message) => {
    const error = failure(() => parseMscclXml(fixture(name)));
    expect(error.code).toBe('bad-input');
    expect(error.message).toBe(message);
  });

  it.each([
    // The document
    ['<?xml version="1.0"?>\n<!-- nothing else -->\n', 'the text holds no <algo> element: an MSCCL algorithm is one <algo> element'],
    ['<algos>\n</algos>\n', 'line 1: the first element must be <algo>, got <algos>'],
    [PAIR + '<algo/>\n', 'line 25: a second <algo>: a file holds one algorithm'],
    [PAIR.replace('</algo>\n', ''), 'line 1: <algo> is never closed (no </algo> follows)'],
    [PAIR + '</gpu>\n', 'line 25: </gpu> closes no open element'],
    [edit(3, '>', '>\n      hello'), 'line 4: unexpected text "hello": only elements and comments may stand between elements'],
    [edit(4, 'cnt="1"', 'cnt=1'), 'line 4: in <step>, the value of cnt must be quoted with " or \', got "1 depid=\\"-1\\""'],
    [edit(4, 'cnt="1"', 'cnt="1'), 'line 4: in <step>, the value of cnt is not closed: it runs into the next attribute, "1 depid="'],
    [PAIR + '<!-- open', 'line 25: a comment "<!--" is never closed by "-->"'],
    // <algo>
    [edit(1, 'proto="Simple"', 'proto="simple"'), 'line 1: <algo>: proto must be Simple, LL128 or LL, got "simple"'],
    [edit(1, 'ngpus="2"', 'ngpus="0"'), 'line 1: <algo>: ngpus must be 1..4096, got 0'],
    [
      edit(1, 'coll="allreduce"', 'coll="alltoall"'),
      'line 1: <algo>: gradsync does not model the collective alltoall; coll must be allreduce, allgather, reducescatter, broadcast or reduce',
    ],
    [edit(1, 'coll="allreduce"', 'coll="custom"'), 'line 1: <algo>: coll must be allreduce, allgather, reducescatter, broadcast or reduce, got "custom"'],
    [edit(1, 'nchannels="1"', 'nchannels="0"'), 'line 1: <algo>: nchannels must be 1..128, got 0'],
    [edit(1, 'nchunksperloop="2"', 'nchunksperloop="0"'), 'line 1: <algo>: nchunksperloop must be 1..1048576, got 0'],
    [
      edit(1, 'nchunksperloop="2" ngpus="2" coll="allreduce"', 'nchunksperloop="3" ngpus="2" coll="allgather"'),
      'line 1: <algo>: nchunksperloop must be a multiple of ngpus (2) for allgather, where each GPU owns as many chunks, got 3',
    ],
    [edit(1, 'ngpus="2"', 'ngpus="3"'), 'line 1: <algo>: there is no <gpu id="2">; ngpus="3" needs each of ids 0..2 once'],
    // <gpu>
    [edit(13, 'id="1"', 'id="0"'), 'line 13: <gpu id="0">: GPU 0 appears twice (first on line 2); each of ids 0..1 appears once'],
    [edit(13, 'id="1"', 'id="2"'), 'line 13: <gpu id="2">: id must be 0..1, got 2'],
    [edit(2, ' s_chunks="1"', ''), 'line 2: <gpu id="0"> lacks the attribute "s_chunks"'],
    [edit(2, 's_chunks="1"', 's_chunks="-1"'), 'line 2: <gpu id="0">: s_chunks must be 0..1048576, got -1'],
    // <tb>
    [edit(9, 'id="1"', 'id="2"'), 'line 2: <gpu id="0">: there is no <tb id="1">; threadblock ids must run 0, 1, 2, … without a gap (the highest is 2)'],
    [edit(9, 'id="1"', 'id="64"'), 'line 9: <tb id="64"> of GPU 0: id must be 0..63, got 64'],
    [edit(9, 'id="1"', 'id="0"'), 'line 9: <tb id="0"> of GPU 0: threadblock 0 appears twice in GPU 0 (first on line 3)'],
    [edit(3, 'send="1"', 'send="0"'), 'line 3: <tb id="0"> of GPU 0: send must be -1 or a GPU other than this one (1), got 0'],
    [edit(3, 'recv="1"', 'recv="2"'), 'line 3: <tb id="0"> of GPU 0: recv must be -1 or a GPU other than this one (1), got 2'],
    [edit(3, 'chan="0"', 'chan="129"'), 'line 3: <tb id="0"> of GPU 0: chan must be 0..128, got 129'],
    [edit(3, ' chan="0"', ''), 'line 3: <tb id="0"> of GPU 0 lacks the attribute "chan"'],
    [
      edit(9, 'send="-1" recv="-1"', 'send="1" recv="-1"').replace(
        'type="re" srcbuf="s" srcoff="0" dstbuf="i" dstoff="0"',
        'type="s" srcbuf="s" srcoff="0" dstbuf="i" dstoff="0"',
      ),
      'line 9: <tb id="1"> of GPU 0: threadblock 0 also sends to GPU 1 on channel 0; a GPU may have one threadblock per peer, channel and direction',
    ],
    // <step>
    [edit(5, 's="1"', 's="2"'), 'line 5: <step s="2"> of GPU 0 threadblock 0: s must be 1: steps are numbered 0, 1, 2, … in the order they appear, got 2'],
    [edit(5, 'type="r"', 'type="recv"'), 'line 5: <step s="1"> of GPU 0 threadblock 0: type must be s, r, rcs, rrs, rrc, rrcs, cpy, re or nop, got "recv"'],
    [edit(5, 'dstbuf="s"', 'dstbuf="x"'), 'line 5: <step s="1"> of GPU 0 threadblock 0: dstbuf must be i, o or s (input, output, scratch), got "x"'],
    [edit(5, ' hasdep="1"', ''), 'line 5: <step s="1"> of GPU 0 threadblock 0 lacks the attribute "hasdep"'],
    [edit(5, 'cnt="1"', 'cnt="one"'), 'line 5: <step s="1"> of GPU 0 threadblock 0: cnt must be an integer, got "one"'],
    [edit(5, 'cnt="1"', 'cnt="72"'), 'line 5: <step s="1"> of GPU 0 threadblock 0: cnt must be 0..71, got 72'],
    [edit(5, 'hasdep="1"', 'hasdep="2"'), 'line 5: <step s="1"> of GPU 0 threadblock 0: hasdep must be 0 or 1, got 2'],
    [edit(4, 'srcoff="1"', 'srcoff="2"'), 'line 4: <step s="0"> of GPU 0 threadblock 0: srcoff must be 0..1 in the input, of 2 chunks, got 2'],
    [edit(4, 'cnt="1"', 'cnt="2"'), 'line 4: <step s="0"> of GPU 0 threadblock 0: srcoff must be 0..0 for cnt 2 in the input, of 2 chunks, got 1'],
    [edit(5, 'dstoff="0"', 'dstoff="1"'), 'line 5: <step s="1"> of GPU 0 threadblock 0: dstoff must be 0..0 in the scratch (s_chunks="1"), of 1 chunk, got 1'],
    [edit(5, 'cnt="1"', 'cnt="2"'), 'line 5: <step s="1"> of GPU 0 threadblock 0: dstbuf="s" names the scratch (s_chunks="1"), of 1 chunk: too few for cnt 2'],
    [edit(6, 'depid="1"', 'depid="5"'), 'line 6: <step s="2"> of GPU 0 threadblock 0: depid must be -1 or another threadblock of GPU 0 (1), got 5'],
    [edit(6, 'depid="1"', 'depid="0"'), 'line 6: <step s="2"> of GPU 0 threadblock 0: depid must be -1 or another threadblock of GPU 0 (1), got 0'],
    [edit(6, 'deps="0"', 'deps="3"'), 'line 6: <step s="2"> of GPU 0 threadblock 0: deps must be a step of threadblock 1 (0..0), got 3'],
    [edit(6, 'depid="1"', 'depid="-1"'), 'line 6: <step s="2"> of GPU 0 threadblock 0: deps must be -1 when depid is -1, got 0'],
    [edit(6, 'deps="0"', 'deps="-1"'), 'line 6: <step s="2"> of GPU 0 threadblock 0: deps must be a step of threadblock 1 when depid is 1, got -1'],
    [edit(10, 'type="re" srcbuf="s"', 'type="s" srcbuf="s"'), 'line 10: <step s="0"> of GPU 0 threadblock 1: type s sends, but the threadblock has send="-1"'],
    [
      edit(10, 'type="re" srcbuf="s"', 'type="rrc" srcbuf="s"'),
      'line 10: <step s="0"> of GPU 0 threadblock 1: type rrc receives, but the threadblock has recv="-1"',
    ],
  ])('fails in one line naming the line, element and attribute: %#', (text, message) => {
    const error = failure(() => parseMscclXml(text));
    expect(error.code).toBe('bad-input');
    expect(error.message).toBe(message);
    expect(error.message).not.toContain('\n');
  });

  it('names the line of an attribute on a line of its own', () => {
    const text = edit(5, ' cnt="1"', '\n        cnt="99"');
    expect(failure(() => parseMscclXml(text)).message).toBe('line 6: <step s="1"> of GPU 0 threadblock 0: cnt must be 0..71, got 99');
  });

  it('keeps RCCL’s rules for nops and fused re chains', () => {
    const nopBeforeFree = programXml({
      chunks: 2,
      gpus: [{ tbs: [{ steps: ['cpy i 0 i 1 1 -1 -1 1'] }, { steps: ['nop i -1 o -1 0 0 0', 're i 0 i 1 1'] }] }],
    });
    expect(failure(() => parseMscclXml(nopBeforeFree)).message).toBe(
      'line 8: <step s="1"> of GPU 0 threadblock 1: depid must be set: the nop steps before it wait for other threadblocks, and RCCL attaches their waits only to a step with a wait of its own, got -1',
    );
    const chain = programXml({ chunks: 4, gpus: [{ s_chunks: 4, tbs: [{ steps: ['re s 0 i 0 2', 're s 2 i 0 1'] }] }] });
    expect(failure(() => parseMscclXml(chain)).message).toBe(
      'line 5: <step s="1"> of GPU 0 threadblock 0: cnt must be 2 like step 0: RCCL fuses re steps with the same dstbuf, dstoff and srcbuf into one (steps 0..1) and gives all of them one cnt, got 1',
    );
  });
});
