// Any gradsync schedule as an MSCCL XML algorithm that RCCL's MSCCL parser and executor take
// (docs/msccl-xml.md): only the step types current RCCL runs (s, r, cpy, re, nop; §3.1), its limits
// (§5), and dependencies that make the asynchronous program compute exactly what the schedule does,
// every reduction of a place in the schedule's order.
//
// Design.
// - Order. The program follows one total order of the schedule's operations: step by step; within a
//   step first every send and every local read that must see the step's start ("phase A"), then
//   every write in the listed order ("phase B"). Each threadblock runs its operations in that order,
//   a receive pairs with a send of the same step (earlier in the order), and every dependency points
//   back in it, so the program cannot deadlock while sends are buffered.
// - Threadblocks. Per GPU: one sending threadblock per (peer, channel) and one receiving threadblock
//   per (peer, channel), so that sends never wait behind receives; only when a GPU would pass 64
//   threadblocks are the send and the receive of one peer on one channel joined into one threadblock
//   (sends of a step first). Local operations (v2, src = dst) run in local threadblocks (send=-1
//   recv=-1), by destination chunk; a local operation that writes a place a receive of the same step
//   wrote before it (the copy-then-reduce pattern of MSCCL's rrc) runs in that receive's threadblock,
//   right after it.
// - Reductions. A reduce received is `r` into the receiving threadblock's own scratch, then `re`
//   (place ⊕= scratch) in that threadblock; its pairs run one after the other, so one scratch region
//   of the largest message serves them all. A local operation whose source the step writes before it,
//   or whose source overlaps its destination, first copies its source to scratch in phase A.
// - Channels. Peers are grouped by ring distance (16 distances, at most 32 peers, a group; only the
//   groups in use count): group x uses channels x, x + G, x + 2G, … (G groups), so no channel has
//   more than 32 sending or receiving threadblocks and both directions of a pair share channels. A
//   pair starts on one channel; while a threadblock has more than `maxSteps` steps, its pairs'
//   messages are spread over more channels (about steps / maxSteps times as many), by destination
//   chunk, then (when that cannot help) by message order; local operations likewise over more local
//   threadblocks, by destination chunk. When nothing helps, GradsyncError('unsupported') says which
//   GPU would need how many steps or threadblocks.
// - Dependencies. Between threadblocks of one GPU: read-after-write, write-after-read (a send of step
//   k reads the place before step k's writes) and write-after-write (reductions into one place in the
//   listed order), on the latest conflicting step of each other threadblock; those implied by
//   threadblock order or by another dependency (vector clocks over the GPU's threadblocks) are
//   dropped. The step carries one, each further one is a `nop` just before it; hasdep=1 marks exactly
//   the steps waited on.
// - RCCL merges consecutive `re` into one place (§3.2) and keeps the last one's cnt: such runs with
//   different cnt are written one chunk per step.

import { GradsyncError, invariant } from '../errors';
import type { BufferName, Collective, Schedule, TransferOp } from '../schedule';
import { BUFFERS } from '../schedule';
import { bufferSize, defaultBuffer, slotLayout, slotOf, slotPlace, type SlotLayout } from '../slots';
import { MSCCL_LIMITS, type MscclAlgo, type MscclBuffer, type MscclCollective, type MscclGpu, type MscclStep, type MscclThreadblock } from './program';

export interface MscclExportOptions {
  /** Most steps (nops included) one threadblock may have: RCCL's 64 by default, up to 256. */
  maxSteps?: number;
}

const COLLECTIVE_OF: Readonly<Record<Collective, MscclCollective>> = {
  allreduce: 'allreduce',
  'reduce-scatter': 'reducescatter',
  allgather: 'allgather',
  broadcast: 'broadcast',
  reduce: 'reduce',
};

const LETTER: Readonly<Record<BufferName, MscclBuffer>> = { input: 'i', output: 'o', scratch: 's' };

/** Largest `cnt` of a step. */
const MAX_COUNT = MSCCL_LIMITS.countBelow - 1;
/** Sending (and receiving) threadblocks one channel of a GPU may have. */
const TBS_PER_CHANNEL = 32;
/** Ring distances per channel group: a GPU has at most two peers at each distance. */
const DISTANCES_PER_GROUP = TBS_PER_CHANNEL / 2;
/** Channels a program may use (ids 0..127; RCCL's MAXCHANNELS). */
const MAX_CHANNELS = MSCCL_LIMITS.maxChannel;
/** XML nodes RCCL's parser keeps for one rank: <algo>, every <gpu>, and that rank's <tb> and <step> nodes. */
const MAX_NODES = 4096;

