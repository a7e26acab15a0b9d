// Checks of an MSCCL XML text against what RCCL's MSCCL parser and executor need (docs/msccl-xml.md),
// written apart from the exporter: a strict line reader, the parser's rules and limits, and an exact
// simulator of the executor on symbolic values ("((d0c1+d1c1)+d2c1)"), with FIFO sends and receives
// per (sender, receiver, channel), dependencies on published flags, `re` fusion as RCCL's parser does
// it, in-place aliasing of the input and output, a choice of interleavings and a race detector.

interface XmlStep {
  s: number;
  type: string;
  srcbuf: string;
  srcoff: number;
  dstbuf: string;
  dstoff: number;
  cnt: number;
  depid: number;
  deps: number;
  hasdep: number;
}

interface XmlTb {
  id: number;
  send: number;
  recv: number;
  chan: number;
  steps: XmlStep[];
}

interface XmlGpu {
  id: number;
  i_chunks: number;
  o_chunks: number;
  s_chunks: number;
  tbs: XmlTb[];
}

export interface XmlAlgo {
  name: string;
  proto: string;
  nchannels: number;
  nchunksperloop: number;
  ngpus: number;
  coll: string;
  inplace: number;
  outofplace: number;
  minBytes: number;
  maxBytes: number;
  gpus: XmlGpu[];
  comments: string[];
}

const ATTRS = {
  algo: ['name', 'proto', 'nchannels', 'nchunksperloop', 'ngpus', 'coll', 'inplace', 'outofplace', 'minBytes', 'maxBytes'],
  gpu: ['id', 'i_chunks', 'o_chunks', 's_chunks'],
  tb: ['id', 'send', 'recv', 'chan'],
  step: ['s', 'type', 'srcbuf', 'srcoff', 'dstbuf', 'dstoff', 'cnt', 'depid', 'deps', 'hasdep'],
} as const;
const STRINGS = new Set(['name', 'proto', 'coll', 'type', 'srcbuf', 'dstbuf']);
const DEPTH = { algo: 0, gpu: 1, tb: 2, step: 3 } as const;
type Element = keyof typeof ATTRS;

