// An MSCCL algorithm as a gradsync-schedule/2: MSCCL's asynchronous threadblocks turned into
// synchronous steps ("rounds", importRounds.ts) that leave every buffer with exactly what MSCCL
// computes. This file makes each round's transfers.
//
// A send in round k received in round k' ≥ k is one transfer in step k', reading the sender's source
// then, unless something writes that source in rounds k..k'−1: then the message goes in round k into a
// relay chunk of the receiver's scratch (appended after the largest s_chunks, reused once consumed),
// and in round k' the receiver applies it locally. rrs stores nothing: what it forwards lives in a
// relay chunk of its GPU until the step it is forwarded to takes it. rrc (and rrcs) reduce the
// message with a local place: one reduce when that place is the destination, else a copy of the
// message and then a local reduce into the destination in the same step, which the IR allows. Rounds
// in which nothing moves (only sends whose receives come later, steps of cnt 0) are left out.

import { GradsyncError, invariant } from '../../errors';
import { MAX_CELLS, SCHEDULE_FORMAT_2, type BufferName, type Schedule, type Step, type Transfer } from '../../schedule/ir';
import { slotLayout, slotOf, slotPlace } from '../../schedule/slots';
import { forwards, roundsOf, type Op } from './importRounds';
import { BUFFER_OF_LETTER, GRADSYNC_COLLECTIVE_OF, type MscclAlgo, type MscclBuffer } from './program';
import { checkMscclAlgo, parseMscclXml, stepLine, writesDestination } from './xml';
import type { ScheduleSources, TransferSource } from '../transferSources';

/** A place on a device: a buffer's chunk, its slot (-1 for a relay chunk, which nothing else touches). */
interface Place {
  buffer: BufferName;
  chunk: number;
  slot: number;
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
 * 'bad-input' for an invalid algorithm or two writes of one place that nothing orders; 'unmatched'
 * for a send and receive of different cnt or a send nobody receives; 'deadlock' when steps can never
 * run; 'unsupported'
 * for what gradsync's schedules cannot say; 'too-large' past the IR's limits.
 */
export function scheduleFromMscclAlgo(algo: MscclAlgo): Schedule {
  return withSources(algo).schedule;
}

/** scheduleFromMscclAlgo, with where each transfer is written: the step it was made from. */
function withSources(algo: MscclAlgo): { schedule: Schedule; sources: ScheduleSources } {
  checkMscclAlgo(algo);
  const devices = algo.ngpus;
  const chunks = algo.nchunksperloop;
  const collective = GRADSYNC_COLLECTIVE_OF[algo.coll];
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
  const { ops, round, rounds, roundStart, byRound } = roundsOf(algo);
  const n = ops.length;

  const place = (gpu: number, buffer: MscclBuffer, chunk: number): Place => {
    const name = BUFFER_OF_LETTER[buffer];
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
      const first = slotOf(layout, gpu, BUFFER_OF_LETTER[step.dstbuf], step.dstoff);
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
  const sources: (TransferSource | null)[][] = [];
  for (const list of placed) {
    if (list.length === 0) continue;
    list.sort((a, b) => a.op - b.op);
    const transfers = list.map((entry) => entry.transfer);
    steps.push({ phase: transfers.some((t) => t.op === 'reduce') ? 'share-reduce' : 'share-only', transfers });
    sources.push(list.map((entry) => sourceOfOp(ops[entry.op])));
  }
  const scratch = ownScratch + relays.count;
  const schedule: Schedule = {
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
  return { schedule, sources };
}

/** Where the step an op runs is written; a relayed message's copy is its receiving step's. */
function sourceOfOp({ gpu, tb, step }: Op): TransferSource | null {
  const line = stepLine(step);
  return line === undefined ? null : { line, where: `gpu ${gpu}, tb ${tb.id}, step s=${step.s} (${step.type})`, format: 'msccl' };
}

/** Reads an MSCCL algorithm's XML (parseMscclXml) and makes its schedule (scheduleFromMscclAlgo). */
export function importMscclXml(text: string): Schedule {
  return scheduleFromMscclAlgo(parseMscclXml(text));
}

/** importMscclXml, with where each transfer is written (transferSources.ts). */
export function importMscclXmlWithSources(text: string): { schedule: Schedule; sources: ScheduleSources } {
  return withSources(parseMscclXml(text));
}