interface Place {
  buf: MscclBuffer;
  off: number;
}

/** A message between two devices, or a local operation, of at most MAX_COUNT chunks. */
interface Piece {
  step: number;
  src: number;
  dst: number;
  op: TransferOp;
  srcSlot: number;
  dstSlot: number;
  cnt: number;
  srcPlace: Place;
  dstPlace: Place;
  /** Local: its source is copied to scratch in phase A. */
  staged: boolean;
  /** Remote: its place among the messages of its (src, dst) pair, and its destination's among the pair's destinations. */
  ordinal: number;
  rank: number;
  /** Set per attempt: the channel (remote), the threadblock key (local) and the staging offset. */
  chan: number;
  tbKey: string;
  stageOff: number;
}

type Ref = { kind: 'slot'; slot: number } | { kind: 'recv' | 'stage'; off: number };

interface Op {
  seq: number;
  tb: Tb;
  pos: number;
  type: 's' | 'r' | 'cpy' | 're';
  src: Ref | null;
  dst: Ref | null;
  cnt: number;
  /** The other end of a send or receive: the receiver's or sender's place (informational in MSCCL). */
  peer: Place | null;
  reads: number[];
  writes: number[];
  deps: Op[];
  hasdep: boolean;
  s: number;
  clock: Int32Array | null;
}

interface Tb {
  send: number;
  recv: number;
  chan: number;
  local: number;
  id: number;
  ops: Op[];
  recvScratch: number;
  stageScratch: number;
  stageStep: number;
  stageNow: number;
  /** First scratch chunk of this threadblock, after the schedule's own scratch. */
  base: number;
  steps: number;
}

interface Plan {
  /** Channels per (src, dst) pair, by src·N + dst. */
  spread: Map<number, number>;
  /** Local threadblocks per GPU. */
  locals: number[];
  /** Spread a pair's messages by message order rather than destination chunk. */
  byOrder: boolean;
}

type Failure =
  { kind: 'threadblocks'; gpu: number; count: number } | { kind: 'steps'; gpu: number; tb: Tb; steps: number } | { kind: 'nodes'; gpu: number; count: number };

interface GpuBuild {
  tbs: Tb[];
  failures: Failure[];
}

/** The MSCCL program of a schedule (docs/msccl-xml.md), as mscclXml writes it. */
export function mscclProgramOf(schedule: Schedule, options: MscclExportOptions = {}): MscclAlgo {
  const maxSteps = options.maxSteps ?? MSCCL_LIMITS.rcclSteps;
  if (!Number.isInteger(maxSteps) || maxSteps < 2 || maxSteps > MSCCL_LIMITS.steps) {
    throw new GradsyncError('bad-argument', `steps per threadblock must be an integer from 2 to ${MSCCL_LIMITS.steps}, got ${maxSteps}`, {
      field: 'maxSteps',
      value: maxSteps,
      allowed: `be an integer from 2 to ${MSCCL_LIMITS.steps}`,
    });
  }
  const exporter = new Exporter(schedule, maxSteps);
  return exporter.run();
}

/** The schedule as the text of an MSCCL XML algorithm file RCCL loads. */
export function mscclXml(schedule: Schedule, options: MscclExportOptions = {}): string {
  const algo = mscclProgramOf(schedule, options);
  const channels = algo.nchannels === 1 ? '1 channel' : `${algo.nchannels} channels`;
  const lines = [
    `<!-- gradsync export of ${commentText(label(schedule))} on ${schedule.devices} devices -->`,
    `<!-- ${algo.coll}, ${algo.nchunksperloop} chunks, ${algo.inplace ? 'in place' : 'out of place'}, ${channels}; step types s, r, cpy, re, nop -->`,
    `<algo name="${algo.name}" proto="${algo.proto}" nchannels="${algo.nchannels}" nchunksperloop="${algo.nchunksperloop}" ngpus="${algo.ngpus}" coll="${algo.coll}" inplace="${algo.inplace}" outofplace="${algo.outofplace}" minBytes="${algo.minBytes}" maxBytes="${algo.maxBytes}">`,
  ];
  for (const gpu of algo.gpus) {
    lines.push(`  <gpu id="${gpu.id}" i_chunks="${gpu.i_chunks}" o_chunks="${gpu.o_chunks}" s_chunks="${gpu.s_chunks}">`);
    for (const tb of gpu.threadblocks) {
      lines.push(`    <tb id="${tb.id}" send="${tb.send}" recv="${tb.recv}" chan="${tb.chan}">`);
      for (const step of tb.steps) {
        lines.push(
          `      <step s="${step.s}" type="${step.type}" srcbuf="${step.srcbuf}" srcoff="${step.srcoff}" dstbuf="${step.dstbuf}" dstoff="${step.dstoff}" cnt="${step.cnt}" depid="${step.depid}" deps="${step.deps}" hasdep="${step.hasdep}"/>`,
        );
      }
      lines.push('    </tb>');
    }
    lines.push('  </gpu>');
  }
  lines.push('</algo>');
  return `${lines.join('\n')}\n`;
}

