// Builders write their transfers straight into flat arrays, step by step: a ring on 1024 devices has
// two million transfers, too many to make into objects before anything reads them (../schedule/flat.ts
// makes them when asked).

import { OP_COPY, OP_REDUCE } from '../schedule/compile';
import type { FlatSchedule } from '../schedule/flat';
import type { ScheduleHeader, TransferOp } from '../schedule/ir';

export class ScheduleWriter {
  private src = new Int32Array(1024);
  private dst = new Int32Array(1024);
  private chunk = new Int32Array(1024);
  private op = new Uint8Array(1024);
  private length = 0;
  private readonly starts: number[] = [];
  private readonly phases: string[] = [];

  /** Starts the next step: the transfers written after it are its own. */
  step(phase: string): void {
    this.starts.push(this.length);
    this.phases.push(phase);
  }

  /** One transfer per chunk of [first, first + count), in chunk order: a message of consecutive chunks. */
  chunks(src: number, dst: number, first: number, count: number, op: TransferOp): void {
    this.reserve(count);
    const code = op === 'copy' ? OP_COPY : OP_REDUCE;
    let t = this.length;
    for (let c = first; c < first + count; c++, t++) {
      this.src[t] = src;
      this.dst[t] = dst;
      this.chunk[t] = c;
      this.op[t] = code;
    }
    this.length = t;
  }

  transfer(src: number, dst: number, chunk: number, op: TransferOp): void {
    this.chunks(src, dst, chunk, 1, op);
  }

  /** The schedule written, with `header`; the writer is done. */
  finish(header: ScheduleHeader): FlatSchedule {
    const stepStart = Uint32Array.from([...this.starts, this.length]);
    const n = this.length;
    // Arrays filled exactly (a builder reserved the count) are taken as they are.
    const trim = <T extends Int32Array | Uint8Array>(array: T): T => (array.length === n ? array : (array.slice(0, n) as T));
    return { header, phases: this.phases, stepStart, src: trim(this.src), dst: trim(this.dst), chunk: trim(this.chunk), op: trim(this.op) };
  }

  /** Makes room for `count` more transfers at once (growing by doubling works too, with copies). */
  reserve(count: number): void {
    const needed = this.length + count;
    if (needed <= this.src.length) return;
    const capacity = Math.max(needed, 2 * this.src.length);
    this.src = grown(this.src, capacity);
    this.dst = grown(this.dst, capacity);
    this.chunk = grown(this.chunk, capacity);
    this.op = grown(this.op, capacity);
  }
}

function grown<T extends Int32Array | Uint8Array>(array: T, capacity: number): T {
  const bigger = new (array.constructor as new (length: number) => T)(capacity);
  bigger.set(array);
  return bigger;
}
