// A fast proof of a correct schedule. Transfers of one chunk touch only that chunk's cells, so the
// chunks are replayed one at a time. A value is a multiset of contributions as sorted runs
// [lo, hi, count] (contributions.ts' form), written once into an arena that is emptied between
// chunks, so a copy passes a reference and a reduce writes one merged run list: no object per value.
// The fingerprints of the expressions are ContributionReplay's, computed alike, so replicas agree
// exactly when they do there. Anything short of every expected cell holding exactly its range, each
// once, returns null: the tracker then replays the schedule to find and word the violation.

import { leafH1, leafH2, sumH1, sumH2 } from './fingerprint';
import { OP_COPY, type CompiledSchedule } from '../schedule/compile';

/** What the caller expects of (device, chunk) at the end, or null when the collective leaves it free. */
export type ExpectedRange = (device: number, chunk: number) => { lo: number; hi: number } | null;

/** The transfers ordered by chunk, in schedule order within a chunk: chunk c's are [chunkStart[c], chunkStart[c+1]). */
interface ChunkOrder {
  chunkStart: Uint32Array;
  step: Uint32Array;
  src: Int32Array;
  dst: Int32Array;
  op: Uint8Array;
}

/** A counting sort by chunk that copies each transfer's fields, so that the replay reads them in order. */
function byChunk(compiled: CompiledSchedule): ChunkOrder {
  const { chunks, steps, stepStart, src, dst, chunk, op } = compiled;
  const total = chunk.length;
  const chunkStart = new Uint32Array(chunks + 1);
  for (let t = 0; t < total; t++) chunkStart[chunk[t] + 1]++;
  for (let c = 0; c < chunks; c++) chunkStart[c + 1] += chunkStart[c];
  const next = chunkStart.slice(0, chunks);
  const sorted: ChunkOrder = { chunkStart, step: new Uint32Array(total), src: new Int32Array(total), dst: new Int32Array(total), op: new Uint8Array(total) };
  for (let s = 0; s < steps; s++) {
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
      const at = next[chunk[t]]++;
      sorted.step[at] = s;
      sorted.src[at] = src[t];
      sorted.dst[at] = dst[t];
      sorted.op[at] = op[t];
    }
  }
  return sorted;
}

/** Run lists of one chunk's values, appended and never changed; emptied for the next chunk. */
class RunArena {
  runs = new Int32Array(1 << 12);
  length = 0;

  /** The one-run value {device}. */
  single(device: number): number {
    const start = this.reserve(3);
    this.length = this.append(device, device + 1, 1, start, start);
    return start;
  }

  /** The multiset sum of the values at a (na ints) and b (nb ints): where it starts; its length is `length` − that. */
  merge(a: number, na: number, b: number, nb: number): number {
    const start = this.reserve(na + nb);
    const runs = this.runs;
    const aEnd = a + na;
    const bEnd = b + nb;
    let n = start;
    let x = Math.min(runs[a], runs[b]);
    while (a < aEnd || b < bEnd) {
      const aLo = a < aEnd ? runs[a] : 0x7fffffff;
      const bLo = b < bEnd ? runs[b] : 0x7fffffff;
      const inA = aLo <= x;
      const inB = bLo <= x;
      if (!inA && !inB) {
        x = Math.min(aLo, bLo);
        continue;
      }
      const end = Math.min(inA ? runs[a + 1] : aLo, inB ? runs[b + 1] : bLo);
      n = this.append(x, end, (inA ? runs[a + 2] : 0) + (inB ? runs[b + 2] : 0), n, start);
      x = end;
      if (inA && runs[a + 1] === x) a += 3;
      if (inB && runs[b + 1] === x) b += 3;
    }
    this.length = n;
    return start;
  }

  /** Where a value of up to `ints` ints can be written, growing the arena if need be. */
  private reserve(ints: number): number {
    // Two run lists of r and s runs merge into at most r + s + (r + s − 1) runs.
    const needed = this.length + 2 * ints;
    if (needed > this.runs.length) {
      const grown = new Int32Array(Math.max(needed, 2 * this.runs.length));
      grown.set(this.runs.subarray(0, this.length));
      this.runs = grown;
    }
    return this.length;
  }