/** How messages name the schedule's algorithm: its id, and the collective too beyond all-reduce. */
function label(schedule: Schedule): string {
  return schedule.collective === 'allreduce' ? schedule.algorithm : `${schedule.algorithm} ${schedule.collective}`;
}

/** Text safe inside an XML comment RCCL skips: printable ASCII, no "--". */
function commentText(text: string): string {
  return text.replace(/[^\x20-\x7e]|[<>&]/g, '_').replace(/-{2,}/g, '-');
}

/** The algorithm's `name`: letters, digits, '.', '_' and '-', at most 63 characters (RCCL's MSCCL_MAX_ALGO_NAME). */
function algoName(schedule: Schedule): string {
  return `gradsync-${schedule.algorithm}-${schedule.collective}-${schedule.devices}`.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 63);
}

function range(start: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => start + i);
}

class Exporter {
  private readonly layout: SlotLayout;
  private readonly devices: number;
  /** Pieces of each step, in listed order. */
  private readonly steps: Piece[][] = [];
  /** Pieces each GPU takes part in, in order. */
  private readonly byGpu: Piece[][];
  /** Channel groups in use, and the id of each distance group among them. */
  private readonly groups: number;
  private readonly groupIds = new Map<number, number>();
  private readonly pairCounts = new Map<number, number>();
  private readonly pairSlots = new Map<number, Set<number>>();
  private readonly localSlots: Set<number>[];

  constructor(
    private readonly schedule: Schedule,
    private readonly maxSteps: number,
  ) {
    this.layout = slotLayout(schedule);
    this.devices = schedule.devices;
    if (!Number.isInteger(this.devices) || this.devices < 1) this.invalid(`devices must be a positive integer, got ${this.devices}`);
    this.byGpu = Array.from({ length: this.devices }, () => []);
    this.localSlots = Array.from({ length: this.devices }, () => new Set<number>());
    this.normalize();
    // Each message's destination chunk ranked among its pair's, so that spreading by chunk balances.
    const ranks = new Map<number, Map<number, number>>();
    for (const [pair, slots] of this.pairSlots) ranks.set(pair, new Map([...slots].sort((a, b) => a - b).map((slot, rank) => [slot, rank])));
    for (const pieces of this.steps)
      for (const piece of pieces) if (piece.src !== piece.dst) piece.rank = ranks.get(piece.src * this.devices + piece.dst)!.get(piece.dstSlot)!;
    // Channel groups in use, numbered 0, 1, …: a ring's pairs all fall in one group.
    for (const pair of this.pairCounts.keys()) this.groupIds.set(this.distanceGroup(Math.floor(pair / this.devices), pair % this.devices), 0);
    [...this.groupIds.keys()].sort((a, b) => a - b).forEach((group, id) => this.groupIds.set(group, id));
    this.groups = Math.max(1, this.groupIds.size);
  }

  private invalid(message: string): never {
    throw new GradsyncError('invalid-schedule', `cannot export ${label(this.schedule)} as MSCCL XML: ${message}`);
  }

  /** A slot as a place of the program: in place, the data are always the buffer of C chunks. */
  private placeOf(slot: number): Place {
    const { buffer, chunk } = slotPlace(this.layout, slot);
    return { buf: LETTER[buffer], off: chunk };
  }

