// Contribution sets named by small integers: each distinct set is kept once, its runs in one growing
// Int32Array, and found again by value through a hash table. A tracker's million cells then hold a
// million integers rather than a million typed arrays: copying every cell is one memcpy, and a
// checkpoint or an undo record keeps no objects alive. Members are 0..universe−1 (devices, or a
// schedule's terms where chunks move between places); set d, for d below `singletons`, is {d}, and
// any other one-member set is found with `single`.

import { countWithin, mergeRuns, runsScratch, tallied, tallyRuns, type Contributions } from './contributions';

export class SetPool {
  private runs = new Int32Array(1 << 12);
  /** ends[id]: where the runs of set `id` end in `runs` (they start where those of id − 1 end). */
  private ends = new Int32Array(1 << 10);
  private count = 0;
  /** Open addressing by hash of the runs: id + 1, or 0 for an empty slot. */
  private table = new Int32Array(1 << 11);

  constructor(
    private readonly universe: number,
    singletons = universe,
  ) {
    for (let d = 0; d < singletons; d++) this.intern(Int32Array.of(d, d + 1, 1), 3);
  }

  /** The id of the set {member}. */
  single(member: number): number {
    return this.intern(Int32Array.of(member, member + 1, 1), 3);
  }

  /** The runs of set `id` (a view: the pool only ever appends). */
  get(id: number): Contributions {
    return this.runs.subarray(this.start(id), this.ends[id]);
  }

  /** How many of the members in [lo, hi) set `id` holds, each counted once. */
  countWithin(id: number, lo: number, hi: number): number {
    return countWithin(this.runs, lo, hi, this.start(id), this.ends[id]);
  }

  /** The set a ⊎ b. */
  merge(a: number, b: number): number {
    const n = mergeRuns(this.runs, this.start(a), this.ends[a], this.runs, this.start(b), this.ends[b]);
    // Read after the merge, which may grow it.
    return this.intern(runsScratch(), n);
  }

  /** The multiset sum of all `ids`: pairwise when they are few, else tallied in one pass. */
  mergeAll(ids: readonly number[]): number {
    if (ids.length <= 4) return ids.reduce((sum, id) => this.merge(sum, id));
    for (const id of ids) tallyRuns(this.runs, this.start(id), this.ends[id], this.universe);
    const n = tallied(this.universe);
    return this.intern(runsScratch(), n);
  }

  private start(id: number): number {
    return id === 0 ? 0 : this.ends[id - 1];
  }

  /** The id of the set whose runs are runs[0, n), added when new. */
  private intern(runs: Int32Array, n: number): number {
    const hash = hashOf(runs, 0, n);
    const mask = this.table.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = this.table[slot];
      if (held === 0) break;
      if (this.equals(held - 1, runs, n)) return held - 1;
    }
    const id = this.count++;
    const from = this.start(id);
    if (from + n > this.runs.length) this.runs = grown(this.runs, from + n);
    if (id >= this.ends.length) this.ends = grown(this.ends, id + 1);
    this.runs.set(runs.subarray(0, n), from);
    this.ends[id] = from + n;
    if (this.count * 2 > this.table.length) this.rehash();
    else this.place(id, hash);
    return id;
  }

  private equals(id: number, runs: Int32Array, n: number): boolean {
    const from = this.start(id);
    if (this.ends[id] - from !== n) return false;
    for (let i = 0; i < n; i++) if (this.runs[from + i] !== runs[i]) return false;
    return true;
  }

  private place(id: number, hash: number): void {
    const mask = this.table.length - 1;
    let slot = hash & mask;
    while (this.table[slot] !== 0) slot = (slot + 1) & mask;
    this.table[slot] = id + 1;
  }

  private rehash(): void {
    this.table = new Int32Array(this.table.length * 2);
    for (let id = 0; id < this.count; id++) this.place(id, hashOf(this.runs, this.start(id), this.ends[id]));
  }
}

/** FNV-1a over the runs. */
function hashOf(runs: Int32Array, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ runs[i], 0x01000193);
  return hash;
}

function grown(array: Int32Array, length: number): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(Math.max(length, array.length * 2));
  bigger.set(array);
  return bigger;
}
