// An MSCCL algorithm as a gradsync-schedule/2: MSCCL's asynchronous threadblocks turned into
// synchronous steps ("rounds") that leave every buffer with exactly what MSCCL computes.
//
// Every threadblock runs its non-nop steps in order, one per round, as soon as it may (docs/msccl-xml.md
// §4): after its previous step; after the steps it waits for ran in an earlier round (its own
// depid/deps and those of the nops before it, each ended by the first step of that threadblock from
// `deps` on with hasdep=1, as RCCL's flags work); and, for a receive, once its message is sent.
// Messages pair first in, first out per (sender, receiver, channel); steps of cnt 0 move nothing and
// pair with nothing. A message is its source as it stands at the start of the round it is sent in:
// an `s` sends in the round it runs; rcs, rrs and rrcs forward data that exists only at the end of
// the round they receive in, so they send in the next round. Since no step waits for anything but
// earlier steps, the rounds are the longest paths of that graph; a step left without a round is a
// deadlock. Fused chains of `re` (§3.2) run one step per round, which computes the same.
//
// A send in round k received in round k' ≥ k is one transfer in step k', reading the sender's source
// then, unless something writes that source in rounds k..k'−1: then the message goes in round k into a
// relay chunk of the receiver's scratch (appended after the largest s_chunks, reused once consumed),
// and in round k' the receiver applies it locally. rrs stores nothing: what it forwards lives in a
// relay chunk of its GPU until the step it is forwarded to takes it. rrc (and rrcs) reduce the
// message with a local place: one reduce when that place is the destination, else a copy of the
// message and then a local reduce into the destination in the same step, which the IR allows. Rounds
// in which nothing moves (only sends whose receives come later, steps of cnt 0) are left out.

import { GradsyncError, invariant } from '../errors';
import { MAX_CELLS, SCHEDULE_FORMAT_2, type BufferName, type Collective, type Schedule, type Step, type Transfer } from '../schedule';
import { slotLayout, slotOf, slotPlace } from '../slots';
import { receives, sends, type MscclAlgo, type MscclBuffer, type MscclCollective, type MscclStep, type MscclThreadblock } from './program';
import { checkMscclAlgo, parseMscclXml, transmissionsOf, writesDestination } from './xml';

const COLLECTIVE_OF: Record<MscclCollective, Collective> = {
  allreduce: 'allreduce',
  allgather: 'allgather',
  reducescatter: 'reduce-scatter',
  broadcast: 'broadcast',
  reduce: 'reduce',
};

const BUFFER_OF: Record<MscclBuffer, BufferName> = { i: 'input', o: 'output', s: 'scratch' };

/** The channel ids a connection key leaves room for (0..MSCCL_LIMITS.maxChannel). */
const CHANNEL_KEYS = 129;

interface Wait {
  /** The op that signals it (the last step of the transmission whose flag satisfies it). */
  op: number;
  /** As the XML states it: threadblock and step. */
  tb: number;
  step: number;
}

/** A non-nop step. */
interface Op {
  readonly gpu: number;
  readonly tb: MscclThreadblock;
  readonly step: MscclStep;
  /** The op before it in its threadblock, or -1. */
  readonly prev: number;
  readonly waits: Wait[];
  /** A receive (cnt > 0): the op whose message it takes, or -1 when none sends it. */
  from: number;
  /** A send (cnt > 0): the op that receives it, or -1. */
  to: number;
}

/** A place on a device: a buffer's chunk, its slot (-1 for a relay chunk, which nothing else touches). */
interface Place {
  buffer: BufferName;
  chunk: number;
  slot: number;
}

function forwards(type: MscclStep['type']): boolean {
  return type === 'rcs' || type === 'rrs' || type === 'rrcs';
}

/** What a step does, with its peers: "r from GPU 1, channel 0". */
function opWhat(op: Op): string {
  const { tb, step } = op;
  if (step.type === 's') return `s to GPU ${tb.send}, channel ${tb.chan}`;
  if (step.type === 'r' || step.type === 'rrc') return `${step.type} from GPU ${tb.recv}, channel ${tb.chan}`;
  if (forwards(step.type)) return `${step.type} from GPU ${tb.recv} to GPU ${tb.send}, channel ${tb.chan}`;
  return step.type;
}