  private normalize(): void {
    const { layout, devices } = this;
    const fallback = defaultBuffer(layout.collective);
    interface Group extends Omit<Piece, 'chan' | 'tbKey' | 'stageOff' | 'ordinal' | 'rank' | 'staged'> {
      position: number;
    }
    const ordinals = new Map<number, number>();
    this.schedule.steps.forEach((step, k) => {
      const groups: Group[] = [];
      step.transfers.forEach((t, index) => {
        const where = `step ${k + 1}, transfer ${index + 1}`;
        const srcBuffer = t.srcBuffer ?? fallback;
        const dstBuffer = t.dstBuffer ?? fallback;
        const srcChunk = t.srcChunk ?? t.chunk;
        const count = t.count ?? 1;
        for (const device of [t.src, t.dst]) {
          if (!Number.isInteger(device) || device < 0 || device >= devices) this.invalid(`${where} names device ${device} of ${devices}`);
        }
        if (!BUFFERS.includes(srcBuffer) || !BUFFERS.includes(dstBuffer)) this.invalid(`${where} names an unknown buffer`);
        if (t.op !== 'copy' && t.op !== 'reduce') this.invalid(`${where} has op ${String(t.op)}`);
        if (!Number.isInteger(count) || count < 1) this.invalid(`${where} moves ${count} chunks`);
        for (const [buffer, chunk] of [
          [srcBuffer, srcChunk],
          [dstBuffer, t.chunk],
        ] as const) {
          const size = bufferSize(layout, buffer);
          if (!Number.isInteger(chunk) || chunk < 0 || chunk + count > size) this.invalid(`${where} reaches past the ${size} chunks of the ${buffer}`);
        }
        const srcSlot = slotOf(layout, t.src, srcBuffer, srcChunk);
        const dstSlot = slotOf(layout, t.dst, dstBuffer, t.chunk);
        const srcPlace = this.placeOf(srcSlot);
        const dstPlace = this.placeOf(dstSlot);
        const last = groups[groups.length - 1];
        // Consecutive chunks moved by consecutive transfers between the same places are one message.
        if (
          last &&
          last.src === t.src &&
          last.dst === t.dst &&
          last.op === t.op &&
          last.srcSlot + last.cnt === srcSlot &&
          last.dstSlot + last.cnt === dstSlot &&
          last.srcPlace.buf === srcPlace.buf &&
          last.dstPlace.buf === dstPlace.buf &&
          last.srcPlace.off + last.cnt === srcPlace.off &&
          last.dstPlace.off + last.cnt === dstPlace.off
        ) {
          last.cnt += count;
        } else {
          groups.push({ step: k, src: t.src, dst: t.dst, op: t.op, srcSlot, dstSlot, cnt: count, srcPlace, dstPlace, position: groups.length });
        }
      });
      // The first group of the step writing each (device, slot).
      const firstWrite = new Map<number, number>();
      for (const group of groups) {
        for (let c = 0; c < group.cnt; c++) {
          const cell = group.dst * layout.slots + group.dstSlot + c;
          if (!firstWrite.has(cell)) firstWrite.set(cell, group.position);
        }
      }
      const pieces: Piece[] = [];
      for (const group of groups) {
        const local = group.src === group.dst;
        let staged = false;
        if (local) {
          const overlaps = group.srcSlot < group.dstSlot + group.cnt && group.dstSlot < group.srcSlot + group.cnt;
          staged = overlaps || range(group.srcSlot, group.cnt).some((slot) => (firstWrite.get(group.src * layout.slots + slot) ?? Infinity) < group.position);
        }
        for (let first = 0; first < group.cnt; first += MAX_COUNT) {
          const cnt = Math.min(MAX_COUNT, group.cnt - first);
          const pair = group.src * devices + group.dst;
          const ordinal = local ? 0 : (ordinals.get(pair) ?? 0);
          if (!local) ordinals.set(pair, ordinal + 1);
          const piece: Piece = {
            step: k,
            src: group.src,
            dst: group.dst,
            op: group.op,
            srcSlot: group.srcSlot + first,
            dstSlot: group.dstSlot + first,
            cnt,
            srcPlace: { buf: group.srcPlace.buf, off: group.srcPlace.off + first },
            dstPlace: { buf: group.dstPlace.buf, off: group.dstPlace.off + first },
            staged,
            ordinal,
            rank: 0,
            chan: 0,
            tbKey: '',
            stageOff: 0,
          };
          pieces.push(piece);
          this.byGpu[piece.src].push(piece);
          if (local) {
            this.localSlots[piece.src].add(piece.dstSlot);
          } else {
            this.byGpu[piece.dst].push(piece);
            this.pairCounts.set(pair, ordinal + 1);
            let slots = this.pairSlots.get(pair);
            if (!slots) this.pairSlots.set(pair, (slots = new Set()));
            slots.add(piece.dstSlot);
          }
        }
      }
      this.steps.push(pieces);
    });
  }

  /** The distance group of a pair: by ring distance, the same both ways. */
  private distanceGroup(a: number, b: number): number {
    const d = (((b - a) % this.devices) + this.devices) % this.devices;
    return Math.floor((Math.min(d, this.devices - d) - 1) / DISTANCES_PER_GROUP);
  }

  private groupOf(a: number, b: number): number {
    return this.groupIds.get(this.distanceGroup(a, b)) ?? 0;
  }

  private channelOf(piece: Piece, plan: Plan): number {
    const spread = plan.spread.get(piece.src * this.devices + piece.dst) ?? 1;
    const key = plan.byOrder ? piece.ordinal : piece.rank;
    return this.groupOf(piece.src, piece.dst) + this.groups * (key % spread);
  }

