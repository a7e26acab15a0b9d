// Chunk-major layout of all device buffers: chunk c of every device sits together,
// [chunk 0: GPU-0 … GPU-(N−1)][chunk 1: …]. A transfer only ever moves chunk c to chunk c, so an
// engine that works chunk by chunk touches one contiguous region at a time.

import { chunkOffsets } from '../core/chunks';

export class ChunkMajorLayout {
  readonly devices: number;
  readonly elements: number;
  readonly chunks: number;
  readonly starts: Int32Array;

  constructor(devices: number, elements: number, chunks: number) {
    this.devices = devices;
    this.elements = elements;
    this.chunks = chunks;
    this.starts = chunkOffsets(elements, chunks);
  }

  /** Where (device, chunk) begins in the chunk-major array. */
  offset(device: number, chunk: number): number {
    const start = this.starts[chunk];
    return start * this.devices + device * (this.starts[chunk + 1] - start);
  }

  /** Device-major values (device d's element e at d·K + e) into chunk-major order. */
  scatter(deviceMajor: Float32Array, into: Float32Array): void {
    this.copyPieces(deviceMajor, into, true);
  }

  /** Chunk-major values back into device-major order. */
  gather(from: Float32Array, deviceMajor: Float32Array): void {
    this.copyPieces(from, deviceMajor, false);
  }

  /** Device d's K values, as a new array. */
  device(from: Float32Array, device: number): Float32Array {
    const out = new Float32Array(this.elements);
    for (let c = 0; c < this.chunks; c++) {
      const start = this.starts[c];
      const at = this.offset(device, c);
      out.set(from.subarray(at, at + this.starts[c + 1] - start), start);
    }
    return out;
  }

  private copyPieces(source: Float32Array, target: Float32Array, toChunkMajor: boolean): void {
    const K = this.elements;
    for (let c = 0; c < this.chunks; c++) {
      const start = this.starts[c];
      const length = this.starts[c + 1] - start;
      if (length === 0) continue;
      for (let d = 0; d < this.devices; d++) {
        const deviceAt = d * K + start;
        const chunkAt = start * this.devices + d * length;
        const from = toChunkMajor ? deviceAt : chunkAt;
        const to = toChunkMajor ? chunkAt : deviceAt;
        for (let i = 0; i < length; i++) target[to + i] = source[from + i];
      }
    }
  }
}