function describeOp(op: Op): string {
  return `GPU ${op.gpu} threadblock ${op.tb.id} step ${op.step.s} (${opWhat(op)})`;
}

/**
 * Relay chunks of every device's scratch, after the algorithm's own. A use holds a chunk from the end
 * of the round it is written in (w) to the start of the round it is last read in (r); two uses may
 * share a chunk when one's r ≤ the other's w. Uses of one chunk are kept sorted.
 */
class Relays {
  /** Per device, per relay chunk: the uses' w and r, sorted. */
  private readonly uses = new Map<number, { w: number[]; r: number[] }[]>();
  /** Relay chunks any device needs. */
  count = 0;

  private static free(use: { w: number[]; r: number[] } | undefined, w: number, r: number): boolean {
    if (!use) return true;
    // The last use written before r is the only one that can overlap [w, r].
    let lo = 0;
    let hi = use.w.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (use.w[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 || use.r[lo - 1] <= w;
  }

  /** `count` consecutive relay chunks of a device, written in round w and last read in round r: the first one's index. */
  take(device: number, count: number, w: number, r: number): number {
    let chunks = this.uses.get(device);
    if (!chunks) this.uses.set(device, (chunks = []));
    let base = 0;
    for (;;) {
      let k = 0;
      while (k < count && Relays.free(chunks[base + k], w, r)) k++;
      if (k === count) break;
      base += k + 1;
    }
    for (let k = 0; k < count; k++) {
      const use = (chunks[base + k] ??= { w: [], r: [] });
      let at = use.w.length;
      while (at > 0 && use.w[at - 1] > w) at--;
      use.w.splice(at, 0, w);
      use.r.splice(at, 0, r);
    }
    this.count = Math.max(this.count, base + count);
    return base;
  }
}

/**
 * The schedule of an MSCCL algorithm (checked as checkMscclAlgo checks it). Throws GradsyncError:
 * 'bad-input' for an invalid algorithm, a send and receive of different cnt, a send nobody receives
 * or two writes of one place that nothing orders; 'deadlock' when steps can never run; 'unsupported'
 * for what gradsync's schedules cannot say; 'too-large' past the IR's limits.
 */
export function scheduleFromMscclAlgo(algo: MscclAlgo): Schedule {
  checkMscclAlgo(algo);
  const devices = algo.ngpus;
  const chunks = algo.nchunksperloop;
  const collective = COLLECTIVE_OF[algo.coll];
  const inPlace = algo.inplace === 1;
  const ownScratch = Math.max(0, ...algo.gpus.map((gpu) => gpu.s_chunks));
  const layout = slotLayout({ format: SCHEDULE_FORMAT_2, collective, devices, chunks, inPlace, scratch: ownScratch });
  const slots = layout.slots;
  if (devices * slots > MAX_CELLS) {
    throw new GradsyncError(
      'too-large',
      `ngpus × the chunks of a GPU's buffers must be at most ${MAX_CELLS.toLocaleString('en-US')}, got ${devices} × ${slots}`,
    );
  }
  const gpus = [...algo.gpus].sort((a, b) => a.id - b.id);

  // Ops, in the order of (GPU, threadblock, step): the order transfers are listed in.
  const ops: Op[] = [];
  /** Per GPU, per threadblock id: op index of each step (-1 for a nop). */
  const opAt: Int32Array[][] = [];
  for (const gpu of gpus) {
    const tbs = [...gpu.threadblocks].sort((a, b) => a.id - b.id);
    opAt[gpu.id] = [];
    for (const tb of tbs) {
      const at = new Int32Array(tb.steps.length).fill(-1);
      let prev = -1;
      tb.steps.forEach((step, index) => {
        if (step.type === 'nop') return;
        at[index] = ops.length;
        ops.push({ gpu: gpu.id, tb, step, prev, waits: [], from: -1, to: -1 });
        prev = at[index];
      });
      opAt[gpu.id][tb.id] = at;
    }
  }
  const n = ops.length;

  // Waits: a threadblock signals a flag after each transmission whose last step has hasdep=1; a wait
  // for (tb, step) ends at the first signal ≥ step (docs/msccl-xml.md §4).
  for (const gpu of gpus) {
    const signals: { flags: number[]; ops: number[] }[] = [];
    const transmissions = gpu.threadblocks.map((tb) => ({ tb, list: transmissionsOf(tb) }));
    for (const { tb, list } of transmissions) {
      const flags: number[] = [];
      const signalOps: number[] = [];
      for (const t of list) {
        const last = t.steps[t.steps.length - 1];
        if (tb.steps[last].hasdep === 1) {
          flags.push(t.flag);
          signalOps.push(opAt[gpu.id][tb.id][last]);
        }
      }
      signals[tb.id] = { flags, ops: signalOps };
    }
    for (const { tb, list } of transmissions) {
      for (const t of list) {
        const waiter = ops[opAt[gpu.id][tb.id][t.steps[0]]];
        for (const wait of t.waits) {
          const { flags, ops: signalOps } = signals[wait.tb];
          const k = flags.findIndex((flag) => flag >= wait.step);
          if (k < 0) {
            const waits = `GPU ${gpu.id} threadblock ${tb.id} step ${wait.at} waits for threadblock ${wait.tb} step ${wait.step}`;
            const signalling = signals[wait.tb].ops.some((op) => ops[op].step.s >= wait.step);
            throw new GradsyncError(
              'deadlock',
              signalling
                ? `${waits}, but RCCL numbers threadblock ${wait.tb}'s signals by its own count (a nop without a wait, or a fused re of cnt 0, is not counted) and none reaches ${wait.step}, so it would wait forever`
                : `${waits}, but threadblock ${wait.tb} signals no step from ${wait.step} on (a step signals only with hasdep="1"), so it would wait forever`,
            );
          }
          waiter.waits.push({ op: signalOps[k], tb: wait.tb, step: wait.step });
        }
      }
    }
  }

  // Messages: the k-th send of (A → B, channel c) is the k-th receive of it. Steps of cnt 0 move
  // nothing and take part in no exchange (RCCL calls no primitive for them).
  const key = (from: number, to: number, chan: number): number => (from * devices + to) * CHANNEL_KEYS + chan;
  const sent = new Map<number, number[]>();
  ops.forEach((op, index) => {
    if (sends(op.step.type) && op.step.cnt > 0) {
      const k = key(op.gpu, op.tb.send, op.tb.chan);
      const list = sent.get(k);
      if (list) list.push(index);
      else sent.set(k, [index]);
    }
  });
  const taken = new Map<number, number>();
  ops.forEach((op, index) => {
    if (!receives(op.step.type) || op.step.cnt === 0) return;
    const k = key(op.tb.recv, op.gpu, op.tb.chan);
    const count = taken.get(k) ?? 0;
    taken.set(k, count + 1);
    const from = sent.get(k)?.[count];
    if (from === undefined) return;
    const sender = ops[from];
    if (sender.step.cnt !== op.step.cnt) {
      throw new GradsyncError(
        'bad-input',
        `GPU ${sender.gpu} threadblock ${sender.tb.id} step ${sender.step.s} sends ${sender.step.cnt} chunk${sender.step.cnt === 1 ? '' : 's'} to GPU ${op.gpu} on channel ${op.tb.chan}, but GPU ${op.gpu} threadblock ${op.tb.id} step ${op.step.s}, which receives that message, has cnt ${op.step.cnt}; a send and its receive must have the same cnt`,
      );
    }
    op.from = from;
    sender.to = index;
  });

  // Rounds: longest paths (Kahn's order). Edges: previous step +1, waits +1, message +0 from `s`,
  // +1 from a forward. A receive whose message is never sent keeps one edge that never comes.
  const outStart = new Int32Array(n + 1);
  const indegree = new Int32Array(n);
  const edge = (visit: (from: number, to: number, weight: number) => void): void => {
    ops.forEach((op, index) => {
      if (op.prev >= 0) visit(op.prev, index, 1);
      for (const wait of op.waits) visit(wait.op, index, 1);
      if (op.from >= 0) visit(op.from, index, forwards(ops[op.from].step.type) ? 1 : 0);
    });
  };
  edge((from, to) => {
    outStart[from + 1]++;
    indegree[to]++;
  });
  for (let i = 0; i < n; i++) outStart[i + 1] += outStart[i];
  const fill = outStart.slice(0, n);
  const outTo = new Int32Array(outStart[n]);
  const outWeight = new Uint8Array(outStart[n]);
  edge((from, to, weight) => {
    outTo[fill[from]] = to;
    outWeight[fill[from]++] = weight;
  });
  ops.forEach((op, index) => {
    if (receives(op.step.type) && op.step.cnt > 0 && op.from < 0) indegree[index]++;
  });
  const round = new Int32Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  for (let i = 0; i < n; i++) if (indegree[i] === 0) queue[tail++] = i;
  for (let head = 0; head < tail; head++) {
    const u = queue[head];
    for (let e = outStart[u]; e < outStart[u + 1]; e++) {
      const v = outTo[e];
      round[v] = Math.max(round[v], round[u] + outWeight[e]);
      if (--indegree[v] === 0) queue[tail++] = v;
    }
  }
  if (tail < n) {
    const done = new Uint8Array(n);
    for (let i = 0; i < tail; i++) done[queue[i]] = 1;
    throw new GradsyncError('deadlock', deadlockMessage(ops, done));
  }
  const unreceived = ops.find((op) => sends(op.step.type) && op.step.cnt > 0 && op.to < 0);
  if (unreceived) {
    throw new GradsyncError(
      'bad-input',
      `GPU ${unreceived.gpu} threadblock ${unreceived.tb.id} step ${unreceived.step.s} sends to GPU ${unreceived.tb.send} on channel ${unreceived.tb.chan}, but no step receives it`,
    );
  }

  // Ops by round, each round in op order.
  let rounds = 0;
  for (let i = 0; i < n; i++) rounds = Math.max(rounds, round[i] + 1);
  const roundStart = new Int32Array(rounds + 1);
  for (let i = 0; i < n; i++) roundStart[round[i] + 1]++;
  for (let r = 0; r < rounds; r++) roundStart[r + 1] += roundStart[r];
  const byRound = new Int32Array(n);
  const next = roundStart.slice(0, rounds);
  for (let i = 0; i < n; i++) byRound[next[round[i]]++] = i;

  const place = (gpu: number, buffer: MscclBuffer, chunk: number): Place => {
    const name = BUFFER_OF[buffer];
    return { buffer: name, chunk, slot: slotOf(layout, gpu, name, chunk) };
  };
  const relayPlace = (chunk: number): Place => ({ buffer: 'scratch', chunk: ownScratch + chunk, slot: -1 });
  const transfer = (
    src: number,
    from: Place,
    dst: number,
    to: Place,
    op: 'copy' | 'reduce',
    count: number,
    channel: number,
    tbs: [number, number],
  ): Transfer => ({
    src,
    dst,
    srcBuffer: from.buffer,
    srcChunk: from.chunk,
    dstBuffer: to.buffer,
    chunk: to.chunk,
    op,
    ...(count > 1 && { count }),
    channel,
    threadblocks: tbs,
  });

  /** Per round: transfers with the op they belong to (sorted by it at the end). */
  const placed: { op: number; transfer: Transfer }[][] = Array.from({ length: rounds }, () => []);
  const relays = new Relays();
  /** Per op (rrs): the relay chunk its result is in. */
  const relayOf = new Int32Array(n).fill(-1);
  /** Per (device, slot): the last round that wrote it, and which op. */
  const lastWrite = new Int32Array(devices * slots).fill(-1);
  const writer = new Int32Array(devices * slots).fill(-1);

  const messageSource = (sender: Op, index: number): Place => {
    const { step } = sender;
    if (step.type === 's') return place(sender.gpu, step.srcbuf, step.srcoff);
    if (step.type === 'rrs') return relayPlace(relayOf[index]);
    return place(sender.gpu, step.dstbuf, step.dstoff);
  };
  const writtenSince = (device: number, slot: number, count: number, since: number): boolean => {
    for (let k = 0; k < count; k++) if (lastWrite[device * slots + slot + k] >= since) return true;
    return false;
  };

  for (let r = 0; r < rounds; r++) {
    const writes: number[] = [];
    for (let q = roundStart[r]; q < roundStart[r + 1]; q++) {
      const index = byRound[q];
      const op = ops[index];
      const { step, tb, gpu: b } = op;
      const count = step.cnt;
      if (count === 0 || step.type === 's') continue;
      const emit = (at: number, t: Transfer): void => {
        placed[at].push({ op: index, transfer: t });
      };
      const chan = tb.chan;
      const local: [number, number] = [tb.id, tb.id];

      if (step.type === 'cpy' || step.type === 're') {
        const from = place(b, step.srcbuf, step.srcoff);
        const to = place(b, step.dstbuf, step.dstoff);
        if (from.slot === to.slot) {
          // A copy onto itself changes nothing; a reduce of a place with itself doubles it, which no transfer says.
          if (step.type === 'cpy') continue;
          throw new GradsyncError(
            'unsupported',
            `GPU ${b} threadblock ${tb.id} step ${step.s} (re) reduces ${to.buffer} chunk ${to.chunk} with itself, which a gradsync schedule cannot express`,
          );
        }
        emit(r, transfer(b, from, b, to, step.type === 'cpy' ? 'copy' : 'reduce', count, chan, local));
        writes.push(index);
        continue;
      }

      // A receive.
      invariant(op.from >= 0, 'every receive left has its message');
      if (writesDestination(step.type)) writes.push(index);
      const sender = ops[op.from];
      const sentIn = round[op.from] + (forwards(sender.step.type) ? 1 : 0);
      const forwardEnd = step.type === 'rrs' ? round[op.to] : r;
      let msg = messageSource(sender, op.from);
      let msgGpu = sender.gpu;
      let tbs: [number, number] = [sender.tb.id, tb.id];
      let relayed = -1;
      if (r > sentIn && msg.slot >= 0 && writtenSince(sender.gpu, msg.slot, count, sentIn)) {
        relayed = relays.take(b, count, sentIn, forwardEnd);
        const into = relayPlace(relayed);
        emit(sentIn, transfer(sender.gpu, msg, b, into, 'copy', count, chan, tbs));
        msg = into;
        msgGpu = b;
        tbs = local;
      }
      if (step.type === 'r' || step.type === 'rcs') {
        emit(r, transfer(msgGpu, msg, b, place(b, step.dstbuf, step.dstoff), 'copy', count, chan, tbs));
      } else if (step.type === 'rrc' || step.type === 'rrcs') {
        const own = place(b, step.srcbuf, step.srcoff);
        const to = place(b, step.dstbuf, step.dstoff);
        if (own.slot === to.slot) emit(r, transfer(msgGpu, msg, b, to, 'reduce', count, chan, tbs));
        else {
          emit(r, transfer(msgGpu, msg, b, to, 'copy', count, chan, tbs));
          emit(r, transfer(b, own, b, to, 'reduce', count, chan, local));
        }
      } else {
        // rrs: the message reduced with the local src, kept in a relay chunk until forwarded.
        const own = place(b, step.srcbuf, step.srcoff);
        if (relayed < 0) {
          relayed = relays.take(b, count, r, forwardEnd);
          emit(r, transfer(msgGpu, msg, b, relayPlace(relayed), 'copy', count, chan, tbs));
        }
        emit(r, transfer(b, own, b, relayPlace(relayed), 'reduce', count, chan, local));
        relayOf[index] = relayed;
      }
    }
    // Writes land at the end of the round; two in one round that nothing orders are a race.
    for (const index of writes) {
      const { step, gpu } = ops[index];
      const first = slotOf(layout, gpu, BUFFER_OF[step.dstbuf], step.dstoff);
      for (let k = 0; k < step.cnt; k++) {
        const cell = gpu * slots + first + k;
        if (lastWrite[cell] === r && writer[cell] !== index) {
          const other = ops[writer[cell]];
          const { buffer, chunk } = slotPlace(layout, first + k);
          throw new GradsyncError(
            'bad-input',
            `GPU ${gpu} threadblock ${other.tb.id} step ${other.step.s} and threadblock ${ops[index].tb.id} step ${step.s} both write ${buffer} chunk ${chunk} and nothing orders them (no dependency or message between them), so the result would depend on timing`,
          );
        }
        lastWrite[cell] = r;
        writer[cell] = index;
      }
    }
  }

  const steps: Step[] = [];
  for (const list of placed) {
    if (list.length === 0) continue;
    list.sort((a, b) => a.op - b.op);
    const transfers = list.map((entry) => entry.transfer);
    steps.push({ phase: transfers.some((t) => t.op === 'reduce') ? 'share-reduce' : 'share-only', transfers });
  }
  const scratch = ownScratch + relays.count;
  return {
    format: SCHEDULE_FORMAT_2,
    collective,
    algorithm: algo.name === '' ? 'msccl' : algo.name,
    devices,
    chunks,
    // Which GPU is the root of an MSCCL broadcast or reduce is not stated anywhere in the XML (it is
    // the one whose input is read before anything writes it, which is hard to know in general), so
    // gradsync reads them as rooted at GPU 0; a program for another root fails the schedule's check.
    ...((collective === 'broadcast' || collective === 'reduce') && { root: 0 }),
    inPlace,
    ...(scratch > 0 && { scratch }),
    steps,
  };
}

/** Why the ops not done can never run: the first stuck step, and what it waits for, down to a cause or a cycle. */
function deadlockMessage(ops: Op[], done: Uint8Array): string {
  /** The first op not done of each op's threadblock: where that threadblock stands. */
  const current = new Int32Array(ops.length);
  for (let i = 0; i < ops.length; i++) current[i] = ops[i].prev >= 0 && !done[ops[i].prev] ? current[ops[i].prev] : i;
  let start = -1;
  for (let i = 0; i < ops.length && start < 0; i++) if (!done[i] && current[i] === i) start = i;
  invariant(start >= 0, 'a deadlock has a stuck step');
  const pieces: string[] = [];
  const seen = new Set<number>();
  let at = start;
  let ending = '';
  for (;;) {
    seen.add(at);
    const op = ops[at];
    const wait = op.waits.find((w) => !done[w.op]);
    let target: number;
    if (wait) {
      target = wait.op;
      const signaller = ops[target];
      const exact = signaller.step.s === wait.step;
      pieces.push(`waits for threadblock ${wait.tb} step ${wait.step} (${exact ? opWhat(signaller) : `signalled by its step ${signaller.step.s}`})`);
    } else if (op.from < 0) {
      pieces.push('waits for a message that is never sent');
      break;
    } else {
      target = op.from;
      pieces.push(`waits for ${describeOp(ops[target])} to send`);
    }
    const stands = current[target];
    if (stands !== target) pieces.push(`comes after ${describeOp(ops[stands])}`);
    if (seen.has(stands)) {
      ending = ': a cycle';
      break;
    }
    at = stands;
  }
  const shown = pieces.length > 9 ? [...pieces.slice(0, 4), `… (${pieces.length - 8} more) …`, ...pieces.slice(-4)] : pieces;
  return `${describeOp(ops[start])} ${shown.join(', which ')}${ending}`;
}

/** Reads an MSCCL algorithm's XML (parseMscclXml) and makes its schedule (scheduleFromMscclAlgo). */
export function importMscclXml(text: string): Schedule {
  return scheduleFromMscclAlgo(parseMscclXml(text));
}