  run(): MscclAlgo {
    const plan: Plan = { spread: new Map(), locals: Array<number>(this.devices).fill(1), byOrder: false };
    for (;;) {
      for (const pieces of this.steps) for (const piece of pieces) if (piece.src !== piece.dst) piece.chan = this.channelOf(piece, plan);
      const builds: GpuBuild[] = [];
      for (let g = 0; g < this.devices; g++) builds.push(this.buildGpu(g, plan));
      const failures = builds.flatMap((build) => build.failures);
      if (failures.length === 0) return this.assemble(builds);
      const fatal = failures.find((failure) => failure.kind !== 'steps');
      if (fatal) this.fail(fatal, plan);
      // Spread the pairs (or local operations) of every threadblock with too many steps over more
      // channels (or local threadblocks): as many more as its steps are over the limit, at least one.
      let changed = false;
      const targets = new Map<number, number>();
      const localTargets = new Map<number, number>();
      const more = (now: number, steps: number, most: number) => Math.min(most, Math.max(now + 1, Math.ceil((now * steps) / this.maxSteps)));
      for (const failure of failures) {
        if (failure.kind !== 'steps') continue;
        const { gpu, tb, steps } = failure;
        if (tb.send < 0 && tb.recv < 0) {
          const locals = more(plan.locals[gpu], steps, this.localSlots[gpu].size);
          if (locals > plan.locals[gpu]) localTargets.set(gpu, Math.max(localTargets.get(gpu) ?? 0, locals));
          continue;
        }
        const pairs = new Set<number>();
        if (tb.send >= 0) pairs.add(gpu * this.devices + tb.send);
        if (tb.recv >= 0) pairs.add(tb.recv * this.devices + gpu);
        for (const pair of pairs) {
          const spread = plan.spread.get(pair) ?? 1;
          const keys = plan.byOrder ? (this.pairCounts.get(pair) ?? 0) : (this.pairSlots.get(pair)?.size ?? 0);
          const next = more(spread, steps, Math.min(keys, Math.floor(MAX_CHANNELS / this.groups)));
          if (next > spread) targets.set(pair, Math.max(targets.get(pair) ?? 0, next));
        }
      }
      for (const [pair, next] of targets) {
        plan.spread.set(pair, next);
        changed = true;
      }
      for (const [gpu, next] of localTargets) {
        plan.locals[gpu] = next;
        changed = true;
      }
      if (changed) continue;
      if (!plan.byOrder) {
        plan.byOrder = true;
        continue;
      }
      const worst = failures.reduce((a, b) => (b.kind === 'steps' && a.kind === 'steps' && b.steps > a.steps ? b : a));
      this.fail(worst, plan);
    }
  }

  private fail(failure: Failure, plan: Plan): never {
    const what = `${label(this.schedule)} on ${this.devices} devices cannot be exported as MSCCL XML for RCCL`;
    if (failure.kind === 'threadblocks') {
      throw new GradsyncError(
        'unsupported',
        `${what}: GPU ${failure.gpu} would need ${failure.count} threadblocks, more than the ${MSCCL_LIMITS.threadblocks} a GPU runs`,
      );
    }
    if (failure.kind === 'nodes') {
      throw new GradsyncError(
        'unsupported',
        `${what}: GPU ${failure.gpu} would need ${failure.count} XML nodes, more than the ${MAX_NODES} RCCL's parser keeps`,
      );
    }
    const { tb, gpu, steps } = failure;
    const role =
      tb.send < 0 && tb.recv < 0
        ? `a local threadblock, with local operations spread over ${plan.locals[gpu]}`
        : `the threadblock ${[tb.send >= 0 ? `sending to GPU ${tb.send}` : '', tb.recv >= 0 ? `receiving from GPU ${tb.recv}` : ''].filter(Boolean).join(' and ')} on channel ${tb.chan}`;
    throw new GradsyncError(
      'unsupported',
      `${what}: GPU ${gpu} would need ${steps} steps in ${role}, more than the ${this.maxSteps} steps a threadblock takes`,
    );
  }

