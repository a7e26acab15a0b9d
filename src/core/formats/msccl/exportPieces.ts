// The first stage of exporting a schedule as an MSCCL program: its transfers as the pieces the
// program is made of. Consecutive chunks that consecutive transfers of a step move between the same
// places are one message; a message or local operation longer than a step's cnt allows is cut into
// pieces of at most MSCCL_LIMITS.maxCount chunks. A local operation that must read its source before
// the step writes it (or whose source overlaps its destination) is marked to be staged through
// scratch, and each message is numbered among its pair's, for spreading pairs over channels.

import { GradsyncError } from '../../errors';
import { BUFFERS, type Schedule, type TransferOp } from '../../schedule/ir';
import { bufferSize, defaultBuffer, slotLayout, slotOf, slotPlace, type SlotLayout } from '../../schedule/slots';
import { LETTER_OF_BUFFER, MSCCL_LIMITS, type MscclBuffer } from './program';

export interface Place {
  buf: MscclBuffer;
  off: number;
}

/** A message between two devices, or a local operation, of at most MSCCL_LIMITS.maxCount chunks. */
export interface Piece {
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

/** A schedule's pieces, and what spreading them over channels and threadblocks needs to know. */
export interface Pieces {
  layout: SlotLayout;
  devices: number;
  /** Pieces of each step, in listed order. */
  steps: Piece[][];
  /** Pieces each GPU takes part in, in order. */
  byGpu: Piece[][];
  /** Per (src, dst) pair, by src·N + dst: its messages, and the destination slots they write. */
  pairCounts: Map<number, number>;
  pairSlots: Map<number, Set<number>>;
  /** Per GPU: the destination slots of its local operations. */
  localSlots: Set<number>[];
}

/** How messages name the schedule's algorithm: its id, and the collective too beyond all-reduce. */
export function label(schedule: Schedule): string {
  return schedule.collective === 'allreduce' ? schedule.algorithm : `${schedule.algorithm} ${schedule.collective}`;
}

export function range(start: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => start + i);
}

/** A slot as a place of the program: in place, the data are always the buffer of C chunks. */
export function placeOf(layout: SlotLayout, slot: number): Place {
  const { buffer, chunk } = slotPlace(layout, slot);
  return { buf: LETTER_OF_BUFFER[buffer], off: chunk };
}

/** The pieces of a schedule; throws GradsyncError('invalid-schedule') for a transfer the export cannot read. */
export function piecesOf(schedule: Schedule): Pieces {
  function invalid(message: string): never {
    throw new GradsyncError('invalid-schedule', `cannot export ${label(schedule)} as MSCCL XML: ${message}`);
  }
  const layout = slotLayout(schedule);
  const devices = schedule.devices;
  if (!Number.isInteger(devices) || devices < 1) invalid(`devices must be a positive integer, got ${devices}`);
  const place = (slot: number): Place => placeOf(layout, slot);
  const steps: Piece[][] = [];
  const byGpu: Piece[][] = Array.from({ length: devices }, () => []);
  const localSlots = Array.from({ length: devices }, () => new Set<number>());
  const pairCounts = new Map<number, number>();
  const pairSlots = new Map<number, Set<number>>();
  const fallback = defaultBuffer(layout.collective);
  interface Group extends Omit<Piece, 'chan' | 'tbKey' | 'stageOff' | 'ordinal' | 'rank' | 'staged'> {
    position: number;
  }
  const ordinals = new Map<number, number>();
  schedule.steps.forEach((step, k) => {
    const groups: Group[] = [];
    step.transfers.forEach((t, index) => {
      const where = `step ${k + 1}, transfer ${index + 1}`;
      const srcBuffer = t.srcBuffer ?? fallback;
      const dstBuffer = t.dstBuffer ?? fallback;
      const srcChunk = t.srcChunk ?? t.chunk;
      const count = t.count ?? 1;
      for (const device of [t.src, t.dst]) {
        if (!Number.isInteger(device) || device < 0 || device >= devices) invalid(`${where} names device ${device} of ${devices}`);
      }
      if (!BUFFERS.includes(srcBuffer) || !BUFFERS.includes(dstBuffer)) invalid(`${where} names an unknown buffer`);
      if (t.op !== 'copy' && t.op !== 'reduce') invalid(`${where} has op ${String(t.op)}`);
      if (!Number.isInteger(count) || count < 1) invalid(`${where} moves ${count} chunks`);
      for (const [buffer, chunk] of [
        [srcBuffer, srcChunk],
        [dstBuffer, t.chunk],
      ] as const) {
        const size = bufferSize(layout, buffer);
        if (!Number.isInteger(chunk) || chunk < 0 || chunk + count > size) invalid(`${where} reaches past the ${size} chunks of the ${buffer}`);
      }
      const srcSlot = slotOf(layout, t.src, srcBuffer, srcChunk);
      const dstSlot = slotOf(layout, t.dst, dstBuffer, t.chunk);
      const srcPlace = place(srcSlot);
      const dstPlace = place(dstSlot);
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
      for (let first = 0; first < group.cnt; first += MSCCL_LIMITS.maxCount) {
        const cnt = Math.min(MSCCL_LIMITS.maxCount, group.cnt - first);
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
        byGpu[piece.src].push(piece);
        if (local) {
          localSlots[piece.src].add(piece.dstSlot);
        } else {
          byGpu[piece.dst].push(piece);
          pairCounts.set(pair, ordinal + 1);
          let slots = pairSlots.get(pair);
          if (!slots) pairSlots.set(pair, (slots = new Set()));
          slots.add(piece.dstSlot);
        }
      }
    }
    steps.push(pieces);
  });
  // Each message's destination chunk ranked among its pair's, so that spreading by chunk balances.
  const ranks = new Map<number, Map<number, number>>();
  for (const [pair, slots] of pairSlots) ranks.set(pair, new Map([...slots].sort((a, b) => a - b).map((slot, rank) => [slot, rank])));
  for (const pieces of steps)
    for (const piece of pieces) if (piece.src !== piece.dst) piece.rank = ranks.get(piece.src * devices + piece.dst)!.get(piece.dstSlot)!;
  return { layout, devices, steps, byGpu, pairCounts, pairSlots, localSlots };
}
