// Which transfers read a snapshot. A message is the source chunk as it stood at the start of the
// step. Applied one after the other in listed order (the CPU engine), a transfer reads the right
// value in place unless an earlier transfer of the step already wrote its source (device, chunk);
// applied all at once (the GPU engine), unless any transfer of the step writes it. Only those sources
// are copied to the wire first — once per source cell and step, however many transfers read it — so
// ring and tree steps run fully in place and naive copies each device's buffer once per step.

import { type CompiledSchedule, MAX_CELLS } from '../core/schedule';
import { invariant } from '../core/errors';
import type { ChunkMajorLayout } from './layout';

export interface SnapshotPlan {
  /** 1 when transfer t reads its message from the wire. */
  fromWire: Uint8Array;
  /** 1 when transfer t is the first of its step to read its source from the wire: it fills the wire. */
  fillsWire: Uint8Array;
  /** Offset of transfer t's message in the wire (elements), when fromWire. */
  wireOffset: Int32Array;
  /** Wire elements the largest step needs. */
  wireElements: number;
}

/** 'in-order': transfers applied one by one in listed order; 'concurrent': all at once. */
type ApplyOrder = 'in-order' | 'concurrent';

/** Wire offsets follow the layout's (possibly padded) piece lengths. */
export function planSnapshots(compiled: CompiledSchedule, layout: ChunkMajorLayout, order: ApplyOrder = 'in-order'): SnapshotPlan {
  const { stepStart, src, dst, chunk, srcChunk, slots, devices, steps } = compiled;
  const count = src.length;
  const fromWire = new Uint8Array(count);
  const fillsWire = new Uint8Array(count);
  const wireOffset = new Int32Array(count);
  const cells = devices * slots;
  // A compiled schedule has at most MAX_CELLS cells (compileSchedule checks), so flat arrays fit.
  invariant(cells <= MAX_CELLS, `${devices} × ${slots} cells exceed MAX_CELLS`);
  // Per cell: the step (1-based) in which it was last written, and where its snapshot sits on the wire.
  const writtenIn = new Int32Array(cells);
  const snapshotIn = new Int32Array(cells);
  const snapshotAt = new Int32Array(cells);
  let wireElements = 0;
  for (let s = 0; s < steps; s++) {
    let used = 0;
    if (order === 'concurrent') {
      for (let t = stepStart[s]; t < stepStart[s + 1]; t++) writtenIn[dst[t] * slots + chunk[t]] = s + 1;
    }
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
      const read = src[t] * slots + srcChunk[t];
      if (writtenIn[read] === s + 1) {
        fromWire[t] = 1;
        if (snapshotIn[read] === s + 1) {
          wireOffset[t] = snapshotAt[read];
        } else {
          fillsWire[t] = 1;
          wireOffset[t] = used;
          snapshotIn[read] = s + 1;
          snapshotAt[read] = used;
          used += layout.paddedLength(srcChunk[t]);
        }
      }
      writtenIn[dst[t] * slots + chunk[t]] = s + 1;
    }
    wireElements = Math.max(wireElements, used);
  }
  return { fromWire, fillsWire, wireOffset, wireElements };
}
