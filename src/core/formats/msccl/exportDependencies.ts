// The dependencies between the threadblocks of one GPU of the exported program: read-after-write,
// write-after-read and write-after-write on every slot, in the program's order, each on the latest
// conflicting operation of the other threadblock. Vector clocks over the GPU's threadblocks drop
// those that threadblock order or another dependency already implies, so that few nops are needed:
// an operation keeps one dependency in its own step and each further one becomes a nop before it
// (exportXml.ts), and hasdep marks exactly the operations something waits on.

import { invariant } from '../../errors';
import type { Op, Tb } from './exportOperations';

/**
 * Sets the dependencies (deps) of every operation of one GPU's threadblocks, sorted by threadblock
 * id, and hasdep on those waited on; `cells` is the number of slots of a device.
 */
export function dependOn(tbs: Tb[], cells: number): void {
  const all = tbs.flatMap((tb) => {
    tb.ops.forEach((op, pos) => (op.pos = pos));
    return tb.ops;
  });
  all.sort((a, b) => a.seq - b.seq);
  // Threadblocks are sorted: a threadblock's id is its index.
  tbs.forEach((tb, i) => invariant(tb.id === i, 'threadblock ids are their indexes'));
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