  /** The threadblocks and operations of GPU g under a plan, with their dependencies. */
  private buildGpu(g: number, plan: Plan): GpuBuild {
    const pieces = this.byGpu[g];
    const locals = plan.locals[g];
    // Threadblock keys: 's<peer>/<chan>', 'r<peer>/<chan>', 'l<index>'. A local operation runs in the
    // threadblock that last wrote its destination in the same step, else in local threadblock dst mod L.
    const keys = new Set<string>();
    let step = -1;
    let lastWriter = new Map<number, string>();
    for (const piece of pieces) {
      if (piece.step !== step) {
        step = piece.step;
        lastWriter = new Map();
      }
      if (piece.src === piece.dst) {
        piece.tbKey = lastWriter.get(piece.dstSlot) ?? `l${piece.dstSlot % locals}`;
        keys.add(piece.tbKey);
        for (let c = 0; c < piece.cnt; c++) lastWriter.set(piece.dstSlot + c, piece.tbKey);
      } else if (piece.src === g) {
        keys.add(`s${piece.dst}/${piece.chan}`);
      } else {
        const key = `r${piece.src}/${piece.chan}`;
        keys.add(key);
        for (let c = 0; c < piece.cnt; c++) lastWriter.set(piece.dstSlot + c, key);
      }
    }
    if (keys.size === 0) keys.add('l0');
    // Join the send and receive of one peer and channel while the GPU has too many threadblocks.
    const joined = new Set<string>();
    let count = keys.size;
    const pairs = [...keys]
      .filter((key) => key.startsWith('s') && keys.has(`r${key.slice(1)}`))
      .map((key) => key.slice(1))
      .sort((a, b) => compareNumbers(a, b));
    for (const pair of pairs) {
      if (count <= MSCCL_LIMITS.threadblocks) break;
      joined.add(pair);
      count--;
    }
    const byKey = new Map<string, Tb>();
    const tbs: Tb[] = [];
    for (const key of keys) {
      const body = key.slice(1);
      const shared = key[0] !== 'l' && joined.has(body);
      const existing = shared ? byKey.get(`x${body}`) : undefined;
      if (existing) {
        byKey.set(key, existing);
        continue;
      }
      const [peer, chan] = body.split('/').map(Number);
      const tb: Tb = {
        send: key[0] === 's' || shared ? peer : -1,
        recv: key[0] === 'r' || shared ? peer : -1,
        chan: key[0] === 'l' ? 0 : chan,
        local: key[0] === 'l' ? peer : -1,
        id: 0,
        ops: [],
        recvScratch: 0,
        stageScratch: 0,
        stageStep: -1,
        stageNow: 0,
        base: 0,
        steps: 0,
      };
      byKey.set(key, tb);
      if (shared) byKey.set(`x${body}`, tb);
      tbs.push(tb);
    }
    tbs.sort((a, b) => a.send - b.send || a.recv - b.recv || a.chan - b.chan || a.local - b.local);
    tbs.forEach((tb, id) => (tb.id = id));
    if (tbs.length > MSCCL_LIMITS.threadblocks) return { tbs, failures: [{ kind: 'threadblocks', gpu: g, count: tbs.length }] };

    this.operations(g, pieces, byKey);
    this.unfuse(tbs);
    this.dependOn(tbs);

    const failures: Failure[] = [];
    let nodes = 1 + this.devices;
    for (const tb of tbs) {
      let s = 0;
      for (const op of tb.ops) {
        s += Math.max(0, op.deps.length - 1);
        op.s = s++;
      }
      tb.steps = s;
      nodes += 1 + s;
      if (s > this.maxSteps) failures.push({ kind: 'steps', gpu: g, tb, steps: s });
    }
    if (failures.length === 0 && nodes > MAX_NODES) failures.push({ kind: 'nodes', gpu: g, count: nodes });
    return { tbs, failures };
  }