/** Reads an MSCCL XML text strictly: one element per line, every attribute, decimal integers; throws on the first fault. */
export function readMsccl(text: string): XmlAlgo {
  if (/\t/.test(text)) throw new Error('the text has a tab');
  if (text.includes('<?')) throw new Error('the text has a prolog or processing instruction');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  let algo: XmlAlgo | null = null;
  let gpu: XmlGpu | null = null;
  let tb: XmlTb | null = null;
  const open: Element[] = [];
  const comments: string[] = [];
  let closed = false;
  lines.forEach((line, n) => {
    const where = `line ${n + 1}`;
    if (closed) throw new Error(`${where}: text after </algo>`);
    const comment = /^<!--(.*)-->$/.exec(line);
    if (comment) {
      if (algo) throw new Error(`${where}: a comment after <algo>`);
      if (comment[1].includes('--')) throw new Error(`${where}: "--" inside a comment`);
      comments.push(comment[1].trim());
      return;
    }
    const close = /^( *)<\/(algo|gpu|tb)>$/.exec(line);
    if (close) {
      const name = close[2] as Element;
      if (open[open.length - 1] !== name) throw new Error(`${where}: </${name}> closes nothing open`);
      if (close[1].length !== 2 * DEPTH[name]) throw new Error(`${where}: indented ${close[1].length} spaces`);
      open.pop();
      if (name === 'tb') tb = null;
      if (name === 'gpu') gpu = null;
      if (name === 'algo') closed = true;
      return;
    }
    const element = /^( *)<(algo|gpu|tb|step)((?: [A-Za-z_]+="[^"]*")*)(\/?)>$/.exec(line);
    if (!element) throw new Error(`${where}: not one element on one line: ${line}`);
    const name = element[2] as Element;
    if (element[1].length !== 2 * DEPTH[name]) throw new Error(`${where}: <${name}> indented ${element[1].length} spaces`);
    if ((name === 'step') !== (element[4] === '/')) throw new Error(`${where}: <${name}> ${name === 'step' ? 'must' : 'must not'} close itself`);
    const values = new Map<string, string>();
    for (const match of element[3].matchAll(/ ([A-Za-z_]+)="([^"]*)"/g)) {
      if (values.has(match[1])) throw new Error(`${where}: attribute ${match[1]} twice`);
      if (match[2].length > 255) throw new Error(`${where}: attribute ${match[1]} longer than 255`);
      values.set(match[1], match[2]);
    }
    const names: readonly string[] = ATTRS[name];
    for (const key of values.keys()) if (!names.includes(key)) throw new Error(`${where}: unknown attribute ${key} on <${name}>`);
    const attrs: Record<string, string | number> = {};
    for (const key of names) {
      const value = values.get(key);
      if (value === undefined) throw new Error(`${where}: <${name}> lacks ${key}`);
      if (STRINGS.has(key)) attrs[key] = value;
      else if (/^(0|-?[1-9][0-9]*)$/.test(value)) attrs[key] = Number(value);
      else throw new Error(`${where}: ${key}="${value}" is not a decimal integer`);
    }
    const parent: Element | undefined = open[open.length - 1];
    const expected: Element | undefined = name === 'algo' ? undefined : name === 'gpu' ? 'algo' : name === 'tb' ? 'gpu' : 'tb';
    if (parent !== expected) throw new Error(`${where}: <${name}> inside ${parent ? `<${parent}>` : 'nothing'}`);
    if (name === 'algo') {
      if (algo) throw new Error(`${where}: a second <algo>`);
      algo = { ...(attrs as unknown as Omit<XmlAlgo, 'gpus' | 'comments'>), gpus: [], comments };
      open.push('algo');
    } else if (name === 'gpu') {
      gpu = { ...(attrs as unknown as Omit<XmlGpu, 'tbs'>), tbs: [] };
      algo!.gpus.push(gpu);
      open.push('gpu');
    } else if (name === 'tb') {
      tb = { ...(attrs as unknown as Omit<XmlTb, 'steps'>), steps: [] };
      gpu!.tbs.push(tb);
      open.push('tb');
    } else {
      tb!.steps.push(attrs as unknown as XmlStep);
    }
  });
  if (!algo || !closed) throw new Error('no complete <algo>');
  return algo;
}

const COLLS = ['allreduce', 'allgather', 'reducescatter', 'broadcast', 'reduce'];
const TYPES = new Set(['s', 'r', 'cpy', 're', 'nop']);
const BUFS = new Set(['i', 'o', 's']);

function sizeOf(gpu: XmlGpu, buf: string): number {
  return buf === 'i' ? gpu.i_chunks : buf === 'o' ? gpu.o_chunks : gpu.s_chunks;
}