  /** Writes a run at n, joined to the run before it (of the value from `start`) when they meet with equal counts. */
  private append(lo: number, hi: number, count: number, n: number, start: number): number {
    const runs = this.runs;
    if (n > start && runs[n - 2] === lo && runs[n - 1] === count) {
      runs[n - 2] = hi;
      return n;
    }
    runs[n] = lo;
    runs[n + 1] = hi;
    runs[n + 2] = count;
    return n + 3;
  }
}

/**
 * Proves the schedule correct and returns, per chunk, whether every expected replica is computed by
 * the same expression (up to commuting operands); null when it cannot (the schedule may be wrong).
 */
export function proveByChunk(compiled: CompiledSchedule, expected: ExpectedRange): Uint8Array | null {
  const { devices, chunks } = compiled;
  const { chunkStart, step: stepOf, src, dst, op } = byChunk(compiled);
  const arena = new RunArena();
  // Per device, its value of the current chunk: where its runs start, how many ints, its fingerprint.
  const start = new Int32Array(devices);
  const ints = new Int32Array(devices);
  const h1 = new Uint32Array(devices);
  const h2 = new Uint32Array(devices);
  /** 1 + the chunk a device's value is of: until the chunk reaches it, a device holds its input. */
  const current = new Int32Array(devices);
  const inputH1 = Uint32Array.from({ length: devices }, (_, d) => leafH1(d));
  const inputH2 = Uint32Array.from({ length: devices }, (_, d) => leafH2(d));
  // The messages of one step, read at its start (values never change, so a reference is a snapshot).
  let message = { start: new Int32Array(64), ints: new Int32Array(64), h1: new Uint32Array(64), h2: new Uint32Array(64) };

  const input = (d: number, c: number) => {
    if (current[d] === c + 1) return;
    current[d] = c + 1;
    start[d] = arena.single(d);
    ints[d] = 3;
    h1[d] = inputH1[d];
    h2[d] = inputH2[d];
  };

  const sameOrder = new Uint8Array(chunks).fill(1);
  for (let c = 0; c < chunks; c++) {
    arena.length = 0;
    for (let i = chunkStart[c]; i < chunkStart[c + 1];) {
      const first = i;
      const step = stepOf[i];
      while (i < chunkStart[c + 1] && stepOf[i] === step) i++;
      if (i - first > message.start.length) {
        const size = 2 * (i - first);
        message = { start: new Int32Array(size), ints: new Int32Array(size), h1: new Uint32Array(size), h2: new Uint32Array(size) };
      }
      for (let k = first; k < i; k++) {
        const from = src[k];
        input(from, c);
        message.start[k - first] = start[from];
        message.ints[k - first] = ints[from];
        message.h1[k - first] = h1[from];
        message.h2[k - first] = h2[from];
      }
      for (let k = first; k < i; k++) {
        const into = dst[k];
        const m = k - first;
        if (op[k] === OP_COPY) {
          current[into] = c + 1;
          start[into] = message.start[m];
          ints[into] = message.ints[m];
          h1[into] = message.h1[m];
          h2[into] = message.h2[m];
          continue;
        }
        input(into, c);
        const merged = arena.merge(start[into], ints[into], message.start[m], message.ints[m]);
        start[into] = merged;
        ints[into] = arena.length - merged;
        // Operands in fingerprint order, so the fingerprint ignores which side each came from.
        const a1 = h1[into];
        const a2 = h2[into];
        const b1 = message.h1[m];
        const b2 = message.h2[m];
        const heldFirst = a1 < b1 || (a1 === b1 && a2 <= b2);
        const x1 = heldFirst ? a1 : b1;
        const x2 = heldFirst ? a2 : b2;
        const y1 = heldFirst ? b1 : a1;
        const y2 = heldFirst ? b2 : a2;
        h1[into] = sumH1(x1, x2, y1, y2);
        h2[into] = sumH2(x1, x2, y1, y2);
      }
    }
    let reference = -1;
    for (let d = 0; d < devices; d++) {
      const range = expected(d, c);
      if (!range) continue;
      input(d, c);
      const s = start[d];
      const runs = arena.runs;
      if (ints[d] !== 3 || runs[s] !== range.lo || runs[s + 1] !== range.hi || runs[s + 2] !== 1) return null;
      if (reference >= 0 && (h1[reference] !== h1[d] || h2[reference] !== h2[d])) sameOrder[c] = 0;
      if (reference < 0) reference = d;
    }
  }
  return sameOrder;
}