  /** GPU g's operations in the program's order, each appended to its threadblock. */
  private operations(g: number, pieces: Piece[], byKey: Map<string, Tb>): void {
    let seq = 0;
    const add = (tb: Tb, type: Op['type'], src: Ref | null, dst: Ref | null, cnt: number, peer: Place | null, reads: number[], writes: number[]) => {
      tb.ops.push({ seq: seq++, tb, pos: 0, type, src, dst, cnt, peer, reads, writes, deps: [], hasdep: false, s: 0, clock: null });
    };
    const tbOf = (key: string) => {
      const tb = byKey.get(key);
      invariant(tb, `threadblock ${key} exists`);
      return tb;
    };
    const slot = (n: number): Ref => ({ kind: 'slot', slot: n });
    for (let start = 0; start < pieces.length;) {
      let end = start;
      while (end < pieces.length && pieces[end].step === pieces[start].step) end++;
      const stepPieces = pieces.slice(start, end);
      const k = pieces[start].step;
      // Phase A: sends, and the sources of local operations that must be read at the step's start.
      for (const p of stepPieces) {
        if (p.src === p.dst) {
          if (!p.staged) continue;
          const tb = tbOf(p.tbKey);
          if (tb.stageStep !== k) {
            tb.stageStep = k;
            tb.stageNow = 0;
          }
          p.stageOff = tb.stageNow;
          tb.stageNow += p.cnt;
          tb.stageScratch = Math.max(tb.stageScratch, tb.stageNow);
          add(tb, 'cpy', slot(p.srcSlot), { kind: 'stage', off: p.stageOff }, p.cnt, null, range(p.srcSlot, p.cnt), []);
        } else if (p.src === g) {
          add(tbOf(`s${p.dst}/${p.chan}`), 's', slot(p.srcSlot), null, p.cnt, p.dstPlace, range(p.srcSlot, p.cnt), []);
        }
      }
      // Phase B: every write, in the listed order.
      for (const p of stepPieces) {
        const dstCells = range(p.dstSlot, p.cnt);
        if (p.src === p.dst) {
          const tb = tbOf(p.tbKey);
          const src: Ref = p.staged ? { kind: 'stage', off: p.stageOff } : slot(p.srcSlot);
          const reads = [...(p.staged ? [] : range(p.srcSlot, p.cnt)), ...(p.op === 'reduce' ? dstCells : [])];
          add(tb, p.op === 'copy' ? 'cpy' : 're', src, slot(p.dstSlot), p.cnt, null, reads, dstCells);
        } else if (p.dst === g) {
          const tb = tbOf(`r${p.src}/${p.chan}`);
          if (p.op === 'copy') {
            add(tb, 'r', null, slot(p.dstSlot), p.cnt, p.srcPlace, [], dstCells);
          } else {
            tb.recvScratch = Math.max(tb.recvScratch, p.cnt);
            add(tb, 'r', null, { kind: 'recv', off: 0 }, p.cnt, p.srcPlace, [], []);
            add(tb, 're', { kind: 'recv', off: 0 }, slot(p.dstSlot), p.cnt, null, dstCells, dstCells);
          }
        }
      }
      start = end;
    }
  }

  private refBuffer(ref: Ref): MscclBuffer {
    return ref.kind === 'slot' ? this.placeOf(ref.slot).buf : 's';
  }

  /**
   * RCCL merges consecutive `re` steps of a threadblock into one place from one buffer and keeps the
   * last one's cnt (docs/msccl-xml.md §3.2): where two such steps differ in cnt, both go one chunk a step.
   */
  private unfuse(tbs: Tb[]): void {
    for (const tb of tbs) {
      for (let changed = true; changed;) {
        changed = false;
        for (let i = 1; i < tb.ops.length; i++) {
          const a = tb.ops[i - 1];
          const b = tb.ops[i];
          if (a.type !== 're' || b.type !== 're' || a.cnt === b.cnt) continue;
          invariant(a.dst?.kind === 'slot' && b.dst?.kind === 'slot' && a.src && b.src, 're writes a place');
          const same =
            a.dst.slot === b.dst.slot && this.refBuffer(a.src) === this.refBuffer(b.src) && this.placeOf(a.dst.slot).buf === this.placeOf(b.dst.slot).buf;
          if (!same) continue;
          tb.ops.splice(i - 1, 2, ...this.split(a), ...this.split(b));
          changed = true;
          break;
        }
      }
    }
  }

  private split(op: Op): Op[] {
    if (op.cnt === 1) return [op];
    const shift = (ref: Ref, c: number): Ref => (ref.kind === 'slot' ? { kind: 'slot', slot: ref.slot + c } : { kind: ref.kind, off: ref.off + c });
    invariant(op.src && op.dst?.kind === 'slot', 're writes a place');
    const { src, dst } = op;
    const fromSlot = src.kind === 'slot';
    return range(0, op.cnt).map((c) => {
      const cell = dst.slot + c;
      const reads = [...(fromSlot ? [src.slot + c] : []), cell];
      return { ...op, seq: op.seq + c / op.cnt, src: shift(src, c), dst: shift(dst, c), cnt: 1, reads, writes: [cell], deps: [] };
    });
  }

