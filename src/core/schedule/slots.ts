// Where a schedule's chunks live on a device. A version-1 schedule has one buffer of C chunks, so a
// device has C places ("slots"), slot c holding chunk c. Version 2 has input, output and scratch
// buffers (docs/schedule-format.md): in place, input and output are windows of one buffer of C
// chunks, so slots are that buffer's C chunks and then the scratch; out of place, the input's
// chunks, then the output's, then the scratch. Every engine, check and view that keeps a value per
// (device, place) indexes it by slot.

import { SCHEDULE_FORMAT_2, type BufferName, type Collective, type ScheduleHeader } from './ir';

export interface SlotLayout {
  readonly devices: number;
  /** The collective's chunks: C. */
  readonly chunks: number;
  readonly collective: Collective;
  /** Whether input and output share memory. */
  readonly inPlace: boolean;
  /** Chunks of each buffer. */
  readonly input: number;
  readonly output: number;
  readonly scratch: number;
  /** Slots per device. */
  readonly slots: number;
  /** Whether the schedule is version 2 (its transfers may name buffers and offsets). */
  readonly buffered: boolean;
}

/** Chunks of a device's input and output: C, but C/N for allgather's input and reduce-scatter's output. */
export function bufferChunks(collective: Collective, chunks: number, devices: number): { input: number; output: number } {
  const part = Math.floor(chunks / devices);
  return { input: collective === 'allgather' ? part : chunks, output: collective === 'reduce-scatter' ? part : chunks };
}

export function slotLayout(header: Pick<ScheduleHeader, 'format' | 'collective' | 'devices' | 'chunks' | 'inPlace' | 'scratch'>): SlotLayout {
  const { collective, devices, chunks } = header;
  // Version 1 has neither field; a file that carries them anyway keeps its version-1 meaning.
  const buffered = header.format === SCHEDULE_FORMAT_2;
  const inPlace = !buffered || (header.inPlace ?? true);
  const scratch = buffered ? (header.scratch ?? 0) : 0;
  const { input, output } = bufferChunks(collective, chunks, devices);
  const data = inPlace ? chunks : input + output;
  return { devices, chunks, collective, inPlace, input, output, scratch, slots: data + scratch, buffered };
}

/** The buffer a transfer means when it names none: the one of C chunks. */
export function defaultBuffer(collective: Collective): BufferName {
  return collective === 'allgather' ? 'output' : 'input';
}

/** Chunks in a buffer. */
export function bufferSize(layout: SlotLayout, buffer: BufferName): number {
  return buffer === 'input' ? layout.input : buffer === 'output' ? layout.output : layout.scratch;
}

/**
 * The chunk of the collective's data (0..C−1) that chunk j of a device's input or output stands
 * for: allgather's input and reduce-scatter's output are device d's block [d·C/N, (d+1)·C/N).
 */
export function dataChunk(layout: SlotLayout, device: number, buffer: 'input' | 'output', chunk: number): number {
  const small = buffer === 'input' ? layout.collective === 'allgather' : layout.collective === 'reduce-scatter';
  return small ? device * (layout.chunks / layout.devices) + chunk : chunk;
}

/** The slot of chunk j of a device's buffer (the caller keeps j inside the buffer). */
export function slotOf(layout: SlotLayout, device: number, buffer: BufferName, chunk: number): number {
  if (buffer === 'scratch') return layout.slots - layout.scratch + chunk;
  if (layout.inPlace) return dataChunk(layout, device, buffer, chunk);
  return buffer === 'input' ? chunk : layout.input + chunk;
}

/**
 * A device's buffers in slot order, each with its slots, leaving out empty ones: in place the buffer
 * of C chunks (called by its collective's default) and scratch; else input, output and scratch.
 */
export function slotBuffers(layout: SlotLayout): { name: BufferName; slots: number }[] {
  const all: { name: BufferName; slots: number }[] = layout.inPlace
    ? [
        { name: defaultBuffer(layout.collective), slots: layout.chunks },
        { name: 'scratch', slots: layout.scratch },
      ]
    : [
        { name: 'input', slots: layout.input },
        { name: 'output', slots: layout.output },
        { name: 'scratch', slots: layout.scratch },
      ];
  return all.filter((buffer) => buffer.slots > 0);
}

/** What a slot is: its buffer (in place, a data slot is called by the buffer of C chunks) and chunk in it. */
export function slotPlace(layout: SlotLayout, slot: number): { buffer: BufferName; chunk: number } {
  const scratchStart = layout.slots - layout.scratch;
  if (slot >= scratchStart) return { buffer: 'scratch', chunk: slot - scratchStart };
  if (layout.inPlace) return { buffer: defaultBuffer(layout.collective), chunk: slot };
  return slot < layout.input ? { buffer: 'input', chunk: slot } : { buffer: 'output', chunk: slot - layout.input };
}

/** A place in words, chunks counted from 1: "scratch chunk 2", "output chunk 3"; in place, "input chunk 3" too. */
export function placeName(layout: SlotLayout, slot: number): string {
  const { buffer, chunk } = slotPlace(layout, slot);
  return `${buffer} chunk ${chunk + 1}`;
}

/**
 * The chunk of the data a slot holds at the start (device d's contribution to it), or −1 when it
 * holds nothing: an out-of-place output and the scratch.
 */
export function initialChunk(layout: SlotLayout, device: number, slot: number): number {
  if (slot >= layout.slots - layout.scratch) return -1;
  if (layout.inPlace) return slot;
  return slot < layout.input ? dataChunk(layout, device, 'input', slot) : -1;
}

/** The slot where device d's result for data chunk c ends, or −1 when its output does not hold c. */
export function resultSlot(layout: SlotLayout, device: number, chunk: number): number {
  if (layout.inPlace) return chunk;
  const first = dataChunk(layout, device, 'output', 0);
  return chunk >= first && chunk < first + layout.output ? layout.input + (chunk - first) : -1;
}

/** Per slot of device d, the data chunk whose result it ends holding (resultSlot turned round), or −1. */
export function resultChunks(layout: SlotLayout, device: number): Int32Array {
  const chunks = new Int32Array(layout.slots).fill(-1);
  for (let c = 0; c < layout.chunks; c++) {
    const slot = resultSlot(layout, device, c);
    if (slot >= 0) chunks[slot] = c;
  }
  return chunks;
}

/**
 * Where device d's K-element result row takes data chunk c from: its output's place for c, or, where
 * the output holds only the device's own part (reduce-scatter out of place), the input's chunk c.
 */
export function rowSlot(layout: SlotLayout, device: number, chunk: number): number {
  const slot = resultSlot(layout, device, chunk);
  return slot >= 0 ? slot : chunk;
}