/** Every rule of RCCL's parser and executor the exporter promises (docs/msccl-xml.md §0-§5), as a list of faults. */
export function mscclFaults(algo: XmlAlgo, maxSteps = 64): string[] {
  const faults: string[] = [];
  const fault = (message: string) => {
    if (faults.length < 20) faults.push(message);
  };
  const n = algo.ngpus;
  const chunks = algo.nchunksperloop;
  if (algo.proto !== 'Simple') fault(`proto ${algo.proto}`);
  if (!COLLS.includes(algo.coll)) fault(`coll ${algo.coll}`);
  if (!((algo.inplace === 1 && algo.outofplace === 0) || (algo.inplace === 0 && algo.outofplace === 1))) fault('inplace/outofplace');
  if (algo.minBytes !== 0 || algo.maxBytes !== 0) fault('minBytes/maxBytes');
  if (chunks < 1) fault('nchunksperloop');
  if (algo.gpus.length !== n) fault(`${algo.gpus.length} gpus for ngpus ${n}`);
  if (algo.nchannels < 1 || algo.nchannels > 128) fault(`nchannels ${algo.nchannels}`);
  const input = algo.coll === 'allgather' ? chunks / n : chunks;
  const output = algo.coll === 'reducescatter' ? chunks / n : chunks;
  const bigBuffer = algo.coll === 'allgather' ? 'o' : 'i';
  let maxChan = 0;
  algo.gpus.forEach((gpu, g) => {
    const at = `gpu ${g}`;
    if (gpu.id !== g) fault(`${at}: id ${gpu.id}`);
    if (gpu.i_chunks !== input || gpu.o_chunks !== output) fault(`${at}: i_chunks ${gpu.i_chunks}, o_chunks ${gpu.o_chunks}`);
    if (gpu.s_chunks < 0) fault(`${at}: s_chunks ${gpu.s_chunks}`);
    if (gpu.tbs.length < 1 || gpu.tbs.length > 64) fault(`${at}: ${gpu.tbs.length} threadblocks`);
    const senders = new Map<number, number>();
    const receivers = new Map<number, number>();
    const sendKeys = new Set<string>();
    const recvKeys = new Set<string>();
    let nodes = 1 + n + gpu.tbs.length;
    const depended = new Set<string>();
    gpu.tbs.forEach((tb, t) => {
      const tat = `${at} tb ${t}`;
      if (tb.id !== t) fault(`${tat}: id ${tb.id}`);
      for (const peer of [tb.send, tb.recv]) if (peer < -1 || peer >= n || peer === g) fault(`${tat}: peer ${peer}`);
      if (tb.chan < 0 || tb.chan >= algo.nchannels) fault(`${tat}: chan ${tb.chan} of ${algo.nchannels}`);
      maxChan = Math.max(maxChan, tb.chan);
      if (tb.send >= 0) {
        senders.set(tb.chan, (senders.get(tb.chan) ?? 0) + 1);
        const key = `${tb.chan}/${tb.send}`;
        if (sendKeys.has(key)) fault(`${tat}: second threadblock sending to ${tb.send} on channel ${tb.chan}`);
        sendKeys.add(key);
      }
      if (tb.recv >= 0) {
        receivers.set(tb.chan, (receivers.get(tb.chan) ?? 0) + 1);
        const key = `${tb.chan}/${tb.recv}`;
        if (recvKeys.has(key)) fault(`${tat}: second threadblock receiving from ${tb.recv} on channel ${tb.chan}`);
        recvKeys.add(key);
      }
      if (tb.steps.length > maxSteps) fault(`${tat}: ${tb.steps.length} steps`);
      nodes += tb.steps.length;
      // RCCL's chain of `re` merging (parser): a continuation must have the head's cnt.
      let chain: { dstbuf: string; dstoff: number; srcbuf: string; cnt: number } | null = null;
      let reductions = 0;
      tb.steps.forEach((step, i) => {
        const sat = `${tat} step ${i}`;
        if (step.s !== i) fault(`${sat}: s ${step.s}`);
        if (!TYPES.has(step.type)) fault(`${sat}: type ${step.type}`);
        if (!BUFS.has(step.srcbuf) || !BUFS.has(step.dstbuf)) fault(`${sat}: buffers ${step.srcbuf}/${step.dstbuf}`);
        if (step.hasdep !== 0 && step.hasdep !== 1) fault(`${sat}: hasdep ${step.hasdep}`);
        if (step.depid < -1 || step.depid >= gpu.tbs.length || step.depid === t) fault(`${sat}: depid ${step.depid}`);
        if (step.depid === -1 && step.deps !== -1) fault(`${sat}: deps without depid`);
        if (step.depid >= 0) {
          const target = gpu.tbs[step.depid]?.steps[step.deps];
          if (!target) fault(`${sat}: depends on a missing step ${step.depid}/${step.deps}`);
          else if (target.type === 'nop') fault(`${sat}: depends on a nop`);
          else if (target.hasdep !== 1) fault(`${sat}: depends on ${step.depid}/${step.deps} without hasdep`);
          depended.add(`${step.depid}/${step.deps}`);
        }
        if (step.type === 'nop') {
          if (step.depid < 0) fault(`${sat}: nop without a dependency`);
          if (step.hasdep !== 0) fault(`${sat}: nop with hasdep`);
          const next = tb.steps[i + 1];
          if (!next) fault(`${sat}: threadblock ends with a nop`);
          else if (next.type !== 'nop' && next.depid < 0) fault(`${sat}: nops not followed by a step with depid`);
          return;
        }
        if (step.cnt < 1 || step.cnt > 71) fault(`${sat}: cnt ${step.cnt}`);
        if (step.type === 's' && tb.send < 0) fault(`${sat}: send without a send peer`);
        if (step.type === 'r' && tb.recv < 0) fault(`${sat}: receive without a recv peer`);
        const inBounds = (owner: XmlGpu | undefined, buf: string, off: number, what: string) => {
          if (!owner) return;
          if (off < 0 || off + step.cnt > sizeOf(owner, buf))
            fault(`${sat}: ${what} ${buf}[${off}..+${step.cnt}) outside gpu ${owner.id}'s ${sizeOf(owner, buf)}`);
          if (algo.inplace && buf !== 's' && buf !== bigBuffer) fault(`${sat}: in place, ${what} names ${buf}`);
        };
        const local = step.type === 's' || step.type === 'cpy' || step.type === 're';
        inBounds(local ? gpu : algo.gpus[tb.recv], step.srcbuf, step.srcoff, 'source');
        inBounds(step.type === 's' ? algo.gpus[tb.send] : gpu, step.dstbuf, step.dstoff, 'destination');
        if ((step.type === 'cpy' || step.type === 're') && step.srcbuf === step.dstbuf) {
          if (step.srcoff < step.dstoff + step.cnt && step.dstoff < step.srcoff + step.cnt) fault(`${sat}: source and destination overlap`);
        }
        if (step.type === 're') {
          if (chain && chain.dstbuf === step.dstbuf && chain.dstoff === step.dstoff && chain.srcbuf === step.srcbuf && step.depid === -1) {
            if (step.cnt !== chain.cnt) fault(`${sat}: merged into a chain of re with cnt ${chain.cnt}`);
          } else {
            chain = null;
          }
          reductions++;
          chain = step.hasdep || reductions === 16 ? null : { dstbuf: step.dstbuf, dstoff: step.dstoff, srcbuf: step.srcbuf, cnt: chain?.cnt ?? step.cnt };
        } else {
          chain = null;
        }
      });
    });
    for (const [chan, count] of senders) if (count > 32) fault(`${at}: ${count} sending threadblocks on channel ${chan}`);
    for (const [chan, count] of receivers) if (count > 32) fault(`${at}: ${count} receiving threadblocks on channel ${chan}`);
    if (nodes > 4096) fault(`${at}: ${nodes} XML nodes`);
    gpu.tbs.forEach((tb, t) =>
      tb.steps.forEach((step, i) => {
        if ((step.hasdep === 1) !== depended.has(`${t}/${i}`))
          fault(`${at} tb ${t} step ${i}: hasdep ${step.hasdep} but ${depended.has(`${t}/${i}`) ? '' : 'not '}depended on`);
      }),
    );
  });
  if (algo.nchannels !== maxChan + 1) fault(`nchannels ${algo.nchannels} for channels up to ${maxChan}`);
  // The k-th send from a to b on channel c pairs with the k-th receive; both must have the same cnt.
  const sends = new Map<string, number[]>();
  const recvs = new Map<string, number[]>();
  for (const gpu of algo.gpus) {
    for (const tb of gpu.tbs) {
      for (const step of tb.steps) {
        if (step.type === 's') push(sends, `${gpu.id}>${tb.send}@${tb.chan}`, step.cnt);
        if (step.type === 'r') push(recvs, `${tb.recv}>${gpu.id}@${tb.chan}`, step.cnt);
      }
    }
  }
  for (const key of new Set([...sends.keys(), ...recvs.keys()])) {
    const a = sends.get(key) ?? [];
    const b = recvs.get(key) ?? [];
    if (a.length !== b.length) fault(`${key}: ${a.length} sends, ${b.length} receives`);
    a.forEach((cnt, i) => {
      if (b[i] !== undefined && b[i] !== cnt) fault(`${key}: send ${i} has cnt ${cnt}, its receive ${b[i]}`);
    });
  }
  return faults;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

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