  /** Dependencies between the threadblocks of one GPU, minus those implied by others (vector clocks). */
  private dependOn(tbs: Tb[]): void {
    const all = tbs.flatMap((tb) => {
      tb.ops.forEach((op, pos) => (op.pos = pos));
      return tb.ops;
    });
    all.sort((a, b) => a.seq - b.seq);
    // Threadblocks are sorted: a threadblock's id is its index.
    tbs.forEach((tb, i) => invariant(tb.id === i, 'threadblock ids are their indexes'));
    const cells = this.layout.slots;
    const lastWriter: (Op | null)[] = new Array<Op | null>(cells).fill(null);
    /** Per slot, the latest reader since the last write in each threadblock. */
    const readers: (Op | null)[][] = Array.from({ length: cells }, () => []);
    const clocks: Int32Array[] = tbs.map(() => new Int32Array(tbs.length).fill(-1));
    /** The latest operation of each threadblock the current one must follow. */
    const need: (Op | null)[] = new Array<Op | null>(tbs.length).fill(null);
    const touched: number[] = [];
    let current: Op = all[0];
    const consider = (other: Op | null) => {
      if (!other || other.tb === current.tb) return;
      const id = other.tb.id;
      const known = need[id];
      if (!known) touched.push(id);
      if (!known || known.pos < other.pos) need[id] = other;
    };
    for (const op of all) {
      current = op;
      for (const cell of op.reads) consider(lastWriter[cell]);
      for (const cell of op.writes) {
        consider(lastWriter[cell]);
        for (const reader of readers[cell]) consider(reader);
      }
      const base = clocks[op.tb.id];
      const candidates: Op[] = [];
      for (const id of touched) {
        const other = need[id]!;
        need[id] = null;
        if (base[id] < other.pos) candidates.push(other);
      }
      touched.length = 0;
      const kept = candidates.filter((c) => !candidates.some((other) => other !== c && other.clock![c.tb.id] >= c.pos));
      kept.sort((a, b) => a.tb.id - b.tb.id);
      for (const dep of kept) {
        dep.hasdep = true;
        const theirs = dep.clock!;
        for (let i = 0; i < base.length; i++) if (theirs[i] > base[i]) base[i] = theirs[i];
      }
      base[op.tb.id] = op.pos;
      op.clock = Int32Array.from(base);
      op.deps = kept;
      for (const cell of op.reads) if (!op.writes.includes(cell)) readers[cell][op.tb.id] = op;
      for (const cell of op.writes) {
        lastWriter[cell] = op;
        readers[cell] = [];
      }
    }
  }

  private assemble(builds: GpuBuild[]): MscclAlgo {
    const { layout, schedule } = this;
    let channels = 1;
    const gpus: MscclGpu[] = builds.map((build, id) => {
      let scratch = layout.scratch;
      for (const tb of build.tbs) {
        tb.base = scratch;
        scratch += tb.recvScratch + tb.stageScratch;
        channels = Math.max(channels, tb.chan + 1);
      }
      const place = (tb: Tb, ref: Ref): Place =>
        ref.kind === 'slot' ? this.placeOf(ref.slot) : { buf: 's', off: tb.base + (ref.kind === 'stage' ? tb.recvScratch : 0) + ref.off };
      const threadblocks: MscclThreadblock[] = build.tbs.map((tb) => {
        const steps: MscclStep[] = [];
        for (const op of tb.ops) {
          const deps = op.deps;
          for (let d = 0; d < deps.length - 1; d++) {
            steps.push({
              s: steps.length,
              type: 'nop',
              srcbuf: 'i',
              srcoff: -1,
              dstbuf: 'o',
              dstoff: -1,
              cnt: 0,
              depid: deps[d].tb.id,
              deps: deps[d].s,
              hasdep: 0,
            });
          }
          const last = deps[deps.length - 1];
          const src = op.src ? place(tb, op.src) : op.peer!;
          const dst = op.dst ? place(tb, op.dst) : op.peer!;
          invariant(steps.length === op.s, 'steps numbered in order');
          steps.push({
            s: op.s,
            type: op.type,
            srcbuf: src.buf,
            srcoff: src.off,
            dstbuf: dst.buf,
            dstoff: dst.off,
            cnt: op.cnt,
            depid: last ? last.tb.id : -1,
            deps: last ? last.s : -1,
            hasdep: op.hasdep ? 1 : 0,
          });
        }
        return { id: tb.id, send: tb.send, recv: tb.recv, chan: tb.chan, steps };
      });
      return { id, i_chunks: layout.input, o_chunks: layout.output, s_chunks: scratch, threadblocks };
    });
    const inplace = layout.inPlace ? 1 : 0;
    return {
      name: algoName(schedule),
      proto: 'Simple',
      nchannels: channels,
      nchunksperloop: layout.chunks,
      ngpus: this.devices,
      coll: COLLECTIVE_OF[layout.collective],
      inplace,
      outofplace: inplace ? 0 : 1,
      minBytes: 0,
      maxBytes: 0,
      gpus,
    };
  }
}

/** Orders 'peer/chan' keys by peer, then channel. */
function compareNumbers(a: string, b: string): number {
  const [pa, ca] = a.split('/').map(Number);
  const [pb, cb] = b.split('/').map(Number);
  return pa - pb || ca - cb;
}
