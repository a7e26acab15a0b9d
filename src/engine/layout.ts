// Chunk-major layout of all device buffers: each place of every device sits together,
// [place 0: GPU-0 … GPU-(N−1)][place 1: …]. In a version-1 schedule the places are the C chunks of
// the one buffer, and a transfer only ever moves chunk c to chunk c, so an engine that works chunk by
// chunk touches one contiguous region at a time. A version-2 schedule's places are its slots
// (core/schedule/slots.ts: input, output and scratch chunks), all K/C elements long when it moves chunks
// between places. With `align` = 4 every piece starts on and spans whole vec4s (the padding is never
// read back), which the GPU kernels need.

import { chunkOffsets, checkElements, type CompiledSchedule, initialChunk, rowSlot, type SlotLayout } from '../core/schedule';

export class ChunkMajorLayout {
  readonly devices: number;
  readonly elements: number;
  readonly chunks: number;
  /** Places per device: the chunks, or a version-2 schedule's slots. */
  readonly slots: number;
  /** Chunk c of the K-element buffer is [starts[c], starts[c+1]). */
  readonly starts: Int32Array;
  /** Where each place's pieces begin, each piece's length, and its padded length. */
  private readonly pieceStart: Float64Array;
  private readonly pieceElements: Int32Array;
  private readonly pieceLength: Int32Array;
  /** Elements of the whole layout, padding included. */
  readonly totalElements: number;
  /** The schedule's buffers, when its places are not simply the chunks. */
  private readonly places: SlotLayout | null;

  constructor(devices: number, elements: number, chunks: number, align = 1, places: SlotLayout | null = null) {
    this.devices = devices;
    this.elements = elements;
    this.chunks = chunks;
    this.places = places;
    this.slots = places?.slots ?? chunks;
    this.starts = chunkOffsets(elements, chunks);
    if (places) checkElements({ equalChunks: true, chunks }, elements);
    this.pieceStart = new Float64Array(this.slots + 1);
    this.pieceElements = new Int32Array(this.slots);
    this.pieceLength = new Int32Array(this.slots);
    for (let s = 0; s < this.slots; s++) {
      const length = places ? elements / chunks : this.starts[s + 1] - this.starts[s];
      this.pieceElements[s] = length;
      this.pieceLength[s] = Math.ceil(length / align) * align;
      this.pieceStart[s + 1] = this.pieceStart[s] + this.pieceLength[s] * devices;
    }
    this.totalElements = this.pieceStart[this.slots];
  }

  /** Where (device, place) begins. */
  offset(device: number, slot: number): number {
    return this.pieceStart[slot] + device * this.pieceLength[slot];
  }

  /** A place's length with padding. */
  paddedLength(slot: number): number {
    return this.pieceLength[slot];
  }

  /** A place's length. */
  length(slot: number): number {
    return this.pieceElements[slot];
  }

  /**
   * Device-major values (device d's element e at d·K + e) into this layout: each device's input;
   * places that hold nothing at the start (an out-of-place output, scratch) are zero. Padding stays.
   */
  scatter(deviceMajor: Float32Array, into: Float32Array): void {
    if (!this.places) {
      this.copyPieces(deviceMajor, into, true);
      return;
    }
    const places = this.places;
    for (let d = 0; d < this.devices; d++) {
      for (let s = 0; s < this.slots; s++) {
        const at = this.offset(d, s);
        const length = this.pieceElements[s];
        const chunk = initialChunk(places, d, s);
        if (chunk < 0) into.fill(0, at, at + length);
        else into.set(deviceMajor.subarray(d * this.elements + this.starts[chunk], d * this.elements + this.starts[chunk] + length), at);
      }
    }
  }

  /** Each device's result (its output buffer) back into device-major order. */
  gather(from: Float32Array, deviceMajor: Float32Array): void {
    if (!this.places) {
      this.copyPieces(from, deviceMajor, false);
      return;
    }
    for (let d = 0; d < this.devices; d++) deviceMajor.set(this.device(from, d), d * this.elements);
  }

  /**
   * Device d's K values, as a new array: its output buffer, and where the output holds only its
   * own part (reduce-scatter out of place), the input for the rest.
   */
  device(from: Float32Array, device: number): Float32Array {
    const out = new Float32Array(this.elements);
    for (let c = 0; c < this.chunks; c++) {
      const start = this.starts[c];
      const at = this.offset(device, this.resultPlace(device, c));
      out.set(from.subarray(at, at + this.starts[c + 1] - start), start);
    }
    return out;
  }

  private resultPlace(device: number, chunk: number): number {
    return this.places ? rowSlot(this.places, device, chunk) : chunk;
  }

  private copyPieces(source: Float32Array, target: Float32Array, intoLayout: boolean): void {
    const K = this.elements;
    for (let c = 0; c < this.chunks; c++) {
      const start = this.starts[c];
      const length = this.starts[c + 1] - start;
      if (length === 0) continue;
      for (let d = 0; d < this.devices; d++) {
        const deviceAt = d * K + start;
        const layoutAt = this.offset(d, c);
        const from = intoLayout ? deviceAt : layoutAt;
        const to = intoLayout ? layoutAt : deviceAt;
        for (let i = 0; i < length; i++) target[to + i] = source[from + i];
      }
    }
  }
}

/** An engine's layout for a schedule at K elements per device. */
export function engineLayout(compiled: CompiledSchedule, elements: number, align = 1): ChunkMajorLayout {
  return new ChunkMajorLayout(compiled.devices, elements, compiled.chunks, align, compiled.equalChunks ? compiled.layout : null);
}
