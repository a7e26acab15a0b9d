// Chunk-major layout of all device buffers: chunk c of every device sits together,
// [chunk 0: GPU-0 … GPU-(N−1)][chunk 1: …]. A transfer only ever moves chunk c to chunk c, so an
// engine that works chunk by chunk touches one contiguous region at a time. With `align` = 4 every
// piece starts on and spans whole vec4s (the padding is never read back), which the GPU kernels need.

import { chunkOffsets } from '../core/chunks';

export class ChunkMajorLayout {
  readonly devices: number;
  readonly elements: number;
  readonly chunks: number;
  /** Chunk c of the K-element buffer is [starts[c], starts[c+1]). */
  readonly starts: Int32Array;
  /** Where chunk c's pieces begin, and each piece's padded length. */
  private readonly pieceStart: Float64Array;
  private readonly pieceLength: Int32Array;
  /** Elements of the whole layout, padding included. */
  readonly totalElements: number;

  constructor(devices: number, elements: number, chunks: number, align = 1) {
    this.devices = devices;
    this.elements = elements;
    this.chunks = chunks;
    this.starts = chunkOffsets(elements, chunks);
    this.pieceStart = new Float64Array(chunks + 1);
    this.pieceLength = new Int32Array(chunks);
    for (let c = 0; c < chunks; c++) {
      const length = this.starts[c + 1] - this.starts[c];
      this.pieceLength[c] = Math.ceil(length / align) * align;
      this.pieceStart[c + 1] = this.pieceStart[c] + this.pieceLength[c] * devices;
    }
    this.totalElements = this.pieceStart[chunks];
  }

  /** Where (device, chunk) begins. */
  offset(device: number, chunk: number): number {
    return this.pieceStart[chunk] + device * this.pieceLength[chunk];
  }

  /** Chunk c's length with padding. */
  paddedLength(chunk: number): number {
    return this.pieceLength[chunk];
  }

  /** Device-major values (device d's element e at d·K + e) into this layout; padding stays as it is. */
  scatter(deviceMajor: Float32Array, into: Float32Array): void {
    this.copyPieces(deviceMajor, into, true);
  }

  /** Values in this layout back into device-major order. */
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
